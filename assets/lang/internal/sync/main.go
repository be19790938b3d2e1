//go:build !js

// Command sync brings every catalog up to date with the code: a text that
// only one view's folder uses goes to that folder's catalogs
// (render/views/<id>/lang/<tag>.json), every other to the language's own
// (assets/lang/<tag>.json); a text the code no longer uses is dropped, a
// new one is added with an empty translation (shown in English until it
// is translated), and the untranslated ones are counted. A translation
// follows its text when the text moves from one folder to another. Run
// from the module's root:
//
//	go run ./assets/lang/internal/sync
//
// With -list DIR… it changes nothing and prints, as JSON, the texts found
// under those folders (or files) only.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"vnodes/assets/lang"
	"vnodes/assets/lang/internal/extract"
)

func main() {
	list := flag.Bool("list", false, "print the texts found under the folders given as arguments, as JSON, and change nothing")
	flag.Parse()
	if *list {
		msgs, err := extract.Messages(".", flag.Args()...)
		check(err)
		texts := map[string]string{}
		for _, m := range msgs {
			texts[m.Text] = m.Where
		}
		check(write(os.Stdout, texts))
		return
	}
	msgs, err := extract.Messages(".", lang.SourceDirs...)
	check(err)
	parts, err := filepath.Glob(filepath.Join("render", "views", "*", "lang", "*.json"))
	check(err)
	for _, name := range lang.Files() {
		tag := strings.TrimSuffix(name, ".json")
		central := filepath.Join("assets", "lang", name)
		c := read(tag, central)
		known := c.Text // every translation there is, wherever it was
		for _, p := range parts {
			if filepath.Base(p) == name {
				for en, tr := range read(tag, p).Text {
					if tr != "" || known[en] == "" {
						known[en] = tr
					}
				}
			}
		}
		byHome := map[string]map[string]string{"assets/lang": {}}
		missing := 0
		for _, m := range msgs {
			home := extract.Home(m)
			if byHome[home] == nil {
				byHome[home] = map[string]string{}
			}
			byHome[home][m.Text] = known[m.Text]
			if known[m.Text] == "" {
				missing++
			}
		}
		c.Text = byHome["assets/lang"]
		check(writeFile(central, c))
		for _, home := range slices.Sorted(func(yield func(string) bool) {
			for h := range byHome {
				if h != "assets/lang" && !yield(h) {
					return
				}
			}
		}) {
			check(writeFile(filepath.Join(filepath.FromSlash(home), "lang", name), &lang.Catalog{Text: byHome[home]}))
		}
		for _, p := range parts { // a view folder whose texts have all gone elsewhere
			home := filepath.ToSlash(filepath.Dir(filepath.Dir(p)))
			if filepath.Base(p) == name && byHome[home] == nil {
				check(os.Remove(p))
			}
		}
		fmt.Printf("%s: %d texts (%d in views' folders), %d to translate\n", name, len(msgs), len(msgs)-len(c.Text), missing)
	}
}

// read parses the catalog file at path for tag.
func read(tag, path string) *lang.Catalog {
	data, err := os.ReadFile(path)
	check(err)
	c, err := lang.Parse(tag, data)
	check(err)
	if c.Text == nil {
		c.Text = map[string]string{}
	}
	return c
}

// writeFile writes c to path as the catalogs are written: two-space
// indents, texts sorted, HTML left as it is. A view's part holds its
// messages alone.
func writeFile(path string, c *lang.Catalog) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var v any = c
	if c.Name == "" {
		v = struct {
			Text map[string]string `json:"messages"`
		}{c.Text}
	}
	var b bytes.Buffer
	if err := write(&b, v); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

func write(w interface{ Write([]byte) (int, error) }, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "sync:", err)
		os.Exit(1)
	}
}
