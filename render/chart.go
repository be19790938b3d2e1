package render

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim"
)

// Chart axes: V from 1 to sim.MaxV, CV from 0.01 to 1.5, both
// logarithmic, so CV ∝ 1/sqrt(V) is a straight line of slope -1/2.
const chartCVMin, chartCVMax = 0.01, 1.5

// chartAxes maps V and CV onto the chart's plot area.
func chartAxes(l geom.Layout) (x, y geom.LogAxis) {
	x = geom.LogAxis{Min: 1, Max: sim.MaxV, From: l.Chart.X, To: l.Chart.X + l.Chart.W}
	y = geom.LogAxis{Min: chartCVMin, Max: chartCVMax, From: l.Chart.Y + l.Chart.H, To: l.Chart.Y}
	return x, y
}

func (s *Scene) drawChart(dst *ebiten.Image) {
	l := s.layout
	if s.view.Chart == ChartLaw && s.view.Mode == ModeSpread && !s.view.Lesson {
		s.drawLawChart(dst)
		return
	}
	if s.view.Mode == ModeTokens && !s.view.Lesson {
		s.drawSchemeChart(dst)
		return
	}
	// The part kept: the plot, its label above and its ticks' labels
	// left of it and under it.
	area := geom.Rect{X: min(l.ChartLabel.X, l.Chart.X-80*l.Scale), Y: min(l.ChartLabel.Y, l.Chart.Y) - 8*l.Scale}
	area.W = max(l.ChartLabel.X+l.ChartLabel.W, l.Chart.X+l.Chart.W) + 24*l.Scale - area.X
	area.H = l.Chart.Y + l.Chart.H + 40*l.Scale - area.Y
	drawCached(s, dst, &s.chartBase, area, chartBaseKey{
		layout: l, pal: s.pal, concealed: s.view.Concealed, nodes: s.result.Params.Nodes,
		curve: firstOf(s.curve), curveLen: len(s.curve), overlays: firstOf(s.overlays), overlaysLen: len(s.overlays),
	}, s.drawChartBase)
	if s.view.Concealed {
		return
	}
	ax, ay := chartAxes(l)
	plot := l.Chart
	lw := max(1, l.Scale)
	v, cv := float64(s.result.Params.V), s.result.Average.CV
	x, y := ax.Map(v), ay.Map(cv)
	s.line(dst, x, plot.Y, x, plot.Y+plot.H, lw, s.pal.Text)
	smoothDisc(dst, x, y, 7*l.Scale, s.pal.Text)
	smoothDisc(dst, x, y, 4*l.Scale, s.pal.Accent)
}

// chartBaseKey is what the chart shows besides the current V's marker.
type chartBaseKey struct {
	layout                geom.Layout
	pal                   *Palette
	concealed             bool
	nodes                 int
	curve                 *sim.Row // the rows' identity: new rows are new slices
	overlays              *Overlay
	curveLen, overlaysLen int
}

// drawChartBase draws the chart but for the current V's marker: its axes,
// guides and curves, which a drag along V leaves as they are.
func (s *Scene) drawChartBase(dst *ebiten.Image) {
	l := s.layout
	s.drawText(dst, "CV against V (log–log); dashed: 1/√V, thin: exact law", s.fonts.Small, l.ChartLabel.X, l.ChartLabel.Y, topLeft, s.pal.Muted)
	ax, ay := chartAxes(l)
	plot := l.Chart
	lw := max(1, l.Scale)
	for _, v := range []float64{1, 4, 16, 64, 256, 1024, 4096} {
		x := ax.Map(v)
		s.line(dst, x, plot.Y, x, plot.Y+plot.H, lw, withAlpha(s.pal.Grid, 140))
		s.drawText(dst, fmt.Sprint(v), s.fonts.Small, x, plot.Y+plot.H+4*l.Scale, topCenter, s.pal.Muted)
	}
	for _, cv := range []float64{0.01, 0.03, 0.1, 0.3, 1} {
		y := ay.Map(cv)
		s.line(dst, plot.X, y, plot.X+plot.W, y, lw, withAlpha(s.pal.Grid, 140))
		s.drawText(dst, fmt.Sprint(cv), s.fonts.Small, plot.X-6*l.Scale, y, middleRight, s.pal.Muted)
	}
	// The guide 1/sqrt(V) is a straight line on these axes.
	s.dashedLine(dst, ax.Map(1), ay.Map(1), ax.Map(sim.MaxV), ay.Map(1/math.Sqrt(sim.MaxV)), 2*lw, 6*l.Scale, s.pal.Muted)
	nodes := s.result.Params.Nodes
	xs, ys := make([]float64, len(lawVs)), make([]float64, len(lawVs))
	for i, v := range lawVs {
		xs[i], ys[i] = ax.Map(v), ay.Map(theoryCV(nodes, v))
	}
	strokeCurve(dst, xs, ys, lw, s.pal.Text, false)
	if s.view.Concealed {
		s.drawBoxedText(dst, "measured curve shown after the reveal", s.fonts.Small, plot.CenterX(), plot.CenterY(), center, s.pal.Muted)
		return
	}
	for i, o := range s.overlays {
		oxs, oys := make([]float64, len(o.Rows)), make([]float64, len(o.Rows))
		for j, r := range o.Rows {
			oxs[j], oys[j] = ax.Map(float64(r.V)), ay.Map(r.CV)
		}
		strokeCurve(dst, oxs, oys, 2*lw, s.overlayColour(i), false)
	}
	if len(s.curve) > 1 {
		xs, ys := make([]float64, len(s.curve)), make([]float64, len(s.curve))
		for i, r := range s.curve {
			xs[i], ys[i] = ax.Map(float64(r.V)), ay.Map(r.CV)
		}
		smoothPolyline(dst, xs, ys, 3*lw, s.pal.Accent)
	}
}
