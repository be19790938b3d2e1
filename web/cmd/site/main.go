// Command site assembles the static site that `make web` writes into
// web/site: the WebAssembly program under a content-hashed name
// (vnodes.<hash>.wasm), index.html pointing at it, the loader, style sheet
// and wasm_exec.js, and brotli and gzip copies of each file that
// compresses well. Hosts that ignore the copies serve the plain files.
//
// With -single FILE it writes instead one self-contained HTML page with
// everything inlined, which opens from disk with no server (`make
// single`; see single.go).
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/andybalholm/brotli"

	"vnodes/web"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Placeholders in web/static/index.html.
const (
	wasmPlaceholder  = "{{WASM}}"       // the hashed file name
	bytesPlaceholder = "{{WASM_BYTES}}" // its size, for the progress bar
)

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wasm := fs.String("wasm", "", "the program built with GOOS=js GOARCH=wasm")
	static := fs.String("static", "web/static", "folder with index.html (the template), loader.js and page.css")
	wasmExec := fs.String("wasm-exec", "", "the wasm_exec.js of the Go release that built the program ($(go env GOROOT)/lib/wasm/wasm_exec.js)")
	out := fs.String("out", "web/site", "folder to write the site into")
	langs := fs.String("lang", "assets/lang", "folder of the language catalogs (<tag>.json), copied as lang-<tag>.json for the program to fetch the one it needs; empty for none")
	quality := fs.Int("brotli", 11, "brotli quality, 0-11: 11 takes about a minute on the .wasm, 9 a few seconds for 15% more bytes.\n"+
		"The copies of an unchanged program are kept from the last build, whatever quality made them")
	singleFile := fs.String("single", "", "write only this one HTML file, with the program, loader, wasm_exec.js and style sheet inlined,\n"+
		"that opens from disk (file://) with no server; -out and -brotli are then unused")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *wasm == "" || *wasmExec == "" || *quality < brotli.BestSpeed || *quality > brotli.BestCompression {
		fmt.Fprintln(stderr, "usage: site -wasm vnodes.wasm -wasm-exec wasm_exec.js [-static web/static] [-out web/site] [-brotli 0-11] [-single vnodes.html]")
		return 2
	}
	if *singleFile != "" {
		if err := writeSingle(*wasm, *static, *wasmExec, *singleFile, stdout); err != nil {
			fmt.Fprintln(stderr, "site:", err)
			return 1
		}
		return 0
	}
	b := builder{out: *out, quality: *quality, log: stderr, langs: *langs}
	if err := b.build(*wasm, *static, *wasmExec); err != nil {
		fmt.Fprintln(stderr, "site:", err)
		return 1
	}
	b.report(stdout)
	return 0
}

type builder struct {
	out     string
	langs   string // folder of the catalogs, or ""
	quality int
	log     io.Writer
	sizes   []sizes
	keep    map[string]bool // names written by this build
}

// sizes is one line of the report; 0 means no copy of that kind.
type sizes struct {
	name             string
	raw, gzip, brotl int64
}

func (b *builder) build(wasmPath, static, wasmExec string) error {
	b.keep = map[string]bool{}
	program, err := os.ReadFile(wasmPath)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(b.out, 0o755); err != nil {
		return err
	}
	wasmName := web.WasmName(program)
	// The program and its copies first, index.html last, so the site
	// never points at a file that is not there yet.
	if err := b.writeWithCopies(wasmName, program, true); err != nil {
		return err
	}
	page, err := os.ReadFile(filepath.Join(static, "index.html"))
	if err != nil {
		return err
	}
	for _, ph := range []string{wasmPlaceholder, bytesPlaceholder} {
		if !bytes.Contains(page, []byte(ph)) {
			return fmt.Errorf("%s lacks the placeholder %s", filepath.Join(static, "index.html"), ph)
		}
	}
	page = bytes.ReplaceAll(page, []byte(wasmPlaceholder), []byte(wasmName))
	page = bytes.ReplaceAll(page, []byte(bytesPlaceholder), []byte(strconv.Itoa(len(program))))

	others, err := os.ReadDir(static)
	if err != nil {
		return err
	}
	for _, e := range others {
		name := e.Name()
		if name == "index.html" || strings.HasPrefix(name, ".") || !e.Type().IsRegular() {
			continue
		}
		body, err := os.ReadFile(filepath.Join(static, name))
		if err != nil {
			return err
		}
		if err := b.writeWithCopies(name, body, false); err != nil {
			return err
		}
	}
	if err := b.writeCatalogs(); err != nil {
		return err
	}
	execJS, err := os.ReadFile(wasmExec)
	if err != nil {
		return fmt.Errorf("wasm_exec.js: %w", err)
	}
	if err := b.writeWithCopies("wasm_exec.js", execJS, false); err != nil {
		return err
	}
	if err := b.writeWithCopies("index.html", page, false); err != nil {
		return err
	}
	if err := b.removeStale(); err != nil {
		return err
	}
	var files []string
	for name := range b.keep {
		files = append(files, name)
	}
	slices.Sort(files)
	if err := web.WriteManifest(b.out, files); err != nil {
		return err
	}
	return web.CheckSite(b.out)
}

