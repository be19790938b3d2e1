package hashes

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

// Shown is every algorithm's figures on the seeds' keys, the selected
// seed's keys per node and where they land, and the lookups timed here.
type Shown struct {
	res  sim.Result
	hr   sim.HashResult
	v    View
	ns   [sim.NumHashAlgorithms]float64
	rows *rows
	ring sim.Ring // the band: the ring's tokens, or where the keys land
}

func (s *Shown) Sim() *sim.Result { return &s.res }

func (s *Shown) WithRows(r view.Rows) view.Shown {
	out := *s
	out.rows, _ = r.(*rows)
	return &out
}

func (s *Shown) nodes() int { return s.hr.Params.Nodes }

// counts are the keys per node before the change and after it.
func (s *Shown) counts() (before, after []int) {
	a := s.v.Algo
	switch s.v.Move {
	case JoinMove:
		return s.hr.Counts[a], s.hr.JoinCounts[a]
	case LeaveMove:
		return s.hr.Counts[a], s.hr.LeaveCounts[a]
	}
	return s.hr.Counts[a], s.hr.Counts[a]
}

// bandRing is what the band shows: the ring's own tokens for the ring
// with no change, else where the keys land (after the change shown),
// coloured by their node.
func bandRing(hr *sim.HashResult, v View) sim.Ring {
	a, nodes := v.Algo, hr.Params.Nodes
	strip := hr.Strip[a]
	switch v.Move {
	case JoinMove:
		strip, nodes = hr.JoinStrip[a], nodes+1
	case LeaveMove:
		strip = hr.LeaveStrip[a]
	}
	if a == sim.RingHash && v.Move == NoMove {
		return hr.Ring
	}
	return sim.StripRing(strip, nodes, hr.Params.Seed)
}

func (s *Shown) Ring(l *panel.Look) panel.RingSpec {
	_, after := s.counts()
	return panel.RingSpec{Ring: &s.ring, Key: busiest(after), NodeBars: !l.Concealed}
}

func busiest(counts []int) int {
	b := 0
	for i, c := range counts {
		if c > counts[b] {
			b = i
		}
	}
	return b
}

func (s *Shown) Header(c panel.Canvas) (title, sub string) {
	p := s.hr.Params
	return lang.T("Other ways to hash: the same keys, four algorithms"),
		panel.FitHeader(c, []string{
			lang.Sprintf("%s · %s keys · ring with V = %d %s each · %s leaves, %s joins", panel.Nodes(p.Nodes), panel.Thousands(p.Keys), p.V, panel.Plural(p.V, "token", "tokens"), sim.NodeName(p.Leave), sim.NodeName(p.Nodes)),
			lang.Sprintf("%s · %s keys · ring V = %d", panel.Nodes(p.Nodes), panel.Thousands(p.Keys), p.V),
		})
}

// PaintRing says what the band shows, and in the middle how even the
// shown algorithm is, or what its change moved.
func (s *Shown) PaintRing(c panel.Canvas, spec panel.RingSpec) {
	pal := c.Palette()
	a := s.v.Algo
	if a == sim.RingHash {
		panel.RingLabel(c, []string{
			lang.Sprintf("Seed %d's ring: each key belongs to the token at or before it", s.hr.Params.Seed),
			lang.Sprintf("Seed %d's ring of tokens", s.hr.Params.Seed),
		})
	} else {
		panel.RingLabel(c, []string{
			lang.Sprintf("Where seed %d's keys land, by their top 32 bits: %s has no ranges", s.hr.Params.Seed, algoWord(a)),
			lang.Sprintf("Where the keys land (%s has no ranges)", algoWord(a)),
		})
	}
	if c.Look().Concealed {
		panel.Predict(c)
		return
	}
	f := s.hr.Seed[a]
	top, big, under := algoWord(a), panel.F3(f.Imbalance)+"×", lang.T("busiest node's keys / mean")
	switch s.v.Move {
	case JoinMove:
		big, under = panel.Pct(f.MovedJoin), lang.Sprintf("of the keys move when %s joins", sim.NodeName(s.nodes()))
	case LeaveMove:
		big, under = panel.Pct(f.MovedLeave), lang.Sprintf("of the keys move when %s leaves", sim.NodeName(s.hr.Params.Leave))
	}
	panel.CentreText(c, top, pal.Accent, big, under)
}

