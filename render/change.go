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

// The join & leave view (ModeChange): the ring after the change with what
// moved lit, each node's load before and after, and the figures against
// hash mod N.

// changeHeader is the title and the line under it: what happened, in the
// longest wording that fits beside the buttons at the top right.
func (s *Scene) changeHeader(cr *sim.ChangeResult) (title, sub string) {
	p := cr.Params
	name := sim.NodeName(cr.Seed.Node)
	ranges := plural(p.V, "range", "ranges")
	rest := []string{
		fmt.Sprintf("%d nodes, each with V = %d random %s · %s assignment", p.Nodes, p.V, ranges, assignLabel(p.Assign)),
		fmt.Sprintf("%d nodes, V = %d each · %s assignment", p.Nodes, p.V, assignLabel(p.Assign)),
	}
	which := ""
	if p.Node == sim.BusiestNode {
		which = " (the busiest)"
	}
	var what []string
	switch cr.Seed.Kind {
	case sim.Join:
		title = "Virtual nodes: a node joins. What moves?"
		what = []string{fmt.Sprintf("Node %s joins with V = %d new %s · before: ", name, p.V, plural(p.V, "token", "tokens"))}
	case sim.Fail:
		title = "Virtual nodes: a node fails. Who takes over?"
		what = []string{
			fmt.Sprintf("Node %s%s fails; the node before each of its ranges absorbs its traffic · ", name, which),
			fmt.Sprintf("Node %s%s fails: the nodes before its ranges absorb its traffic · ", name, which),
			fmt.Sprintf("Node %s%s fails · ", name, which),
		}
	default:
		title = "Virtual nodes: a node leaves. Where does its data go?"
		what = []string{
			fmt.Sprintf("Node %s%s leaves; each of its ranges goes to the node before it · ", name, which),
			fmt.Sprintf("Node %s%s leaves: its ranges go to the nodes before them · ", name, which),
			fmt.Sprintf("Node %s%s leaves · ", name, which),
		}
	}
	var options []string
	for _, w := range what {
		for _, r := range rest {
			options = append(options, w+r)
		}
	}
	return title, s.fitHeader(options)
}

// fitHeader is the first of options that fits under the title, clear of
// the buttons at the top right.
func (s *Scene) fitHeader(options []string) string {
	l := s.layout
	room := l.TopRight.X - l.Title.X - 12*l.Scale
	for _, o := range options {
		if textWidth(o, s.fonts.Small) <= room {
			return o
		}
	}
	return options[len(options)-1]
}

// changeUnits are the bars' unit and the other cluster size. The bars count
// in fair shares of the larger cluster, the one the moving node is part
// of (N+1 after a join, N before a leave), so the moving node's bar reads
// as its figure in the panel (Change.NodeShare); the smaller cluster's fair
// share is the second line.
func changeUnits(c *sim.Change) (unit, other int) {
	if c.Kind == sim.Join {
		return c.Members, c.Before.Nodes
	}
	return c.Before.Nodes, c.Members
}

