package main

import (
	"context"
	"fmt"
	"slices"

	"vnodes/sim"
)

// parseReplicas reads -rf and -down: how many copies of every range, and
// how many nodes are down at once. -down needs -rf; -rf alone has
// sim.DefaultDown nodes down.
func parseReplicas(rf, down *textFlag, nodes int, loads bool) (copies, k int, on bool, err error) {
	if down.set && !rf.set {
		return 0, 0, false, fmt.Errorf("-down needs -rf: say how many copies each range has")
	}
	if !rf.set {
		return 0, 0, false, nil
	}
	if loads {
		return 0, 0, false, fmt.Errorf("-rf and -loads cannot go together: -loads prints one seed's loads")
	}
	if copies, err = parseCount("rf", rf.text, sim.MinRF, sim.MaxRF); err != nil {
		return 0, 0, false, err
	}
	k = sim.DefaultDown
	if down.set {
		most := min(sim.MaxDown, nodes-1)
		if k, err = parseWhole(down.text); err != nil || k < sim.MinDown || k > most {
			return 0, 0, false, fmt.Errorf("-down %s: with %d nodes, %d to %d of them can be down at once", clip(down.text), nodes, sim.MinDown, most)
		}
	}
	k = min(k, nodes-1)
	rp := sim.ReplicaParams{Params: sim.Params{Nodes: nodes, V: 1, Seeds: 1}, RF: copies, Down: k}
	if err := rp.Validate(); err != nil {
		return 0, 0, false, err
	}
	return copies, k, true, nil
}

// replicaColumns are the columns -rf adds.
func replicaColumns() []column {
	return []column{
		{"", "rf", func(r row) float64 { return float64(r.rf) }},
		{"", "down", func(r row) float64 { return float64(r.down) }},
		{"", "quorum", func(r row) float64 { return float64(r.quorum) }},
		{"P(quorum lost)", "quorumLostP", func(r row) float64 { return r.replicas.QuorumLostP }},
		{"unavail. mean", "unavailableMean", func(r row) float64 { return r.replicas.UnavailableMean }},
		{"unavail. max", "unavailableMax", func(r row) float64 { return r.replicas.UnavailableMax }},
		{"P(data lost)", "dataLostP", func(r row) float64 { return r.replicas.DataLostP }},
		{"peers", "peers", func(r row) float64 { return r.replicas.Peers }},
	}
}

// describeReplicas says in the text table's heading what the replica
// columns mean.
func describeReplicas(o options) string {
	r := min(o.rf, o.nodes)
	q := sim.Quorum(r)
	return wrap(fmt.Sprintf("Every range is kept on %d %s: the owners of its token and of the next ones round the ring, the first %d distinct. "+
		"A quorum is a majority of them: %d %s up, so a range is unavailable once %d %s down. "+
		"Each row tries all %d ways %d %s can be down at once. P(quorum lost): the share of those ways that leave some range without its quorum; "+
		"unavail.: the share of the ring so left (mean over the ways, and the worst); P(data lost): the share of the ways that take every copy of some range; "+
		"peers: how many other nodes a node shares ranges with.",
		r, plural(r, "node", "nodes"), r, q, plural(q, "copy", "copies"), r-q+1, plural(r-q+1, "is", "are"),
		sim.FailureSets(o.nodes, o.down), o.down, plural(o.down, "node", "nodes")), 96)
}

// replicaSweep is sim.ReplicaSweepWith; tests may replace it.
var replicaSweep = sim.ReplicaSweepWith

// measureWithReplicas is measureWithWorkload, and with -rf the failure
// figures of each row. Like measure it returns ctx.Err() as soon as ctx is
// cancelled.
func measureWithReplicas(ctx context.Context, o options, status *statusLine) ([]row, error) {
	rows, err := measureWithWorkload(ctx, o, status)
	if err != nil || !o.replicas {
		return rows, err
	}
	big := int64(o.nodes)*int64(o.seeds)*int64(slices.Max(o.vs))+int64(o.seeds)*sim.FailureSets(o.nodes, o.down) >= rowByRowWork
	got, err := alongside(ctx, status, big, "table: nodes down…", func(opt sim.Options) ([]sim.ReplicaRow, error) {
		return replicaSweep(o.sweepParams(), o.rf, o.down, opt)
	})
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].rf, rows[i].down, rows[i].replicas = o.rf, o.down, got[i].ReplicaStats
		rows[i].quorum = sim.Quorum(min(o.rf, o.nodes))
	}
	return rows, nil
}

// plural is one or many, as n asks.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
