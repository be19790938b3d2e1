//go:build !js

// Command sync brings every catalog in assets/lang up to date with the
// code: a text the code no longer uses is dropped, a new one is added
// with an empty translation (shown in English until it is translated),
// and each untranslated text is listed. Run from the module's root:
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
	"strings"

	"vnodes/assets/lang"
	"vnodes/assets/lang/internal/extract"
)

func main() {
	list := flag.Bool("list", false, "print the texts found under the folders given as arguments, as JSON, and change nothing")
	flag.Parse()
	if *list {
		msgs, err := extract.Messages(".", flag.Args()...)
		if err != nil {
			fmt.Fprintln(os.Stderr, "sync:", err)
			os.Exit(1)
		}
		texts := map[string]string{}
		for _, m := range msgs {
			texts[m.Text] = m.Where
		}
		enc := json.NewEncoder(os.Stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		_ = enc.Encode(texts)
		return
	}
	msgs, err := extract.Messages(".", lang.SourceDirs...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sync:", err)
		os.Exit(1)
	}
	for _, name := range lang.Files() {
		path := filepath.Join("assets", "lang", name)
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "sync:", err)
			os.Exit(1)
		}
		c, err := lang.Parse(strings.TrimSuffix(name, ".json"), data)
		if err != nil {
			fmt.Fprintln(os.Stderr, "sync:", err)
			os.Exit(1)
		}
		text := map[string]string{}
		missing := 0
		for _, m := range msgs {
			text[m.Text] = c.Text[m.Text]
			if text[m.Text] == "" {
				missing++
			}
		}
		c.Text = text
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(c); err != nil {
			fmt.Fprintln(os.Stderr, "sync:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "sync:", err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d texts, %d to translate\n", name, len(msgs), missing)
	}
}
