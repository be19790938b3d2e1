package sizes

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// Shown is one ring of nodes of different sizes, its relative loads, the
// 20-seed figures, and (once worked out) the figures by V.
type Shown struct {
	sr   sim.SizesResult
	res  sim.Result     // the ring, its busiest node by relative load, and the 20-seed means, for the common parts
	rows []sim.SizesRow // by chartVs; nil while worked out
}

func newShown(sr sim.SizesResult) *Shown {
	busiest := 0
	for i, x := range sr.Relative {
		if x > sr.Relative[busiest] {
			busiest = i
		}
	}
	res := sim.Result{Params: sr.Params.Params, Ring: sr.Ring,
		Average: sim.Average{Imbalance: sr.Mean.Imbalance, CV: sr.Mean.CV}}
	res.Ring.Stats = sim.Stats{Imbalance: sr.Seed.Imbalance, CV: sr.Seed.CV, Busiest: busiest}
	return &Shown{sr: sr, res: res}
}

func (s *Shown) Sim() *sim.Result { return &s.res }

func (s *Shown) WithRows(r view.Rows) view.Shown {
	out := *s
	out.rows = nil
	if r, ok := r.(*rows); ok {
		out.rows = r.list
	}
	return &out
}

// kinds are the sizes present, smallest first.
func (s *Shown) kinds() []int {
	k := slices.Clone(s.sr.Params.Sizes)
	slices.Sort(k)
	return slices.Compact(k)
}

func (s *Shown) Header(c panel.Canvas) (title, sub string) {
	p := s.sr.Params
	return lang.T("Nodes of different sizes: tokens in proportion"),
		panel.FitHeader(c, []string{
			lang.Sprintf("%s · a node of size w owns V·w random ranges · %s assignment", panel.Nodes(p.Nodes), panel.AssignLabel(p.Assign)),
			lang.Sprintf("%s · size w owns V·w ranges · %s", panel.Nodes(p.Nodes), panel.AssignLabel(p.Assign)),
		})
}

// PaintRing labels the band and writes the singled-out node's load
// against its fair load in the middle.
func (s *Shown) PaintRing(c panel.Canvas, spec panel.RingSpec) {
	panel.PlainRingLabel(c, spec.Ring)
	pal, look := c.Palette(), c.Look()
	if look.Concealed {
		panel.Predict(c)
		return
	}
	node := panel.FocusNode(spec, look.Hover)
	what := lang.Sprintf("seed %d: busiest node %s", s.sr.Ring.Seed, sim.NodeName(node))
	if look.Hover >= 0 {
		what = lang.Sprintf("seed %d: node %s", s.sr.Ring.Seed, sim.NodeName(node))
	}
	panel.CentreText(c, what, pal.NodeColor(node), lang.Sprintf("%.2f×", s.sr.Relative[node]), lang.Sprintf("its fair load (size %d)", s.sr.Params.Sizes[node]))
}

// barRect is node i's bar: in its slot, as wide as its size allows (the
// largest size fills most of the slot) and as tall as its relative load,
// so that its area is its share of the ring.
func (s *Shown) barRect(l geom.Layout, i int, axisMax float64) geom.Rect {
	sizes := s.sr.Params.Sizes
	r := panel.BarRect(l, len(sizes), i, s.sr.Relative[i], axisMax)
	slot := l.Bars.W / float64(len(sizes))
	w := max(2*l.Scale, 0.9*slot*float64(sizes[i])/float64(slices.Max(sizes)))
	r.X += (r.W - w) / 2
	r.W = w
	return r
}

