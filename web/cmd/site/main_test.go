package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"vnodes/web"
)

// inputs writes a program and a wasm_exec.js to build a site from.
func inputs(t *testing.T, program []byte) (wasm, wasmExec string) {
	t.Helper()
	dir := t.TempDir()
	wasm, wasmExec = filepath.Join(dir, "in.wasm"), filepath.Join(dir, "wasm_exec.js")
	if err := os.WriteFile(wasm, program, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wasmExec, bytes.Repeat([]byte("// the Go runtime's glue\n"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	return wasm, wasmExec
}

func program(seed string) []byte {
	return bytes.Repeat([]byte("\x00asm program "+seed+" "), 20000)
}

// langDir holds the real language catalogs.
var langDir = filepath.Join("..", "..", "..", "assets", "lang")

func build(t *testing.T, wasm, wasmExec, static, out string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-wasm", wasm, "-wasm-exec", wasmExec, "-static", static, "-out", out, "-brotli", "5", "-lang", langDir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	return stdout.String()
}

func decode(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = brotli.NewReader(f)
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(f); err != nil {
			t.Fatal(err)
		}
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// The real template and loader in web/static make a site that passes
// CheckSite, with the program under its hashed name and size.
func TestBuildsTheSiteFromTheRealStaticFolder(t *testing.T) {
	prog := program("a")
	wasm, wasmExec := inputs(t, prog)
	out := filepath.Join(t.TempDir(), "site")
	report := build(t, wasm, wasmExec, "../../static", out)

	name := web.WasmName(prog)
	if err := web.CheckSite(out); err != nil {
		t.Fatal(err)
	}
	if got, err := web.SiteWasm(out); err != nil || got != name {
		t.Fatalf("index.html names %q (%v), want %q", got, err, name)
	}
	page, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !strings.Contains(string(page), `data-bytes="`+strconv.Itoa(len(prog))+`"`) || strings.Contains(string(page), "{{") {
		t.Errorf("index.html does not carry the program's size, or keeps a placeholder:\n%s", page)
	}
	for _, f := range []string{name, "wasm_exec.js"} {
		want, _ := os.ReadFile(filepath.Join(out, f))
		for _, enc := range web.Encodings {
			if got := decode(t, filepath.Join(out, f+enc.Suffix)); !bytes.Equal(got, want) {
				t.Errorf("%s%s does not decode to %s", f, enc.Suffix, f)
			}
		}
	}
	// Each language's catalog, as it is, under a name the server sends
	// (the site has no folders), listed in the manifest.
	catalogs, _ := filepath.Glob(filepath.Join(langDir, "*.json"))
	manifest, _ := os.ReadFile(filepath.Join(out, web.ManifestName))
	for _, c := range catalogs {
		served := "lang-" + filepath.Base(c)
		want, _ := os.ReadFile(c)
		got, err := os.ReadFile(filepath.Join(out, served))
		if err != nil || !bytes.Equal(got, want) || !strings.Contains(string(manifest), served+"\n") {
			t.Errorf("%s: not copied as %s, or not in the manifest (%v)", c, served, err)
		}
	}
	if len(catalogs) < 4 {
		t.Errorf("only %d catalogs in %s", len(catalogs), langDir)
	}
	if !strings.Contains(report, name) || !strings.Contains(report, strconv.Itoa(len(prog))) {
		t.Errorf("the size report lacks the program:\n%s", report)
	}
}

func TestRebuildRemovesStaleProgramsAndKeepsOtherFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	os.MkdirAll(out, 0o755)
	for _, f := range []string{"vnodes.wasm", "vnodes.wasm.gz", "notes.txt", ".tmp-index.html-123"} {
		os.WriteFile(filepath.Join(out, f), []byte("old"), 0o644)
	}
	wasmA, execJS := inputs(t, program("a"))
	build(t, wasmA, execJS, "../../static", out)
	wasmB, _ := inputs(t, program("b"))
	build(t, wasmB, execJS, "../../static", out)

	a, b := web.WasmName(program("a")), web.WasmName(program("b"))
	for _, gone := range []string{a, a + ".br", a + ".gz", "vnodes.wasm", "vnodes.wasm.gz", ".tmp-index.html-123"} {
		if _, err := os.Stat(filepath.Join(out, gone)); err == nil {
			t.Errorf("%s is still there", gone)
		}
	}
	for _, kept := range []string{b, b + ".br", b + ".gz", "notes.txt", "index.html"} {
		if _, err := os.Stat(filepath.Join(out, kept)); err != nil {
			t.Errorf("%s: %v", kept, err)
		}
	}
	if got, _ := web.SiteWasm(out); got != b {
		t.Errorf("index.html names %q, want %q", got, b)
	}
}

func TestSmallOrIncompressibleFilesGetNoCopies(t *testing.T) {
	static := t.TempDir()
	os.WriteFile(filepath.Join(static, "index.html"), []byte(`<script data-wasm="{{WASM}}" data-bytes="{{WASM_BYTES}}"></script>`), 0o644)
	os.WriteFile(filepath.Join(static, "loader.js"), []byte("go()"), 0o644)
	os.WriteFile(filepath.Join(static, "page.css"), []byte("body{}"), 0o644)
	os.WriteFile(filepath.Join(static, "icon.png"), bytes.Repeat([]byte("p"), 5000), 0o644)
	out := filepath.Join(t.TempDir(), "site")
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "loader.js.gz"), []byte("from a build when the loader was large"), 0o644)
	wasm, execJS := inputs(t, program("a"))
	build(t, wasm, execJS, static, out)
	for _, f := range []string{"loader.js.gz", "loader.js.br", "icon.png.gz", "icon.png.br"} {
		if _, err := os.Stat(filepath.Join(out, f)); err == nil {
			t.Errorf("%s was written", f)
		}
	}
}

func TestATemplateWithoutPlaceholdersFails(t *testing.T) {
	static := t.TempDir()
	os.WriteFile(filepath.Join(static, "index.html"), []byte(`<script src="loader.js"></script>`), 0o644)
	wasm, execJS := inputs(t, program("a"))
	var stderr bytes.Buffer
	code := run([]string{"-wasm", wasm, "-wasm-exec", execJS, "-static", static, "-out", t.TempDir()}, io.Discard, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "{{WASM}}") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

func TestArguments(t *testing.T) {
	wasm, execJS := inputs(t, program("a"))
	for _, args := range [][]string{
		{},
		{"-wasm", wasm},
		{"-wasm", wasm, "-wasm-exec", execJS, "extra"},
		{"-wasm", wasm, "-wasm-exec", execJS, "-brotli", "12"},
		{"-nope"},
	} {
		var stderr bytes.Buffer
		if code := run(args, io.Discard, &stderr); code != 2 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
