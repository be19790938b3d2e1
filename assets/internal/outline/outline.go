// Package outline writes the app's fonts in the compact form that
// assets/fontface reads: each character's advance and outline in font units,
// as x/image's sfnt reads them from the TrueType file. The app then needs
// no TrueType parser at run time (sfnt and the text encodings it imports
// are about 200 kB of WebAssembly), and it keeps only the characters it
// prints. fontface documents the format.
package outline

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Magic starts every file; fontface checks it.
const Magic = "VNOUTL1\n"

// Encode writes ttf's metrics, the glyph for a missing character, and the
// advance and outline of each of runes.
func Encode(ttf []byte, runes []rune) ([]byte, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("outline: %w", err)
	}
	var buf sfnt.Buffer
	// At a size of one font unit per 1/64 pixel, sfnt's scaling is the
	// identity, so what it returns is the font's own units (with Y pointing
	// down), and fontface can scale them exactly as sfnt would.
	unit := fixed.Int26_6(f.UnitsPerEm())
	m, err := f.Metrics(&buf, unit, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("outline: %w", err)
	}
	out := []byte(Magic)
	for _, v := range []int{int(f.UnitsPerEm()), int(m.Height), int(m.Ascent), int(m.Descent), int(m.XHeight), int(m.CapHeight), m.CaretSlope.X, m.CaretSlope.Y} {
		if v < math.MinInt16 || v > math.MaxInt16 {
			return nil, fmt.Errorf("outline: metric %d does not fit 16 bits", v)
		}
		out = binary.LittleEndian.AppendUint16(out, uint16(int16(v)))
	}

	sorted := slices.Clone(runes)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	if len(sorted) > 0xFFFF {
		return nil, fmt.Errorf("outline: %d characters; the format holds at most 65535", len(sorted))
	}
	if err := refuseKerning(f, &buf, sorted); err != nil {
		return nil, err
	}
	out = binary.LittleEndian.AppendUint16(out, uint16(len(sorted)))
	// .notdef (rune 0 here) first, for characters the file lacks.
	for i, r := range append([]rune{0}, sorted...) {
		g := sfnt.GlyphIndex(0)
		if i > 0 {
			if r <= 0 || r > 0xFFFF || (r >= 0xD800 && r <= 0xDFFF) {
				return nil, fmt.Errorf("outline: %U is not a character of the 16-bit range the format holds", r)
			}
			if g, err = f.GlyphIndex(&buf, r); err != nil || g == 0 {
				return nil, fmt.Errorf("outline: the font has no glyph for %q (%U)", r, r)
			}
		}
		adv, err := f.GlyphAdvance(&buf, g, unit, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("outline: %U: %w", r, err)
		}
		segs, err := f.LoadGlyph(&buf, g, unit, nil)
		if err != nil {
			return nil, fmt.Errorf("outline: %U: %w", r, err)
		}
		out = binary.LittleEndian.AppendUint16(out, uint16(r))
		out = binary.LittleEndian.AppendUint16(out, uint16(adv))
		if len(segs) > 0xFFFF {
			return nil, fmt.Errorf("outline: %U has more segments than the format holds", r)
		}
		out = binary.LittleEndian.AppendUint16(out, uint16(len(segs)))
		for _, s := range segs {
			out = append(out, byte(s.Op))
			for _, p := range s.Args[:points(s.Op)] {
				if p.X < math.MinInt16 || p.X > math.MaxInt16 || p.Y < math.MinInt16 || p.Y > math.MaxInt16 {
					return nil, fmt.Errorf("outline: %U has a point outside 16 bits", r)
				}
				out = binary.LittleEndian.AppendUint16(out, uint16(int16(p.X)))
				out = binary.LittleEndian.AppendUint16(out, uint16(int16(p.Y)))
			}
		}
	}
	return out, nil
}

// points is how many points a segment of this kind carries.
func points(op sfnt.SegmentOp) int {
	switch op {
	case sfnt.SegmentOpQuadTo:
		return 2
	case sfnt.SegmentOpCubeTo:
		return 3
	}
	return 1
}

// refuseKerning fails for a font that kerns any pair of the characters:
// the format (and so fontface) has no kerning, and would draw them apart
// from opentype.
func refuseKerning(f *sfnt.Font, buf *sfnt.Buffer, runes []rune) error {
	glyphs := make([]sfnt.GlyphIndex, 0, len(runes))
	for _, r := range runes {
		if g, err := f.GlyphIndex(buf, r); err == nil && g != 0 {
			glyphs = append(glyphs, g)
		}
	}
	unit := fixed.Int26_6(f.UnitsPerEm())
	for _, a := range glyphs {
		for _, b := range glyphs {
			if k, err := f.Kern(buf, a, b, unit, font.HintingNone); err == nil && k != 0 {
				return errors.New("outline: the font kerns some of the characters, which the format cannot keep")
			}
		}
	}
	return nil
}