// PaintBars draws each node's load over its fair load for its size, the
// bar as wide as the node is big, the busiest (and a pointed node)
// outlined and carrying its value.
func (s *Shown) PaintBars(c panel.Canvas) {
	l, pal, hover := c.Layout(), c.Palette(), c.Look().Hover
	if c.Look().Concealed {
		panel.ConcealedBars(c)
		return
	}
	panel.BarsLabel(c,
		lang.T("Load per node over its fair load for its size; a bar's width is the node's size"),
		lang.T("Load over the fair load for its size; width = size"),
		lang.T("Load / fair load for its size"))
	n := len(s.sr.Relative)
	axisMax := geom.BarAxisMax(slices.Max(s.sr.Relative))
	lw := panel.BarAxes(c, axisMax)
	busiest := s.res.Ring.Stats.Busiest
	for i := range n {
		col := pal.NodeColor(i)
		switch {
		case n > panel.MaxLanes && i != busiest && i != hover:
			col = pal.Muted
		case hover >= 0 && i != hover:
			col = panel.Dim(col, pal.Background, 0.45)
		}
		b := s.barRect(l, i, axisMax)
		c.Fill(b, col)
		if i == busiest || i == hover {
			c.Frame(b, 2*lw, pal.Text)
		}
	}
	panel.FairLine(c, axisMax, lw)
	first := []int{busiest}
	if hover >= 0 && hover != busiest {
		first = append(first, hover)
	}
	panel.BarNames(c, n, first, func(i int) string {
		return sim.NodeName(i) + "·" + strconv.Itoa(s.sr.Params.Sizes[i])
	})
	var taken []geom.Rect
	for _, i := range first {
		taken = append(taken, panel.BarValue(c, lang.Sprintf("%.2f×", s.sr.Relative[i]), s.barRect(l, i, axisMax), taken))
	}
}

// byV are the rows by V with the current V's figures (the result's own)
// in place when V is not one of chartVs; nil while they are worked out.
func (s *Shown) byV() []sim.SizesRow {
	if s.rows == nil {
		return nil
	}
	now := sim.SizesRow{V: s.sr.Params.V, SizesStats: s.sr.Mean}
	return panel.WithRow(s.rows, now, func(r sim.SizesRow) int { return r.V })
}

// tableVs are the V the figures list (with the current V): the
// exercise's three.
var tableVs = []int{1, 16, 256}

// PaintColumn: for each size, its nodes' tokens and how far their loads
// are from fair (root-mean-square over the seeds), the busiest node, then
// each size's distance from fair by V.
func (s *Shown) PaintColumn(c panel.Canvas) {
	if c.Look().Concealed {
		panel.DrawFigures(c, panel.WorkingFigures)
		return
	}
	p, m := s.sr.Params, s.sr.Mean
	kinds := s.kinds()
	fig := panel.Figures{
		Caption: lang.Sprintf("by V, mean of seeds 0–%d", p.Seeds-1),
		Current: -1,
	}
	// The label takes the left 40 %; the sizes share the rest.
	for k, w := range kinds {
		fig.Heads = append(fig.Heads, fmt.Sprintf("w = %d", w))
		fig.Cols = append(fig.Cols, 0.4+0.6*float64(k+1)/float64(len(kinds)))
	}
	var tokens, dev []string
	for _, w := range kinds {
		tokens = append(tokens, lang.Int(p.V*w))
		dev = append(dev, panel.F3(m.RMSDevBySize[w]))
	}
	fig.Top = []panel.FigureRow{
		{Label: lang.T("tokens each"), Cells: tokens, Muted: true},
		{Label: lang.T("[distance of the loads from fair, root mean square] off fair (RMS)"), Cells: dev},
		{Label: lang.Sprintf("busiest %.3f× its fair load, CV %.3f", m.Imbalance, m.CV), Muted: true},
	}
	rows := s.byV()
	fig.Working = rows == nil
	for _, r := range rows {
		if r.V != p.V && !slices.Contains(tableVs, r.V) {
			continue
		}
		row := panel.FigureRow{Label: fmt.Sprintf("V = %d", r.V)}
		for _, w := range kinds {
			row.Cells = append(row.Cells, panel.F3(r.RMSDevBySize[w]))
		}
		if r.V == p.V {
			fig.Current = len(fig.Rows)
		}
		fig.Rows = append(fig.Rows, row)
	}
	panel.DrawFigures(c, fig)
}

// The chart's axes: V across, the deviation up, both logarithmic, so that
// 1/√(V·w) is a straight line for every size.
const devMin, devMax = 0.01, 2

