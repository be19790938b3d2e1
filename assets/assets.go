// Package assets gives the app its two typefaces, Go Regular and Go Bold:
// clear on screens, and with every symbol the labels use (×, √, ·, arrows).
// The TrueType files come whole from golang.org/x/image's gofont packages,
// which also carry the fonts' licence.
package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Regular and Bold are TrueType font files, for opentype.Parse.
var (
	Regular = goregular.TTF
	Bold    = gobold.TTF
)
