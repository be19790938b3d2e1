package web

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestContentCodingNegotiation(t *testing.T) {
	dir, wasm := testSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	cases := []struct{ accept, want string }{
		{"", ""},
		{"gzip", "gzip"},
		{"br", "br"},
		{"gzip, br", "br"},
		{"gzip, deflate, br, zstd", "br"},
		{"br;q=0.5, gzip", "gzip"},
		{"br;q=0.8, gzip;q=0.8", "br"},
		{"BR", "br"},
		{"GZip;Q=1", "gzip"},
		{"x-gzip", "gzip"},
		{"gzip;q=0", ""},
		{"gzip;q=0.5", "gzip"},
		{"gzip; q=0.000", ""},
		{"br;q=0, gzip;q=0", ""},
		{"br;q=0, gzip", "gzip"},
		{"*", "br"},
		{"*;q=0", ""},
		{"br;q=0, *", "gzip"},
		{"identity", ""},
		{"identity, gzip;q=0.5", ""},
		{"identity;q=0.5, gzip;q=0.5", "gzip"},
		{"identity;q=0, gzip;q=0", ""}, // nothing acceptable: plain bytes rather than nothing
		{"gzip;q=abc", ""},
		{"gzip;q=1.5", ""},
		{"gzip;q=-1", ""},
		{"deflate", ""},
		{" br ;q=0.8 , gzip ; q=0.9 ", "gzip"},
		{",,;,", ""},
	}
	for _, c := range cases {
		resp, body := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Accept-Encoding": c.accept})
		got := resp.Header.Get("Content-Encoding")
		if got != c.want {
			t.Errorf("Accept-Encoding %q: got coding %q, want %q", c.accept, got, c.want)
			continue
		}
		if !bytes.Equal(decompressForTest(t, got, body), testWasm) {
			t.Errorf("Accept-Encoding %q: the body does not decode to the program", c.accept)
		}
		if resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", c.accept, resp.Header.Get("Vary"))
		}
		if resp.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
			t.Errorf("Accept-Encoding %q: Content-Length %q for %d bytes", c.accept, resp.Header.Get("Content-Length"), len(body))
		}
		if resp.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, resp.Header.Get("Content-Type"))
		}
	}
}

func TestOnlyStoredCopiesAreSent(t *testing.T) {
	dir, wasm := testSite(t)
	os.Remove(filepath.Join(dir, wasm+".br"))
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	if resp, _ := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Accept-Encoding": "br, gzip"}); resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("with only a .gz copy: coding %q", resp.Header.Get("Content-Encoding"))
	}
	if resp, _ := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Accept-Encoding": "br"}); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("brotli asked, only gzip stored: coding %q", resp.Header.Get("Content-Encoding"))
	}
	// Compressible files without copies still vary: a rebuild may add them.
	resp, _ := fetch(t, srv, "GET", "/page.css", map[string]string{"Accept-Encoding": "br"})
	if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("page.css: coding %q, Vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
	// Nothing is compressed on the fly.
	os.WriteFile(filepath.Join(dir, "big.txt"), bytes.Repeat([]byte("a"), 100000), 0o644)
	addToManifest(t, dir, "big.txt", "a.png")
	if resp, body := fetch(t, srv, "GET", "/big.txt", map[string]string{"Accept-Encoding": "gzip"}); resp.Header.Get("Content-Encoding") != "" || len(body) != 100000 {
		t.Errorf("a file without copies: coding %q, %d bytes", resp.Header.Get("Content-Encoding"), len(body))
	}
	// Images are not compressible and do not vary.
	os.WriteFile(filepath.Join(dir, "a.png"), []byte("\x89PNG"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.png.gz"), []byte("junk"), 0o644)
	if resp, _ := fetch(t, srv, "GET", "/a.png", map[string]string{"Accept-Encoding": "gzip"}); resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Vary") != "" {
		t.Errorf("a.png: coding %q, Vary %q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
	}
}

func TestRangesAreIgnoredOnCompressedBodiesAndCappedToOne(t *testing.T) {
	dir, wasm := testSite(t)
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, coding := range []string{"br", "gzip"} {
		resp, body := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Accept-Encoding": coding, "Range": "bytes=0-9"})
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != coding || resp.Header.Get("Accept-Ranges") != "none" {
			t.Errorf("%s with a range: %d, coding %q, Accept-Ranges %q", coding, resp.StatusCode,
				resp.Header.Get("Content-Encoding"), resp.Header.Get("Accept-Ranges"))
		}
		if !bytes.Equal(decompressForTest(t, coding, body), testWasm) {
			t.Errorf("%s with a range: not the whole program", coding)
		}
	}
	resp, body := fetch(t, srv, "GET", "/"+wasm, map[string]string{"Range": "bytes=4-9"})
	if resp.StatusCode != 206 || !bytes.Equal(body, testWasm[4:10]) || resp.Header.Get("Accept-Ranges") != "bytes" {
		t.Errorf("one range of the plain file: %d, %q", resp.StatusCode, body)
	}
	many := "bytes=0-0,2-2,4-4,6-6,8-8,10-10,12-12,14-14"
	for _, rng := range []string{"bytes=0-1,5-6", many, "bytes=0-,0-,0-,0-"} {
		resp, body = fetch(t, srv, "GET", "/"+wasm, map[string]string{"Range": rng})
		if resp.StatusCode != 200 || !bytes.Equal(body, testWasm) {
			t.Errorf("Range %s: %d with %d bytes, want the whole file once", rng, resp.StatusCode, len(body))
		}
	}
}

func TestPreferredEncodingsIgnoresJunk(t *testing.T) {
	long := bytes.Repeat([]byte("gzip;q=0.5;x=;=;;, "), 500)
	if got := preferredEncodings([]string{string(long)}); len(got) != 1 || got[0].Name != "gzip" {
		t.Errorf("a long repetitive header: %v", got)
	}
	if got := preferredEncodings([]string{"br;q=0", "br"}); len(got) != 1 || got[0].Name != "br" {
		t.Errorf("two header lines: %v", got)
	}
}
