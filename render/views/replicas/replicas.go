// Package replicas is the price of V: every range kept on RF nodes, and
// some nodes down at once. Many tokens even out the load, but they also
// make every node share ranges with every other, so that any few nodes down
// together leave some range without its quorum. In a large cluster few
// tokens give rare, large outages and many give frequent, small ones; in a
// small one every set of nodes down hurts whatever V. The expected outage
// stays the same, and many tokens give a dead node many peers to rebuild
// it. It shows the ring with each range's state for one set of
// nodes down, each node's copies and what it streams to rebuild the lost
// ones, the figures over every set of nodes down for both assignments, and
// the trade-off against V.
package replicas

import (
	"fmt"
	"slices"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/sim"
)

// View is the replicas view; its value is the replication, how many nodes
// are down at once, and the nodes chosen down for the picture.
type View struct {
	RF, Down int
	// Failed are the nodes chosen down for the picture, counted from 1,
	// in order, 0 for none; with none the picture shows the worst set.
	Failed [sim.MaxDown]int
}

// Default is what the view opens on: three copies, two nodes down.
var Default = View{RF: sim.DefaultRF, Down: sim.DefaultDown}

func (View) Name() string { return lang.N("replicas") }
func (View) ID() string   { return "replicas" }

func (View) Shortcut() view.Shortcut {
	return view.Shortcut{Name: "replicas", Label: "P", Does: lang.T("replicas view: copies of every range, nodes down, and what many tokens cost")}
}

func (View) Keys() []link.Key {
	return []link.Key{
		{Name: "rf", Help: lang.Sprintf("replicas view: how many nodes keep each range, %d..%d; a quorum is a majority of them up", sim.MinRF, sim.MaxRF)},
		{Name: "down", Help: lang.Sprintf("replicas view: how many nodes are down at once, %d..%d (fewer than the nodes)", sim.MinDown, sim.MaxDown)},
		{Name: "failed", Help: lang.T("replicas view: the nodes down in the picture, by name or number, comma-separated (default: the worst set)")},
	}
}

// down is the nodes chosen down, counted from 0.
func (v View) down() []int {
	var out []int
	for _, f := range v.Failed {
		if f > 0 {
			out = append(out, f-1)
		}
	}
	return out
}

// withDown is v with nodes (counted from 0) chosen down.
func (v View) withDown(nodes []int) View {
	v.Failed = [sim.MaxDown]int{}
	for i, n := range nodes[:min(len(nodes), sim.MaxDown)] {
		v.Failed[i] = n + 1
	}
	return v
}

// Parse: any of the view's parameters opens it.
func (v View) Parse(p *link.Parser, s view.Settings) (view.View, bool) {
	if !p.HasAny(v.Keys()) {
		return v, false
	}
	p.Int("rf", &v.RF, sim.MinRF, sim.MaxRF)
	most := min(sim.MaxDown, s.Nodes-1)
	p.Int("down", &v.Down, sim.MinDown, most)
	if fits := fittingDown(s.Nodes, v.Down); fits < v.Down {
		p.Note("down=%d with %s makes %s to try: using %d", v.Down, panel.Nodes(s.Nodes), lang.Count(int(sim.FailureSets(s.Nodes, v.Down)), "%d set of nodes down", "%d sets of nodes down"), fits)
		v.Down = fits
	}
	if raw, ok := p.Value("failed"); ok {
		var nodes []int
		for name := range strings.SplitSeq(raw, ",") {
			n, ok := link.ParseNode(name, s.Nodes)
			switch {
			case !ok:
				p.Note("failed=%s: %s is not one of the %s: left out", view.Shorten(raw), view.Quote(strings.TrimSpace(name)), panel.Nodes(s.Nodes))
			case slices.Contains(nodes, n):
			case len(nodes) == v.Down:
				p.Note("failed=%s names more nodes than the %d down: the rest are ignored", view.Shorten(raw), v.Down)
			default:
				nodes = append(nodes, n)
			}
		}
		v = v.withDown(nodes)
	}
	return v, true
}

// fittingDown is the most nodes down at once, up to want, whose sets of
// nodes down are few enough to try them all.
func fittingDown(nodes, want int) int {
	k := max(min(want, nodes-1, sim.MaxDown), sim.MinDown)
	for k > sim.MinDown && sim.FailureSets(nodes, k) > sim.MaxFailureSets {
		k--
	}
	return k
}