// PaintChart plots each size's deviation from a fair load against V, with
// its 1/√(V·w) guide dashed, and a marker at the current V.
func (s *Shown) PaintChart(c panel.Canvas) {
	if c.Look().Lesson && c.Look().Concealed {
		panel.CVChart(c)
		return
	}
	l, pal := c.Layout(), c.Palette()
	p := s.sr.Params
	label := panel.Fit(c, panel.Small, l.ChartLabel.W, []string{
		lang.Sprintf("each size's RMS distance from a fair load against V, %s; dashed: 1/√(V·w)", panel.Seeds(p.Seeds)),
		lang.T("distance from a fair load (RMS) by V; dashed: 1/√(V·w)"),
		lang.T("off a fair load, by V; dashed: 1/√(V·w)"),
	})
	c.Text(label, panel.Small, l.ChartLabel.X, l.ChartLabel.Y, panel.TopLeft, pal.Muted)
	plot := l.Chart
	lw := max(1, l.Scale)
	vMax := float64(max(256, p.V))
	ax := geom.LogAxis{Min: 1, Max: vMax, From: plot.X, To: plot.X + plot.W}
	ay := geom.LogAxis{Min: devMin, Max: devMax, From: plot.Y + plot.H, To: plot.Y}
	for _, v := range panel.GridVs {
		if v > vMax {
			break
		}
		x := ax.Map(v)
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(fmt.Sprint(v), panel.Small, x, plot.Y+plot.H+4*l.Scale, panel.TopCenter, pal.Muted)
	}
	for _, d := range []float64{0.01, 0.1, 1} {
		c.Line(plot.X, ay.Map(d), plot.X+plot.W, ay.Map(d), lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(lang.Float(d, 'f', -1), panel.Small, plot.X-6*l.Scale, ay.Map(d), panel.MiddleRight, pal.Muted)
	}
	clampY := func(d float64) float64 { return ay.Map(min(max(d, devMin), devMax)) }
	var legend []panel.LegendItem
	for k, w := range s.kinds() {
		col := panel.OverlayColour(pal, k)
		// The guide, dashed, from V = 1 to the right edge.
		gx, gy := []float64{}, []float64{}
		for v := 1.0; v <= vMax*1.0001; v *= math.Pow(2, 0.25) {
			gx, gy = append(gx, ax.Map(v)), append(gy, clampY(1/math.Sqrt(v*float64(w))))
		}
		panel.StrokeCurve(c, gx, gy, 1.5*lw, col, true)
		legend = append(legend, panel.LegendItem{Kind: panel.LegendFill, Col: col, Text: lang.Sprintf("size %d", w)})
		rows := s.byV()
		if rows == nil {
			continue
		}
		xs, ys := make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			xs[i], ys[i] = ax.Map(float64(r.V)), clampY(r.RMSDevBySize[w])
		}
		panel.StrokeCurve(c, xs, ys, 2.5*lw, col, false)
		for i := range xs {
			c.Disc(xs[i], ys[i], 3.5*lw, col)
		}
		x, y := ax.Map(float64(p.V)), clampY(s.sr.Mean.RMSDevBySize[w]) // this V's figure, ringed
		c.Disc(x, y, 7*l.Scale, pal.Text)
		c.Disc(x, y, 4*l.Scale, col)
	}
	if s.rows == nil {
		c.BoxedText(lang.T("working…"), panel.Small, plot.CenterX(), plot.CenterY(), panel.Center, pal.Muted)
	}
	x := ax.Map(float64(p.V))
	c.Line(x, plot.Y, x, plot.Y+plot.H, lw, pal.Text)
	panel.Legend(c, l.ChartLabel.X, plot.Y+plot.H+26*l.Scale, l.ChartLabel.W, legend)
}

func (s *Shown) Tooltip(node int) string {
	p := s.sr.Params
	if node < 0 || node >= len(s.sr.Relative) {
		return ""
	}
	owned := float64(s.sr.Ring.Loads[node]) / float64(sim.RingSize)
	return lang.Sprintf("Node %s, size %d\n%s · %.1f%% of the ring\n%.2f× its fair load for its size",
		sim.NodeName(node), p.Sizes[node], view.Ranges(p.V*p.Sizes[node]), 100*owned, s.sr.Relative[node])
}

