// Package fontface draws text from the app's compact font files (written by
// assets/internal/outline) as golang.org/x/image/font faces, which ebiten's
// text.GoXFace draws. It scales and rasterises exactly as x/image's
// opentype faces do for the same TrueType font, so each character the file
// holds is drawn pixel for pixel as with the full font (the tests compare
// every one at six sizes and three sub-pixel positions), without linking
// a TrueType parser into the WebAssembly build. Characters the file lacks
// get the missing-character box, as opentype gives them.
//
// The format, little-endian: the magic "VNOUTL1\n"; int16 units per em
// (16 to 16384),
// height, ascent, descent, x-height, cap height, caret slope x and y (in
// font units); uint16 count; then count+1 glyphs, the first being the one
// shown for characters the file lacks: uint16 rune, uint16 advance,
// uint16 segment count, and per segment a byte op (0 move, 1 line,
// 2 quadratic, 3 cubic) followed by 1, 1, 2 or 3 points of int16 x, y in
// font units with y pointing down.
package fontface

import (
	"encoding/binary"
	"errors"
	"image"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

const magic = "VNOUTL1\n"

const (
	opMove = iota
	opLine
	opQuad
	opCube
)

type segment struct {
	op  byte
	pts [3]fixed.Point26_6 // in font units
}

type glyph struct {
	advance  fixed.Int26_6 // in font units
	segments []segment
}

// Font is a parsed font file, shared by its faces.
type Font struct {
	unitsPerEm                                  fixed.Int26_6
	height, ascent, descent, xHeight, capHeight fixed.Int26_6
	caret                                       image.Point
	glyphs                                      []glyph // glyphs[0] is for missing characters
	index                                       map[rune]int
}

var errFormat = errors.New("fontface: not a font file written by assets/internal/outline")

// Parse reads a font file.
func Parse(data []byte) (*Font, error) {
	if len(data) < len(magic)+18 || string(data[:len(magic)]) != magic {
		return nil, errFormat
	}
	p := data[len(magic):]
	i16 := func() int {
		v := int(int16(binary.LittleEndian.Uint16(p)))
		p = p[2:]
		return v
	}
	f := &Font{index: map[rune]int{}}
	f.unitsPerEm = fixed.Int26_6(i16())
	f.height, f.ascent, f.descent = fixed.Int26_6(i16()), fixed.Int26_6(i16()), fixed.Int26_6(i16())
	f.xHeight, f.capHeight = fixed.Int26_6(i16()), fixed.Int26_6(i16())
	f.caret.X, f.caret.Y = i16(), i16()
	count := int(uint16(i16()))
	if f.unitsPerEm < 16 || f.unitsPerEm > 16384 || len(p) < 6*(count+1) { // TrueType's range; 6 bytes a glyph at least
		return nil, errFormat
	}
	f.glyphs = make([]glyph, count+1)
	for g := range f.glyphs {
		if len(p) < 6 {
			return nil, errFormat
		}
		r, advance, n := rune(uint16(i16())), fixed.Int26_6(uint16(i16())), int(uint16(i16()))
		if len(p) < 5*n { // a segment takes at least 5 bytes
			return nil, errFormat
		}
		segs := make([]segment, n)
		for s := range segs {
			if len(p) < 1 {
				return nil, errFormat
			}
			op := p[0]
			p = p[1:]
			if op > opCube || len(p) < 4*pointsOf(op) {
				return nil, errFormat
			}
			segs[s].op = op
			for k := range pointsOf(op) {
				segs[s].pts[k].X = fixed.Int26_6(i16())
				segs[s].pts[k].Y = fixed.Int26_6(i16())
			}
		}
		f.glyphs[g] = glyph{advance, segs}
		if g > 0 {
			f.index[r] = g
		}
	}
	if len(p) != 0 {
		return nil, errFormat
	}
	return f, nil
}

func pointsOf(op byte) int {
	switch op {
	case opQuad:
		return 2
	case opCube:
		return 3
	}
	return 1
}

// Has reports whether the file draws r (and not the missing-character box).
func (f *Font) Has(r rune) bool { _, ok := f.index[r]; return ok }

// Options are a face's size, as opentype.FaceOptions has them.
type Options struct {
	Size, DPI float64
	Hinting   font.Hinting
}

// NewFace returns a face of f at one size. Like opentype's faces it keeps
// scratch buffers, so one face serves one goroutine at a time.
func (f *Font) NewFace(o Options) font.Face {
	return &face{f: f, hinting: o.Hinting, ppem: fixed.Int26_6(0.5 + o.Size*o.DPI*64/72)}
}

type face struct {
	f       *Font
	hinting font.Hinting
	ppem    fixed.Int26_6
	scaled  []segment // scratch: the glyph being drawn, in 26.6 pixels
	rast    vector.Rasterizer
	mask    image.Alpha
}

// scale is sfnt's rounding of font units to 26.6 pixels at ppem.
func (a *face) scale(v fixed.Int26_6) fixed.Int26_6 {
	v *= a.ppem
	half := a.f.unitsPerEm / 2
	if v >= 0 {
		v += half
	} else {
		v -= half
	}
	return v / a.f.unitsPerEm
}

func (a *face) Close() error { return nil }

func (a *face) Metrics() font.Metrics {
	f := a.f
	m := font.Metrics{
		Height: a.scale(f.height), Ascent: a.scale(f.ascent), Descent: a.scale(f.descent),
		XHeight: a.scale(f.xHeight), CapHeight: a.scale(f.capHeight), CaretSlope: f.caret,
	}
	if a.hinting == font.HintingFull {
		m.Height = (m.Height + 63) &^ 63
		m.Ascent = (m.Ascent + 63) &^ 63
		m.Descent = (m.Descent + 63) &^ 63
		m.XHeight = (m.XHeight + 63) &^ 63
		m.CapHeight = (m.CapHeight + 63) &^ 63
	}
	return m
}

// Kern is zero: the format has no kerning (outline.Encode refuses a font
// that kerns the characters it writes).
func (a *face) Kern(r0, r1 rune) fixed.Int26_6 { return 0 }

// lookup returns r's glyph, or the missing-character glyph and false.
func (a *face) lookup(r rune) (*glyph, bool) {
	g, ok := a.f.index[r]
	return &a.f.glyphs[g], ok
}

func (a *face) advance(g *glyph) fixed.Int26_6 {
	adv := a.scale(g.advance)
	if a.hinting == font.HintingFull {
		adv = (adv + 32) &^ 63
	}
	return adv
}

// outline scales g's segments to pixels and returns them with their bounds.
func (a *face) outline(g *glyph) ([]segment, fixed.Rectangle26_6) {
	a.scaled = append(a.scaled[:0], g.segments...)
	var b fixed.Rectangle26_6
	if len(a.scaled) == 0 {
		return a.scaled, b
	}
	b.Min = fixed.Point26_6{X: 1<<31 - 1, Y: 1<<31 - 1}
	b.Max = fixed.Point26_6{X: -1 << 31, Y: -1 << 31}
	for i := range a.scaled {
		s := &a.scaled[i]
		for k := range pointsOf(s.op) {
			p := &s.pts[k]
			p.X, p.Y = a.scale(p.X), a.scale(p.Y)
			b.Min.X, b.Max.X = min(b.Min.X, p.X), max(b.Max.X, p.X)
			b.Min.Y, b.Max.Y = min(b.Min.Y, p.Y), max(b.Max.Y, p.Y)
		}
	}
	return a.scaled, b
}

func (a *face) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	g, ok := a.lookup(r)
	_, bounds := a.outline(g)
	return bounds, a.advance(g), ok
}