// PaintBars shows each node's keys in fair shares; with a change, the keys
// before (behind) and after (in front).
func (s *Shown) PaintBars(c panel.Canvas) {
	l, pal, hover := c.Layout(), c.Palette(), c.Look().Hover
	before, after := s.counts()
	n := len(after)
	fair := float64(s.hr.Params.Keys) / float64(s.nodes())
	share := func(counts []int, i int) float64 {
		if i >= len(counts) {
			return 0
		}
		return float64(counts[i]) / fair
	}
	moving := s.v.Move != NoMove
	if moving {
		panel.BarsLabel(c, lang.T("Keys per node before (behind) and after (front), in fair shares"), lang.T("Keys before (behind) and after (front)"), lang.T("Keys per node"))
	} else {
		panel.BarsLabel(c, lang.Sprintf("Keys per node by %s, in fair shares of the %s", algoWord(s.v.Algo), panel.Thousands(s.hr.Params.Keys)), lang.T("Keys per node, in fair shares"), lang.T("Keys per node"))
	}
	top := 1.0
	for i := range n {
		top = max(top, share(before, i), share(after, i))
	}
	top = panel.AxisMax(l, top)
	lw := panel.BarAxes(c, top)
	for i := range n {
		col := pal.NodeColor(i)
		switch {
		case n > panel.MaxLanes && i != hover:
			col = pal.Muted
		case hover >= 0 && i != hover:
			col = panel.Dim(col, pal.Background, 0.45)
		}
		if !moving {
			c.Fill(panel.BarRect(l, n, i, share(after, i), top), col)
			continue
		}
		if b := share(before, i); b > 0 {
			c.Fill(panel.BarRect(l, n, i, b, top), panel.Dim(col, pal.Background, 0.35))
		}
		front := panel.BarRect(l, n, i, share(after, i), top)
		w := front.W * 0.5
		c.Fill(geom.Rect{X: front.X + (front.W-w)/2, Y: front.Y, W: w, H: front.H}, col)
	}
	panel.FairLine(c, top, lw)
	panel.BarNames(c, n, []int{busiest(after)}, sim.NodeName)
	b := busiest(after)
	panel.BarValue(c, lang.Float(share(after, b), 'f', 2)+"×", panel.BarRect(l, n, b, max(share(after, b), share(before, b)), top), nil)
	x := l.BarsLabel.X
	items := []panel.LegendItem{{Kind: panel.LegendDashed, Col: pal.Accent, Text: lang.T("fair share")}}
	if moving {
		a := pal.NodeColor(min(1, n-1))
		items = append([]panel.LegendItem{
			{Kind: panel.LegendFill, Col: panel.Dim(a, pal.Background, 0.35), Text: lang.T("before")},
			{Kind: panel.LegendFill, Col: a, Text: lang.T("after")},
		}, items...)
	}
	panel.Legend(c, x, panel.BarsLegendY(l), l.Bars.X+l.Bars.W-x, items)
}

// memory writes a byte count briefly.
func memory(b int) string {
	switch {
	case b == 0:
		return "0"
	case b < 10000:
		return fmt.Sprint(b)
	case b < 10_000_000:
		return lang.Float(float64(b)/1000, 'f', 0) + "k"
	default:
		return lang.Float(float64(b)/1e6, 'f', 0) + "M"
	}
}

// lookupSteps are sim.LookupCost's orders of growth, short enough for a
// column headed "steps": the steps a lookup takes.
var lookupSteps = [sim.NumHashAlgorithms]string{"log NV", "log N", "N", "1"}

