package tokens

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// Shown is the chosen scheme's rings and every scheme's figures: each
// array is indexed by sim.Scheme.
type Shown struct {
	res sim.Result
	now [3]sim.Row   // every scheme's 20-seed figures at this V
	byV [3][]sim.Row // every scheme's rows for the exercise's V values (nil while worked out)
}

func (s *Shown) Sim() *sim.Result { return &s.res }

func (s *Shown) WithRows(r view.Rows) view.Shown {
	out := *s
	out.byV = [3][]sim.Row{}
	if r, ok := r.(*rows); ok {
		out.byV = r.byV
	}
	return &out
}

func (s *Shown) scheme() sim.Scheme { return s.res.Params.Scheme }

func (s *Shown) Header(c panel.Canvas) (title, sub string) {
	p := s.res.Params
	how := [3]string{
		lang.T("random tokens, as in the exercise"),
		lang.Count(p.Nodes*p.V, "the ring cut into %d equal range", "the ring cut into %d equal ranges"),
		lang.T("tokens placed one by one to relieve the busiest node"),
	}[p.Scheme]
	short := lang.T(schemeWords[p.Scheme])
	ranges := panel.Plural(p.V, "range", "ranges")
	return lang.T("Token schemes: must tokens be random?"),
		panel.FitHeader(c, []string{
			lang.Sprintf("%s · each owns V = %d %s · %s", panel.Nodes(p.Nodes), p.V, ranges, how),
			lang.Sprintf("%s · each owns V = %d %s · %s", panel.Nodes(p.Nodes), p.V, ranges, short),
		})
}

func (s *Shown) PaintRing(c panel.Canvas, spec panel.RingSpec) {
	panel.PlainRingLabel(c, spec.Ring)
	panel.RingCentre(c, spec)
}

func (s *Shown) PaintBars(c panel.Canvas) { panel.Bars(c, &s.res) }

// schemeRows are the by-V rows of every scheme, with the current V's row
// (from now) added where it is not one of the exercise's values.
func (s *Shown) schemeRows() (rows [3][]sim.Row, ok bool) {
	v := s.res.Params.V
	for k := range rows {
		if s.byV[k] == nil {
			return rows, false
		}
		rows[k] = s.byV[k]
		if s.now[k].V == v {
			rows[k] = panel.WithRow(rows[k], s.now[k], func(r sim.Row) int { return r.V })
		}
	}
	return rows, true
}

// PaintColumn fills the view's figures: the three schemes side by side at
// this V, then the busiest node's load for each V of the exercise.
func (s *Shown) PaintColumn(c panel.Canvas) {
	p := s.res.Params
	if c.Look().Concealed {
		panel.DrawFigures(c, panel.WorkingFigures)
		return
	}
	cell := func(r sim.Row, x float64) string {
		if r.V == 0 {
			return "…"
		}
		return panel.F3(x)
	}
	fig := panel.Figures{
		Heads:  schemeNames[:], // DrawFigures translates them
		Cols:   []float64{0.56, 0.78, 1},
		Accent: int(p.Scheme), AccentOn: true,
		Caption: lang.Sprintf("busiest / mean, mean of seeds 0–%d, by V", p.Seeds-1),
		Current: -1,
	}
	var busiest, cv []string
	for _, r := range s.now {
		busiest, cv = append(busiest, cell(r, r.Imbalance)), append(cv, cell(r, r.CV))
	}
	fig.Top = []panel.FigureRow{
		{Label: lang.Sprintf("V = %d: busiest / mean", p.V), Cells: busiest},
		{Label: lang.T("CV (std ÷ mean)"), Cells: cv},
	}
	rows, ok := s.schemeRows()
	fig.Working = !ok
	for i := range rows[0] {
		r := panel.FigureRow{Label: fmt.Sprintf("V = %d", rows[0][i].V)}
		for k := range rows {
			r.Cells = append(r.Cells, panel.F3(rows[k][i].Imbalance))
		}
		if rows[0][i].V == p.V {
			fig.Current = i
		}
		fig.Rows = append(fig.Rows, r)
	}
	panel.DrawFigures(c, fig)
}

// schemeColour is each scheme's curve on the chart; the one on the ring is
// drawn in the accent colour.
func (s *Shown) schemeColour(pal *panel.Palette, k sim.Scheme) (col color.NRGBA, width float64) {
	col = pal.Muted
	switch {
	case k == s.scheme():
		col = pal.Accent
	case k == sim.GreedyTokens:
		col = panel.OverlayColour(pal, 0)
	case k == sim.EqualTokens:
		col = panel.OverlayColour(pal, 1)
	}
	width = 2.0
	if k == s.scheme() {
		width = 3
	}
	return col, width
}

