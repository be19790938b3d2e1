package render

import (
	"fmt"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
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
	drawText(dst, "Load per node, in fair shares (dashed line: a fair share)", s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	shares := s.shares()
	axisMax := geom.BarAxisMax(slices.Max(shares))
	plot := l.Bars
	lw := s.drawBarAxes(dst, axisMax)
	labelEvery := 1
	if slot := plot.W / float64(r.Nodes); slot < 22*l.Scale {
		labelEvery = 5
	}
	busiest := r.Stats.Busiest
	for i, share := range shares {
		b := barRect(l, r.Nodes, i, share, axisMax)
		col := s.pal.NodeColor(i)
		if s.hover >= 0 && i != s.hover {
			col = dim(col, s.pal.Background, 0.45)
		}
		fillRect(dst, b, col)
		if i == busiest || i == s.hover {
			strokeRect(dst, b, 2*lw, s.pal.Text)
		}
		// With sparse labels, keep the busiest one clear of its neighbours'.
		if i == busiest || (i%labelEvery == 0 && (labelEvery == 1 || abs(i-busiest) > 1)) {
			drawText(dst, geom.NodeLabel(i), s.fonts.Small, b.CenterX(), plot.Y+plot.H+6*l.Scale, topCenter, s.pal.Text)
		}
	}
	// The busiest bar carries its value; a hovered bar does too.
	for _, i := range []int{busiest, s.hover} {
		if i < 0 {
			continue
		}
		b := barRect(l, r.Nodes, i, shares[i], axisMax)
		drawText(dst, fmt.Sprintf("%.2f×", shares[i]), s.fonts.BodyBold, b.CenterX(), b.Y-6*l.Scale, bottomCenter, s.pal.Text)
	}
	fair := plot.Y + plot.H - 1/axisMax*plot.H
	dashedLine(dst, plot.X, fair, plot.X+plot.W, fair, 2.5*lw, 8*l.Scale, s.pal.Accent)
}

// drawConcealedBars keeps the axes but hides the loads until the reveal.
func (s *Scene) drawConcealedBars(dst *ebiten.Image) {
	l := s.layout
	drawText(dst, "Load per node: hidden until the class has predicted", s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	plot := l.Bars
	strokeRect(dst, plot, max(1, l.Scale), s.pal.Grid)
	drawText(dst, "?", s.fonts.Big, plot.CenterX(), plot.CenterY(), center, s.pal.Muted)
}

// drawRankedBars shows the mean over seeds of the largest load, the second
// largest and so on: the first bar is the table's "busiest / mean".
func (s *Scene) drawRankedBars(dst *ebiten.Image) {
	l, res := s.layout, s.result
	drawText(dst, "Mean of seeds 0–19: busiest node first, then 2nd, 3rd…", s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	shares := res.RankedShares
	axisMax := geom.BarAxisMax(slices.Max(shares))
	plot := l.Bars
	lw := s.drawBarAxes(dst, axisMax)
	labelEvery := 1
	if plot.W/float64(len(shares)) < 30*l.Scale {
		labelEvery = 5
	}
	for k, share := range shares {
		b := barRect(l, len(shares), k, share, axisMax)
		c := s.pal.Muted
		if k == 0 {
			c = s.pal.Accent
		}
		fillRect(dst, b, c)
		if k%labelEvery == 0 {
			drawText(dst, ordinal(k+1), s.fonts.Small, b.CenterX(), plot.Y+plot.H+6*l.Scale, topCenter, s.pal.Text)
		}
	}
	first := barRect(l, len(shares), 0, shares[0], axisMax)
	drawText(dst, fmt.Sprintf("%.3f×", shares[0]), s.fonts.BodyBold, first.X, first.Y-6*l.Scale, bottomLeft, s.pal.Text)
	fair := plot.Y + plot.H - 1/axisMax*plot.H
	dashedLine(dst, plot.X, fair, plot.X+plot.W, fair, 2.5*lw, 8*l.Scale, s.pal.Accent)
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

// drawBarAxes draws the horizontal grid in whole fair shares and returns
// the line width used.
func (s *Scene) drawBarAxes(dst *ebiten.Image, axisMax float64) float64 {
	l, plot := s.layout, s.layout.Bars
	lw := max(1, l.Scale)
	for t := 0; t <= int(axisMax); t++ {
		y := plot.Y + plot.H - float64(t)/axisMax*plot.H
		line(dst, plot.X, y, plot.X+plot.W, y, lw, withAlpha(s.pal.Grid, 160))
		drawText(dst, fmt.Sprintf("%d×", t), s.fonts.Small, plot.X-10*l.Scale, y, middleRight, s.pal.Muted)
	}
	return lw
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