// PaintColumn fills the figures: every algorithm's 20-seed means side by
// side, the shown one's seed above, with memory and the steps of a lookup
// (the lookups timed here are in the tooltip, the text twin and state()).
func (s *Shown) PaintColumn(c panel.Canvas) {
	if c.Look().Concealed {
		panel.DrawFigures(c, panel.WorkingFigures)
		return
	}
	p := s.hr.Params
	pct := func(x float64) string { return lang.Float(100*x, 'f', 1) } // the group above says %
	cells := func(f sim.HashFigures, a sim.HashAlgorithm) []string {
		return []string{panel.F3(f.Imbalance), panel.F3(f.CV), pct(f.MovedJoin), pct(f.MovedLeave),
			memory(sim.MemoryBytes(a, p.Nodes, p.V)), lookupSteps[a]}
	}
	seed := cells(s.hr.Seed[s.v.Algo], s.v.Algo)
	seed[4], seed[5] = "", ""
	f := panel.Figures{
		Heads:   []string{lang.T("max/mean"), "CV", lang.T("join"), lang.T("leave"), lang.T("bytes"), lang.T("steps")},
		Groups:  []panel.FigureGroup{{Text: lang.T("moved, %"), First: 2, End: 4}},
		Cols:    []float64{0.345, 0.457, 0.574, 0.699, 0.828, 1}, // the heads are the widest in German and French
		Top:     []panel.FigureRow{{Label: lang.Sprintf("seed %d", p.Seed), Cells: seed}},
		Caption: lang.Sprintf("seeds 0–%d · random keys: CV %.3f", p.Seeds-1, sim.RandomCV(p.Nodes, p.Keys)),
		Current: int(s.v.Algo),
	}
	for a := range sim.HashAlgorithm(sim.NumHashAlgorithms) {
		label := algoWord(a) // the ring's V is in the header
		f.Rows = append(f.Rows, panel.FigureRow{Label: label, Cells: cells(s.hr.Mean[a], a)})
	}
	panel.DrawFigures(c, f)
}

// curveColour is each curve's colour: the shown algorithm in the accent.
func (s *Shown) curveColour(pal *panel.Palette, a sim.HashAlgorithm) color.NRGBA {
	if a == s.v.Algo {
		return pal.Accent
	}
	return panel.OverlayColour(pal, int(a))
}

// PaintChart plots, against the number of nodes, the busiest node's keys
// over the mean for each algorithm (the ring with 1 token and with 16),
// or, while a leave is shown, the share of the keys it moves.
func (s *Shown) PaintChart(c panel.Canvas) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	leave := s.v.Move == LeaveMove
	keys := panel.Thousands(min(s.v.Placed, chartKeys))
	wordings := []string{lang.Sprintf("Busiest/mean by N · %s keys · dashed: ring V=1", keys), lang.T("Busiest/mean by N · dashed: ring V=1")}
	if leave {
		wordings = []string{lang.Sprintf("Leave moves by N · %s keys · dashed: ring V=1", keys), lang.T("Leave moves by N · dashed: ring V=1")}
	}
	what := panel.Fit(c, panel.Small, l.ChartLabel.W, wordings) // the keys are in the header too
	c.Text(what, panel.Small, l.ChartLabel.X, l.ChartLabel.Y, panel.TopLeft, pal.Muted)
	plot := l.Chart
	lw := max(1, l.Scale)
	ax := geom.LogAxis{Min: 2, Max: float64(max(100, s.nodes())), From: plot.X, To: plot.X + plot.W}
	lo, hi := 1.0, 3.0
	if leave {
		lo, hi = 0, 1
	}
	if s.rows != nil && !leave {
		for _, r := range s.rows.ringOne {
			hi = max(hi, math.Ceil(r.Figures[sim.RingHash].Imbalance))
		}
	}
	ay := func(y float64) float64 { return plot.Y + plot.H - (y-lo)/(hi-lo)*plot.H }
	for _, n := range append(chartNodes, 1000) {
		if float64(n) > ax.Max {
			break
		}
		x := ax.Map(float64(n))
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(fmt.Sprint(n), panel.Small, x, plot.Y+plot.H+4*l.Scale, panel.TopCenter, pal.Muted)
	}
	now := ax.Map(float64(s.nodes())) // the shown cluster
	c.Line(now, plot.Y, now, plot.Y+plot.H, lw, pal.Text)
	step := max(1, math.Round((hi-lo)/3))
	if leave {
		step = 0.5
	}
	for y := lo; y <= hi+1e-9; y += step {
		label := lang.Float(y, 'g', -1) + "×"
		if leave {
			label = lang.Sprintf("%.0f%%", 100*y)
		}
		c.Line(plot.X, ay(y), plot.X+plot.W, ay(y), lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(label, panel.Small, plot.X-6*l.Scale, ay(y), panel.MiddleRight, pal.Muted)
	}
	if look.Concealed || s.rows == nil {
		msg := lang.T("working…")
		if look.Concealed {
			msg = lang.T("shown after the reveal")
		}
		c.BoxedText(msg, panel.Small, plot.CenterX(), plot.CenterY(), panel.Center, pal.Muted)
		return
	}
	curve := func(rows []sim.HashRow, a sim.HashAlgorithm, dashed bool) {
		xs, ys := make([]float64, len(rows)), make([]float64, len(rows))
		for i, r := range rows {
			y := r.Figures[a].Imbalance
			if leave {
				y = r.Figures[a].MovedLeave
			}
			xs[i], ys[i] = ax.Map(float64(r.Nodes)), ay(min(y, hi))
		}
		col := s.curveColour(pal, a)
		panel.StrokeCurve(c, xs, ys, 2*lw, col, dashed)
		for i := range xs {
			c.Disc(xs[i], ys[i], 3*lw, col)
		}
	}
	order := slices.DeleteFunc([]sim.HashAlgorithm{sim.RingHash, sim.JumpHash, sim.RendezvousHash, sim.MaglevHash}, func(a sim.HashAlgorithm) bool { return a == s.v.Algo })
	order = append(order, s.v.Algo) // the shown one on top
	for _, a := range order {
		if a == sim.RingHash {
			curve(s.rows.ringOne, a, true)
		}
		curve(s.rows.rest, a, false)
	}
	var items []panel.LegendItem
	for a := range sim.HashAlgorithm(sim.NumHashAlgorithms) {
		items = append(items, panel.LegendItem{Kind: panel.LegendFill, Col: s.curveColour(pal, a), Text: algoWord(a)})
	}
	panel.Legend(c, l.ChartLabel.X, plot.Y+plot.H+26*l.Scale, l.ChartLabel.W, items)
}

