package render

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// drawTable shows the exercise's table for the current N and assignment,
// with the current V's row highlighted.
func (s *Scene) drawTable(dst *ebiten.Image) {
	if s.view.Chart == ChartLaw && s.view.Mode == ModeSpread {
		return // the large CV·√V chart takes its place
	}
	l := s.layout
	box := l.Table
	panel(dst, box, s.pal, l.Scale)
	pad := 12 * l.Scale
	cols := []float64{0.16, 0.48, 0.74, 0.98} // right edges, as fractions of the width
	colX := func(i int) float64 { return box.X + pad + cols[i]*(box.W-2*pad) }
	header := []string{"V", "busiest/mean", "CV", "1/√V"} // each a mean over seeds 0..19
	y := box.Y + pad
	for i, h := range header {
		s.drawText(dst, h, s.fonts.Small, colX(i), y, topRight, s.pal.Muted)
	}
	rowH := min(28*l.Scale, (box.H-2*pad-30*l.Scale)/float64(max(1, len(s.table))))
	y += 30 * l.Scale
	for _, r := range s.table {
		current := r.V == s.result.Params.V
		face, c := s.fonts.Small, s.pal.Text
		if current {
			fillRect(dst, geom.Rect{X: box.X + 4*l.Scale, Y: y - 2*l.Scale, W: box.W - 8*l.Scale, H: rowH}, s.pal.Highlight)
			face = s.fonts.BodyBold
		}
		cells := []string{fmt.Sprint(r.V), fmt.Sprintf("%.3f", r.Imbalance), fmt.Sprintf("%.3f", r.CV), fmt.Sprintf("%.3f", 1/math.Sqrt(float64(r.V)))}
		for i, cell := range cells {
			s.drawText(dst, cell, face, colX(i), y+rowH/2-2*l.Scale, middleRight, c)
		}
		y += rowH
	}
}
