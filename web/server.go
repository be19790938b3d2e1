// Package web serves the built static site: index.html, its loader and
// style sheet, wasm_exec.js and vnodes.<hash>.wasm with its compressed
// copies. `make web` assembles the site into web/site (see web/cmd/site);
// any static file host can serve it as well.
package web

import (
	"cmp"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gobwas/httphead"
)

// ContentSecurityPolicy allows what the page uses and nothing else: its
// own scripts and style sheet, the fetch of the .wasm, compiling
// WebAssembly ('wasm-unsafe-eval' permits that and not JavaScript eval),
// and the site's favicon. Ebiten and ebitenui style their elements through
// el.style (CSSOM), which style-src does not restrict, so no
// 'unsafe-inline'. Nothing may post a form or change the base URL. Any
// page may frame it: teachers embed it in slides and course pages
// (?embed=1), and it holds nothing a framing page could abuse. So the
// policy names no frame-ancestors: "frame-ancestors *" would shut out
// slides saved as HTML and opened from disk, since browsers do not match
// * against a file: page (w3c/webappsec-csp#421).
const ContentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; connect-src 'self'; img-src 'self'; " +
	"base-uri 'none'; form-action 'none'"

// securityHeaders go on every reply, errors included.
var securityHeaders = [][2]string{
	{"X-Content-Type-Options", "nosniff"},
	{"Content-Security-Policy", ContentSecurityPolicy},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
}

// Cache-Control values: the hashed .wasm never changes under its name;
// everything else is revalidated on each load (a 304 when unchanged), so
// a rebuild shows on the next reload.
const (
	cacheImmutable   = "public, max-age=31536000, immutable"
	cacheRevalidated = "no-cache"
)

// maxNameLen bounds a requested file name; built sites use short names,
// and anything near the file system's 255-byte limit is not ours.
const maxNameLen = 128

// contentTypes are fixed here rather than taken from the system's MIME
// tables, which differ between machines.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".json": "application/json",
	".txt":  "text/plain; charset=utf-8",
}

// Handler serves exactly the files at the top of dir that the site
// builder wrote (ManifestName lists them): no other file, no directory
// listings, no dotfiles, no symbolic link that leads out of dir, and a 404
// for any path that is not a plain file name. Only GET and HEAD are
// allowed. A file with a .br or .gz copy next to it is sent in the best
// coding the client accepts. dir is read on each request, so a rebuild
// needs no restart.
func Handler(dir string) http.Handler {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &siteHandler{dir: dir}
}

type siteHandler struct{ dir string }

