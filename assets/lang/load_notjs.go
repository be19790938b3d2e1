//go:build !js || embedlang

package lang

import (
	"embed"
	"strings"
)

// The desktop program (and the single-file page, built with the embedlang
// tag) carries every catalog, and the parts the views add (AddPart).
//
//go:embed *.json
var files embed.FS

// Load makes tag's catalog available to Use.
func Load(tag string) error {
	if Loaded(tag) {
		return nil
	}
	c, err := Whole(tag)
	if err != nil {
		return err
	}
	Add(c)
	return nil
}

// Whole is tag's catalog with every part added so far merged in.
func Whole(tag string) (*Catalog, error) {
	c, err := ReadFile(tag + ".json")
	if err != nil {
		return nil, err
	}
	return c, c.mergeParts()
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

// mergeParts merges the parts added for c's language into c.
func (c *Catalog) mergeParts() error {
	partsMu.Lock()
	defer partsMu.Unlock()
	for _, p := range parts[c.Tag] {
		if err := c.Merge(p); err != nil {
			return err
		}
	}
	return nil
}
