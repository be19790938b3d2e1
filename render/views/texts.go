//go:build !js || embedlang

package views

import (
	"embed"
	"io/fs"
	"path"
	"strings"

	"vnodes/assets/lang"
)

// texts are the views' own translations, each in its folder
// (<id>/lang/<tag>.json), carried by the desktop program and the
// single-file page; the site serves them merged into each language's
// catalog (see internal/catalogs).
//
//go:embed */lang/*.json
var texts embed.FS

func init() {
	err := fs.WalkDir(texts, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := texts.ReadFile(p)
		if err != nil {
			return err
		}
		return lang.AddPart(strings.TrimSuffix(path.Base(p), ".json"), data)
	})
	if err != nil {
		panic("views: the embedded translations are unreadable: " + err.Error())
	}
}
