package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func buildSingleFile(t *testing.T, prog []byte, static string) (page, report string) {
	t.Helper()
	wasm, wasmExec := inputs(t, prog)
	out := filepath.Join(t.TempDir(), "sub", "vnodes.html")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-wasm", wasm, "-wasm-exec", wasmExec, "-static", static, "-single", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), stdout.String()
}

var (
	rawTextRE = regexp.MustCompile(`(?is)(<(script|style)\b[^>]*>)(.*?)(</(script|style)>)`)
	tagRE     = regexp.MustCompile(`(?s)<[a-zA-Z][^>]*>`)
	refRE     = regexp.MustCompile(`(?i)\s(src|href|srcset|action|poster)\s*=\s*["']?([^"'\s>]*)`)
)

// elements returns each script and style element: its opening tag and text.
func elements(page string) [][2]string {
	var out [][2]string
	for _, m := range rawTextRE.FindAllStringSubmatch(page, -1) {
		out = append(out, [2]string{m[1], m[3]})
	}
	return out
}

// The page built from the real web/static holds the program (packed so
// that it unpacks to the very same bytes), the real loader and everything
// else inline, and refers to no other file.
func TestSingleFileHoldsTheProgramAndNoReferences(t *testing.T) {
	prog := program("single")
	page, report := buildSingleFile(t, prog, "../../static")

	var packed string
	var scripts, styles []string
	for _, el := range elements(page) {
		switch {
		case strings.Contains(el[0], `id="`+inlineID+`"`):
			packed = el[1]
		case strings.HasPrefix(el[0], "<script"):
			scripts = append(scripts, el[1])
		default:
			styles = append(styles, el[1])
		}
	}
	gz, err := base64.StdEncoding.DecodeString(packed)
	if err != nil {
		t.Fatalf("the program is not base64: %v", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatalf("the program is not gzipped: %v", err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, prog) {
		t.Fatalf("the program unpacks to %d bytes (%v), want the %d of the original", len(got), err, len(prog))
	}

	// No tag may make the browser load a file: only data: URIs.
	skeleton := rawTextRE.ReplaceAllString(page, "$1$4")
	for _, tag := range tagRE.FindAllString(skeleton, -1) {
		for _, m := range refRE.FindAllStringSubmatch(tag, -1) {
			if !strings.HasPrefix(strings.ToLower(m[2]), "data:") {
				t.Errorf("%s refers to %q", tag, m[2])
			}
		}
	}
	icon := regexp.MustCompile(`<link rel="icon" href="data:image/svg\+xml;base64,([^"]+)"`).FindStringSubmatch(page)
	want, _ := os.ReadFile("../../static/favicon.svg")
	if icon == nil {
		t.Error("no favicon as a data: URI")
	} else if b, _ := base64.StdEncoding.DecodeString(icon[1]); !bytes.Equal(b, want) {
		t.Error("the favicon's data: URI does not decode to favicon.svg")
	}

	loader, _ := os.ReadFile("../../static/loader.js")
	if len(scripts) != 2 || scripts[0] != strings.Repeat("// the Go runtime's glue\n", 100) || scripts[1] != string(loader) {
		t.Errorf("want wasm_exec.js then loader.js inline, got %d scripts", len(scripts))
	}
	css, _ := os.ReadFile("../../static/page.css")
	if len(styles) != 1 || styles[0] != string(css) {
		t.Errorf("want page.css inline, got %d style elements", len(styles))
	}
	if !strings.Contains(page, `<script data-inline="`+inlineID+`" data-bytes="`+strconv.Itoa(len(prog))+`">`) {
		t.Error("the loader is not told where the program is and how large it is")
	}
	for _, s := range []string{"{{", "data-wasm", " defer", "<!--"} {
		if strings.Contains(skeleton, s) {
			t.Errorf("the page keeps %q", s)
		}
	}
	for _, id := range []string{`id="loading"`, `id="bar"`, `id="fill"`, `id="status"`} {
		if !strings.Contains(page, id) {
			t.Errorf("the page lacks %s, which the app and the loader use", id)
		}
	}

	// The policy admits exactly these scripts and this style sheet by
	// hash, WebAssembly and data: images, and no network at all.
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)"/?>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no Content-Security-Policy meta element")
	}
	if strings.Index(page, m[0]) > strings.Index(page, "<script") {
		t.Error("the policy comes after a script, which it then does not cover")
	}
	directives := map[string]string{}
	for d := range strings.SplitSeq(html.UnescapeString(m[1]), ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		directives[name] = value
	}
	hashes := func(texts []string) string {
		var h []string
		for _, s := range texts {
			sum := sha256.Sum256([]byte(s))
			h = append(h, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
		return strings.Join(h, " ")
	}
	for name, want := range map[string]string{
		"default-src": "'none'",
		"script-src":  hashes(scripts) + " 'wasm-unsafe-eval'",
		"style-src":   hashes(styles),
		"img-src":     "data:",
		"base-uri":    "'none'",
		"form-action": "'none'",
	} {
		if directives[name] != want {
			t.Errorf("%s %q, want %q", name, directives[name], want)
		}
	}
	if len(directives) != 6 {
		t.Errorf("the policy has more than it needs: %q", m[1])
	}

	if !strings.Contains(report, strconv.Itoa(len(page))) {
		t.Errorf("the report does not give the page's size %d:\n%s", len(page), report)
	}
}

// The policy's hashes are of the text the browser sees, which has no CR.
func TestSingleFileHashesScriptsWithUnixLineEnds(t *testing.T) {
	static := t.TempDir()
	for name, body := range map[string]string{
		"index.html": "<meta charset=\"utf-8\"><script src=\"wasm_exec.js\"></script><script src=\"loader.js\" data-wasm=\"{{WASM}}\" data-bytes=\"{{WASM_BYTES}}\"></script><body></body>",
		"loader.js":  "a();\r\nb();\rc();\n",
	} {
		os.WriteFile(filepath.Join(static, name), []byte(body), 0o644)
	}
	page, _ := buildSingleFile(t, program("a"), static)
	sum := sha256.Sum256([]byte("a();\nb();\nc();\n"))
	if !strings.Contains(page, "a();\nb();\nc();\n</script>") || !strings.Contains(page, base64.StdEncoding.EncodeToString(sum[:])) {
		t.Errorf("the loader is not inlined with LF line ends and their hash:\n%.600s", page)
	}
}

// What the builder cannot inline safely is an error, not a broken page.
func TestSingleFileRefusesWhatItCannotInline(t *testing.T) {
	const head = `<meta charset="utf-8"><script src="loader.js" data-wasm="{{WASM}}" data-bytes="{{WASM_BYTES}}"></script>`
	// (x/net/html reads any valid page: single quotes and a missing
	// </body> are fine.)
	for name, c := range map[string]struct{ page, loader, want string }{
		"an image":           {head + `<img src="x.png"></body>`, "", "x.png"},
		"an unknown link":    {head + `<link rel="manifest" href="m.json"></body>`, "", "m.json"},
		"an inline script":   {head + `<script>go()</script></body>`, "", "inline script"},
		"</script in a file": {head + `</body>`, `s = "</script>"`, "</script"},
		"a path":             {`<meta charset="utf-8"><script src="../loader.js" data-wasm="{{WASM}}" data-bytes="{{WASM_BYTES}}"></script></body>`, "", "not a file"},
		"no loader":          {`<meta charset="utf-8">{{WASM}}{{WASM_BYTES}}</body>`, "", "data-wasm"},
		"no charset":         {`<script src="loader.js" data-wasm="{{WASM}}" data-bytes="{{WASM_BYTES}}"></script></body>`, "", "charset"},
	} {
		static := t.TempDir()
		os.WriteFile(filepath.Join(static, "index.html"), []byte(c.page), 0o644)
		os.WriteFile(filepath.Join(static, "loader.js"), []byte(c.loader), 0o644)
		wasm, wasmExec := inputs(t, program("a"))
		out := filepath.Join(t.TempDir(), "vnodes.html")
		var stderr bytes.Buffer
		code := run([]string{"-wasm", wasm, "-wasm-exec", wasmExec, "-static", static, "-single", out}, io.Discard, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q, want one that mentions %q", name, code, stderr.String(), c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a page was written", name)
		}
	}
}
