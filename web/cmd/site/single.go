package main

// The single-file build (`make single`, or site -single FILE): the whole
// app in one HTML page that opens from disk (file://), from a USB stick or
// an e-mail attachment, with no server. It is made from the same template
// and loader as the site: the style sheet, favicon, wasm_exec.js and
// loader.js go inline, and the program rides along gzipped and
// base64-encoded in a data block that loader.js unpacks with
// DecompressionStream (gzip is the format every browser's
// DecompressionStream reads; brotli is not among them).

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// inlineID is the id of the element that holds the packed program, which
// the loader's data-inline attribute names.
const inlineID = "vnodes-wasm"

// single is a built page and the sizes worth reporting.
type single struct {
	page                    []byte
	raw, gzipped, base64Len int
	csp                     string
}

var (
	// The template's tags that point at other files. The template is ours
	// and uses double-quoted attributes only; anything else is refused
	// rather than guessed at.
	linkRE      = regexp.MustCompile(`(?i)<link\b[^>]*>`)
	scriptRE    = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
	attrRE      = regexp.MustCompile(`^\s+([a-zA-Z][-a-zA-Z0-9]*)(="([^"]*)")?`)
	commentRE   = regexp.MustCompile(`(?s)<!--.*?-->`)
	charsetRE   = regexp.MustCompile(`(?i)<meta charset="[^"]*">`)
	markerRE    = regexp.MustCompile("\x00inline[0-9]+\x00")
	externalRE  = regexp.MustCompile(`(?i)\s(?:src|href|srcset|action|data|poster|background)\s*=\s*"?([^"\s>]*)`)
	iconTypes   = map[string]string{".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon"}
	closeScript = []byte("</script")
)

type attr struct {
	name, value string
	valued      bool // false for a bare name such as defer
}

type attrs []attr

// parseAttrs reads a tag's attributes (the text between its name and >).
func parseAttrs(s string) (attrs, error) {
	var out attrs
	s = strings.TrimSuffix(strings.TrimRight(s, " \t\r\n"), "/")
	for strings.TrimSpace(s) != "" {
		m := attrRE.FindStringSubmatch(s)
		if m == nil {
			return nil, fmt.Errorf("cannot read the attributes %q (only name=\"value\" is supported)", s)
		}
		out = append(out, attr{strings.ToLower(m[1]), m[3], m[2] != ""})
		s = s[len(m[0]):]
	}
	return out, nil
}

func (a attrs) get(name string) string {
	for _, x := range a {
		if x.name == name {
			return x.value
		}
	}
	return ""
}

func (a attrs) String() string {
	var b strings.Builder
	for _, x := range a {
		b.WriteString(" " + x.name)
		if x.valued {
			b.WriteString(`="` + x.value + `"`)
		}
	}
	return b.String()
}