func (v View) Write(b *strings.Builder) {
	fmt.Fprintf(b, "&rf=%d&down=%d", v.RF, v.Down)
	if d := v.down(); len(d) > 0 {
		names := make([]string, len(d))
		for i, n := range d {
			names[i] = sim.NodeName(n)
		}
		b.WriteString("&failed=" + strings.Join(names, ","))
	}
}

// Clamp keeps the copies and the nodes down in range, and the nodes chosen
// down among the nodes, distinct, no more than are down.
func (v View) Clamp(s view.Settings) view.Settings {
	v.RF = min(max(v.RF, sim.MinRF), sim.MaxRF)
	v.Down = fittingDown(s.Nodes, v.Down)
	var keep []int
	for _, n := range v.down() {
		if n < s.Nodes && !slices.Contains(keep, n) && len(keep) < v.Down {
			keep = append(keep, n)
		}
	}
	s.View = v.withDown(keep)
	return s
}

// Apply: "rf" and "down" step by Value (+1 or −1); "node" puts node Value
// (counted from 0) down, or up again if it was (when as many as are down
// are chosen already, the first chosen comes up); "worst" shows the worst
// set again.
func (v View) Apply(in view.Intent, s view.Settings) view.View {
	switch in.Name {
	case "rf":
		v.RF += in.Value
	case "down":
		v.Down += in.Value
	case "node":
		d := v.down()
		if i := slices.Index(d, in.Value); i >= 0 {
			d = slices.Delete(d, i, i+1)
		} else {
			if len(d) >= v.Down && len(d) > 0 {
				d = d[1:]
			}
			d = append(d, in.Value)
		}
		v = v.withDown(d)
	case "worst":
		v = v.withDown(nil)
	}
	return v
}

// Click on a node puts it down, or up again.
func (v View) Click(node int, s view.Settings) (view.Intent, bool) {
	return view.NodeClick(v, "node", node, s)
}

func (v View) params(p sim.Params) sim.ReplicaParams {
	return sim.ReplicaParams{Params: p, RF: v.RF, Down: v.Down}
}

// Compute is the ring of every seed, its figures over every set of nodes
// down, and the selected seed's ring with the chosen nodes (or the worst
// set) down, its ranges' states binned for the ring in pieces.
func (v View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	res, err := w.Run(w.Params(s), view.RunCost(s, 0))
	if err != nil {
		return nil, err
	}
	weight := v.failureCost(s)
	rp := v.params(w.Params(s))
	rp.Failed = v.down()
	rr, err := sim.RunReplicasWith(rp, w.Options(weight))
	if err = w.Step(weight, err); err != nil {
		return nil, err
	}
	bins, err := stateBins(&rr.Seed, w)
	if err != nil {
		return nil, err
	}
	return &Shown{res: res, rr: rr, runs: runsOf(bins), chosen: len(rp.Failed) > 0}, nil
}

// failureCost is the work of every seed's figures over the sets of nodes
// down, and of the selected seed's picture, in ring points.
func (v View) failureCost(s view.Settings) int {
	m := s.Nodes * s.V
	return (view.Seeds+1)*(m+int(sim.FailureSets(s.Nodes, v.Down))) + m
}

func (v View) Cost(s view.Settings) int {
	return view.RunCost(s, 0) + v.failureCost(s) + binsCost(s)
}

// pair is one V's 20-seed figures for round-robin and random assignment.
type pair [2]sim.ReplicaRow

// CompareNodes is the other cluster size the chart sets beside the shown
// one: whether few tokens help depends on it (with few nodes every set of
// nodes down hurts whatever V; with many, few tokens keep most harmless).
func CompareNodes(nodes int) int {
	if nodes < 100 {
		return 100
	}
	return 10
}

// table is the view's rows: every V's figures for both assignments at
// the shown N, and for the shown assignment at CompareNodes.
type table struct {
	settings view.Settings // N, assignment and the view's settings (V and seed aside)
	list     []pair
	compare  []sim.ReplicaRow
}

func (t *table) For(s view.Settings) bool {
	return t.settings.Nodes == s.Nodes && t.settings.Assign == s.Assign && t.settings.View == s.View
}

// compareDown is how many nodes are down at the compared size.
func (v View) compareDown(nodes int) int { return fittingDown(CompareNodes(nodes), v.Down) }