func (a *face) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	g, ok := a.lookup(r)
	return a.advance(g), ok
}

// maxMaskPixels bounds a glyph's mask (a 4096-pixel square), so that a
// damaged file cannot ask for gigabytes.
const maxMaskPixels = 1 << 24

// Glyph rasterises r at dot into a mask the face reuses on its next call.
func (a *face) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	g, ok := a.lookup(r)
	segs, bounds := a.outline(g)
	bounds = bounds.Add(dot)
	dr := image.Rect(bounds.Min.X.Floor(), bounds.Min.Y.Floor(), bounds.Max.X.Ceil(), bounds.Max.Y.Ceil())
	w, h := dr.Dx(), dr.Dy()
	if w < 0 || h < 0 || w*h > maxMaskPixels {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	biasX := dot.X - fixed.Int26_6(dr.Min.X<<6)
	biasY := dot.Y - fixed.Int26_6(dr.Min.Y<<6)
	px := func(p fixed.Point26_6) (float32, float32) {
		return float32(p.X+biasX) / 64, float32(p.Y+biasY) / 64
	}
	if cap(a.mask.Pix) < w*h {
		a.mask.Pix = make([]uint8, 2*w*h)
	}
	a.mask.Pix = a.mask.Pix[:w*h]
	a.mask.Stride = w
	a.mask.Rect = image.Rect(0, 0, w, h)
	a.rast.Reset(w, h)
	a.rast.DrawOp = draw.Src
	for _, s := range segs {
		x0, y0 := px(s.pts[0])
		switch s.op {
		case opMove:
			a.rast.MoveTo(x0, y0)
		case opLine:
			a.rast.LineTo(x0, y0)
		case opQuad:
			x1, y1 := px(s.pts[1])
			a.rast.QuadTo(x0, y0, x1, y1)
		case opCube:
			x1, y1 := px(s.pts[1])
			x2, y2 := px(s.pts[2])
			a.rast.CubeTo(x0, y0, x1, y1, x2, y2)
		}
	}
	a.rast.Draw(&a.mask, a.mask.Bounds(), image.Opaque, image.Point{})
	return dr, &a.mask, image.Point{}, a.advance(g), ok
}