// buildSingle makes the page from the program, the static folder's
// index.html, page.css, favicon and loader.js, and wasm_exec.js.
func buildSingle(program []byte, static, wasmExec string) (*single, error) {
	tmpl, err := os.ReadFile(filepath.Join(static, "index.html"))
	if err != nil {
		return nil, err
	}
	for _, ph := range []string{wasmPlaceholder, bytesPlaceholder} {
		if !bytes.Contains(tmpl, []byte(ph)) {
			return nil, fmt.Errorf("%s lacks the placeholder %s", filepath.Join(static, "index.html"), ph)
		}
	}
	// The template's comments speak of the site's build; the page does not
	// need them.
	tmpl = commentRE.ReplaceAll(tmpl, nil)
	tmpl = bytes.ReplaceAll(tmpl, []byte(bytesPlaceholder), []byte(strconv.Itoa(len(program))))

	// The tags are rewritten into a skeleton first, with a marker where
	// each file's text goes, so that the check for references to other
	// files reads only our markup and not the scripts' text.
	var (
		inlined      [][]byte
		scriptHashes []string
		styleHashes  []string
		errs         []error
	)
	mark := func(body []byte) string {
		inlined = append(inlined, body)
		return "\x00inline" + strconv.Itoa(len(inlined)-1) + "\x00"
	}
	hash := func(body []byte) string {
		sum := sha256.Sum256(body)
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	read := func(name string) []byte {
		if name != filepath.Base(name) || strings.Contains(name, ":") {
			errs = append(errs, fmt.Errorf("%q is not a file of %s", name, static))
			return nil
		}
		path := filepath.Join(static, name)
		if name == "wasm_exec.js" {
			path = wasmExec
		}
		body, err := os.ReadFile(path)
		if err != nil {
			errs = append(errs, err)
		}
		return body
	}
	// readText reads a script or style sheet as the browser will see it in
	// the page, which is what the policy's hash must be taken of: decoded
	// as UTF-8, with every CR LF and lone CR turned into LF by the parser.
	readText := func(name string) []byte {
		body := read(name)
		if !utf8.Valid(body) {
			errs = append(errs, fmt.Errorf("%s is not UTF-8, the page's encoding", name))
		}
		body = bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n"))
		return bytes.ReplaceAll(body, []byte("\r"), []byte("\n"))
	}

	skeleton := linkRE.ReplaceAllFunc(tmpl, func(tag []byte) []byte {
		a, err := parseAttrs(string(tag[len("<link") : len(tag)-1]))
		if err != nil {
			errs = append(errs, err)
			return tag
		}
		href := a.get("href")
		switch strings.ToLower(a.get("rel")) {
		case "stylesheet":
			css := readText(href)
			if bytes.Contains(bytes.ToLower(css), []byte("</style")) {
				errs = append(errs, fmt.Errorf("%s holds </style, which would end it early in the page", href))
			}
			styleHashes = append(styleHashes, hash(css))
			return []byte("<style>" + mark(css) + "</style>")
		case "icon":
			typ := a.get("type")
			if typ == "" {
				typ = iconTypes[strings.ToLower(filepath.Ext(href))]
			}
			if typ == "" {
				errs = append(errs, fmt.Errorf("no type for the icon %s", href))
			}
			body := read(href)
			for i := range a {
				if a[i].name == "href" {
					a[i].value, a[i].valued = "data:"+typ+";base64,"+base64.StdEncoding.EncodeToString(body), true
				}
			}
			return []byte("<link" + a.String() + ">")
		}
		errs = append(errs, fmt.Errorf("cannot inline %s", tag))
		return tag
	})
	loaders := 0
	skeleton = scriptRE.ReplaceAllFunc(skeleton, func(tag []byte) []byte {
		m := scriptRE.FindSubmatch(tag)
		a, err := parseAttrs(string(m[1]))
		if err != nil {
			errs = append(errs, err)
			return tag
		}
		src := a.get("src")
		if src == "" || len(bytes.TrimSpace(m[2])) > 0 {
			errs = append(errs, fmt.Errorf("the template has an inline script, which the site's policy refuses: %s", tag))
			return tag
		}
		body := readText(src)
		// In a script's text, the HTML parser ends the script at </script,
		// and <!-- can make it miss that end: either would break the page.
		lower := bytes.ToLower(body)
		if bytes.Contains(lower, closeScript) || bytes.Contains(lower, []byte("<!--")) {
			errs = append(errs, fmt.Errorf("%s holds </script or <!--, which cannot be inlined as it is", src))
		}
		var kept attrs
		for _, x := range a {
			switch x.name {
			case "src", "defer", "async":
				// Inline scripts run where they stand; the loader waits
				// for the page itself.
			case "data-wasm":
				// The loader: instead of a file to fetch, it gets the
				// element that holds the program.
				loaders++
				kept = append(kept, attr{"data-inline", inlineID, true})
			default:
				kept = append(kept, x)
			}
		}
		scriptHashes = append(scriptHashes, hash(body))
		return []byte("<script" + kept.String() + ">" + mark(body) + "</script>")
	})
	if len(errs) > 0 {
		return nil, errs[0]
	}
	if loaders != 1 {
		return nil, fmt.Errorf("the template has %d scripts with data-wasm, want the loader's one", loaders)
	}
	if bytes.Contains(skeleton, []byte(wasmPlaceholder)) {
		return nil, fmt.Errorf("%s appears outside the loader's data-wasm", wasmPlaceholder)
	}
	if refs := externalRefs(skeleton); len(refs) > 0 {
		return nil, fmt.Errorf("the page would still load other files: %q", refs)
	}

	// A page opened from disk gets no headers, so its policy goes in a
	// meta element, as strict as the site's: only these scripts and this
	// style sheet, by their hashes (no 'unsafe-inline'), WebAssembly,
	// and the favicon's data: URI. With no connect-src the page cannot
	// reach the network at all, which is the point of this build.
	// frame-ancestors is left out: a meta policy ignores it.
	csp := "default-src 'none'; script-src " + strings.Join(scriptHashes, " ") + " 'wasm-unsafe-eval'; " +
		"style-src " + strings.Join(styleHashes, " ") + "; img-src data:; base-uri 'none'; form-action 'none'"
	meta := `<meta http-equiv="Content-Security-Policy" content="` + csp + `">`
	loc := charsetRE.FindIndex(skeleton)
	if loc == nil {
		return nil, fmt.Errorf(`%s lacks <meta charset="...">, after which the policy goes`, filepath.Join(static, "index.html"))
	}
	skeleton = slices.Concat(skeleton[:loc[1]], []byte("\n"+meta), skeleton[loc[1]:])

	// The program goes last in the body: the loading screen comes first in
	// the file, and a data block (a script of a type the browser does not
	// run) is neither run nor parsed as markup, so it needs no hash.
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(program); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	packed := base64.StdEncoding.EncodeToString(gz.Bytes())
	block := `<script type="application/gzip" id="` + inlineID + `">` + mark([]byte(packed)) + "</script>\n"
	end := bytes.LastIndex(bytes.ToLower(skeleton), []byte("</body>"))
	if end < 0 {
		return nil, fmt.Errorf("%s lacks </body>", filepath.Join(static, "index.html"))
	}
	skeleton = slices.Concat(skeleton[:end], []byte(block), skeleton[end:])

	page := markerRE.ReplaceAllFunc(skeleton, func(m []byte) []byte {
		i, _ := strconv.Atoi(string(m[len("\x00inline") : len(m)-1]))
		return inlined[i]
	})
	return &single{page: page, raw: len(program), gzipped: gz.Len(), base64Len: len(packed), csp: csp}, nil
}

// externalRefs lists the attribute values in markup that would make the
// browser load something other than a data: URI.
func externalRefs(markup []byte) []string {
	var out []string
	for _, m := range externalRE.FindAllSubmatch(markup, -1) {
		if !bytes.HasPrefix(bytes.ToLower(m[1]), []byte("data:")) {
			out = append(out, string(m[1]))
		}
	}
	return out
}

// writeSingle builds the page and writes it to path, reporting its size.
func writeSingle(wasmPath, static, wasmExec, path string, stdout io.Writer) error {
	program, err := os.ReadFile(wasmPath)
	if err != nil {
		return err
	}
	s, err := buildSingle(program, static, wasmExec)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := writeAtomic(path, s.page); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "program %d bytes, gzip -9 %d, base64 %d\n", s.raw, s.gzipped, s.base64Len)
	fmt.Fprintf(stdout, "%s: %d bytes (%.1f MB), opens from disk with no server\n", path, len(s.page), float64(len(s.page))/1e6)
	return nil
}
