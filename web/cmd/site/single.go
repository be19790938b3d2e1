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
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
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

// iconTypes are the favicon's types by extension, for its data: URI.
var iconTypes = map[string]string{".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon"}

// attr is n's attribute key ("" if it has none).
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// element is a new element with text inside (raw, for script and style).
func element(tag string, attrs []html.Attribute, text string) *html.Node {
	n := &html.Node{Type: html.ElementNode, Data: tag, DataAtom: atom.Lookup([]byte(tag)), Attr: attrs}
	if text != "" {
		n.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	}
	return n
}

// nodes lists every node under n, in document order, so that the tree
// can be changed while they are visited.
func nodes(n *html.Node) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		out = append(out, n)
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

// buildSingle makes the page from the program, the static folder's
// index.html, page.css, favicon and loader.js, and wasm_exec.js: the
// template is parsed with x/net/html, each file put inside the element
// that named it, and the tree written back.
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
	doc, err := html.Parse(bytes.NewReader(bytes.ReplaceAll(tmpl, []byte(bytesPlaceholder), []byte(strconv.Itoa(len(program))))))
	if err != nil {
		return nil, err
	}
	var (
		scriptHashes, styleHashes []string
		errs                      []error
	)
	hash := func(body string) string {
		sum := sha256.Sum256([]byte(body))
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
	readText := func(name string) string {
		body := read(name)
		if !utf8.Valid(body) {
			errs = append(errs, fmt.Errorf("%s is not UTF-8, the page's encoding", name))
		}
		body = bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n"))
		return string(bytes.ReplaceAll(body, []byte("\r"), []byte("\n")))
	}

	loaders := 0
	var charset, body *html.Node
	for _, n := range nodes(doc) {
		switch {
		case n.Type == html.CommentNode:
			// The template's comments speak of the site's build.
			n.Parent.RemoveChild(n)
		case n.Type != html.ElementNode:
		case n.DataAtom == atom.Meta && attr(n, "charset") != "":
			charset = n
		case n.DataAtom == atom.Body:
			body = n
		case n.DataAtom == atom.Link:
			href := attr(n, "href")
			switch strings.ToLower(attr(n, "rel")) {
			case "stylesheet":
				css := readText(href)
				if strings.Contains(strings.ToLower(css), "</style") {
					errs = append(errs, fmt.Errorf("%s holds </style, which would end it early in the page", href))
				}
				styleHashes = append(styleHashes, hash(css))
				n.Parent.InsertBefore(element("style", nil, css), n)
				n.Parent.RemoveChild(n)
			case "icon":
				typ := attr(n, "type")
				if typ == "" {
					typ = iconTypes[strings.ToLower(filepath.Ext(href))]
				}
				if typ == "" {
					errs = append(errs, fmt.Errorf("no type for the icon %s", href))
				}
				for i := range n.Attr {
					if n.Attr[i].Key == "href" {
						n.Attr[i].Val = "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(read(href))
					}
				}
			default:
				errs = append(errs, fmt.Errorf("cannot inline the link to %s", href))
			}
		case n.DataAtom == atom.Script:
			src := attr(n, "src")
			if src == "" || n.FirstChild != nil {
				errs = append(errs, fmt.Errorf("the template has an inline script, which the site's policy refuses"))
				continue
			}
			text := readText(src)
			// In a script's text, the HTML parser ends the script at
			// </script, and <!-- can make it miss that end: either would
			// break the page.
			if lower := strings.ToLower(text); strings.Contains(lower, "</script") || strings.Contains(lower, "<!--") {
				errs = append(errs, fmt.Errorf("%s holds </script or <!--, which cannot be inlined as it is", src))
			}
			var kept []html.Attribute
			for _, a := range n.Attr {
				switch a.Key {
				case "src", "defer", "async":
					// Inline scripts run where they stand; the loader
					// waits for the page itself.
				case "data-wasm":
					// The loader: instead of a file to fetch, it gets the
					// element that holds the program.
					loaders++
					kept = append(kept, html.Attribute{Key: "data-inline", Val: inlineID})
				default:
					kept = append(kept, a)
				}
			}
			scriptHashes = append(scriptHashes, hash(text))
			n.Parent.InsertBefore(element("script", kept, text), n)
			n.Parent.RemoveChild(n)
		}
	}
	if len(errs) > 0 {
		return nil, errs[0]
	}
	if loaders != 1 {
		return nil, fmt.Errorf("the template has %d scripts with data-wasm, want the loader's one", loaders)
	}
	if charset == nil || body == nil {
		return nil, fmt.Errorf(`%s lacks <meta charset="..."> (after which the policy goes) or <body>`, filepath.Join(static, "index.html"))
	}
	if refs := externalRefs(doc); len(refs) > 0 {
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
	charset.Parent.InsertBefore(element("meta", []html.Attribute{{Key: "http-equiv", Val: "Content-Security-Policy"}, {Key: "content", Val: csp}}, ""), charset.NextSibling)

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
	body.AppendChild(element("script", []html.Attribute{{Key: "type", Val: "application/gzip"}, {Key: "id", Val: inlineID}}, packed))

	var page bytes.Buffer
	if err := html.Render(&page, doc); err != nil {
		return nil, err
	}
	return &single{page: page.Bytes(), raw: len(program), gzipped: gz.Len(), base64Len: len(packed), csp: csp}, nil
}

// external are the attributes through which markup makes the browser load
// something.
var external = []string{"src", "href", "srcset", "action", "data", "poster", "background"}

// externalRefs lists the attribute values in the page that would make the
// browser load something other than a data: URI.
func externalRefs(doc *html.Node) []string {
	var out []string
	for _, n := range nodes(doc) {
		for _, a := range n.Attr {
			if slices.Contains(external, a.Key) && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Val)), "data:") {
				out = append(out, a.Val)
			}
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