func (v View) Rows(s view.Settings, w *view.Work) (view.Rows, error) {
	cost := v.rowsCost(s.Nodes, v.Down)
	var both [2][]sim.ReplicaRow
	for _, a := range []sim.Assignment{sim.RoundRobin, sim.Random} {
		sp := w.Sweep(s, sim.ExerciseVs)
		sp.Assign = a
		rows, err := sim.ReplicaSweepWith(sp, v.RF, v.Down, w.Options(cost))
		if err = w.Step(cost, err); err != nil {
			return nil, err
		}
		both[a] = rows
	}
	out := &table{settings: s, list: make([]pair, len(sim.ExerciseVs))}
	for i := range out.list {
		out.list[i] = pair{both[0][i], both[1][i]}
	}
	sp := w.Sweep(s, sim.ExerciseVs)
	sp.Nodes = CompareNodes(s.Nodes)
	cost = v.rowsCost(sp.Nodes, v.compareDown(s.Nodes))
	rows, err := sim.ReplicaSweepWith(sp, v.RF, v.compareDown(s.Nodes), w.Options(cost))
	if err = w.Step(cost, err); err != nil {
		return nil, err
	}
	out.compare = rows
	return out, nil
}

// rowsCost is the work of one assignment's rows for nodes nodes, k down.
func (v View) rowsCost(nodes, k int) int {
	sum := 0
	for _, x := range sim.ExerciseVs {
		sum += 3*nodes*x + int(sim.FailureSets(nodes, k))
	}
	return view.Seeds * sum
}

func (v View) RowsCost(s view.Settings) int {
	return 2*v.rowsCost(s.Nodes, v.Down) + v.rowsCost(CompareNodes(s.Nodes), v.compareDown(s.Nodes))
}

// tradeOff is the trade-off in words, for the larger of the chart's two
// clusters (at least 100 nodes, so every range has all RF copies): with
// one copy a node down loses keys and has no peers; with too few nodes
// down no range loses its quorum and with two copies every node down
// costs one, whatever V; otherwise V decides how many sets of nodes down
// are harmless.
func (v View) tradeOff(s view.Settings) string {
	large, down := s.Nodes, v.Down
	if c := CompareNodes(s.Nodes); c > large {
		large, down = c, v.compareDown(s.Nodes)
	}
	copies := min(v.RF, large)
	switch lose := sim.DownToLoseQuorum(copies); {
	case copies == 1:
		return lang.Sprintf("In the chart's larger cluster (N = %d), with one copy any node down takes some keys with it, whatever V: no other node keeps them to rebuild it from.", large)
	case lose == 1:
		return lang.Sprintf("In the chart's larger cluster (N = %d), with two copies any node down costs some keys their quorum, whatever V; many tokens dealt at random give a dead node many peers to rebuild it. Cassandra 4.0 chose 16.", large)
	case down < lose:
		return lang.Sprintf("In the chart's larger cluster (N = %d), too few nodes are down to cost any range its quorum, whatever V; many tokens dealt at random still give a dead node many peers to rebuild it. Cassandra 4.0 chose 16.", large)
	}
	return lang.Sprintf("In the chart's larger cluster (N = %d), with tokens dealt at random: the fewer they are, the more sets of nodes down do no harm, while many give a dead node many peers to rebuild it. Cassandra 4.0 chose 16.", large)
}

// Controls: the copies and the nodes down, who is down, and the trade-off
// in words. With nodes chosen, a button goes back to the worst set.
func (v View) Controls(s view.Settings) []view.Control {
	in := func(name string) view.Intent { return view.Intent{Action: view.ActionView, View: v.ID(), Name: name} }
	// Whole sentences for each number down, so that each language words
	// its own "worst pair".
	note, label := lang.T("Down: the seed's worst node. Click nodes to choose."), lang.T("the worst node")
	switch v.Down {
	case 2:
		note, label = lang.T("Down: the seed's worst pair. Click nodes to choose."), lang.T("the worst pair")
	case 3:
		note, label = lang.T("Down: the seed's worst three. Click nodes to choose."), lang.T("the worst three")
	}
	who := view.Control{Note: note}
	if d := v.down(); len(d) > 0 {
		names := make([]string, len(d))
		for i, n := range d {
			names[i] = sim.NodeName(n)
		}
		who = view.Control{Note: lang.Sprintf("Down: %s (clicked)", strings.Join(names, ", ")),
			Button: &view.Button{Name: "downWorst", Label: label, Intent: in("worst")}}
	}
	return []view.Control{
		{Knobs: []view.Knob{
			{Name: "rf", Label: lang.T("copies"), Value: fmt.Sprint(v.RF), Intent: in("rf")},
			{Name: "down", Label: lang.T("down"), Value: fmt.Sprint(v.Down), Intent: in("down")},
		}},
		who,
		{Text: v.tradeOff(s)},
	}
}
