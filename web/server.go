// Package web serves the built static site (index.html, wasm_exec.js and
// vnodes.wasm). The site itself is assembled by `make web` into web/site.
package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// SiteFiles are the files a built site must hold.
var SiteFiles = []string{"index.html", "wasm_exec.js", "vnodes.wasm"}

// DecodedLengthHeader carries a compressed file's real size, so the page's
// progress bar can count decompressed bytes against it.
const DecodedLengthHeader = "X-Decoded-Content-Length"

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
// streaming compilation wants and no caching, so a rebuild shows on reload.
// The .wasm (the bulk of the download) is gzipped for clients that accept
// it: about a quarter of the size, which matters on a school network.
func Handler(dir string) http.Handler {
	_ = mime.AddExtensionType(".wasm", "application/wasm")
	files := http.FileServer(http.Dir(dir))
	cache := &gzipCache{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") && acceptsGzip(r) {
			if body, size, mod, err := cache.get(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))); err == nil {
				w.Header().Set("Content-Type", "application/wasm")
				w.Header().Set("Content-Encoding", "gzip")
				w.Header().Set("Vary", "Accept-Encoding")
				w.Header().Set(DecodedLengthHeader, strconv.FormatInt(size, 10))
				http.ServeContent(w, r, "", mod, bytes.NewReader(body))
				return
			}
		}
		files.ServeHTTP(w, r)
	})
}

func acceptsGzip(r *http.Request) bool {
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		if strings.TrimSpace(strings.SplitN(part, ";", 2)[0]) == "gzip" {
			return true
		}
	}
	return false
}

// gzipCache compresses a file once per modification, not once per request.
type gzipCache struct {
	mu      sync.Mutex
	path    string
	modTime time.Time
	size    int64
	body    []byte
}

func (c *gzipCache) get(name string) ([]byte, int64, time.Time, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, 0, time.Time{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.path == name && c.modTime.Equal(info.ModTime()) {
		return c.body, c.size, c.modTime, nil
	}
	raw, err := os.ReadFile(name)
	if err != nil {
		return nil, 0, time.Time{}, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if _, err := zw.Write(raw); err != nil {
		return nil, 0, time.Time{}, err
	}
	if err := zw.Close(); err != nil {
		return nil, 0, time.Time{}, err
	}
	c.path, c.modTime, c.size, c.body = name, info.ModTime(), int64(len(raw)), buf.Bytes()
	return c.body, c.size, c.modTime, nil
}