// writeCatalogs copies each language's catalog as lang-<tag>.json: the
// site serves one folder, without subfolders.
func (b *builder) writeCatalogs() error {
	if b.langs == "" {
		return nil
	}
	names, err := filepath.Glob(filepath.Join(b.langs, "*.json"))
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return fmt.Errorf("-lang %s: no catalog (*.json) there", b.langs)
	}
	for _, path := range names {
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := b.writeWithCopies("lang-"+filepath.Base(path), body, false); err != nil {
			return err
		}
	}
	return nil
}

// writeWithCopies writes name and, where they save at least a tenth,
// its brotli and gzip copies. With cached set, a file already present
// under its content-hashed name is kept as it is, copies included: the
// same name means the same bytes, and brotli at its best takes a minute.
func (b *builder) writeWithCopies(name string, body []byte, cached bool) error {
	line := sizes{name: name, raw: int64(len(body))}
	defer func() { b.sizes = append(b.sizes, line) }()
	b.keep[name] = true
	path := filepath.Join(b.out, name)
	if cached {
		if info, err := os.Stat(path); err == nil && info.Size() == int64(len(body)) {
			all := true
			for i, enc := range web.Encodings {
				ci, err := os.Stat(path + enc.Suffix)
				if err != nil {
					all = false
					break
				}
				b.keep[name+enc.Suffix] = true
				line.set(i, ci.Size())
			}
			if all {
				return nil
			}
		}
	}
	if err := writeAtomic(path, body); err != nil {
		return err
	}
	if !web.Compressible(name) || len(body) < 256 {
		return nil // too small for a copy to pay for its headers
	}
	if len(body) > 1<<20 {
		fmt.Fprintf(b.log, "site: compressing %s (%.1f MB) with brotli %d and gzip -9...\n", name, float64(len(body))/1e6, b.quality)
	}
	start := time.Now()
	var (
		wg     sync.WaitGroup
		copies [2][]byte
		errs   [2]error
	)
	for i, enc := range web.Encodings {
		wg.Go(func() { copies[i], errs[i] = compress(enc.Name, body, b.quality) })
	}
	wg.Wait()
	for i, enc := range web.Encodings {
		if errs[i] != nil {
			return errs[i]
		}
		if len(copies[i]) > len(body)*9/10 {
			continue // not worth a second file; removeStale drops an old one
		}
		if err := writeAtomic(path+enc.Suffix, copies[i]); err != nil {
			return err
		}
		b.keep[name+enc.Suffix] = true
		line.set(i, int64(len(copies[i])))
	}
	if len(body) > 1<<20 {
		fmt.Fprintf(b.log, "site: compressed in %.1f s\n", time.Since(start).Seconds())
	}
	return nil
}

func (s *sizes) set(i int, n int64) {
	if web.Encodings[i].Name == "br" {
		s.brotl = n
	} else {
		s.gzip = n
	}
}

func compress(coding string, body []byte, quality int) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch coding {
	case "br":
		// A window as large as brotli allows (16 MiB): the .wasm repeats
		// itself across megabytes.
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
	case "gzip":
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	default:
		return nil, fmt.Errorf("no compressor for %s", coding)
	}
	if _, err := w.Write(body); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeAtomic writes through a dotfile (which the server never sends) and
// renames it, so a server running during the build never sends half a file.
func writeAtomic(path string, body []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(body)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}

// removeStale deletes what earlier builds left that this one did not
// write: older hashed programs, the unhashed vnodes.wasm of before,
// compressed copies of files that no longer get one, and leftovers of an
// interrupted build. Other files in the folder are left alone.
func (b *builder) removeStale() error {
	entries, err := os.ReadDir(b.out)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if b.keep[name] || !e.Type().IsRegular() {
			continue
		}
		base := name
		for _, enc := range web.Encodings {
			base = strings.TrimSuffix(base, enc.Suffix)
		}
		stale := strings.HasPrefix(name, ".tmp-") ||
			web.IsWasmName(base) || base == "vnodes.wasm" ||
			(base != name && b.keep[base])
		if !stale {
			continue
		}
		if err := os.Remove(filepath.Join(b.out, name)); err != nil {
			return err
		}
		fmt.Fprintf(b.log, "site: removed stale %s\n", name)
	}
	return nil
}

// report prints each file's size, plain and in each copy.
func (b *builder) report(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "file\traw\tgzip -9\tbrotli %d\t\n", b.quality)
	n := func(v int64) string {
		if v == 0 {
			return "-"
		}
		return strconv.FormatInt(v, 10)
	}
	for _, s := range b.sizes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", s.name, n(s.raw), n(s.gzip), n(s.brotl))
	}
	tw.Flush()
	fmt.Fprintf(w, "site written to %s\n", b.out)
}