// Tooltip: a node's keys before and after the change shown.
func (s *Shown) Tooltip(node int) string {
	before, after := s.counts()
	if node < 0 || node >= len(after) {
		return ""
	}
	fair := float64(s.hr.Params.Keys) / float64(s.nodes())
	text := lang.Sprintf("Node %s\n%s keys by %s, %.2f× a fair share", sim.NodeName(node), panel.Thousands(after[node]), algoWord(s.v.Algo), float64(after[node])/fair)
	if s.v.Move != NoMove && node < len(before) {
		text += "\n" + lang.Sprintf("%s before the change", panel.Thousands(before[node]))
	}
	return text
}

// State is the hashes view's part of window.vnodes.state(): the shown
// algorithm, the keys, the change shown and who leaves, the floor of the
// CV for these keys, and for each algorithm its figures for the seed and
// the 20-seed means, its memory and the lookup timed here.
type State struct {
	Algo     string `json:"algo"`
	Keys     int    `json:"keys"`
	Move     string `json:"move"`
	Leave    string `json:"leave"`
	Renumber string `json:"renumber"` // how jump closes the leaver's gap: shift or last
	// RandomCV is the CV keys thrown at random would have, root-mean-square.
	RandomCV float64       `json:"randomCV"`
	Counts   []int         `json:"counts"` // the shown algorithm's keys per node for the seed, before any change
	Algos    []AlgoFigures `json:"algos"`
}

// AlgoFigures are one algorithm's figures.
type AlgoFigures struct {
	Algo          string  `json:"algo"`
	Imbalance     float64 `json:"imbalance"`
	CV            float64 `json:"cv"`
	MovedJoin     float64 `json:"movedJoin"`
	MovedLeave    float64 `json:"movedLeave"`
	AvgImbalance  float64 `json:"avgImbalance"`
	AvgCV         float64 `json:"avgCV"`
	AvgMovedJoin  float64 `json:"avgMovedJoin"`
	AvgMovedLeave float64 `json:"avgMovedLeave"`
	MemoryBytes   int     `json:"memoryBytes"`
	Lookup        string  `json:"lookup"` // what a lookup costs, as its order of growth
	LookupNs      float64 `json:"lookupNs"`
	// AvgMovedLeaveBy is, for jump, the 20-seed share moved on the leave
	// each way to renumber: shift and last.
	AvgMovedLeaveBy map[string]float64 `json:"avgMovedLeaveBy,omitempty"`
}

