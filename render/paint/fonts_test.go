package paint

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Each letter of a label is drawn from one glyph image per face, wherever
// it falls in the label: a table of figures costs the first frame one
// image per digit, not one for every eighth of a pixel a digit starts at.
func TestALetterIsRasterisedOncePerFace(t *testing.T) {
	const s = "busiest / mean 2.804 0.846 1.000 0.651 0.707 2.372 1.858 0.439"
	for _, scale := range []float64{1, 0.83, 1.37} {
		fonts := NewFonts(scale, false)
		for name, face := range map[string]text.Face{"small": fonts.Small, "body": fonts.Body, "heading": fonts.Heading, "title": fonts.Title} {
			if w := text.Advance(s, face); w != math.Trunc(w) {
				t.Errorf("scale %v, %s face: the label is %v pixels wide, not a whole number", scale, name, w)
			}
			images := map[rune]*ebiten.Image{}
			for _, g := range text.AppendGlyphs(nil, s, face, &text.LayoutOptions{}) {
				if g.Image == nil {
					continue
				}
				r := []rune(s[g.StartIndexInBytes:g.EndIndexInBytes])[0]
				if first, ok := images[r]; ok && first != g.Image {
					t.Errorf("scale %v, %s face: %q is rasterised again at x = %v", scale, name, r, g.X)
				}
				images[r] = g.Image
			}
		}
	}
}
