// Package assets provides the fonts the app draws with: the Go fonts (clear
// on screens, with the symbols the app prints, such as ×, √ and ·),
// reduced to the characters the app uses and stored as outlines
// that assets/fontface draws. Together they are under a fifth of the two
// TrueType files. fonts/LICENSE is the fonts' licence.
package assets

import _ "embed"

//go:generate go run ./internal/gen

// Regular and Bold are font files for fontface.Parse.
var (
	//go:embed fonts/go-regular.outlines
	Regular []byte
	//go:embed fonts/go-bold.outlines
	Bold []byte
)
