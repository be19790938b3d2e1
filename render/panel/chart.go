package panel

import (
	"fmt"
	"image/color"
	"math"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/sim"
)

// The CV chart's axes: V from 1 to sim.MaxV, CV from 0.01 to 1.5, both
// logarithmic, so CV ∝ 1/√V is a straight line of slope −1/2.
const chartCVMin, chartCVMax = 0.01, 1.5

// chartAxes maps V and CV onto the chart's plot area.
func chartAxes(l geom.Layout) (x, y geom.LogAxis) {
	x = geom.LogAxis{Min: 1, Max: sim.MaxV, From: l.Chart.X, To: l.Chart.X + l.Chart.W}
	y = geom.LogAxis{Min: chartCVMin, Max: chartCVMax, From: l.Chart.Y + l.Chart.H, To: l.Chart.Y}
	return x, y
}

// GridVs are the V values the charts mark on their V axis.
var GridVs = []float64{1, 4, 16, 64, 256, 1024, 4096}

// OverlayColour is overlay i's colour: node colours far from the accent.
func OverlayColour(p *Palette, i int) color.NRGBA { return p.NodeColor([]int{1, 2, 6, 4}[i%4]) }

// StrokeCurve draws a polyline through the points (not themed); dashed draws
// every other piece.
func StrokeCurve(c Canvas, xs, ys []float64, width float64, col color.Color, dashed bool) {
	if len(xs) < 2 {
		return
	}
	if !dashed {
		c.Polyline(xs, ys, width, col)
		return
	}
	for i := 0; i+1 < len(xs); i += 2 { // pieces 0–1, 2–3, …: the gaps between are the dashes' spaces
		c.Segment(xs[i], ys[i], xs[i+1], ys[i+1], width, col)
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

// theoryCV is sim.TheoryCV for a real V.
func theoryCV(nodes int, v float64) float64 {
	return math.Sqrt(float64(nodes-1) / (float64(nodes)*v + 1))
}

// chartBaseKey is what the CV chart shows besides the current V's marker.
type chartBaseKey struct {
	layout                geom.Layout
	pal                   *Palette
	concealed             bool
	nodes                 int
	curve                 *sim.Row // the rows' identity: new rows are new slices
	overlays              *Curve
	curveLen, overlaysLen int
}

// firstOf is the address of a slice's first element: with its length, the
// slice's identity (new rows come in new slices).
func firstOf[T any](xs []T) *T {
	if len(xs) == 0 {
		return nil
	}
	return &xs[0]
}

// CVChart plots the mean CV against V on log–log axes with the 1/√V guide
// and the exact law, the overlays, and a marker at the current V. All but
// the marker is kept while only V changes.
func CVChart(c Canvas) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	// The part kept: the plot, its label above and its ticks' labels left
	// of it and under it.
	area := geom.Rect{X: min(l.ChartLabel.X, l.Chart.X-80*l.Scale), Y: min(l.ChartLabel.Y, l.Chart.Y) - 8*l.Scale}
	area.W = max(l.ChartLabel.X+l.ChartLabel.W, l.Chart.X+l.Chart.W) + 24*l.Scale - area.X
	area.H = l.Chart.Y + l.Chart.H + 40*l.Scale - area.Y
	c.Kept(chartBaseKey{
		layout: l, pal: pal, concealed: look.Concealed, nodes: look.Result.Params.Nodes,
		curve: firstOf(look.Curve), curveLen: len(look.Curve), overlays: firstOf(look.Overlays), overlaysLen: len(look.Overlays),
	}, area, func() { cvChartBase(c) })
	if look.Concealed {
		return
	}
	ax, ay := chartAxes(l)
	plot := l.Chart
	lw := max(1, l.Scale)
	v, cv := float64(look.Result.Params.V), look.Result.Average.CV
	x, y := ax.Map(v), ay.Map(cv)
	c.Line(x, plot.Y, x, plot.Y+plot.H, lw, pal.Text)
	c.Disc(x, y, 7*l.Scale, pal.Text)
	c.Disc(x, y, 4*l.Scale, pal.Accent)
}

// cvChartBase draws the CV chart but for the current V's marker.
func cvChartBase(c Canvas) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	c.Text(lang.T("CV against V (log–log); dashed: 1/√V, thin: exact law"), Small, l.ChartLabel.X, l.ChartLabel.Y, TopLeft, pal.Muted)
	ax, ay := chartAxes(l)
	plot := l.Chart
	lw := max(1, l.Scale)
	for _, v := range GridVs {
		x := ax.Map(v)
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, WithAlpha(pal.Grid, 140))
		c.Text(fmt.Sprint(v), Small, x, plot.Y+plot.H+4*l.Scale, TopCenter, pal.Muted)
	}
	for _, cv := range []float64{0.01, 0.03, 0.1, 0.3, 1} {
		y := ay.Map(cv)
		c.Line(plot.X, y, plot.X+plot.W, y, lw, WithAlpha(pal.Grid, 140))
		c.Text(lang.Float(cv, 'g', -1), Small, plot.X-6*l.Scale, y, MiddleRight, pal.Muted)
	}
	// The guide 1/√V is a straight line on these axes.
	c.Dashed(ax.Map(1), ay.Map(1), ax.Map(sim.MaxV), ay.Map(1/math.Sqrt(sim.MaxV)), 2*lw, 6*l.Scale, pal.Muted)
	nodes := look.Result.Params.Nodes
	xs, ys := make([]float64, len(lawVs)), make([]float64, len(lawVs))
	for i, v := range lawVs {
		xs[i], ys[i] = ax.Map(v), ay.Map(theoryCV(nodes, v))
	}
	StrokeCurve(c, xs, ys, lw, pal.Text, false)
	if look.Concealed {
		c.BoxedText(lang.T("measured curve shown after the reveal"), Small, plot.CenterX(), plot.CenterY(), Center, pal.Muted)
		return
	}
	for i, o := range look.Overlays {
		oxs, oys := make([]float64, len(o.Rows)), make([]float64, len(o.Rows))
		for j, r := range o.Rows {
			oxs[j], oys[j] = ax.Map(float64(r.V)), ay.Map(r.CV)
		}
		StrokeCurve(c, oxs, oys, 2*lw, OverlayColour(pal, i), false)
	}
	if len(look.Curve) > 1 {
		xs, ys := make([]float64, len(look.Curve)), make([]float64, len(look.Curve))
		for i, r := range look.Curve {
			xs[i], ys[i] = ax.Map(float64(r.V)), ay.Map(r.CV)
		}
		c.Polyline(xs, ys, 3*lw, pal.Accent)
	}
}

