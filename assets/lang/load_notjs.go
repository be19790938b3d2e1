//go:build !js || embedlang

package lang

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// The desktop program (and the single-file page, built with the embedlang
// tag) carries every catalog.
//
//go:embed *.json
var files embed.FS

// Load makes tag's catalog available to Use.
func Load(tag string) error {
	if Loaded(tag) {
		return nil
	}
	data, err := files.ReadFile(tag + ".json")
	if err != nil {
		return err
	}
	c, err := Parse(tag, data)
	if err != nil {
		return err
	}
	Add(c)
	return nil
}

// Files lists the catalog files, for the site builder and the tests.
func Files() []string {
	entries, _ := files.ReadDir(".")
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			out = append(out, e.Name())
		}
	}
	return out
}

// ReadFile parses one embedded catalog file, for tools and tests.
func ReadFile(name string) (*Catalog, error) {
	data, err := files.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return Parse(strings.TrimSuffix(name, ".json"), data)
}

// Parse reads a catalog file for tag. (The browser parses the catalogs
// it fetches with its own JSON.parse: load_js.go.)
func Parse(tag string, data []byte) (*Catalog, error) {
	c := &Catalog{}
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("catalog %s: %w", tag, err)
	}
	c.Tag = tag
	if c.Decimal == "" {
		c.Decimal = "."
	}
	if c.Plural == "" {
		c.Plural = "1"
	}
	return c, nil
}