func (h *siteHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	for _, kv := range securityHeaders {
		hdr.Set(kv[0], kv[1])
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := fileName(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	root, err := os.OpenRoot(h.dir)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer root.Close()
	if files, err := readManifest(root); err != nil || !files[name] {
		http.NotFound(w, r) // not a file the site builder wrote
		return
	}
	f, info := openRegular(root, name)
	if f == nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()

	ext := strings.ToLower(filepath.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		hdr.Set("Content-Type", ct)
	} else {
		hdr.Set("Content-Type", "application/octet-stream")
	}
	if IsWasmName(name) {
		hdr.Set("Cache-Control", cacheImmutable)
	} else {
		hdr.Set("Cache-Control", cacheRevalidated)
	}

	coding := ""
	if Compressible(name) {
		hdr.Add("Vary", "Accept-Encoding")
		for _, enc := range preferredEncodings(r.Header.Values("Accept-Encoding")) {
			if cf, cinfo := openRegular(root, name+enc.Suffix); cf != nil {
				defer cf.Close()
				f, info, coding = cf, cinfo, enc.Name
				hdr.Set("Content-Encoding", coding)
				break
			}
		}
	}
	// A strong validator per stored copy: each coding is its own
	// representation and needs its own tag.
	tag := strconv.FormatInt(info.Size(), 36) + "-" + strconv.FormatInt(info.ModTime().UnixNano(), 36)
	if coding != "" {
		tag += "-" + coding
	}
	hdr.Set("ETag", `"`+tag+`"`)

	// Byte ranges of a compressed copy are of no use to a browser, and the
	// page never asks for several ranges at once, while many small ones
	// cost the server more than the file: both get the whole file, which
	// HTTP allows.
	if rng := r.Header.Get("Range"); rng != "" && (coding != "" || strings.Contains(rng, ",")) {
		r = r.Clone(r.Context())
		r.Header.Del("Range")
	}
	if coding != "" {
		// ServeContent leaves out the length when a coding is set (it
		// expects compression on the fly) and always offers ranges; a
		// stored copy has a known length and gets no ranges here.
		w = &wholeCopyWriter{ResponseWriter: w, length: strconv.FormatInt(info.Size(), 10)}
	}
	http.ServeContent(w, r, "", info.ModTime(), f)
}

// wholeCopyWriter fixes the headers of a 200 reply that sends a stored
// compressed copy.
type wholeCopyWriter struct {
	http.ResponseWriter
	length      string
	wroteHeader bool
}

func (w *wholeCopyWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.wroteHeader = true
		if code == http.StatusOK {
			w.Header().Set("Content-Length", w.length)
			w.Header().Set("Accept-Ranges", "none")
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *wholeCopyWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// ReadFrom keeps the connection's own copy path (sendfile) in use where
// there is one; Guard's connections have none (they pace every write).
func (w *wholeCopyWriter) ReadFrom(r io.Reader) (int64, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return io.Copy(w.ResponseWriter, r)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *wholeCopyWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// fileName maps a request path to a file at the top of the site: "/" is
// index.html; anything else must be a short, plain name. Dotfiles (and so
// "." and ".."), slashes (encoded or not), NUL and other odd bytes are
// refused, and so are direct requests for the compressed copies, which
// are only sent through content negotiation.
func fileName(p string) (string, bool) {
	if p == "/" {
		return "index.html", true
	}
	if len(p) < 2 || p[0] != '/' || len(p) > maxNameLen+1 {
		return "", false
	}
	name := p[1:]
	if name[0] == '.' {
		return "", false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return "", false
		}
	}
	for _, enc := range Encodings {
		if strings.HasSuffix(name, enc.Suffix) {
			return "", false
		}
	}
	return name, true
}

// openRegular opens name inside root if it is a regular file. os.Root
// refuses any path, symbolic links included, that resolves outside the
// folder; checking the type before opening keeps a FIFO from blocking.
func openRegular(root *os.Root, name string) (*os.File, os.FileInfo) {
	info, err := root.Stat(name)
	if err != nil || !info.Mode().IsRegular() {
		return nil, nil
	}
	f, err := root.Open(name)
	if err != nil {
		return nil, nil
	}
	info, err = f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, nil
	}
	return f, info
}

// preferredEncodings lists the stored codings the client accepts, best
// first, leaving out those it rates below plain bytes. Tokens are
// case-insensitive; q=0 refuses a coding; at equal q brotli comes before
// gzip, and both come before identity. An absent header means identity.
func preferredEncodings(values []string) []Encoding {
	q := map[string]float64{}
	for _, v := range values {
		// Each coding, with its q if it has one; a malformed q voids it.
		type coding struct {
			weight float64
			ok     bool
		}
		seen := map[int]*coding{}
		names := map[int]string{}
		httphead.ScanOptions([]byte(v), func(i int, option, attribute, value []byte) httphead.Control {
			c := seen[i]
			if c == nil {
				c = &coding{1, true}
				seen[i], names[i] = c, strings.ToLower(string(option))
			}
			if strings.EqualFold(string(attribute), "q") {
				c.weight, c.ok = parseQ(string(value))
			}
			return httphead.ControlContinue
		})
		for i, c := range seen {
			token := names[i]
			if !c.ok || token == "" {
				continue
			}
			if token == "x-gzip" {
				token = "gzip"
			}
			if old, had := q[token]; !had || c.weight > old {
				q[token] = c.weight
			}
		}
	}
	// A coding the header does not name takes the weight of "*", or 0.
	// So does identity when compared with the stored copies: a client that
	// lists gzip at any weight gets gzip rather than plain bytes, unless it
	// rates identity higher itself. Plain bytes remain the fallback.
	weight := func(token string) float64 {
		if w, ok := q[token]; ok {
			return w
		}
		return q["*"]
	}
	identity := weight("identity")
	var out []Encoding
	for _, enc := range Encodings {
		if w := weight(enc.Name); w > 0 && w >= identity {
			out = append(out, enc)
		}
	}
	// Encodings is already best first: a stable sort keeps that order
	// among equal weights.
	slices.SortStableFunc(out, func(a, b Encoding) int { return cmp.Compare(weight(b.Name), weight(a.Name)) })
	return out
}

// parseQ reads a quality value, which HTTP limits to 0..1 with at most
// three decimals; anything else voids its element.
func parseQ(s string) (float64, bool) {
	if len(s) == 0 || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	w, err := strconv.ParseFloat(s, 64)
	if err != nil || w < 0 || w > 1 {
		return 0, false
	}
	return w, true
}