// PaintChart plots the busiest node's load against V for the three
// schemes: log V across, fair shares up, from 1 (perfect) to the worst.
// In the lesson, the CV chart.
func (s *Shown) PaintChart(c panel.Canvas) {
	if c.Look().Lesson {
		panel.CVChart(c)
		return
	}
	l, pal := c.Layout(), c.Palette()
	p := s.res.Params
	c.Text(lang.Sprintf("busiest / mean against V, mean of %s", panel.Seeds(p.Seeds)), panel.Small, l.ChartLabel.X, l.ChartLabel.Y, panel.TopLeft, pal.Muted)
	rows, ok := [3][]sim.Row{}, false
	if !c.Look().Concealed {
		rows, ok = s.schemeRows()
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
	for _, v := range panel.GridVs {
		if v > vMax {
			break
		}
		x := ax.Map(v)
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(fmt.Sprint(v), panel.Small, x, plot.Y+plot.H+4*l.Scale, panel.TopCenter, pal.Muted)
	}
	for y := 1.0; y <= top; y++ {
		c.Line(plot.X, ay(y), plot.X+plot.W, ay(y), lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(lang.Sprintf("%g×", y), panel.Small, plot.X-6*l.Scale, ay(y), panel.MiddleRight, pal.Muted)
	}
	if !ok {
		c.BoxedText(lang.T("working…"), panel.Small, plot.CenterX(), plot.CenterY(), panel.Center, pal.Muted)
		return
	}
	// The shown scheme last, so that it lies on top.
	order := []sim.Scheme{sim.RandomTokens, sim.EqualTokens, sim.GreedyTokens}
	order = append(slices.DeleteFunc(order, func(k sim.Scheme) bool { return k == p.Scheme }), p.Scheme)
	for _, k := range order {
		col, w := s.schemeColour(pal, k)
		xs, ys := make([]float64, len(rows[k])), make([]float64, len(rows[k]))
		for i, r := range rows[k] {
			xs[i], ys[i] = ax.Map(float64(r.V)), ay(r.Imbalance)
		}
		panel.StrokeCurve(c, xs, ys, w*lw, col, false)
		for i := range xs {
			c.Disc(xs[i], ys[i], (w+1)*lw, col)
		}
	}
	var legend []panel.LegendItem // in the schemes' order, whichever is on top
	for _, k := range schemes {
		col, _ := s.schemeColour(pal, k)
		legend = append(legend, panel.LegendItem{Kind: panel.LegendFill, Col: col, Text: lang.T(schemeNames[k])})
	}
	// Under the V axis's numbers, clear of the grid.
	panel.Legend(c, l.ChartLabel.X, plot.Y+plot.H+26*l.Scale, l.ChartLabel.W, legend)
	if r := s.now[p.Scheme]; r.V == p.V {
		x, y := ax.Map(float64(p.V)), ay(r.Imbalance)
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, pal.Text)
		c.Disc(x, y, 7*l.Scale, pal.Text)
		c.Disc(x, y, 4*l.Scale, pal.Accent)
	}
}

// State is the token schemes view's part of window.vnodes.state(): the
// scheme on the ring, and for each scheme at this N and V its 20-seed
// figures.
type State struct {
	Scheme  string          `json:"scheme"`
	Schemes []SchemeFigures `json:"schemes"`
}

// SchemeFigures are one token scheme's 20-seed figures.
type SchemeFigures struct {
	Scheme       string  `json:"scheme"`
	AvgImbalance float64 `json:"avgImbalance"`
	AvgCV        float64 `json:"avgCV"`
}

func (s *Shown) State() any {
	st := State{Scheme: s.scheme().String()}
	for _, k := range schemes {
		st.Schemes = append(st.Schemes, SchemeFigures{Scheme: k.String(), AvgImbalance: s.now[k].Imbalance, AvgCV: s.now[k].CV})
	}
	return st
}

func (s *Shown) Describe() (summary, note string) {
	summary, _ = view.Describe(&s.res)
	summary += lang.Sprintf("Tokens: %s. Mean over the seeds of the busiest node's load, at this V:", lang.T(schemeWords[s.scheme()]))
	sep := "," // between the schemes; a semicolon where the decimal mark is a comma
	if lang.Float(0.5, 'f', 1) != "0.5" {
		sep = ";"
	}
	for _, k := range schemes {
		summary += lang.Sprintf(" %s %.3f", lang.T(schemeWords[k]), s.now[k].Imbalance)
		if k != sim.GreedyTokens {
			summary += sep
		}
	}
	summary += "."
	note = lang.Sprintf("V = %d, %s: busiest node %.3f times its fair share on average.", s.res.Params.V, lang.T(schemeWords[s.scheme()]), s.res.Average.Imbalance)
	return summary, note
}
