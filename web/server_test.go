package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// testWasm stands in for the program: compressible, and large enough that
// the compressed copies are clearly smaller.
var testWasm = bytes.Repeat([]byte("\x00asm vnodes test program bytes "), 4000)

// testSite writes a complete small site (every file, the hashed program
// with brotli and gzip copies) into a new folder and returns the folder
// and the program's name.
func testSite(t *testing.T) (dir, wasm string) {
	t.Helper()
	dir = t.TempDir()
	wasm = WasmName(testWasm)
	files := map[string][]byte{
		"index.html":   []byte(`<!doctype html><script src="loader.js" data-wasm="` + wasm + `" data-bytes="1"></script>`),
		"loader.js":    []byte("// loader\n"),
		"page.css":     []byte("body{}\n"),
		"wasm_exec.js": []byte("// go\n"),
		wasm:           testWasm,
		wasm + ".br":   compressForTest(t, "br", testWasm),
		wasm + ".gz":   compressForTest(t, "gzip", testWasm),
	}
	var names []string
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if err := WriteManifest(dir, names); err != nil {
		t.Fatal(err)
	}
	return dir, wasm
}

func compressForTest(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	if coding == "br" {
		w = brotli.NewWriterLevel(&buf, 5)
	} else {
		w = gzip.NewWriter(&buf)
	}
	if _, err := w.Write(body); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func decompressForTest(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch coding {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decoding %s: %v", coding, err)
	}
	return out
}

// plainTransport sends only the Accept-Encoding a test sets and never
// decompresses a reply behind the test's back.
var plainTransport = &http.Transport{DisableCompression: true, DisableKeepAlives: true}

// fetch sends one request and returns the reply with its whole body.
func fetch(t *testing.T, srv *httptest.Server, method, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := plainTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// rawRequest sends target exactly as written in the request line, which
// an http.Client would clean or refuse, and returns the reply.
func rawRequest(t *testing.T, addr, method, target string) *http.Response {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n", method, target)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s %q: %v", method, target, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

func TestCheckSiteAcceptsABuiltSite(t *testing.T) {
	dir, _ := testSite(t)
	if err := CheckSite(dir); err != nil {
		t.Fatal(err)
	}
}

func TestCheckSiteNamesTheMissingFileAndTheFix(t *testing.T) {
	err := CheckSite(filepath.Join(t.TempDir(), "site"))
	if err == nil || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "make web") {
		t.Errorf("CheckSite on a missing folder: %v", err)
	}
	err = CheckSite(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "index.html") || !strings.Contains(err.Error(), "make web") {
		t.Errorf("CheckSite on an empty folder: %v", err)
	}
	dir, wasm := testSite(t)
	os.Remove(filepath.Join(dir, wasm))
	err = CheckSite(dir)
	if err == nil || !strings.Contains(err.Error(), wasm) || !strings.Contains(err.Error(), "make web") {
		t.Errorf("CheckSite without the program index.html names: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644)
	if err := CheckSite(dir); err == nil || !strings.Contains(err.Error(), "make web") {
		t.Errorf("CheckSite with an index.html that names no program: %v", err)
	}
}

func TestWasmNameFollowsTheContent(t *testing.T) {
	a, b := WasmName([]byte("one")), WasmName([]byte("two"))
	if a == b || !IsWasmName(a) || !IsWasmName(b) || a != WasmName([]byte("one")) {
		t.Fatalf("names %q and %q", a, b)
	}
	for _, bad := range []string{"vnodes.wasm", "vnodes.0123.wasm", "vnodes.0123456789AB.wasm", "x" + a, a + ".br"} {
		if IsWasmName(bad) {
			t.Errorf("IsWasmName(%q) is true", bad)
		}
	}
}

func TestHandlerServesEachFileWithItsType(t *testing.T) {
	dir, wasm := testSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	want := map[string]string{
		"/":             "text/html; charset=utf-8",
		"/index.html":   "text/html; charset=utf-8",
		"/?v=16&n=10":   "text/html; charset=utf-8",
		"/loader.js":    "text/javascript; charset=utf-8",
		"/wasm_exec.js": "text/javascript; charset=utf-8",
		"/page.css":     "text/css; charset=utf-8",
		"/" + wasm:      "application/wasm",
	}
	for path, ct := range want {
		resp, body := fetch(t, srv, "GET", path, nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != ct || len(body) == 0 {
			t.Errorf("GET %s: %d, Content-Type %q, %d bytes; want 200, %q", path, resp.StatusCode, resp.Header.Get("Content-Type"), len(body), ct)
		}
	}
	resp, body := fetch(t, srv, "HEAD", "/"+wasm, nil)
	if resp.StatusCode != 200 || len(body) != 0 || resp.ContentLength != int64(len(testWasm)) {
		t.Errorf("HEAD: %d, %d bytes of body, length %d", resp.StatusCode, len(body), resp.ContentLength)
	}
}

func TestTheStaticPageNeedsNoInlineScriptOrStyle(t *testing.T) {
	page, err := os.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	html := strings.ToLower(string(page))
	if strings.Contains(html, "<style") || strings.Contains(html, " style=") {
		t.Error("static/index.html has inline style, which the Content-Security-Policy blocks")
	}
	for rest := html; ; {
		i := strings.Index(rest, "<script")
		if i < 0 {
			break
		}
		tag := rest[i : i+strings.Index(rest[i:], ">")]
		if !strings.Contains(tag, " src=") {
			t.Errorf("inline script %q, which the Content-Security-Policy blocks", tag)
		}
		rest = rest[i+len(tag):]
	}
	for _, attr := range []string{" onload=", " onclick=", " onerror=", "javascript:"} {
		if strings.Contains(html, attr) {
			t.Errorf("static/index.html has %q, which the Content-Security-Policy blocks", attr)
		}
	}
	for _, id := range []string{`id="loading"`, `id="bar"`, `id="fill"`, `id="status"`} {
		if !strings.Contains(html, id) {
			t.Errorf("static/index.html lacks %s, which the app and the loader use", id)
		}
	}
}
