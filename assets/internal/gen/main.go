// Command gen writes the app's font files: the Go fonts from
// golang.org/x/image reduced to outline.AppCharacters, in the form
// assets/fontface reads. Run it with `go generate ./assets` after changing
// the characters; assets' tests fail while the files are out of date.
package main

import (
	"log"
	"os"
	"path/filepath"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"vnodes/assets/internal/outline"
)

func main() {
	for name, ttf := range map[string][]byte{"go-regular.outlines": goregular.TTF, "go-bold.outlines": gobold.TTF} {
		small, err := outline.Encode(ttf, outline.AppCharacters())
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("fonts", name), small, 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("fonts/%s: %d bytes (the TrueType file has %d)", name, len(small), len(ttf))
	}
}
