package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// drawNumbers shows the statistics as a small table: the selected seed, and
// the mean over seeds 0..19, which are the exercise's figures.
func (s *Scene) drawNumbers(dst *ebiten.Image) {
	l, res := s.layout, s.result
	box := l.Numbers
	panel(dst, box, s.pal, l.Scale)
	pad := 14 * l.Scale
	seedX := box.X + box.W*0.66 // right edges of the two value columns
	meanX := box.X + box.W - pad
	y := box.Y + pad
	s.drawText(dst, fmt.Sprintf("seed %d", res.Ring.Seed), s.fonts.BodyBold, seedX, y, topRight, s.pal.Text)
	s.drawText(dst, fmt.Sprintf("seeds 0–%d", res.Params.Seeds-1), s.fonts.BodyBold, meanX, y, topRight, s.pal.Accent)
	v := float64(res.Params.V)
	rows := []struct {
		label, seed, mean string
	}{
		{"busiest / mean", f3(res.Ring.Stats.Imbalance), f3(res.Average.Imbalance)},
		{"CV", f3(res.Ring.Stats.CV), f3(res.Average.CV)},
		{"1/√V", "", f3(1 / math.Sqrt(v))},
		{"CV·√V", f3(res.Ring.Stats.CV * math.Sqrt(v)), f3(res.Average.CV * math.Sqrt(v))},
	}
	rowH := 31 * l.Scale
	y += 28 * l.Scale
	for i, r := range rows {
		yy := y + (float64(i)+0.5)*rowH
		s.drawText(dst, r.label, s.fonts.Small, box.X+pad, yy, middleLeft, s.pal.Muted)
		s.drawText(dst, r.seed, s.fonts.BodyBold, seedX, yy, middleRight, color.Color(s.pal.Text))
		s.drawText(dst, r.mean, s.fonts.BodyBold, meanX, yy, middleRight, s.pal.Text)
	}
	s.drawText(dst, "CV: standard deviation of the loads ÷ their mean", s.fonts.Small, box.X+pad, box.Y+box.H-pad, bottomLeft, s.pal.Muted)
}

func f3(x float64) string { return fmt.Sprintf("%.3f", x) }