// LawChart plots CV·√V against V from 1 to 4096: the measured 20-seed
// mean, the exact law (dashed) and its limit √((N−1)/N). The measured line
// stays flat to the largest V: the law's N−1 already holds the fact that
// the widths must add up to the ring.
func LawChart(c Canvas) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	res := look.Result
	n := res.Params.Nodes
	c.Text(lang.T("CV·√V against V (dashed: the exact law)"), Small, l.LawLabel.X, l.LawLabel.Y, TopLeft, pal.Muted)
	plot := l.LawChart
	ax := geom.LogAxis{Min: 1, Max: sim.MaxV, From: plot.X, To: plot.X + plot.W}
	ay := func(y float64) float64 { return plot.Y + plot.H - y/1.2*plot.H }
	lw := max(1, l.Scale)
	for _, v := range GridVs {
		x := ax.Map(v)
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, WithAlpha(pal.Grid, 140))
		c.Text(fmt.Sprint(v), Small, x, plot.Y+plot.H+4*l.Scale, TopCenter, pal.Muted)
	}
	for y := 0.0; y <= 1.2001; y += 0.2 {
		c.Line(plot.X, ay(y), plot.X+plot.W, ay(y), lw, WithAlpha(pal.Grid, 140))
		c.Text(lang.Float(y, 'f', 1), Small, plot.X-6*l.Scale, ay(y), MiddleRight, pal.Muted)
	}
	law := func(nodes int, col color.Color) {
		xs, ys := make([]float64, len(lawVs)), make([]float64, len(lawVs))
		for i, v := range lawVs {
			xs[i], ys[i] = ax.Map(v), ay(theoryCV(nodes, v)*math.Sqrt(v))
		}
		StrokeCurve(c, xs, ys, 2*lw, col, true)
	}
	measured := func(rows []sim.Row, col color.Color) {
		xs, ys := make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			xs[i], ys[i] = ax.Map(float64(r.V)), ay(r.CV*math.Sqrt(float64(r.V)))
		}
		StrokeCurve(c, xs, ys, 3*lw, col, false)
	}
	for i, o := range look.Overlays {
		law(o.Nodes, WithAlpha(OverlayColour(pal, i), 200))
		measured(o.Rows, OverlayColour(pal, i))
	}
	law(n, pal.Text)
	limit := math.Sqrt(float64(n-1) / float64(n))
	limitLabel := func() {
		c.BoxedText(lang.Sprintf("limit √((N−1)/N) = %.3f", limit), Small, plot.X+plot.W-4*l.Scale, plot.Y+plot.H-6*l.Scale, BottomRight, pal.Muted)
	}
	if look.Concealed {
		limitLabel()
		return
	}
	measured(look.Curve, pal.Accent)
	limitLabel()
	v := float64(res.Params.V)
	x, y := ax.Map(v), ay(res.Average.CV*math.Sqrt(v))
	c.Disc(x, y, 7*l.Scale, pal.Text)
	c.Disc(x, y, 4*l.Scale, pal.Accent)
	curveLegend(c, plot, n)
}

// curveLegend names the law chart's curves, in its top left corner; the
// overlays' labels are shown through lang.T.
func curveLegend(c Canvas, plot geom.Rect, nodes int) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	y := plot.Y + 6*l.Scale
	entry := func(label string, col color.Color) {
		c.Fill(geom.Rect{X: plot.X + 8*l.Scale, Y: y + 6*l.Scale, W: 18 * l.Scale, H: 4 * l.Scale}, col)
		c.BoxedText(lang.T(label), Small, plot.X+32*l.Scale, y, TopLeft, pal.Text)
		y += 22 * l.Scale
	}
	entry(lang.Sprintf("N = %d, %s", nodes, AssignLabel(look.Result.Params.Assign)), pal.Accent)
	for i, o := range look.Overlays {
		entry(o.Label, OverlayColour(pal, i))
	}
}
