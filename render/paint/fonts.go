package paint

import (
	"image"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"vnodes/assets"
	"vnodes/render/geom"
	"vnodes/render/panel"
)

// Fonts are the faces at one screen scale.
type Fonts struct {
	Title, Heading, Body, Small, Big, BodyBold text.Face
	SmallBold                                  text.Face // a highlighted row among small ones
}

var (
	sourcesOnce         sync.Once
	regularSrc, boldSrc *opentype.Font
)

// fontSources parses the embedded fonts once.
func fontSources() (regular, bold *opentype.Font) {
	sourcesOnce.Do(func() {
		var err error
		if regularSrc, err = opentype.Parse(assets.Regular); err != nil {
			panic("paint: embedded regular font is unreadable: " + err.Error())
		}
		if boldSrc, err = opentype.Parse(assets.Bold); err != nil {
			panic("paint: embedded bold font is unreadable: " + err.Error())
		}
	})
	return regularSrc, boldSrc
}

// Drawable reports whether both fonts have a glyph for every character of
// s (glyph 0 is the font's box for a missing one).
func Drawable(s string) bool {
	reg, bold := fontSources()
	var buf sfnt.Buffer
	for _, r := range s {
		for _, f := range [...]*opentype.Font{reg, bold} {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				return false
			}
		}
	}
	return true
}

// newFace is src at size pixels. Labels are plain Latin text that needs no
// shaping, so the faces are x/image faces (text.GoXFace) rather than
// text.GoTextFace: that leaves the text shaper out of the download, and its
// first use out of the first frame. Outlines are not hinted, so sizes scale
// smoothly with the window; advances are whole pixels (wholeAdvances).
func newFace(src *opentype.Font, size float64) text.Face {
	face, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("paint: cannot make a font face: " + err.Error())
	}
	return text.NewGoXFace(wholeAdvances{face})
}

// wholeAdvances is a face whose advances and kerning are rounded to whole
// pixels, its outlines and line metrics left as they are. text/v2 keeps
// one image of a glyph per eighth of a pixel it starts at; with whole
// advances every glyph of a label starts at the same fraction as the
// label, so a letter is rasterised once instead of up to eight times
// (a third as many glyph images on the first screen).
type wholeAdvances struct{ font.Face }

func roundPixel(x fixed.Int26_6) fixed.Int26_6 { return (x + 32) &^ 63 }

func (f wholeAdvances) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	dr, mask, mp, adv, ok := f.Face.Glyph(dot, r)
	return dr, mask, mp, roundPixel(adv), ok
}

func (f wholeAdvances) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	b, adv, ok := f.Face.GlyphBounds(r)
	return b, roundPixel(adv), ok
}

func (f wholeAdvances) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	adv, ok := f.Face.GlyphAdvance(r)
	return roundPixel(adv), ok
}

func (f wholeAdvances) Kern(r0, r1 rune) fixed.Int26_6 { return roundPixel(f.Face.Kern(r0, r1)) }

// NewFonts makes the faces for a layout scale (screen pixels per design
// pixel); allBold sets every face in bold, for the projector theme.
func NewFonts(scale float64, allBold bool) Fonts {
	reg, bold := fontSources()
	face := func(src *opentype.Font, size float64) text.Face { return newFace(src, size*scale) }
	if allBold {
		reg = bold
	}
	return Fonts{
		Title:     face(bold, geom.SizeTitle),
		Heading:   face(bold, geom.SizeHeading),
		Body:      face(reg, geom.SizeBody),
		BodyBold:  face(bold, geom.SizeBody),
		Small:     face(reg, geom.SizeSmall),
		SmallBold: face(bold, geom.SizeSmall),
		Big:       face(bold, geom.SizeBig),
	}
}

// Face is the face for a role of text.
func (f Fonts) Face(role panel.Font) text.Face {
	faces := [...]text.Face{panel.Small: f.Small, panel.SmallBold: f.SmallBold, panel.Body: f.Body,
		panel.BodyBold: f.BodyBold, panel.Heading: f.Heading, panel.Title: f.Title, panel.Big: f.Big}
	if int(role) < len(faces) {
		return faces[role]
	}
	return f.Small
}

// RegularFace is the regular font at size pixels.
func RegularFace(size float64) text.Face {
	reg, _ := fontSources()
	return newFace(reg, size)
}
