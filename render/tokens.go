package render

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim"
)

// SchemeFigures are the token schemes view's content, each array indexed by
// sim.Scheme: every scheme's 20-seed figures at the current V (a zero Row
// while not yet worked out) and its rows for the exercise's V values (nil
// while being worked out). The ring and the bars show the result's scheme.
type SchemeFigures struct {
	Now [3]sim.Row
	ByV [3][]sim.Row
}

// schemeNames head the columns and label the chart's curves.
var schemeNames = [3]string{"random", "equal", "greedy"}

// SetSchemes shows the comparison of token schemes (View.Mode ModeTokens).
func (s *Scene) SetSchemes(f *SchemeFigures) {
	s.schemes = f
	s.staleFrame()
}

// tokensHeader is the title and subtitle of the token schemes view.
func (s *Scene) tokensHeader() (title, sub string) {
	p := s.result.Params
	how := map[sim.Scheme]string{
		sim.RandomTokens: "random tokens, as in the exercise",
		sim.EqualTokens:  fmt.Sprintf("the ring cut into %d equal ranges", p.Nodes*p.V),
		sim.GreedyTokens: "tokens placed one by one to relieve the busiest node",
	}[p.Scheme]
	return "Token schemes: must tokens be random?",
		fmt.Sprintf("%d nodes · each owns V = %d %s · %s", p.Nodes, p.V, plural(p.V, "range", "ranges"), how)
}

// schemeRows are the by-V rows of every scheme, with the current V's row
// (from Now) added where it is not one of the exercise's values.
func (f *SchemeFigures) schemeRows(v int) (rows [3][]sim.Row, ok bool) {
	for k := range rows {
		if f.ByV[k] == nil {
			return rows, false
		}
		rows[k] = f.ByV[k]
		if f.Now[k].V == v && !slices.ContainsFunc(rows[k], func(r sim.Row) bool { return r.V == v }) {
			rows[k] = append(slices.Clone(rows[k]), f.Now[k])
			sort.Slice(rows[k], func(i, j int) bool { return rows[k][i].V < rows[k][j].V })
		}
	}
	return rows, true
}

// drawSchemeFigures fills the view's figures: the three schemes side by
// side at this V, then the busiest node's load for each V of the exercise.
func (s *Scene) drawSchemeFigures(dst *ebiten.Image) {
	f, p := s.schemes, s.result.Params
	if f == nil || s.view.Concealed {
		s.drawFigures(dst, figures{working: true, cols: []float64{1}})
		return
	}
	cell := func(r sim.Row, x float64) string {
		if r.V == 0 {
			return "…"
		}
		return fmt.Sprintf("%.3f", x)
	}
	fig := figures{
		heads:  schemeNames[:],
		cols:   []float64{0.56, 0.78, 1},
		accent: int(p.Scheme), accentOn: true,
		caption: fmt.Sprintf("busiest / mean, mean of seeds 0–%d, by V", p.Seeds-1),
		current: -1,
	}
	var busiest, cv []string
	for _, r := range f.Now {
		busiest, cv = append(busiest, cell(r, r.Imbalance)), append(cv, cell(r, r.CV))
	}
	fig.top = []figureRow{
		{label: fmt.Sprintf("V = %d: busiest / mean", p.V), cells: busiest},
		{label: "CV (std ÷ mean)", cells: cv},
	}
	rows, ok := f.schemeRows(p.V)
	fig.working = !ok
	for i := range rows[0] {
		r := figureRow{label: fmt.Sprintf("V = %d", rows[0][i].V)}
		for k := range rows {
			r.cells = append(r.cells, fmt.Sprintf("%.3f", rows[k][i].Imbalance))
		}
		if rows[0][i].V == p.V {
			fig.current = i
		}
		fig.rows = append(fig.rows, r)
	}
	s.drawFigures(dst, fig)
}

