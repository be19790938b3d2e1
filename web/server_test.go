package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestHandlerServesWasmWithItsType(t *testing.T) {
	dir := t.TempDir()
	for _, f := range SiteFiles {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := CheckSite(dir); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/vnodes.wasm")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/wasm" {
		t.Fatalf("Content-Type %q, want application/wasm", ct)
	}
}

func TestCheckSiteNamesTheMissingFileAndTheFix(t *testing.T) {
	err := CheckSite(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "index.html") || !strings.Contains(err.Error(), "make web") {
		t.Fatalf("CheckSite on an empty folder: %v", err)
	}
}

func TestWasmIsGzippedForClientsThatAcceptIt(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("vnodes wasm bytes "), 5000)
	for _, f := range SiteFiles {
		if err := os.WriteFile(filepath.Join(dir, f), wasm, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	req, _ := http.NewRequest("GET", srv.URL+"/vnodes.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req) // no transparent decompression
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get(DecodedLengthHeader) != strconv.Itoa(len(wasm)) {
		t.Fatalf("headers %v", resp.Header)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, wasm) {
		t.Fatalf("decompressed body differs (%d bytes, err %v)", len(got), err)
	}

	plain, _ := http.NewRequest("GET", srv.URL+"/vnodes.wasm", nil)
	resp2, err := http.DefaultTransport.RoundTrip(plain)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp2.Body)
	resp2.Body.Close()
	if resp2.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
		t.Fatal("a client without gzip did not get the plain file")
	}
}
