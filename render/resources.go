// Package render draws a sim.Result: the ring, the load bars, the numbers,
// the exercise's table and the CV-against-V chart. It never simulates.
package render

import (
	"image/color"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"

	"vnodes/assets"
	"vnodes/render/geom"
)

// Palette is one colour scheme. Node colours start with the Okabe-Ito set,
// which stays distinguishable for the common forms of colour blindness, and
// continue with Paul Tol's; labels on bars and tooltips back them up.
type Palette struct {
	Background, Panel, PanelEdge, Text, Muted, Accent, Grid, Highlight, Warning color.NRGBA
	Nodes                                                                       []color.NRGBA
	Projector                                                                   bool // thicker lines, larger text
}

func hex(v uint32) color.NRGBA {
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

var nodeColors = []color.NRGBA{
	hex(0xE69F00), hex(0x56B4E9), hex(0x009E73), hex(0xF0E442), hex(0x0072B2),
	hex(0xD55E00), hex(0xCC79A7), hex(0xBBBBBB), hex(0x44AA99), hex(0xAA4499),
	hex(0x999933), hex(0x882255), hex(0x88CCEE), hex(0xDDCC77), hex(0x117733),
	hex(0x6699CC),
}

var darkPalette = Palette{
	Background: hex(0x12151C), Panel: hex(0x1C2230), PanelEdge: hex(0x323B50),
	Text: hex(0xF4F6FA), Muted: hex(0xA9B2C3), Accent: hex(0xFFD166), Grid: hex(0x3A4459),
	Highlight: hex(0x2E3A55), Warning: hex(0xFF8A5B), Nodes: nodeColors,
}

var lightPalette = Palette{
	Background: hex(0xFAFAF7), Panel: hex(0xFFFFFF), PanelEdge: hex(0xC9CED8),
	Text: hex(0x111418), Muted: hex(0x4A5263), Accent: hex(0xB35900), Grid: hex(0xC9CED8),
	Highlight: hex(0xFFE7B8), Warning: hex(0xB3261E), Nodes: nodeColors,
}

// DarkPalette suits a dim room and most projectors; LightPalette a bright room.
func DarkPalette() *Palette  { return &darkPalette }
func LightPalette() *Palette { return &lightPalette }

// NodeColor is node i's colour; colours repeat past the palette's length,
// where the labels tell nodes apart.
func (p *Palette) NodeColor(i int) color.NRGBA { return p.Nodes[i%len(p.Nodes)] }

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
			panic("render: embedded regular font is unreadable: " + err.Error())
		}
		if boldSrc, err = opentype.Parse(assets.Bold); err != nil {
			panic("render: embedded bold font is unreadable: " + err.Error())
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
// smoothly with the window.
func newFace(src *opentype.Font, size float64) text.Face {
	face, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: cannot make a font face: " + err.Error())
	}
	return text.NewGoXFace(face)
}

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
