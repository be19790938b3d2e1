package render

import (
	"image/color"
	"math"
)

// projectorPalette is for washed-out classroom projectors: pure black and
// white with the strongest accents, and (see Palette.Projector) thicker
// lines and bold text throughout, so the figures read from the back row.
// (Text stays the same size: the layout is measured for it, and the
// labels test proves that nothing collides at that size.)
var projectorPalette = Palette{
	Background: hex(0x000000), Panel: hex(0x0B0B0B), PanelEdge: hex(0x8A8A8A),
	Text: hex(0xFFFFFF), Muted: hex(0xD6D6D6), Accent: hex(0xFFD21F), Grid: hex(0x6E6E6E),
	Highlight: hex(0x303030), Warning: hex(0xFF9966), Nodes: nodeColors, Projector: true,
}

// ProjectorPalette is the high-contrast theme for projectors.
func ProjectorPalette() *Palette { return &projectorPalette }

// projectorLineScale thickens lines in the projector theme.
const projectorLineScale = 1.6

func (p *Palette) lineScale() float64 {
	if p.Projector {
		return projectorLineScale
	}
	return 1
}

// relativeLuminance is WCAG 2.1's luminance of an sRGB colour.
func relativeLuminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// ContrastRatio is WCAG 2.1's contrast between two opaque colours, from 1
// (none) to 21 (black on white). Text needs 4.5 for level AA.
func ContrastRatio(a, b color.NRGBA) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}
