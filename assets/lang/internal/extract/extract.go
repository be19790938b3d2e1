// Package extract finds the English texts the app translates: the string
// literals given to lang's functions (and to the few helpers that pass a
// format on to lang.Sprintf) anywhere in the program's Go files.
package extract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Message is one English text and where it is first used.
type Message struct {
	Text  string
	Where string   // the first file that uses it
	Files []string // every file that uses it, sorted
	// Counted: it is a form that lang.Plural chooses by a count.
	Counted bool
}

// viewsDir is the folder of the views: a text that only one view's folder
// uses lives in that folder's catalogs (its lang/ folder), the rest in
// assets/lang.
const viewsDir = "render/views/"

// Home is the folder whose catalogs hold m: a view's folder when only
// that view uses it, else assets/lang.
func Home(m Message) string {
	home := ""
	for _, f := range m.Files {
		f = filepath.ToSlash(f)
		rest, ok := strings.CutPrefix(f, viewsDir)
		id, _, nested := strings.Cut(rest, "/")
		if !ok || !nested || id == "internal" {
			return "assets/lang"
		}
		if home != "" && home != viewsDir+id {
			return "assets/lang"
		}
		home = viewsDir + id
	}
	if home == "" {
		return "assets/lang"
	}
	return home
}

// calls maps a function (package or receiver name . function) to the
// arguments that hold texts to translate. "*.Note" is any method Note:
// view.Parser's, which formats a notice with lang.Sprintf.
var calls = map[string][]int{
	"lang.T": {0}, "lang.N": {0}, "lang.Sprintf": {0}, "lang.Plural": {1, 2}, "lang.Count": {1, 2},
	"panel.Plural": {1, 2}, "*.Note": {0},
}

// Messages walks the Go files under root (tests and testdata left out)
// and returns every text to translate, once each, sorted.
func Messages(root string, dirs ...string) ([]Message, error) {
	seen := map[string][]string{} // text → the files that use it
	counted := map[string]bool{}
	fset := token.NewFileSet()
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "internal" && strings.Contains(path, "assets")) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				args := calls["*."+sel.Sel.Name]
				plural := false
				if id, ok := sel.X.(*ast.Ident); ok {
					if a, ok := calls[id.Name+"."+sel.Sel.Name]; ok {
						args = a
					}
					plural = sel.Sel.Name == "Plural" || sel.Sel.Name == "Count"
				}
				for _, i := range args {
					if i >= len(call.Args) {
						continue
					}
					if s, ok := literal(call.Args[i]); ok && strings.TrimSpace(s) != "" {
						rel, _ := filepath.Rel(root, fset.Position(call.Pos()).Filename)
						if !slices.Contains(seen[s], rel) {
							seen[s] = append(seen[s], rel)
						}
						counted[s] = counted[s] || plural
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	out := make([]Message, 0, len(seen))
	for s, files := range seen {
		out = append(out, Message{Text: s, Where: files[0], Files: slices.Sorted(slices.Values(files)), Counted: counted[s]})
	}
	slices.SortFunc(out, func(a, b Message) int { return strings.Compare(a.Text, b.Text) })
	return out, nil
}

// literal is the value of a string literal, or of literals joined by +.
func literal(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok1 := literal(x.X)
		b, ok2 := literal(x.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return literal(x.X)
	}
	return "", false
}

// Verbs are the formatting verbs of a format, keyed by argument number
// (explicit [n] indexes honoured), for checking that a translation uses
// the same arguments the same way.
func Verbs(format string) map[int]string {
	out := map[int]string{}
	arg := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		j := i + 1
		if j < len(format) && format[j] == '%' {
			i = j
			continue
		}
		if j < len(format) && format[j] == ' ' {
			continue // "6.7 % of the ring": a percent sign in prose, which T shows as it is (the code uses no space flag)
		}
		if j < len(format) && format[j] == '[' {
			k := strings.IndexByte(format[j:], ']')
			if k > 0 {
				if n, err := strconv.Atoi(format[j+1 : j+k]); err == nil {
					arg = n
				}
				j += k + 1
			}
		}
		for j < len(format) && strings.IndexByte("+-# 0123456789.*", format[j]) >= 0 {
			j++
		}
		if j < len(format) {
			out[arg] = string(format[j])
			arg++
		}
		i = j
	}
	return out
}
