package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim"
)

// ChartMode is which chart the numbers column shows.
type ChartMode uint8

const (
	ChartCV  ChartMode = iota // CV against V, small, under the exercise's table
	ChartLaw                  // CV·√V against V, large, in place of the table
)

// Overlay is another curve of seed-averaged rows drawn on the chart beside
// the current one: another N, or the other assignment.
type Overlay struct {
	Label string
	Nodes int // for its exact-law line
	Rows  []sim.Row
}

// SetOverlays sets the extra curves (nil for none).
func (s *Scene) SetOverlays(o []Overlay) {
	s.overlays = o
	s.staleFrame()
}

// overlayColour is overlay i's colour: node colours far from the accent.
func (s *Scene) overlayColour(i int) color.NRGBA { return s.pal.NodeColor([]int{1, 2, 6, 4}[i%4]) }

// strokeCurve draws a polyline through the points mapped by ax and ay.
func strokeCurve(dst *ebiten.Image, xs, ys []float64, width float64, c color.Color, dashed bool) {
	if len(xs) < 2 {
		return
	}
	if !dashed {
		smoothPolyline(dst, xs, ys, width, c)
		return
	}
	for i := 0; i+1 < len(xs); i += 2 { // pieces 0–1, 2–3, …: the gaps between are the dashes' spaces
		smoothLine(dst, xs[i], ys[i], xs[i+1], ys[i+1], width, c)
	}
}

// lawVs are the V values the exact law is drawn at: a fine geometric grid.
var lawVs = func() []float64 {
	var out []float64
	for v := 1.0; v <= sim.MaxV*1.0001; v *= math.Pow(2, 1.0/8) {
		out = append(out, v)
	}
	return out
}()

// theoryCV is TheoryCV for a real V.
func theoryCV(nodes int, v float64) float64 {
	return math.Sqrt(float64(nodes-1) / (float64(nodes)*v + 1))
}

// drawLawChart plots CV·√V against V from 1 to 4096: the measured 20-seed
// mean, the exact law (dashed) and its limit √((N−1)/N). The measured line
// stays flat to the largest V: the law's (N−1) already holds the fact that
// the widths must add up to the ring.
func (s *Scene) drawLawChart(dst *ebiten.Image) {
	l := s.layout
	n := s.result.Params.Nodes
	s.drawText(dst, "CV·√V against V (dashed: the exact law)", s.fonts.Small, l.LawLabel.X, l.LawLabel.Y, topLeft, s.pal.Muted)
	plot := l.LawChart
	ax := geom.LogAxis{Min: 1, Max: sim.MaxV, From: plot.X, To: plot.X + plot.W}
	ay := func(y float64) float64 { return plot.Y + plot.H - y/1.2*plot.H }
	lw := max(1, l.Scale)
	for _, v := range []float64{1, 4, 16, 64, 256, 1024, 4096} {
		x := ax.Map(v)
		s.line(dst, x, plot.Y, x, plot.Y+plot.H, lw, withAlpha(s.pal.Grid, 140))
		s.drawText(dst, fmt.Sprint(v), s.fonts.Small, x, plot.Y+plot.H+4*l.Scale, topCenter, s.pal.Muted)
	}
	for y := 0.0; y <= 1.2001; y += 0.2 {
		s.line(dst, plot.X, ay(y), plot.X+plot.W, ay(y), lw, withAlpha(s.pal.Grid, 140))
		s.drawText(dst, fmt.Sprintf("%.1f", y), s.fonts.Small, plot.X-6*l.Scale, ay(y), middleRight, s.pal.Muted)
	}
	law := func(nodes int, c color.Color) {
		xs, ys := make([]float64, len(lawVs)), make([]float64, len(lawVs))
		for i, v := range lawVs {
			xs[i], ys[i] = ax.Map(v), ay(theoryCV(nodes, v)*math.Sqrt(v))
		}
		strokeCurve(dst, xs, ys, 2*lw, c, true)
	}
	measured := func(rows []sim.Row, c color.Color) {
		xs, ys := make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			xs[i], ys[i] = ax.Map(float64(r.V)), ay(r.CV*math.Sqrt(float64(r.V)))
		}
		strokeCurve(dst, xs, ys, 3*lw, c, false)
	}
	for i, o := range s.overlays {
		law(o.Nodes, withAlpha(s.overlayColour(i), 200))
		measured(o.Rows, s.overlayColour(i))
	}
	law(n, s.pal.Text)
	limit := math.Sqrt(float64(n-1) / float64(n))
	limitLabel := func() {
		s.drawBoxedText(dst, fmt.Sprintf("limit √((N−1)/N) = %.3f", limit), s.fonts.Small, plot.X+plot.W-4*l.Scale, plot.Y+plot.H-6*l.Scale, bottomRight, s.pal.Muted)
	}
	if s.view.Concealed {
		limitLabel()
		return
	}
	measured(s.curve, s.pal.Accent)
	limitLabel()
	v := float64(s.result.Params.V)
	x, y := ax.Map(v), ay(s.result.Average.CV*math.Sqrt(v))
	smoothDisc(dst, x, y, 7*l.Scale, s.pal.Text)
	smoothDisc(dst, x, y, 4*l.Scale, s.pal.Accent)
	s.drawCurveLegend(dst, plot, n)
}

// drawCurveLegend names the curves, in the chart's top left corner.
func (s *Scene) drawCurveLegend(dst *ebiten.Image, plot geom.Rect, nodes int) {
	l := s.layout
	y := plot.Y + 6*l.Scale
	entry := func(label string, c color.Color) {
		fillRect(dst, geom.Rect{X: plot.X + 8*l.Scale, Y: y + 6*l.Scale, W: 18 * l.Scale, H: 4 * l.Scale}, c)
		s.drawBoxedText(dst, label, s.fonts.Small, plot.X+32*l.Scale, y, topLeft, s.pal.Text)
		y += 22 * l.Scale
	}
	entry(fmt.Sprintf("N = %d, %s", nodes, s.result.Params.Assign.Label()), s.pal.Accent)
	for i, o := range s.overlays {
		entry(o.Label, s.overlayColour(i))
	}
}