// State is the sizes view's part of window.vnodes.state(): each node's
// size, and the figures `make table -weights` gives (means over the
// seeds), with the selected seed's relative loads and figures.
type State struct {
	Sizes          []int              `json:"sizes"`
	Imbalance      float64            `json:"imbalance"`
	CV             float64            `json:"cv"`
	RMSDevByWeight map[string]float64 `json:"rmsDevByWeight"`
	Seed           SeedState          `json:"seed"`
	Rows           []RowState         `json:"rows,omitempty"` // by V, once worked out
}

// SeedState is the selected seed's ring: each node's load over its fair
// load for its size, and their figures.
type SeedState struct {
	Relative       []float64          `json:"relative"`
	Imbalance      float64            `json:"imbalance"`
	CV             float64            `json:"cv"`
	RMSDevByWeight map[string]float64 `json:"rmsDevByWeight"`
}

// RowState is one V's means over the seeds.
type RowState struct {
	V              int                `json:"v"`
	Imbalance      float64            `json:"imbalance"`
	CV             float64            `json:"cv"`
	RMSDevByWeight map[string]float64 `json:"rmsDevByWeight"`
}

// byName keys a map by the sizes written out, as JSON keys are.
func byName(m map[int]float64) map[string]float64 {
	out := make(map[string]float64, len(m))
	for w, x := range m {
		out[strconv.Itoa(w)] = x
	}
	return out
}

func (s *Shown) State() any {
	m, sd := s.sr.Mean, s.sr.Seed
	st := State{Sizes: s.sr.Params.Sizes, Imbalance: m.Imbalance, CV: m.CV, RMSDevByWeight: byName(m.RMSDevBySize),
		Seed: SeedState{Relative: s.sr.Relative, Imbalance: sd.Imbalance, CV: sd.CV, RMSDevByWeight: byName(sd.RMSDevBySize)}}
	for _, r := range s.rows {
		st.Rows = append(st.Rows, RowState{V: r.V, Imbalance: r.Imbalance, CV: r.CV, RMSDevByWeight: byName(r.RMSDevBySize)})
	}
	return st
}

func (s *Shown) Describe() (summary, note string) {
	p, m := s.sr.Params, s.sr.Mean
	summary = lang.Sprintf("Nodes of different sizes: %s. V = %d: a node of size w owns V·w random ranges, %s assignment.", inWords(s.sr.Params.Sizes), p.V, panel.AssignLabel(p.Assign)) + " "
	summary += lang.Sprintf("Mean over %s: the busiest node carries %.3f times its fair load for its size; CV %.3f.", panel.Seeds(p.Seeds), m.Imbalance, m.CV)
	for _, w := range s.kinds() {
		summary += " " + lang.Sprintf("Size %d: %.3f off a fair load (root mean square).", w, m.RMSDevBySize[w])
	}
	busiest := s.res.Ring.Stats.Busiest
	note = lang.Sprintf("V = %d: node %s, of size %d, is the busiest of seed %d at %.2f times its fair load.",
		p.V, sim.NodeName(busiest), p.Sizes[busiest], s.sr.Ring.Seed, s.sr.Relative[busiest])
	return summary, note
}

// Measured: "sizes" is how far the smallest and the largest nodes' loads
// are from fair, here and at V = 64.
func (s *Shown) Measured(asks string) (view.Figure, bool) {
	if asks != "sizes" {
		return view.Figure{}, false
	}
	p, m := s.sr.Params, s.sr.Mean
	kinds := s.kinds()
	small, big := kinds[0], kinds[len(kinds)-1]
	text := lang.Sprintf("nodes of size %d are %.0f %% off a fair load, of size %d %.0f %% (root mean square over the seeds)",
		small, 100*m.RMSDevBySize[small], big, 100*m.RMSDevBySize[big])
	for _, r := range s.rows {
		if r.V == 64 && p.V != 64 {
			text += "\n" + lang.Sprintf("V = %d: %.0f %% and %.0f %%", r.V, 100*r.RMSDevBySize[small], 100*r.RMSDevBySize[big])
		}
	}
	return view.Figure{Text: text, Value: 100 * m.RMSDevBySize[big], Unit: " %"}, true
}