func (s *Shown) State() any {
	p := s.hr.Params
	st := State{Algo: s.v.Algo.String(), Keys: p.Keys, Move: s.v.Move.String(), Leave: sim.NodeName(p.Leave), Renumber: p.Renumber.String(),
		RandomCV: sim.RandomCV(p.Nodes, p.Keys), Counts: s.hr.Counts[s.v.Algo]}
	for a := range sim.HashAlgorithm(sim.NumHashAlgorithms) {
		f, m := s.hr.Seed[a], s.hr.Mean[a]
		af := AlgoFigures{Algo: a.String(), Imbalance: f.Imbalance, CV: f.CV, MovedJoin: f.MovedJoin, MovedLeave: f.MovedLeave,
			AvgImbalance: m.Imbalance, AvgCV: m.CV, AvgMovedJoin: m.MovedJoin, AvgMovedLeave: m.MovedLeave,
			MemoryBytes: sim.MemoryBytes(a, p.Nodes, p.V), Lookup: sim.LookupCost(a), LookupNs: s.ns[a]}
		if a == sim.JumpHash {
			af.AvgMovedLeaveBy = map[string]float64{}
			for r, x := range m.MovedLeaveBy {
				af.AvgMovedLeaveBy[sim.Renumber(r).String()] = x
			}
		}
		st.Algos = append(st.Algos, af)
	}
	return st
}

func (s *Shown) Describe() (summary, note string) {
	summary, _ = view.Describe(&s.res)
	p := s.hr.Params
	summary += lang.Sprintf("The same %s keys placed four ways, means over the seeds (busiest node over the mean; keys moved when %s joins; when %s leaves): ",
		panel.Thousands(p.Keys), sim.NodeName(p.Nodes), sim.NodeName(p.Leave))
	for a := range sim.HashAlgorithm(sim.NumHashAlgorithms) {
		m := s.hr.Mean[a]
		if a < sim.NumHashAlgorithms-1 {
			summary += lang.Sprintf("%s %.3f, %.1f%%, %.1f%%; ", algoWord(a), m.Imbalance, 100*m.MovedJoin, 100*m.MovedLeave)
		} else {
			summary += lang.Sprintf("%s %.3f, %.1f%%, %.1f%%.", algoWord(a), m.Imbalance, 100*m.MovedJoin, 100*m.MovedLeave)
		}
	}
	summary += " " + lang.Sprintf("A lookup takes %s steps by the ring, %s by jump, %s by rendezvous and %s by Maglev; timed in this browser: %.0f, %.0f, %.0f and %.0f ns.",
		lookupSteps[sim.RingHash], lookupSteps[sim.JumpHash], lookupSteps[sim.RendezvousHash], lookupSteps[sim.MaglevHash],
		s.ns[sim.RingHash], s.ns[sim.JumpHash], s.ns[sim.RendezvousHash], s.ns[sim.MaglevHash])
	m := s.hr.Mean[s.v.Algo]
	note = lang.Sprintf("V = %d, %s: busiest node %.3f times the mean; %.1f%% of the keys move when %s leaves.", p.V, algoWord(s.v.Algo), m.Imbalance, 100*m.MovedLeave, sim.NodeName(p.Leave))
	return summary, note
}

// Measured is the figure the lesson asks about: "leave", the 20-seed
// share of the keys that move when the node leaves, by the algorithm
// shown, beside the ring's and rendezvous's, and for jump both ways to
// close the gap.
func (s *Shown) Measured(asks string) (view.Figure, bool) {
	if asks != "leave" {
		return view.Figure{}, false
	}
	m := s.hr.Mean
	p := s.hr.Params
	text := lang.Sprintf("%s: %.1f %% of the keys move when %s leaves\nring (V = %d) %.1f %% · rendezvous %.1f %% · Maglev %.1f %%",
		algoWord(s.v.Algo), 100*m[s.v.Algo].MovedLeave, sim.NodeName(p.Leave), p.V, 100*m[sim.RingHash].MovedLeave, 100*m[sim.RendezvousHash].MovedLeave, 100*m[sim.MaglevHash].MovedLeave)
	if s.v.Algo == sim.JumpHash {
		by := m[sim.JumpHash].MovedLeaveBy
		text += "\n" + lang.Sprintf("jump, the rest shifted: %.1f %% · the last node into the gap: %.1f %%", 100*by[sim.RenumberShift], 100*by[sim.RenumberLast])
	}
	return view.Figure{Text: text, Value: 100 * m[s.v.Algo].MovedLeave, Unit: " %"}, true
}