// schemeColour is each scheme's curve on the chart; the one shown on the
// ring is drawn in the accent colour.
func (s *Scene) schemeColour(k sim.Scheme) (col color.NRGBA, width float64) {
	c := s.pal.Muted
	switch {
	case k == s.result.Params.Scheme:
		c = s.pal.Accent
	case k == sim.GreedyTokens:
		c = s.overlayColour(0)
	case k == sim.EqualTokens:
		c = s.overlayColour(1)
	}
	w := 2.0
	if k == s.result.Params.Scheme {
		w = 3
	}
	return c, w
}

// drawSchemeChart plots the busiest node's load against V for the three
// schemes: log V across, fair shares up, from 1 (perfect) to the worst.
func (s *Scene) drawSchemeChart(dst *ebiten.Image) {
	l := s.layout
	s.drawText(dst, "busiest / mean against V, mean of 20 seeds", s.fonts.Small, l.ChartLabel.X, l.ChartLabel.Y, topLeft, s.pal.Muted)
	f, p := s.schemes, s.result.Params
	rows, ok := [3][]sim.Row{}, false
	if f != nil && !s.view.Concealed {
		rows, ok = f.schemeRows(p.V)
	}
	plot := l.Chart
	lw := max(1, l.Scale)
	vMax := float64(max(256, p.V))
	ax := geom.LogAxis{Min: 1, Max: vMax, From: plot.X, To: plot.X + plot.W}
	top := 2.0
	for _, rs := range rows {
		for _, r := range rs {
			top = max(top, math.Ceil(r.Imbalance))
		}
	}
	ay := func(x float64) float64 { return plot.Y + plot.H - (x-1)/(top-1)*plot.H }
	for _, v := range []float64{1, 4, 16, 64, 256, 1024, 4096} {
		if v > vMax {
			break
		}
		x := ax.Map(v)
		s.line(dst, x, plot.Y, x, plot.Y+plot.H, lw, withAlpha(s.pal.Grid, 140))
		s.drawText(dst, fmt.Sprint(v), s.fonts.Small, x, plot.Y+plot.H+4*l.Scale, topCenter, s.pal.Muted)
	}
	for y := 1.0; y <= top; y++ {
		s.line(dst, plot.X, ay(y), plot.X+plot.W, ay(y), lw, withAlpha(s.pal.Grid, 140))
		s.drawText(dst, fmt.Sprintf("%g×", y), s.fonts.Small, plot.X-6*l.Scale, ay(y), middleRight, s.pal.Muted)
	}
	if !ok {
		s.drawBoxedText(dst, "working…", s.fonts.Small, plot.CenterX(), plot.CenterY(), center, s.pal.Muted)
		return
	}
	// The shown scheme last, so that it lies on top.
	order := []sim.Scheme{sim.RandomTokens, sim.EqualTokens, sim.GreedyTokens}
	order = append(slices.DeleteFunc(order, func(k sim.Scheme) bool { return k == p.Scheme }), p.Scheme)
	var legend []legendItem
	for _, k := range order {
		col, w := s.schemeColour(k)
		xs, ys := make([]float64, len(rows[k])), make([]float64, len(rows[k]))
		for i, r := range rows[k] {
			xs[i], ys[i] = ax.Map(float64(r.V)), ay(r.Imbalance)
		}
		strokeCurve(dst, xs, ys, w*lw, col, false)
		for i := range xs {
			smoothDisc(dst, xs[i], ys[i], (w+1)*lw, col)
		}
		legend = append(legend, legendItem{kind: legendFill, col: col, text: schemeNames[k]})
	}
	sort.Slice(legend, func(i, j int) bool {
		return slices.Index(schemeNames[:], legend[i].text) < slices.Index(schemeNames[:], legend[j].text)
	})
	// Under the V axis's numbers, clear of the grid.
	s.drawLegend(dst, l.ChartLabel.X, plot.Y+plot.H+26*l.Scale, l.ChartLabel.W, legend)
	if r := f.Now[p.Scheme]; r.V == p.V {
		x, y := ax.Map(float64(p.V)), ay(r.Imbalance)
		s.line(dst, x, plot.Y, x, plot.Y+plot.H, lw, s.pal.Text)
		smoothDisc(dst, x, y, 7*l.Scale, s.pal.Text)
		smoothDisc(dst, x, y, 4*l.Scale, s.pal.Accent)
	}
}
