package render

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/sim/view"
)

// drawNumbers shows the statistics: the selected seed on the left, the
// 20-seed average (the exercise's figures) on the right.
func (s *Scene) drawNumbers(dst *ebiten.Image) {
	l, res := s.layout, s.result
	box := l.Numbers
	panel(dst, box, s.pal, l.Scale)
	pad := 14 * l.Scale
	colW := (box.W - 2*pad) / 2
	x0, x1 := box.X+pad, box.X+pad+colW
	y := box.Y + pad
	drawText(dst, fmt.Sprintf("Seed %d", res.Ring.Seed), s.fonts.Heading, x0, y, TopLeft, s.pal.Text)
	drawText(dst, fmt.Sprintf("Mean of seeds 0–%d", view.Seeds-1), s.fonts.Heading, x1, y, TopLeft, s.pal.Accent)
	row := func(col float64, i int, label, value string) {
		yy := y + 40*l.Scale + float64(i)*38*l.Scale
		drawText(dst, label, s.fonts.Small, col, yy, TopLeft, s.pal.Muted)
		drawText(dst, value, s.fonts.BodyBold, col+colW-pad, yy, TopRight, s.pal.Text)
	}
	v := float64(res.Params.V)
	row(x0, 0, "busiest / mean", fmt.Sprintf("%.3f", res.Ring.Stats.Imbalance))
	row(x0, 1, "CV", fmt.Sprintf("%.3f", res.Ring.Stats.CV))
	row(x1, 0, "busiest / mean", fmt.Sprintf("%.3f", res.Average.Imbalance))
	row(x1, 1, "CV", fmt.Sprintf("%.3f", res.Average.CV))
	row(x1, 2, "1/√V", fmt.Sprintf("%.3f", 1/math.Sqrt(v)))
	row(x1, 3, "CV·√V", fmt.Sprintf("%.3f", res.Average.CV*math.Sqrt(v)))
	note := "CV = spread of the loads\n(std / mean)"
	drawText(dst, note, s.fonts.Small, x0, y+40*l.Scale+2*38*l.Scale, TopLeft, s.pal.Muted)
}
