package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/sim"
)

// drawNumbers shows the statistics as a small table: the selected seed, and
// the mean over seeds 0..19, which are the exercise's figures.
func (s *Scene) drawNumbers(dst *ebiten.Image) {
	l, res := s.layout, s.result
	box := l.Numbers
	panel(dst, box, s.pal, l.Scale)
	pad := 14 * l.Scale
	seedX := box.X + box.W*0.52 // right edges of the three value columns
	meanX := box.X + box.W*0.77
	lawX := box.X + box.W - pad
	y := box.Y + pad
	s.drawText(dst, fmt.Sprintf("seed %d", res.Ring.Seed), s.fonts.BodyBold, seedX, y, topRight, s.pal.Text)
	s.drawText(dst, fmt.Sprintf("%d seeds", res.Params.Seeds), s.fonts.BodyBold, meanX, y, topRight, s.pal.Accent)
	s.drawText(dst, "law", s.fonts.BodyBold, lawX, y, topRight, s.pal.Muted)
	n, v := res.Params.Nodes, res.Params.V
	sqrtV := math.Sqrt(float64(v))
	law := sim.TheoryCV(n, v)
	busiestLaw := "" // known in closed form for one range per node
	if v == 1 {
		busiestLaw = f3(sim.TheoryBusiestOneRange(n))
	}
	rows := []struct {
		label, seed, mean, law string
	}{
		{"busiest / mean", f3(res.Ring.Stats.Imbalance), f3(res.Average.Imbalance), busiestLaw},
		{"CV", f3(res.Ring.Stats.CV), f3(res.Average.CV), f3(law)},
		{"1/√V", "", f3(1 / sqrtV), ""},
		{"CV·√V", f3(res.Ring.Stats.CV * sqrtV), f3(res.Average.CV * sqrtV), f3(law * sqrtV)},
	}
	rowH := 27 * l.Scale
	y += 28 * l.Scale
	for i, r := range rows {
		yy := y + (float64(i)+0.5)*rowH
		s.drawText(dst, r.label, s.fonts.Small, box.X+pad, yy, middleLeft, s.pal.Muted)
		s.drawText(dst, r.seed, s.fonts.BodyBold, seedX, yy, middleRight, color.Color(s.pal.Text))
		s.drawText(dst, r.mean, s.fonts.BodyBold, meanX, yy, middleRight, s.pal.Text)
		s.drawText(dst, r.law, s.fonts.BodyBold, lawX, yy, middleRight, s.pal.Muted)
	}
	s.drawText(dst, "CV = std ÷ mean; law: exact, over all rings", s.fonts.Small, box.X+pad, box.Y+box.H-pad, bottomLeft, s.pal.Muted)
}

func f3(x float64) string { return fmt.Sprintf("%.3f", x) }
