package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ManifestName is the file in which the site builder lists the files it
// wrote, one name a line; the server sends those and nothing else (a note
// or a README dropped into the folder stays private). A dotfile, so it is
// never sent itself.
const ManifestName = ".site-files"

// WriteManifest lists names as the site's files.
func WriteManifest(dir string, names []string) error {
	return os.WriteFile(filepath.Join(dir, ManifestName), []byte(strings.Join(names, "\n")+"\n"), 0o644)
}

// readManifest is the set of files the site builder wrote into dir.
func readManifest(root *os.Root) (map[string]bool, error) {
	b, err := root.ReadFile(ManifestName)
	if err != nil {
		return nil, err
	}
	files := map[string]bool{}
	for line := range strings.SplitSeq(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			files[line] = true
		}
	}
	return files, nil
}

// SiteFiles are the files of a built site that keep their names from one
// build to the next. The WebAssembly program is also there, under the
// content-hashed name that index.html gives (see WasmName).
var SiteFiles = []string{"index.html", "loader.js", "page.css", "wasm_exec.js"}

// Encoding is a pre-compressed copy that `make web` writes next to a file.
type Encoding struct {
	Name   string // the Content-Encoding token
	Suffix string // appended to the file name
}

// Encodings are the copies the server can send, best first: brotli is
// clearly smaller than gzip on the .wasm.
var Encodings = []Encoding{{"br", ".br"}, {"gzip", ".gz"}}

// wasmHashLen is the number of hex digits of the content hash in the name:
// 48 bits, so two builds that differ never share a name in practice.
const wasmHashLen = 12

var wasmNameRE = regexp.MustCompile(`^vnodes\.[0-9a-f]{12}\.wasm$`)

// WasmName is the file name of a WebAssembly program with these bytes.
// The name changes whenever the content does, so browsers may keep the
// file for a year and still never run a stale one.
func WasmName(content []byte) string {
	sum := sha256.Sum256(content)
	return "vnodes." + hex.EncodeToString(sum[:])[:wasmHashLen] + ".wasm"
}

// IsWasmName tells whether name has the form WasmName gives.
func IsWasmName(name string) bool { return wasmNameRE.MatchString(name) }

// wasmRefRE finds the program's name in index.html, where the loader's
// script tag carries it (data-wasm="vnodes.<hash>.wasm").
var wasmRefRE = regexp.MustCompile(`data-wasm="([^"]*)"`)

// SiteWasm returns the name of the WebAssembly file that index.html in dir
// loads.
func SiteWasm(dir string) (string, error) {
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		return "", err
	}
	m := wasmRefRE.FindSubmatch(page)
	if m == nil || !IsWasmName(string(m[1])) {
		return "", fmt.Errorf("%s names no vnodes.<hash>.wasm: rebuild the site with `make web`", filepath.Join(dir, "index.html"))
	}
	return string(m[1]), nil
}

// CheckSite reports a missing site or file with the command that builds it.
func CheckSite(dir string) error {
	info, err := os.Stat(dir)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s does not exist: build the site first with `make web`", dir)
	}
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	for _, f := range SiteFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s is missing: build the site first with `make web`", filepath.Join(dir, f))
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ManifestName)); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s is missing: build the site again with `make web`", filepath.Join(dir, ManifestName))
	}
	wasm, err := SiteWasm(dir)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, wasm)); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s is missing: build the site first with `make web`", filepath.Join(dir, wasm))
	}
	return nil
}

// compressible lists the types worth a compressed copy; images and the
// like are compressed already.
var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".wasm": true, ".svg": true, ".json": true, ".txt": true}

// Compressible tells whether a file of this name gets compressed copies.
func Compressible(name string) bool { return compressible[strings.ToLower(filepath.Ext(name))] }
