package assets

import (
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

	"golang.org/x/image/font/sfnt"
)

// Each font parses and is the face it is named for (not swapped, not
// another of the Go family).
func TestFontsAreTheGoFonts(t *testing.T) {
	for want, ttf := range map[string][]byte{"Go Regular": Regular, "Go Bold": Bold} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatalf("%s: %v", want, err)
		}
		if got, err := f.Name(nil, sfnt.NameIDFull); err != nil || got != want {
			t.Errorf("font named %q (%v), want %q", got, err, want)
		}
	}
}

// Every character in a string or rune literal of the packages that draw
// (render and sim, whose texts reach the canvas), and in every language's
// catalog, must be in the fonts, or it would show as a box.
func TestFontsHaveEveryCharacterTheAppPrints(t *testing.T) {
	var fonts []*sfnt.Font
	for _, ttf := range [][]byte{Regular, Bold} {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			t.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	has := func(r rune) bool {
		for _, f := range fonts {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				return false
			}
		}
		return true
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
					if unicode.IsGraphic(r) && !has(r) && !slices.Contains(missing[r], path) {
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
	// And every character of every language's catalog.
	catalogs, err := filepath.Glob(filepath.Join("lang", "*.json"))
	if err != nil || len(catalogs) == 0 {
		t.Fatalf("no catalogs in assets/lang (%v)", err)
	}
	for _, path := range catalogs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range string(data) {
			if unicode.IsGraphic(r) && !has(r) && !slices.Contains(missing[r], path) {
				missing[r] = append(missing[r], path)
			}
		}
	}
	for r, paths := range missing {
		t.Errorf("%q (%U) in %s is not in the fonts: it would show as a box", r, r, strings.Join(paths, ", "))
	}
}
