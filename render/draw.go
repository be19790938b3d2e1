package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"vnodes/render/geom"
)

// align says which point of the text (x, y) refers to.
type align struct{ H, V text.Align }

var (
	topLeft      = align{text.AlignStart, text.AlignStart}
	topCenter    = align{text.AlignCenter, text.AlignStart}
	topRight     = align{text.AlignEnd, text.AlignStart}
	middleLeft   = align{text.AlignStart, text.AlignCenter}
	center       = align{text.AlignCenter, text.AlignCenter}
	middleRight  = align{text.AlignEnd, text.AlignCenter}
	bottomLeft   = align{text.AlignStart, text.AlignEnd}
	bottomCenter = align{text.AlignCenter, text.AlignEnd}
	bottomRight  = align{text.AlignEnd, text.AlignEnd}
)

// drawText writes s (which may hold several lines) with the given alignment.
func drawText(dst *ebiten.Image, s string, face text.Face, x, y float64, a align, c color.Color) {
	flushShapes()
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign, op.SecondaryAlign = a.H, a.V
	op.LineSpacing = face.Metrics().HAscent + face.Metrics().HDescent + face.Metrics().HLineGap
	text.Draw(dst, s, face, op)
}

func fillRect(dst *ebiten.Image, r geom.Rect, c color.Color) {
	flushShapes()
	vector.FillRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), c, false)
}

func strokeRect(dst *ebiten.Image, r geom.Rect, width float64, c color.Color) {
	smoothFrame(dst, r.X, r.Y, r.W, r.H, width, c)
}

func line(dst *ebiten.Image, x0, y0, x1, y1, width float64, c color.Color) {
	smoothLine(dst, x0, y0, x1, y1, width, c)
}

// dashedLine draws a dashed line; dash is the length of one dash and gap.
func dashedLine(dst *ebiten.Image, x0, y0, x1, y1, width, dash float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	length := math.Hypot(dx, dy)
	if length == 0 {
		return
	}
	for t := 0.0; t < length; t += 2 * dash {
		e := min(t+dash, length)
		line(dst, x0+dx*t/length, y0+dy*t/length, x0+dx*e/length, y0+dy*e/length, width, c)
	}
}

// panel draws a rounded-looking card: a filled rectangle with a thin edge.
func panel(dst *ebiten.Image, r geom.Rect, p *Palette, scale float64) {
	fillRect(dst, r, p.Panel)
	strokeRect(dst, r, max(1, scale), p.PanelEdge)
}

func withAlpha(c color.NRGBA, a uint8) color.NRGBA {
	c.A = a
	return c
}
