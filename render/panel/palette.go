package panel

import (
	"image/color"
	"math"
)

// Palette is one colour scheme. Node colours start with the Okabe–Ito set,
// which stays distinguishable for the common forms of colour blindness,
// and go on with Paul Tol's; names on bars and tooltips back them up.
type Palette struct {
	Background, Panel, PanelEdge, Text, Muted, Accent, Grid, Highlight, Warning color.NRGBA
	Nodes                                                                       []color.NRGBA
	// Projector: thicker lines and bold text throughout, for washed-out
	// classroom projectors. (Text keeps its size: the layout is measured
	// for it, and the labels test shows nothing collides.)
	Projector bool
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

// projectorPalette is pure black and white with the strongest accents.
var projectorPalette = Palette{
	Background: hex(0x000000), Panel: hex(0x0B0B0B), PanelEdge: hex(0x8A8A8A),
	Text: hex(0xFFFFFF), Muted: hex(0xD6D6D6), Accent: hex(0xFFD21F), Grid: hex(0x6E6E6E),
	Highlight: hex(0x303030), Warning: hex(0xFF9966), Nodes: nodeColors, Projector: true,
}

// DarkPalette suits a dim room and most projectors, LightPalette a bright
// room, ProjectorPalette a washed-out projector.
func DarkPalette() *Palette      { return &darkPalette }
func LightPalette() *Palette     { return &lightPalette }
func ProjectorPalette() *Palette { return &projectorPalette }

// NodeColor is node i's colour; colours repeat past the palette's length,
// where the names tell nodes apart.
func (p *Palette) NodeColor(i int) color.NRGBA { return p.Nodes[i%len(p.Nodes)] }

// LineScale is how much thicker the theme draws lines.
func (p *Palette) LineScale() float64 {
	if p.Projector {
		return 1.6
	}
	return 1
}

// Dim mixes c towards the background bg, keeping keep of it: its hue stays
// recognisable.
func Dim(c, bg color.NRGBA, keep float64) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8(float64(a)*keep + float64(b)*(1-keep)) }
	return color.NRGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
}

// WithAlpha is c with opacity a.
func WithAlpha(c color.NRGBA, a uint8) color.NRGBA {
	c.A = a
	return c
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
