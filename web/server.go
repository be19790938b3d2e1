// Package web serves the built static site (index.html, wasm_exec.js and
// vnodes.wasm). The site itself is assembled by `make web` into web/site.
package web

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
)

// SiteFiles are the files a built site must hold.
var SiteFiles = []string{"index.html", "wasm_exec.js", "vnodes.wasm"}

// CheckSite reports a missing file with the command that builds it.
func CheckSite(dir string) error {
	for _, f := range SiteFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s is missing: build the site first with `make web`", filepath.Join(dir, f))
		}
	}
	return nil
}

// Handler serves dir as static files, with the WebAssembly MIME type that
// streaming compilation wants, and no caching so a rebuild shows on reload.
func Handler(dir string) http.Handler {
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
