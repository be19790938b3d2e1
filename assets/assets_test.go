package assets

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"vnodes/assets/fontface"
	"vnodes/assets/internal/outline"
)

// The committed fonts must be what `go generate ./assets` makes now.
func TestFontsAreUpToDate(t *testing.T) {
	for name, pair := range map[string][2][]byte{"regular": {goregular.TTF, Regular}, "bold": {gobold.TTF, Bold}} {
		want, err := outline.Encode(pair[0], outline.AppCharacters())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pair[1], want) {
			t.Errorf("fonts/go-%s.outlines is out of date: run `go generate ./assets`", name)
		}
	}
}

// Every character in a string or rune literal of the packages that draw
// (render and sim, whose texts reach the canvas) must be in the fonts, or
// it would show as a box.
func TestFontsHaveEveryCharacterTheAppPrints(t *testing.T) {
	regular, err := fontface.Parse(Regular)
	if err != nil {
		t.Fatal(err)
	}
	bold, err := fontface.Parse(Bold)
	if err != nil {
		t.Fatal(err)
	}
	missing := map[rune][]string{}
	for _, root := range []string{"../render", "../sim"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			ast.Inspect(file, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || (lit.Kind != token.STRING && lit.Kind != token.CHAR) {
					return true
				}
				text, err := strconv.Unquote(lit.Value) // also '\u2192' and "\u2009"
				if err != nil {
					t.Fatalf("%s: %s: %v", path, lit.Value, err)
				}
				for _, r := range text {
					if unicode.IsGraphic(r) && (!regular.Has(r) || !bold.Has(r)) && !slices.Contains(missing[r], path) {
						missing[r] = append(missing[r], path)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for r, paths := range missing {
		t.Errorf("%q (%U) in %s is not in the fonts: add it to outline.AppCharacters and run `go generate ./assets`", r, r, strings.Join(paths, ", "))
	}
}
