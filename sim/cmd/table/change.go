package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"vnodes/sim"
)

// parseChange reads -change and -node. -node only makes sense for a node
// that goes, and -loads prints rings, not changes.
func parseChange(change, node *textFlag, nodes int, loads bool) (sim.ChangeKind, int, error) {
	kind, err := sim.ParseChangeKind(change.text)
	if err != nil || (change.set && kind == sim.NoChange) {
		return 0, 0, fmt.Errorf("-change %q: want join, leave or fail", clip(change.text))
	}
	if kind != sim.NoChange && loads {
		return 0, 0, fmt.Errorf("-change and -loads cannot go together: -loads prints one seed's loads")
	}
	n := sim.BusiestNode
	if node.set {
		if kind != sim.Leave && kind != sim.Fail {
			return 0, 0, fmt.Errorf("-node needs -change leave or -change fail")
		}
		if n, err = parseNode("node", node.text, nodes); err != nil {
			return 0, 0, err
		}
	}
	if kind != sim.NoChange {
		// Checks the cluster size: one node cannot leave, 1000 cannot grow.
		cp := sim.ChangeParams{Params: sim.Params{Nodes: nodes, V: 1, Seeds: 1}, Kind: kind, Node: n}
		if err := cp.Validate(); err != nil {
			return 0, 0, fmt.Errorf("-change %s: %v", kind, err)
		}
	}
	return kind, n, nil
}

// parseNode reads a node the way the app names them (sim.NodeName: A..Z,
// AA, AB…), or by its number counted from 1, so C and 3 are the same node.
func parseNode(flag, s string, nodes int) (int, error) {
	t := strings.TrimSpace(s)
	want := fmt.Sprintf("want a node from A to %s, or a number from 1 to %d", sim.NodeName(nodes-1), nodes)
	if n, err := parseWhole(t); err == nil || err != errNotWhole {
		if err != nil || n < 1 || n > nodes {
			return 0, fmt.Errorf("-%s %s: %s", flag, clip(t), want)
		}
		return n - 1, nil
	}
	if i, ok := sim.ParseNodeName(t); ok && i < nodes {
		return i, nil
	}
	return 0, fmt.Errorf("-%s %q: %s", flag, clip(s), want)
}

// changeColumns are the columns -change adds.
func changeColumns(o options) []column {
	moved := column{"moved", "moved", func(r row) float64 { return r.change.Moved }}
	modN := column{"mod N", "modN", func(r row) float64 { return r.change.ModN }}
	if o.change == sim.Join {
		return []column{
			moved,
			{"donors", "donors", func(r row) float64 { return r.change.Donors }},
			{"1/(N+1)", "ideal", func(r row) float64 { return r.change.Ideal }},
			modN,
		}
	}
	return []column{
		moved,
		{"receivers", "donors", func(r row) float64 { return r.change.Donors }},
		{"  1/N", "ideal", func(r row) float64 { return r.change.Ideal }},
		modN,
	}
}

// describeChange says in the text table's heading what the change columns
// mean.
func describeChange(o options) string {
	var s string
	switch o.change {
	case sim.Join:
		s = fmt.Sprintf("Node %s joins with V tokens of its own: moved is the fraction of the ring it takes, "+
			"donors the nodes it takes from, 1/(N+1) what the newcomer's fair share takes, mod N what hash mod N moves.", sim.NodeName(o.nodes))
	default:
		who := "The busiest node of each seed"
		if o.node != sim.BusiestNode {
			who = "Node " + sim.NodeName(o.node)
		}
		if o.change == sim.Fail {
			s = who + " fails: moved is the fraction of the ring whose traffic others absorb, receivers the nodes that absorb it, "
		} else {
			s = who + " leaves: moved is the fraction of the ring it hands on, receivers the nodes that take some, "
		}
		s += "1/N what it would hold on an even ring, mod N what hash mod N moves."
	}
	return wrap(s, 96)
}

// wrap breaks s into lines of at most width bytes, between words.
func wrap(s string, width int) string {
	var b strings.Builder
	line := 0
	for i, word := range strings.Fields(s) {
		if i > 0 && line+1+len(word) > width {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	return b.String()
}

// changeSweep is sim.ChangeSweepWith; tests may replace it.
var changeSweep = sim.ChangeSweepWith

// measureWithChange is measure, and with -change what the change moves in
// each row. Like measure it returns ctx.Err() as soon as ctx is cancelled.
func measureWithChange(ctx context.Context, o options, status *statusLine) ([]row, error) {
	rows, err := measure(ctx, o, status)
	if err != nil || o.change == sim.NoChange {
		return rows, err
	}
	big := int64(o.nodes)*int64(o.seeds)*int64(slices.Max(o.vs)) >= rowByRowWork
	got, err := alongside(ctx, status, big, fmt.Sprintf("table: what a %s moves…", o.change), func(opt sim.Options) ([]sim.ChangeRow, error) {
		return changeSweep(o.sweepParams(), o.change, o.node, opt)
	})
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].change = got[i].ChangeMean
	}
	return rows, nil
}
