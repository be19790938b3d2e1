package change

import (
	"fmt"
	"math"
	"slices"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// Shown is a change of every seed's ring: the selected seed's, drawn, and
// the 20-seed means.
type Shown struct {
	res  sim.Result
	cr   sim.ChangeResult
	rows []sim.ChangeRow // nil while worked out
}

func (s *Shown) Sim() *sim.Result { return &s.res }

func (s *Shown) WithRows(r view.Rows) view.Shown {
	out := *s
	out.rows = view.TableList[sim.ChangeRow](r)
	return &out
}

// shown is the change drawn: not while a lesson question is open, since
// what moved is the answer.
func (s *Shown) shown(l *panel.Look) *sim.Change {
	if l.Concealed {
		return nil
	}
	return &s.cr.Seed
}

// Ring is the ring after the change with what moved lit, the node that
// joined or left singled out; while the question is open, the ring as it
// was.
func (s *Shown) Ring(l *panel.Look) panel.RingSpec {
	c := s.shown(l)
	if c == nil {
		return panel.SpreadRing(&s.res, l)
	}
	return panel.RingSpec{Ring: &c.After, Moved: c.Pieces, Key: c.Node, NodeBars: true}
}

// Header says what happens, in the longest wording that fits beside the
// buttons at the top right: what happens is the question, not its answer.
func (s *Shown) Header(c panel.Canvas) (title, sub string) {
	p := s.cr.Params
	name := sim.NodeName(s.cr.Seed.Node)
	ranges := panel.Plural(p.V, "range", "ranges")
	rest := []string{
		lang.Sprintf("%s, each with V = %d random %s · %s assignment", panel.Nodes(p.Nodes), p.V, ranges, panel.AssignLabel(p.Assign)),
		lang.Sprintf("%s, V = %d each · %s assignment", panel.Nodes(p.Nodes), p.V, panel.AssignLabel(p.Assign)),
	}
	if p.Node == sim.BusiestNode && s.cr.Seed.Kind != sim.Join {
		name = lang.Sprintf("%s (the busiest)", name)
	}
	var what []string
	switch s.cr.Seed.Kind {
	case sim.Join:
		title = lang.T("Virtual nodes: a node joins. What moves?")
		what = []string{lang.Sprintf("Node %s joins with V = %d new %s · before: ", name, p.V, panel.Plural(p.V, "token", "tokens"))}
	case sim.Fail:
		title = lang.T("Virtual nodes: a node fails. Who takes over?")
		what = []string{
			lang.Sprintf("Node %s fails; the node before each of its ranges absorbs its traffic · ", name),
			lang.Sprintf("Node %s fails: the nodes before its ranges absorb its traffic · ", name),
			lang.Sprintf("Node %s fails · ", name),
		}
	default:
		title = lang.T("Virtual nodes: a node leaves. Where does its data go?")
		what = []string{
			lang.Sprintf("Node %s leaves; each of its ranges goes to the node before it · ", name),
			lang.Sprintf("Node %s leaves: its ranges go to the nodes before them · ", name),
			lang.Sprintf("Node %s leaves · ", name),
		}
	}
	var options []string
	for _, w := range what {
		for _, r := range rest {
			options = append(options, w+r)
		}
	}
	return title, panel.FitHeader(c, options)
}

// units are the bars' unit and the other cluster size. The bars count in
// fair shares of the larger cluster, the one the moving node is part of
// (N+1 after a join, N before a leave), so the moving node's bar reads as
// its figure in the panel (Change.NodeShare); the smaller cluster's fair
// share is the second line.
func units(c *sim.Change) (unit, other int) {
	if c.Kind == sim.Join {
		return c.Members, c.Before.Nodes
	}
	return c.Before.Nodes, c.Members
}

// Shares are every node's load before and after, in the bars' unit; the
// newcomer has nothing before.
func Shares(c *sim.Change) (before, after []float64) {
	unit, _ := units(c)
	share := func(load uint64) float64 { return float64(load) * float64(unit) / float64(sim.RingSize) }
	before = make([]float64, c.After.Nodes)
	after = make([]float64, c.After.Nodes)
	for i := range after {
		if i < c.Before.Nodes {
			before[i] = share(c.Before.Loads[i])
		}
		after[i] = share(c.After.Loads[i])
	}
	return before, after
}

// AxisMax is the top of the bars' axis.
func AxisMax(l geom.Layout, c *sim.Change) float64 {
	before, after := Shares(c)
	return panel.AxisMax(l, max(slices.Max(before), slices.Max(after)))
}

// moverText is "node X joins" (leaves, fails), translated, for short
// labels.
func moverText(c *sim.Change) string {
	name := sim.NodeName(c.Node)
	switch c.Kind {
	case sim.Join:
		return lang.Sprintf("node %s joins", name)
	case sim.Fail:
		return lang.Sprintf("node %s fails", name)
	}
	return lang.Sprintf("node %s leaves", name)
}

// barsLabel says what the bars show, translated.
func barsLabel(c *sim.Change, unit int) string {
	mover := sim.NodeName(c.Node)
	switch c.Kind {
	case sim.Join:
		return lang.Sprintf("Before and after %s joins, in fair shares of %s", mover, panel.Nodes(unit))
	case sim.Fail:
		return lang.Sprintf("Before and after %s fails, in fair shares of %s", mover, panel.Nodes(unit))
	}
	return lang.Sprintf("Before and after %s leaves, in fair shares of %s", mover, panel.Nodes(unit))
}

// PaintBars shows, per node, what it keeps in its own colour and what
// moved in the moving node's colour on top: for a join the part each old
// node gave the newcomer above what it kept, and the newcomer's bar made
// of nothing else; for a leave the part each node received above what it
// had, and the leaver's former load as an empty outline.
func (s *Shown) PaintBars(cv panel.Canvas) {
	c := &s.cr.Seed
	l, pal, hover := cv.Layout(), cv.Palette(), cv.Look().Hover
	join := c.Kind == sim.Join
	unit, other := units(c)
	panel.BarsLabel(cv, barsLabel(c, unit))
	before, after := Shares(c)
	top := AxisMax(l, c)
	lw := panel.BarAxes(cv, top)
	bars := len(after)
	moverCol := pal.NodeColor(c.Node)
	sep := max(1, l.Scale) // background left between a bar and the part that moved
	for i := range bars {
		col, mc := pal.NodeColor(i), moverCol
		switch {
		case bars > panel.MaxLanes && i != c.Node && i != hover:
			col = pal.Muted // colours repeat: only the mover and the pointed node keep theirs
		case hover >= 0 && i != hover && i != c.Node:
			col, mc = panel.Dim(col, pal.Background, 0.45), panel.Dim(mc, pal.Background, 0.45)
		}
		switch {
		case i == c.Node && join:
			cv.Fill(panel.BarRect(l, bars, i, after[i], top), col)
		case i == c.Node:
			b := panel.BarRect(l, bars, i, before[i], top)
			cv.Fill(b, panel.WithAlpha(col, 50))
			cv.Frame(b, 2*lw, col)
		default:
			lo, hi := min(before[i], after[i]), max(before[i], after[i])
			cv.Fill(panel.BarRect(l, bars, i, lo, top), col)
			if hi > lo {
				r := panel.BarRect(l, bars, i, hi, top)
				r.H -= panel.BarRect(l, bars, i, lo, top).H
				if r.H > 3*sep {
					r.H -= sep
				}
				cv.Fill(r, mc)
			}
		}
		if i == hover && i != c.Node {
			cv.Frame(panel.BarRect(l, bars, i, max(before[i], after[i]), top), 2*lw, pal.Text)
		}
	}
	panel.FairLine(cv, top, lw)
	panel.ShareLine(cv, float64(unit)/float64(other), top, lw)
	first := []int{c.Node}
	if hover >= 0 && hover != c.Node {
		first = append(first, hover)
	}
	panel.BarNames(cv, bars, first, sim.NodeName)
	var taken []geom.Rect
	for _, i := range first {
		value := lang.Sprintf("%.2f×", max(before[i], after[i]))
		if i != c.Node {
			value = lang.Sprintf("%.2f→%.2f×", before[i], after[i])
		}
		b := panel.BarRect(l, bars, i, max(before[i], after[i]), top)
		taken = append(taken, panel.BarValue(cv, value, b, taken))
	}
	barsLegend(cv, c, unit, other)
}

func barsLegend(cv panel.Canvas, c *sim.Change, unit, other int) {
	l, pal := cv.Layout(), cv.Palette()
	mover := sim.NodeName(c.Node)
	mc := pal.NodeColor(c.Node)
	// The nodes' own colours: two that are not the mover's.
	a, b := pal.NodeColor((c.Node+1)%c.After.Nodes), pal.NodeColor((c.Node+2)%c.After.Nodes)
	if c.After.Nodes > panel.MaxLanes {
		a, b = pal.Muted, pal.Muted
	}
	var items []panel.LegendItem
	if c.Kind == sim.Join {
		items = []panel.LegendItem{
			{Kind: panel.LegendFill, Col: a, Col2: b, Text: lang.T("kept")},
			{Kind: panel.LegendFill, Col: mc, Text: lang.Sprintf("given to %s", mover)},
		}
	} else {
		got := lang.Sprintf("received from %s", mover)
		if c.Kind == sim.Fail {
			got = lang.Sprintf("absorbed from %s", mover)
		}
		items = []panel.LegendItem{
			{Kind: panel.LegendFill, Col: a, Col2: b, Text: lang.T("had")},
			{Kind: panel.LegendFill, Col: mc, Text: got},
			{Kind: panel.LegendOutline, Col: mc, Text: lang.Sprintf("%s before", mover)},
		}
	}
	items = append(items,
		panel.LegendItem{Kind: panel.LegendDashed, Col: pal.Accent, Text: lang.Sprintf("fair share of %d", unit)},
		panel.LegendItem{Kind: panel.LegendDotted, Col: pal.Text, Text: lang.Sprintf("of %d", other)})
	x := l.BarsLabel.X
	panel.Legend(cv, x, panel.BarsLegendY(l), l.Bars.X+l.Bars.W-x, items)
}

// maxTokenMarks is the most tokens marked one by one.
const maxTokenMarks = 64

// tokenMarks point at the moving node's tokens from outside the band,
// while they are few enough to tell apart: filled for a newcomer's, empty
// for the tokens a leaver had. They show where a newcomer landed even
// when what it took is too thin to see.
func tokenMarks(cv panel.Canvas, c *sim.Change) {
	if len(c.Tokens) > maxTokenMarks {
		return
	}
	l, pal := cv.Layout(), cv.Palette()
	r0, r1 := l.Ring.R+2*l.Scale, l.Ring.R+13*l.Scale
	half := 0.5 * 11 * l.Scale / r1 // radians either side at the base
	col := pal.NodeColor(c.Node)
	for _, t := range c.Tokens {
		a := geom.Angle(uint64(t))
		xs := []float64{l.Ring.X + r0*math.Cos(a), l.Ring.X + r1*math.Cos(a-half), l.Ring.X + r1*math.Cos(a+half)}
		ys := []float64{l.Ring.Y + r0*math.Sin(a), l.Ring.Y + r1*math.Sin(a-half), l.Ring.Y + r1*math.Sin(a+half)}
		if c.Kind == sim.Join {
			cv.Polygon(xs, ys, col)
			cv.PolygonOutline(xs, ys, max(1, l.Scale), pal.Text)
		} else {
			cv.PolygonOutline(xs, ys, 2*max(1, l.Scale), col)
		}
	}
}

// centre writes in the ring's middle how much of the ring moved, or for a
// pointed node its load before and after.
func centre(cv panel.Canvas, c *sim.Change) {
	pal := cv.Palette()
	node := cv.Look().Hover
	top, big, below := "", "", ""
	before, after := Shares(c)
	switch {
	case node < 0:
		top = moverText(c)
		node = c.Node
		big = panel.Pct(c.MovedFraction)
		below = lang.T("of the ring moved")
	case node == c.Node && c.Kind == sim.Join:
		top = lang.Sprintf("node %s, the newcomer", sim.NodeName(node))
		big = lang.Sprintf("%.2f×", after[node])
		below = lang.T("all of it moved")
	case node == c.Node:
		top = lang.Sprintf("node %s left", sim.NodeName(node))
		if c.Kind == sim.Fail {
			top = lang.Sprintf("node %s failed", sim.NodeName(node))
		}
		big = lang.Sprintf("%.2f×", before[node])
		below = lang.T("all of it moved")
	default:
		top = lang.Sprintf("node %s", sim.NodeName(node))
		big = lang.Sprintf("%.2f×", after[node])
		below = lang.Sprintf("was %.2f×", before[node])
	}
	panel.CentreText(cv, top, pal.NodeColor(node), big, below)
}

func ringLegend(cv panel.Canvas, c *sim.Change) {
	l, pal := cv.Layout(), cv.Palette()
	mc := pal.NodeColor(c.Node)
	mover := sim.NodeName(c.Node)
	lit := panel.LegendItem{Kind: panel.LegendFill, Col: mc, Text: lang.T("moved, in its new owner's colour")}
	if c.Kind != sim.Join {
		a, b := pal.NodeColor((c.Node+1)%c.After.Nodes), pal.NodeColor((c.Node+2)%c.After.Nodes)
		lit = panel.LegendItem{Kind: panel.LegendFill, Col: a, Col2: b, Text: lang.T("moved, in its new owner's colour")}
	}
	items := []panel.LegendItem{lit, {Kind: panel.LegendFill, Col: panel.Dim(pal.NodeColor(0), pal.Background, panel.MovedKeep), Text: lang.T("stayed")}}
	if len(c.Tokens) <= maxTokenMarks {
		if c.Kind == sim.Join {
			items = append(items, panel.LegendItem{Kind: panel.LegendMark, Col: mc, Text: lang.Sprintf("%s's tokens", mover)})
		} else {
			items = append(items, panel.LegendItem{Kind: panel.LegendHollowMark, Col: mc, Text: lang.Sprintf("where %s's were", mover)})
		}
	}
	x := l.RingLabel.X
	panel.Legend(cv, x, panel.RingLegendY(cv), panel.RingLegendWidth(cv, x), items)
}

// ringLabel says what the band and lanes show after the change.
func ringLabel(cv panel.Canvas, c *sim.Change) {
	r := &c.After
	lanes, short := lang.T("inner lanes = one node each"), lang.T("lanes = one node each")
	switch {
	case r.Nodes <= panel.MaxLanes:
	case c.Kind == sim.Join:
		lanes, short = lang.T("lanes = the newcomer, pointed node"), lang.T("lanes = newcomer, pointed")
	default:
		lanes, short = lang.T("lanes = the leaver, pointed node"), lang.T("lanes = leaver, pointed")
	}
	panel.RingLabel(cv, []string{
		lang.Sprintf("Seed %d's ring after the change: band lit where it moved, %s", r.Seed, lanes),
		lang.Sprintf("Seed %d's ring after: lit where it moved, %s", r.Seed, lanes),
		lang.Sprintf("Seed %d's ring after: lit = moved, %s", r.Seed, short),
	})
}

func (s *Shown) PaintRing(cv panel.Canvas, spec panel.RingSpec) {
	c := s.shown(cv.Look())
	if c == nil {
		panel.PlainRingLabel(cv, spec.Ring)
		panel.RingCentre(cv, spec)
		return
	}
	ringLabel(cv, c)
	tokenMarks(cv, c)
	centre(cv, c)
	ringLegend(cv, c)
}

// PaintColumn fills the view's figures: this seed's change and the ideal
// above the means over the seeds for each V, hash mod N beside them.
func (s *Shown) PaintColumn(cv panel.Canvas) {
	cr := &s.cr
	if cv.Look().Concealed {
		panel.DrawFigures(cv, panel.WorkingFigures)
		return
	}
	c := &cr.Seed
	unit, _ := units(c)
	who := lang.T("donors")
	switch c.Kind {
	case sim.Leave:
		who = lang.T("receivers")
	case sim.Fail:
		who = lang.T("absorbers")
	}
	share := func(x float64) string { return lang.Sprintf("%.2f×", x) }
	f := panel.Figures{
		Heads: []string{lang.T("moved"), who, lang.Sprintf("%s's load", sim.NodeName(c.Node)), "mod N"},
		Cols:  []float64{0.4, 0.61, 0.82, 1},
		Top: []panel.FigureRow{
			{Label: lang.Sprintf("seed %d", c.Before.Seed), Cells: []string{panel.Pct(c.MovedFraction), fmt.Sprint(c.Donors), share(c.NodeShare), panel.Pct(c.ModNMoved)}},
			{Label: lang.Sprintf("fair: 1/%d", unit), Cells: []string{panel.Pct(c.Ideal), "", share(1), ""}, Muted: true},
		},
		Caption: lang.Sprintf("mean of seeds 0–%d, by V", cr.Params.Seeds-1),
		Current: -1,
		Working: s.rows == nil,
	}
	rows := s.rows
	if rows != nil { // a V between the exercise's: its row is the result's own mean
		rows = panel.WithRow(rows, sim.ChangeRow{V: cr.Params.V, ChangeMean: cr.Mean}, func(r sim.ChangeRow) int { return r.V })
	}
	for i, r := range rows {
		if r.V == cr.Params.V {
			f.Current = i
		}
		f.Rows = append(f.Rows, panel.FigureRow{Label: lang.Sprintf("V = %d", r.V), Cells: []string{panel.Pct(r.Moved), lang.Float(r.Donors, 'f', 1), share(r.NodeShare), panel.Pct(r.ModN)}})
	}
	panel.DrawFigures(cv, f)
}

func (s *Shown) PaintChart(cv panel.Canvas) { panel.CVChart(cv) }

// Tooltip: a node's share before and after, and what it gave or took.
// Every node owns exactly V ranges, the newcomer too.
func (s *Shown) Tooltip(node int) string {
	c := &s.cr.Seed
	if node < 0 || node >= len(c.After.Loads) {
		return ""
	}
	after := float64(c.After.Loads[node]) / float64(sim.RingSize)
	if c.Kind == sim.Join && node == c.Node {
		return lang.Sprintf("Node %s, the newcomer\n%s · %.1f%% of the ring\n%.2f× a fair share of %s",
			sim.NodeName(node), view.Ranges(s.cr.Params.V), 100*after, c.NodeShare, c.Members)
	}
	before := float64(c.Before.Loads[node]) / float64(sim.RingSize)
	gift := 100 * float64(c.Gift[node]) / float64(sim.RingSize)
	if c.Kind != sim.Join {
		return lang.Sprintf("Node %s\n%.1f%% of the ring before, %.1f%% after\ntook %.1f%% of the ring",
			sim.NodeName(node), 100*before, 100*after, gift)
	}
	return lang.Sprintf("Node %s\n%.1f%% of the ring before, %.1f%% after\ngave %.1f%% of the ring",
		sim.NodeName(node), 100*before, 100*after, gift)
}

// State is the join & leave view's part of window.vnodes.state(), for the
// selected seed unless Avg…: the change, the node that joined or left,
// the fraction of the ring that changed owner and what a move to fair
// shares takes (1/(N+1) for a join, 1/N for a leave), what each old node gave (join) or received (leave) as a
// fraction of the ring, how many did, the newcomer's (or leaver's) load
// in fair shares, and what hash mod N would move.
type State struct {
	Kind          string    `json:"kind"` // "join", "leave" or "fail"
	Node          string    `json:"node"`
	Moved         float64   `json:"moved"`
	MovedIdeal    float64   `json:"movedIdeal"`
	Donors        []float64 `json:"donors"`
	DonorCount    int       `json:"donorCount"`
	NewcomerShare float64   `json:"newcomerShare"`
	ModNMoved     float64   `json:"modNMoved"`
	AvgMoved      float64   `json:"avgMoved"`
	AvgDonors     float64   `json:"avgDonors"`
}

func (s *Shown) State() any {
	c := &s.cr.Seed
	st := State{Kind: c.Kind.String(), Node: sim.NodeName(c.Node), Moved: c.MovedFraction, MovedIdeal: c.Ideal,
		DonorCount: c.Donors, NewcomerShare: c.NodeShare, ModNMoved: c.ModNMoved,
		AvgMoved: s.cr.Mean.Moved, AvgDonors: s.cr.Mean.Donors, Donors: make([]float64, len(c.Gift))}
	for i, gift := range c.Gift {
		st.Donors[i] = float64(gift) / float64(sim.RingSize)
	}
	return st
}

func (s *Shown) Describe() (summary, note string) {
	summary, _ = view.Describe(&s.res)
	c := &s.cr.Seed
	format := lang.T("Node %s leaves: %.1f%% of the ring changes owner (%s is %.1f%%), from %s; hash mod N would move %.1f%%.")
	switch c.Kind {
	case sim.Join:
		format = lang.T("Node %s joins: %.1f%% of the ring changes owner (%s is %.1f%%), from %s; hash mod N would move %.1f%%.")
	case sim.Fail:
		format = lang.T("Node %s fails: %.1f%% of the ring changes owner (%s is %.1f%%), from %s; hash mod N would move %.1f%%.")
	}
	summary += lang.Sprintf(format, sim.NodeName(c.Node), 100*c.MovedFraction, fairShare(c.Kind), 100*c.Ideal, c.Donors, 100*c.ModNMoved)
	note = lang.Sprintf("V = %d: %.1f%% of the ring moves, from %s.", s.res.Params.V, 100*c.MovedFraction, panel.Nodes(c.Donors))
	return summary, note
}

// fairShare names what Ideal is for a change of this kind.
func fairShare(k sim.ChangeKind) string {
	if k == sim.Join {
		return lang.T("a fair share for the newcomer")
	}
	return lang.T("the leaver's fair share")
}

// Measured is the 20-seed mean of what moved, for the lesson's questions.
func (s *Shown) Measured(string) (view.Figure, bool) {
	m := &s.cr.Mean
	return view.Figure{
		Text: lang.Sprintf("%.3f of the ring moved (%s: %.3f)\nfrom %.1f nodes · hash mod N would move %.3f",
			m.Moved, fairShare(s.cr.Seed.Kind), m.Ideal, m.Donors, m.ModN),
		Value: m.Moved, Unit: lang.T(" of the ring"),
	}, true
}
