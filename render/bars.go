package render

import (
	"fmt"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim"
)

// barRect is where node i's bar is drawn; hover tests use it too.
func barRect(l geom.Layout, nodes, i int, share, axisMax float64) geom.Rect {
	slot := l.Bars.W / float64(nodes)
	w := slot * 0.72
	h := share / axisMax * l.Bars.H
	return geom.Rect{X: l.Bars.X + slot*float64(i) + (slot-w)/2, Y: l.Bars.Y + l.Bars.H - h, W: w, H: h}
}

// barSlot is the full-height column of node i, the target for hovering.
func barSlot(l geom.Layout, nodes, i int) geom.Rect {
	slot := l.Bars.W / float64(nodes)
	return geom.Rect{X: l.Bars.X + slot*float64(i), Y: l.Bars.Y, W: slot, H: l.Bars.H + 30*l.Scale}
}

// Shares returns every node's load in units of the fair share.
func (s *Scene) shares() []float64 {
	r := &s.result.Ring
	out := make([]float64, r.Nodes)
	for i := range out {
		out[i] = r.Share(i)
	}
	return out
}

// AxisMax is the top of the bar chart's axis for the current result.
func (s *Scene) axisMax() float64 { return geom.BarAxisMax(slices.Max(s.shares())) }

func (s *Scene) drawBars(dst *ebiten.Image) {
	l, r := s.layout, &s.result.Ring
	s.drawText(dst, "Load per node, in fair shares (dashed line: a fair share)", s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	shares := s.shares()
	axisMax := geom.BarAxisMax(slices.Max(shares))
	lw := s.drawBarAxes(dst, axisMax)
	busiest := r.Stats.Busiest
	for i, share := range shares {
		b := barRect(l, r.Nodes, i, share, axisMax)
		col := s.pal.NodeColor(i)
		switch {
		case r.Nodes > maxLanes && i != busiest && i != s.hover:
			col = s.pal.Muted // colours repeat past a few dozen nodes: only the two that matter keep theirs
		case s.hover >= 0 && i != s.hover:
			col = dim(col, s.pal.Background, 0.45)
		}
		fillRect(dst, b, col)
		if i == busiest || i == s.hover {
			strokeRect(dst, b, 2*lw, s.pal.Text)
		}
	}
	s.drawFairLine(dst, axisMax, lw)
	first := []int{busiest}
	if s.hover >= 0 && s.hover != busiest {
		first = append(first, s.hover)
	}
	s.drawBarNames(dst, r.Nodes, first, sim.NodeName)
	// The busiest bar carries its value; a hovered bar does too, above it
	// if the two would touch.
	var taken []geom.Rect
	for _, i := range first {
		b := barRect(l, r.Nodes, i, shares[i], axisMax)
		taken = append(taken, s.drawBarValue(dst, fmt.Sprintf("%.2f×", shares[i]), b, taken))
	}
}

// drawFairLine marks one fair share across the bars.
func (s *Scene) drawFairLine(dst *ebiten.Image, axisMax, lw float64) {
	plot := s.layout.Bars
	fair := plot.Y + plot.H - 1/axisMax*plot.H
	s.dashedLine(dst, plot.X, fair, plot.X+plot.W, fair, 2.5*lw, 8*s.layout.Scale, s.pal.Accent)
}

// drawBarValue writes a bar's value just above it, on its own background
// so grid lines do not run through it, kept inside the plot and clear of
// the rectangles already taken. It returns where it went.
func (s *Scene) drawBarValue(dst *ebiten.Image, value string, bar geom.Rect, taken []geom.Rect) geom.Rect {
	l, plot := s.layout, s.layout.Bars
	face := s.fonts.BodyBold
	r := textRect(value, face, bar.CenterX(), bar.Y-6*l.Scale, bottomCenter)
	r.X = min(max(r.X, plot.X), plot.X+plot.W-r.W)
	for _, t := range taken {
		if r.X < t.X+t.W && t.X < r.X+r.W && r.Y < t.Y+t.H && t.Y < r.Y+r.H {
			r.Y = t.Y - r.H - 2*l.Scale
		}
	}
	return s.drawBoxedText(dst, value, face, r.X, r.Y, topLeft, s.pal.Text)
}

// drawBarNames writes the names under the bars: those in first always,
// then as many of the others, evenly spaced, as fit without touching.
func (s *Scene) drawBarNames(dst *ebiten.Image, bars int, first []int, name func(int) string) {
	l, plot := s.layout, s.layout.Bars
	face := s.fonts.Small
	y := plot.Y + plot.H + 6*l.Scale
	slot := plot.W / float64(bars)
	gap := 8 * l.Scale
	widest := 0.0
	for _, i := range []int{0, bars - 1} {
		widest = max(widest, textWidth(name(i), face))
	}
	every := max(1, int(math.Ceil((widest+gap)/slot)))
	if every > 1 { // round steps read better: every 2nd, 5th, 10th, 20th, 50th…
		every = niceStep(every)
	}
	var placed []geom.Rect
	place := func(i int) {
		label := name(i)
		r := textRect(label, face, plot.X+slot*(float64(i)+0.5), y, topCenter)
		r.X = min(max(r.X, plot.X), plot.X+plot.W-r.W)
		wide := geom.Rect{X: r.X - gap/2, Y: r.Y, W: r.W + gap, H: r.H}
		for _, p := range placed {
			if wide.X < p.X+p.W && p.X < wide.X+wide.W {
				return
			}
		}
		placed = append(placed, wide)
		s.drawText(dst, label, face, r.X, r.Y, topLeft, s.pal.Text)
	}
	for _, i := range first {
		place(i)
	}
	for i := 0; i < bars; i += every {
		place(i)
	}
}

// niceStep rounds a label step up to 2, 5 or 10 times a power of ten.
func niceStep(n int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*p >= n {
				return m * p
			}
		}
	}
}

