// Package assets provides the fonts the app draws with. The Go fonts are
// used because they ship with golang.org/x/image (no download at build time),
// are hinted for screens and include the symbols the app prints (×, √, ·).
package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Regular and Bold are TrueType font files.
var (
	Regular = goregular.TTF
	Bold    = gobold.TTF
)
