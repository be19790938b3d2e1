//go:build !js

// Command catalogs writes each language's whole catalog, for the site to
// serve as one file: assets/lang/<tag>.json with every view's own texts
// (render/views/<id>/lang/<tag>.json) merged in. Run from the module's
// root:
//
//	go run ./render/views/internal/catalogs -out bin/lang
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"vnodes/assets/lang"
	_ "vnodes/render/views" // the views' texts, as parts of the catalogs
)

func main() {
	out := flag.String("out", "bin/lang", "the folder to write <tag>.json into")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "catalogs:", err)
		os.Exit(1)
	}
}

func write(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, name := range lang.Files() {
		tag := strings.TrimSuffix(name, ".json")
		c, err := lang.Whole(tag)
		if err != nil {
			return err
		}
		c.Glossary = nil // for the catalog test, not the program
		data, err := json.Marshal(c)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
