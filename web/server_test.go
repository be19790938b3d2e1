package web

import (
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
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
