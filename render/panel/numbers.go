package panel

import (
	"fmt"
	"math"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/sim"
)

// Numbers shows the statistics as a small table: the selected seed, the
// mean over the seeds (the exercise's figures) and the exact law.
func Numbers(c Canvas) {
	l, pal, res := c.Layout(), c.Palette(), c.Look().Result
	box := l.Numbers
	Card(c, box)
	pad := 14 * l.Scale
	seedX := box.X + box.W*0.48 // right edges of the three value columns
	meanX := box.X + box.W*0.785
	lawX := box.X + box.W - pad
	y := box.Y + pad
	c.Text(lang.Sprintf("seed %d", res.Ring.Seed), BodyBold, seedX, y, TopRight, pal.Text)
	c.Text(Seeds(res.Params.Seeds), BodyBold, meanX, y, TopRight, pal.Accent)
	c.Text(lang.T("law"), BodyBold, lawX, y, TopRight, pal.Muted)
	n, v := res.Params.Nodes, res.Params.V
	sqrtV := math.Sqrt(float64(v))
	law := sim.TheoryCV(n, v)
	busiestLaw := "" // known in closed form for one range per node
	if v == 1 {
		busiestLaw = F3(sim.TheoryBusiestOneRange(n))
	}
	rows := []struct {
		label, seed, mean, law string
	}{
		{lang.T("busiest / mean"), F3(res.Ring.Stats.Imbalance), F3(res.Average.Imbalance), busiestLaw},
		{"CV", F3(res.Ring.Stats.CV), F3(res.Average.CV), F3(law)},
		{"1/√V", "", F3(1 / sqrtV), ""},
		{"CV·√V", F3(res.Ring.Stats.CV * sqrtV), F3(res.Average.CV * sqrtV), F3(law * sqrtV)},
	}
	rowH := 27 * l.Scale
	y += 28 * l.Scale
	for i, r := range rows {
		yy := y + (float64(i)+0.5)*rowH
		c.Text(r.label, Small, box.X+pad, yy, MiddleLeft, pal.Muted)
		c.Text(r.seed, BodyBold, seedX, yy, MiddleRight, pal.Text)
		c.Text(r.mean, BodyBold, meanX, yy, MiddleRight, pal.Text)
		c.Text(r.law, BodyBold, lawX, yy, MiddleRight, pal.Muted)
	}
	c.Text(lang.T("CV = std ÷ mean; law: exact, over all rings"), Small, box.X+pad, box.Y+box.H-pad, BottomLeft, pal.Muted)
}

// Table shows the exercise's table for the current N and assignment, with
// the current V's row highlighted.
func Table(c Canvas) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	box := l.Table
	Card(c, box)
	pad := 12 * l.Scale
	cols := []float64{0.16, 0.48, 0.74, 0.98} // right edges, as fractions of the width
	colX := func(i int) float64 { return box.X + pad + cols[i]*(box.W-2*pad) }
	header := []string{"V", lang.T("busiest/mean"), "CV", "1/√V"} // each a mean over seeds 0..19
	y := box.Y + pad
	for i, h := range header {
		c.Text(h, Small, colX(i), y, TopRight, pal.Muted)
	}
	rowH := min(28*l.Scale, (box.H-2*pad-30*l.Scale)/float64(max(1, len(look.Table))))
	y += 30 * l.Scale
	for _, r := range look.Table {
		current := r.V == look.Result.Params.V
		font := Small
		if current {
			c.Fill(geom.Rect{X: box.X + 4*l.Scale, Y: y - 2*l.Scale, W: box.W - 8*l.Scale, H: rowH}, pal.Highlight)
			font = BodyBold
		}
		cells := []string{fmt.Sprint(r.V), F3(r.Imbalance), F3(r.CV), F3(1 / math.Sqrt(float64(r.V)))}
		for i, cell := range cells {
			c.Text(cell, font, colX(i), y+rowH/2-2*l.Scale, MiddleRight, pal.Text)
		}
		y += rowH
	}
}