// changeShares are every node's load before and after, in the bars' unit;
// the newcomer has nothing before.
func changeShares(c *sim.Change) (before, after []float64) {
	unit, _ := changeUnits(c)
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

// changeAxisMax is the top of the bar axis in ModeChange.
func (s *Scene) changeAxisMax(c *sim.Change) float64 {
	before, after := changeShares(c)
	return s.barAxisMax(max(slices.Max(before), slices.Max(after)))
}

// moverWord is how the moving node is named in short labels.
func moverWord(c *sim.Change) string {
	switch c.Kind {
	case sim.Join:
		return "joins"
	case sim.Fail:
		return "fails"
	}
	return "leaves"
}

// drawChangeBars shows, per node, what it keeps in its own colour and what
// moved in the moving node's colour on top: for a join the part each old
// node gave the newcomer above what it kept, and the newcomer's bar made
// of nothing else; for a leave the part each node received above what it
// had, and the leaver's former load as an empty outline.
func (s *Scene) drawChangeBars(dst *ebiten.Image, c *sim.Change) {
	l := s.layout
	join := c.Kind == sim.Join
	unit, other := changeUnits(c)
	mover := sim.NodeName(c.Node)
	s.drawText(dst, fmt.Sprintf("Before and after %s %s, in fair shares of %d nodes", mover, moverWord(c), unit),
		s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	before, after := changeShares(c)
	axisMax := s.changeAxisMax(c)
	lw := s.drawBarAxes(dst, axisMax)
	bars := len(after)
	hover := s.hover
	moverCol := s.pal.NodeColor(c.Node)
	sep := max(1, l.Scale) // background left between a bar and the part that moved
	for i := range bars {
		col, mc := s.pal.NodeColor(i), moverCol
		switch {
		case bars > maxLanes && i != c.Node && i != hover:
			col = s.pal.Muted // colours repeat: only the mover and the pointed node keep theirs
		case hover >= 0 && i != hover && i != c.Node:
			col, mc = dim(col, s.pal.Background, 0.45), dim(mc, s.pal.Background, 0.45)
		}
		switch {
		case i == c.Node && join:
			fillRect(dst, barRect(l, bars, i, after[i], axisMax), col)
		case i == c.Node:
			b := barRect(l, bars, i, before[i], axisMax)
			fillRect(dst, b, withAlpha(col, 50))
			strokeRect(dst, b, 2*lw, col)
		default:
			lo, hi := min(before[i], after[i]), max(before[i], after[i])
			fillRect(dst, barRect(l, bars, i, lo, axisMax), col)
			if hi > lo {
				top := barRect(l, bars, i, hi, axisMax)
				top.H -= barRect(l, bars, i, lo, axisMax).H
				if top.H > 3*sep {
					top.H -= sep
				}
				fillRect(dst, top, mc)
			}
		}
		if i == hover && i != c.Node {
			strokeRect(dst, barRect(l, bars, i, max(before[i], after[i]), axisMax), 2*lw, s.pal.Text)
		}
	}
	s.drawFairLine(dst, axisMax, lw)
	s.drawShareLine(dst, float64(unit)/float64(other), axisMax, lw, s.pal.Text)
	first := []int{c.Node}
	if hover >= 0 && hover != c.Node {
		first = append(first, hover)
	}
	s.drawBarNames(dst, bars, first, sim.NodeName)
	var taken []geom.Rect
	for _, i := range first {
		value := fmt.Sprintf("%.2f×", max(before[i], after[i]))
		if i != c.Node {
			value = fmt.Sprintf("%.2f→%.2f×", before[i], after[i])
		}
		b := barRect(l, bars, i, max(before[i], after[i]), axisMax)
		taken = append(taken, s.drawBarValue(dst, value, b, taken))
	}
	s.drawChangeBarsLegend(dst, c, unit, other)
}

// drawShareLine marks a second fair share across the bars, dotted.
func (s *Scene) drawShareLine(dst *ebiten.Image, share, axisMax, lw float64, c color.Color) {
	plot := s.layout.Bars
	y := plot.Y + plot.H - share/axisMax*plot.H
	s.dashedLine(dst, plot.X, y, plot.X+plot.W, y, 2.5*lw, 2.5*s.layout.Scale, c)
}

// barsLegendY is where a legend under the bar names starts.
func (s *Scene) barsLegendY() float64 {
	return s.layout.Bars.Y + s.layout.Bars.H + 34*s.layout.Scale
}

func (s *Scene) drawChangeBarsLegend(dst *ebiten.Image, c *sim.Change, unit, other int) {
	l := s.layout
	mover := sim.NodeName(c.Node)
	mc := s.pal.NodeColor(c.Node)
	// The nodes' own colours: two that are not the mover's.
	a, b := s.pal.NodeColor((c.Node+1)%c.After.Nodes), s.pal.NodeColor((c.Node+2)%c.After.Nodes)
	if c.After.Nodes > maxLanes {
		a, b = s.pal.Muted, s.pal.Muted
	}
	var items []legendItem
	if c.Kind == sim.Join {
		items = []legendItem{
			{kind: legendFill, col: a, col2: b, text: "kept"},
			{kind: legendFill, col: mc, text: "given to " + mover},
		}
	} else {
		got := "received from "
		if c.Kind == sim.Fail {
			got = "absorbed from "
		}
		items = []legendItem{
			{kind: legendFill, col: a, col2: b, text: "had"},
			{kind: legendFill, col: mc, text: got + mover},
			{kind: legendOutline, col: mc, text: mover + " before"},
		}
	}
	items = append(items,
		legendItem{kind: legendDashed, col: s.pal.Accent, text: fmt.Sprintf("fair share of %d", unit)},
		legendItem{kind: legendDotted, col: s.pal.Text, text: fmt.Sprintf("of %d", other)})
	x := l.BarsLabel.X
	s.drawLegend(dst, x, s.barsLegendY(), l.Bars.X+l.Bars.W-x, items)
}

// drawTokenMarks points at the moving node's tokens from outside the band,
// while they are few enough to tell apart: filled for a newcomer's, empty
// for the tokens a leaver had. They show where a newcomer landed even when
// what it took is too thin to see.
func (s *Scene) drawTokenMarks(dst *ebiten.Image, c *sim.Change) {
	if len(c.Tokens) > maxTokenMarks {
		return
	}
	l := s.layout
	r0, r1 := l.Ring.R+2*l.Scale, l.Ring.R+13*l.Scale
	half := 0.5 * 11 * l.Scale / r1 // radians either side at the base
	col := s.pal.NodeColor(c.Node)
	for _, t := range c.Tokens {
		a := geom.Angle(uint64(t))
		xs := []float64{l.Ring.X + r0*math.Cos(a), l.Ring.X + r1*math.Cos(a-half), l.Ring.X + r1*math.Cos(a+half)}
		ys := []float64{l.Ring.Y + r0*math.Sin(a), l.Ring.Y + r1*math.Sin(a-half), l.Ring.Y + r1*math.Sin(a+half)}
		if c.Kind == sim.Join {
			smoothConvex(dst, xs, ys, col)
			smoothConvexOutline(dst, xs, ys, max(1, l.Scale), s.pal.Text)
		} else {
			smoothConvexOutline(dst, xs, ys, 2*max(1, l.Scale), col)
		}
	}
}

// maxTokenMarks is the most tokens marked one by one.
const maxTokenMarks = 64

// drawChangeCentre writes in the ring's middle how much of the ring moved,
// or for a pointed node its load before and after.
func (s *Scene) drawChangeCentre(dst *ebiten.Image, c *sim.Change) {
	l := s.layout
	x, y := l.Ring.X, l.Ring.Y
	node := s.hover
	top, big, below := "", "", ""
	before, after := changeShares(c)
	switch {
	case node < 0:
		top = fmt.Sprintf("node %s %s", sim.NodeName(c.Node), moverWord(c))
		node = c.Node
		big = pct(c.MovedFraction)
		below = "of the ring moved"
	case node == c.Node && c.Kind == sim.Join:
		top = fmt.Sprintf("node %s, the newcomer", sim.NodeName(node))
		big = fmt.Sprintf("%.2f×", after[node])
		below = "all of it moved"
	case node == c.Node:
		gone := "left"
		if c.Kind == sim.Fail {
			gone = "failed"
		}
		top = fmt.Sprintf("node %s %s", sim.NodeName(node), gone)
		big = fmt.Sprintf("%.2f×", before[node])
		below = "all of it moved"
	default:
		top = fmt.Sprintf("node %s", sim.NodeName(node))
		big = fmt.Sprintf("%.2f×", after[node])
		below = fmt.Sprintf("was %.2f×", before[node])
	}
	s.drawText(dst, top, s.fonts.Small, x, y-38*l.Scale, center, s.pal.NodeColor(node))
	s.drawText(dst, big, s.fonts.Big, x, y, center, s.pal.Text)
	s.drawText(dst, below, s.fonts.Small, x, y+36*l.Scale, center, s.pal.Muted)
}

// ringLegendY is where a legend under the ring goes.
func (s *Scene) ringLegendY() float64 {
	return s.layout.Ring.Y + s.layout.Ring.R + 14*s.layout.Scale
}

func (s *Scene) drawChangeRingLegend(dst *ebiten.Image, c *sim.Change) {
	l := s.layout
	mc := s.pal.NodeColor(c.Node)
	mover := sim.NodeName(c.Node)
	lit := legendItem{kind: legendFill, col: mc, text: "moved, in its new owner's colour"}
	if c.Kind != sim.Join {
		a, b := s.pal.NodeColor((c.Node+1)%c.After.Nodes), s.pal.NodeColor((c.Node+2)%c.After.Nodes)
		lit = legendItem{kind: legendFill, col: a, col2: b, text: "moved, in its new owner's colour"}
	}
	items := []legendItem{lit, {kind: legendFill, col: dim(s.pal.NodeColor(0), s.pal.Background, ringMovedKeep), text: "stayed"}}
	if len(c.Tokens) <= maxTokenMarks {
		if c.Kind == sim.Join {
			items = append(items, legendItem{kind: legendMark, col: mc, text: mover + "'s tokens"})
		} else {
			items = append(items, legendItem{kind: legendHollowMark, col: mc, text: "where " + mover + "'s were"})
		}
	}
	x := l.RingLabel.X
	s.drawLegend(dst, x, s.ringLegendY(), l.Ring.X+l.Ring.R-x, items)
}

// drawChangeFigures fills the view's figures: this seed's change and the
// ideal above the means over the seeds for each V, hash mod N beside them.
func (s *Scene) drawChangeFigures(dst *ebiten.Image) {
	cr := s.change
	if cr == nil || s.view.Concealed {
		s.drawFigures(dst, figures{working: true, cols: []float64{1}})
		return
	}
	c := &cr.Seed
	unit, _ := changeUnits(c)
	who := map[sim.ChangeKind]string{sim.Join: "donors", sim.Leave: "receivers", sim.Fail: "absorbers"}[c.Kind]
	share := func(x float64) string { return fmt.Sprintf("%.2f×", x) }
	f := figures{
		heads: []string{"moved", who, fmt.Sprintf("%s's load", sim.NodeName(c.Node)), "mod N"},
		cols:  []float64{0.4, 0.61, 0.82, 1},
		top: []figureRow{
			{label: fmt.Sprintf("seed %d", c.Before.Seed), cells: []string{pct(c.MovedFraction), fmt.Sprint(c.Donors), share(c.NodeShare), pct(c.ModNMoved)}},
			{label: fmt.Sprintf("ideal: 1/%d", unit), cells: []string{pct(c.Ideal), "", share(1), ""}, muted: true},
		},
		caption: fmt.Sprintf("mean of seeds 0–%d, by V", cr.Params.Seeds-1),
		current: -1,
		working: s.changeRows == nil,
	}
	rows := s.changeRows
	if !slices.ContainsFunc(rows, func(r sim.ChangeRow) bool { return r.V == cr.Params.V }) && rows != nil {
		// The current V is not one of the exercise's: its row is the result's own mean.
		rows = append(slices.Clone(rows), sim.ChangeRow{V: cr.Params.V, ChangeMean: cr.Mean})
		sort.Slice(rows, func(i, j int) bool { return rows[i].V < rows[j].V })
	}
	for i, r := range rows {
		if r.V == cr.Params.V {
			f.current = i
		}
		f.rows = append(f.rows, figureRow{label: fmt.Sprintf("V = %d", r.V), cells: []string{pct(r.Moved), fmt.Sprintf("%.1f", r.Donors), share(r.NodeShare), pct(r.ModN)}})
	}
	s.drawFigures(dst, f)
}
