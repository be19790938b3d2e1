package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render/geom"
)

// figures is what a view shows in its part of the right column
// (Layout.ViewFigures): one grid, so that every figure sits under its
// column's heading, whose first lines are the selected seed (and a
// reference such as the ideal), then a caption and a row of means over the
// seeds per V of the exercise, the current V highlighted.
type figures struct {
	groups   []figureGroup // optional headings over runs of value columns
	heads    []string      // the value columns' headings
	accent   int           // the heading written in the accent colour, when accentOn
	accentOn bool
	cols     []float64   // right edges of the value columns, fractions of the inner width
	top      []figureRow // the selected seed's figures and references
	caption  string      // above the rows
	rows     []figureRow // the means per V
	current  int         // the row of the current V, or -1
	working  bool        // the rows are still being worked out
}

type figureGroup struct {
	text       string
	first, end int // the value columns it spans, [first, end)
}

type figureRow struct {
	label string
	cells []string
	muted bool // a reference rather than a measurement
}

// drawFigures lays out f in the view's figure area, lines shrinking to fit.
func (s *Scene) drawFigures(dst *ebiten.Image, f figures) {
	l := s.layout
	box := l.ViewFigures
	panel(dst, box, s.pal, l.Scale)
	pad := 10 * l.Scale
	inner := geom.Rect{X: box.X + pad, Y: box.Y + pad/2, W: box.W - 2*pad, H: box.H - pad}
	colX := func(i int) float64 { return inner.X + f.cols[i]*inner.W }
	small, bold := s.fonts.Small, s.fonts.SmallBold
	lines := len(f.top) + 1 + len(f.rows)
	if len(f.groups) > 0 {
		lines++
	}
	if f.caption != "" {
		lines++
	}
	if f.working {
		lines += 2 - len(f.rows)
	}
	lineH := min(24*l.Scale, inner.H/float64(lines))
	y := inner.Y
	mid := func() float64 { return y + lineH/2 }
	if len(f.groups) > 0 {
		for _, g := range f.groups {
			// From just past the column before the group to its last column.
			x0 := inner.X + 0.6*f.cols[0]*inner.W
			if g.first > 0 {
				x0 = colX(g.first-1) + 8*l.Scale
			}
			x1 := colX(g.end - 1)
			s.line(dst, x0, y+lineH, x1, y+lineH, max(1, l.Scale), s.pal.PanelEdge)
			s.drawText(dst, g.text, small, (x0+x1)/2, mid(), center, s.pal.Muted)
		}
		y += lineH
	}
	for i, h := range f.heads {
		if i == f.accent && f.accentOn {
			s.drawText(dst, h, bold, colX(i), mid(), middleRight, s.pal.Accent)
		} else {
			s.drawText(dst, h, small, colX(i), mid(), middleRight, s.pal.Muted)
		}
	}
	y += lineH
	row := func(r figureRow, face text.Face, c color.Color) {
		s.drawText(dst, r.label, face, inner.X, mid(), middleLeft, c)
		for i, cell := range r.cells {
			s.drawText(dst, cell, face, colX(i), mid(), middleRight, c)
		}
		y += lineH
	}
	for _, r := range f.top {
		if r.muted {
			row(r, small, s.pal.Muted)
		} else {
			row(r, bold, s.pal.Text)
		}
	}
	s.line(dst, inner.X, y+1*l.Scale, inner.X+inner.W, y+1*l.Scale, max(1, l.Scale), s.pal.PanelEdge)
	if f.caption != "" {
		s.drawText(dst, f.caption, small, inner.X, mid(), middleLeft, s.pal.Accent)
		y += lineH
	}
	if f.working {
		s.drawText(dst, "working…", small, inner.CenterX(), y+lineH, center, s.pal.Muted)
		return
	}
	for i, r := range f.rows {
		if i == f.current {
			fillRect(dst, geom.Rect{X: box.X + 4*l.Scale, Y: y, W: box.W - 8*l.Scale, H: lineH}, s.pal.Highlight)
			row(r, bold, s.pal.Text)
		} else {
			row(r, small, s.pal.Text)
		}
	}
}

// legendKind is the little picture in front of a legend's words.
type legendKind uint8

const (
	legendFill       legendKind = iota // a filled square (two colours: split in half)
	legendOutline                      // an empty square
	legendDashed                       // a dashed line
	legendDotted                       // a dotted line
	legendPale                         // a wide pale bar with a narrow one in front
	legendDot                          // a dot with a ring round it
	legendHollow                       // an empty circle
	legendMark                         // a small triangle pointing down
	legendHollowMark                   // the same, empty
)

type legendItem struct {
	kind legendKind
	col  color.NRGBA
	col2 color.NRGBA // legendFill: the other half; legendPale: the narrow bar
	text string
}

// drawLegend writes items left to right from (x, y), starting a new line
// when one would pass x+width.
func (s *Scene) drawLegend(dst *ebiten.Image, x, y, width float64, items []legendItem) {
	l := s.layout
	face := s.fonts.Small
	sw := 16 * l.Scale // the picture's size
	gap := 18 * l.Scale
	lineH := 24 * l.Scale
	cx := x
	for _, it := range items {
		w := sw + 6*l.Scale + textWidth(it.text, face)
		if cx > x && cx+w > x+width {
			cx, y = x, y+lineH
		}
		s.drawLegendMark(dst, it, geom.Rect{X: cx, Y: y + (lineH-sw)/2 - 2*l.Scale, W: sw, H: sw})
		s.drawText(dst, it.text, face, cx+sw+6*l.Scale, y+lineH/2-2*l.Scale, middleLeft, s.pal.Text)
		cx += w + gap
	}
}

func (s *Scene) drawLegendMark(dst *ebiten.Image, it legendItem, r geom.Rect) {
	lw := max(1, s.layout.Scale)
	switch it.kind {
	case legendFill:
		fillRect(dst, r, it.col)
		if it.col2.A != 0 {
			fillRect(dst, geom.Rect{X: r.CenterX(), Y: r.Y, W: r.W / 2, H: r.H}, it.col2)
		}
	case legendOutline:
		strokeRect(dst, geom.Rect{X: r.X + lw, Y: r.Y + lw, W: r.W - 2*lw, H: r.H - 2*lw}, 2*lw, it.col)
	case legendDashed:
		dashedLine(dst, r.X, r.CenterY(), r.X+r.W, r.CenterY(), 2.5*lw, 5*lw, it.col)
	case legendDotted:
		dashedLine(dst, r.X, r.CenterY(), r.X+r.W, r.CenterY(), 2.5*lw, 2*lw, it.col)
	case legendPale:
		fillRect(dst, r, it.col)
		fillRect(dst, geom.Rect{X: r.X + r.W*0.3, Y: r.Y, W: r.W * 0.4, H: r.H}, it.col2)
	case legendDot:
		smoothDisc(dst, r.CenterX(), r.CenterY(), r.W*0.4, s.pal.Text)
		smoothDisc(dst, r.CenterX(), r.CenterY(), r.W*0.4-2*lw, it.col)
	case legendHollow:
		smoothRing(dst, r.CenterX(), r.CenterY(), r.W*0.35, 2*lw, it.col)
	case legendMark, legendHollowMark:
		xs := []float64{r.X + r.W*0.15, r.X + r.W*0.85, r.CenterX()}
		ys := []float64{r.Y + r.H*0.2, r.Y + r.H*0.2, r.Y + r.H*0.85}
		if it.kind == legendMark {
			smoothConvex(dst, xs, ys, it.col)
		} else {
			smoothConvexOutline(dst, xs, ys, 2*lw, it.col)
		}
	}
}