// drawConcealedBars keeps the axes but hides the loads until the reveal.
func (s *Scene) drawConcealedBars(dst *ebiten.Image) {
	l := s.layout
	s.drawText(dst, "Load per node: hidden until the class has predicted", s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	plot := l.Bars
	strokeRect(dst, plot, max(1, l.Scale), s.pal.Grid)
	s.drawText(dst, "?", s.fonts.Big, plot.CenterX(), plot.CenterY(), center, s.pal.Muted)
}

// drawRankedBars shows the mean over seeds of the largest load, the second
// largest and so on: the first bar is the table's "busiest / mean".
func (s *Scene) drawRankedBars(dst *ebiten.Image) {
	l, res := s.layout, s.result
	s.drawText(dst, fmt.Sprintf("Mean of seeds 0–%d: busiest node first, then 2nd, 3rd…", res.Params.Seeds-1), s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	shares := res.RankedShares
	axisMax := geom.BarAxisMax(slices.Max(shares))
	lw := s.drawBarAxes(dst, axisMax)
	for k, share := range shares {
		c := s.pal.Muted
		if k == 0 {
			c = s.pal.Accent
		}
		fillRect(dst, barRect(l, len(shares), k, share, axisMax), c)
	}
	s.drawFairLine(dst, axisMax, lw)
	s.drawBarNames(dst, len(shares), []int{0}, func(k int) string { return ordinal(k + 1) })
	s.drawBarValue(dst, fmt.Sprintf("%.3f×", shares[0]), barRect(l, len(shares), 0, shares[0], axisMax), nil)
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// drawBarAxes draws the horizontal grid in whole fair shares (fewer when
// the axis is tall, so labels keep apart) and returns the line width used.
func (s *Scene) drawBarAxes(dst *ebiten.Image, axisMax float64) float64 {
	return s.drawBarAxesAvoiding(dst, axisMax, math.NaN())
}

// barTickGap is the least distance between two labelled grid lines.
const barTickGap = 34

// barAxisMax is the top of a bar axis that must hold top: at least 3 fair
// shares, and a whole number of grid steps.
func (s *Scene) barAxisMax(top float64) float64 {
	m := geom.BarAxisMax(top)
	return geom.RoundUpTo(m, geom.TickStep(m, s.layout.Bars.H, barTickGap*s.layout.Scale))
}

// drawBarAxesAvoiding is drawBarAxes leaving out the label of any grid
// line too near y, where another label goes (NaN: none).
func (s *Scene) drawBarAxesAvoiding(dst *ebiten.Image, axisMax, avoid float64) float64 {
	l, plot := s.layout, s.layout.Bars
	lw := max(1, l.Scale)
	step := geom.TickStep(axisMax, plot.H, barTickGap*l.Scale)
	for t := 0; t <= int(axisMax); t += step {
		y := plot.Y + plot.H - float64(t)/axisMax*plot.H
		s.line(dst, plot.X, y, plot.X+plot.W, y, lw, withAlpha(s.pal.Grid, 160))
		if math.Abs(y-avoid) < barTickGap*l.Scale {
			continue
		}
		s.drawText(dst, fmt.Sprintf("%d×", t), s.fonts.Small, plot.X-10*l.Scale, y, middleRight, s.pal.Muted)
	}
	return lw
}
