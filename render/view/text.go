package view

import (
	"fmt"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/sim"
)

// RingOnly is implemented by a view whose result is the common ring of
// every seed alone: a step of V for it goes through the draws kept for
// the next step, and costs only what they say.
type RingOnly interface{ RingOnly() }

// Clicker is implemented by a view in which pointing at a node and
// clicking asks for something.
type Clicker interface {
	Click(node int, s Settings) (Intent, bool)
}

// NodeClick is view v's intent name for a click on node, with the node
// (counted from 0) as its Value, when node is one of s's nodes.
func NodeClick(v View, name string, node int, s Settings) (Intent, bool) {
	if node < 0 || node >= s.Nodes {
		return Intent{}, false
	}
	return Intent{Action: ActionView, View: v.ID(), Name: name, Value: node}, true
}

// Ranges is "1 range" or "16 ranges", in the current language.
func Ranges(v int) string { return fmt.Sprintf("%d %s", v, panel.Plural(v, "range", "ranges")) }

// NodeTooltip describes node of the result's ring: its ranges and its share.
func NodeTooltip(r *sim.Result, node int) string {
	ring := &r.Ring
	if node < 0 || node >= ring.Nodes {
		return ""
	}
	share := ring.Share(node)
	return lang.Sprintf("Node %s\n%s · %.1f%% of the ring\n%.2f× its fair share",
		sim.NodeName(node), Ranges(r.Params.V), 100*share/float64(ring.Nodes), share)
}

// Describe is the spread of r in words, for the page's text version: a
// summary, and the sentence announced once a result settles. Views add
// their own sentences.
func Describe(r *sim.Result) (summary, note string) {
	p := r.Params
	var b strings.Builder
	b.WriteString(lang.Sprintf("%d nodes share a hash ring; each owns V = %s (%s). ", p.Nodes, Ranges(p.V), panel.AssignLabel(p.Assign)))
	b.WriteString(lang.Sprintf("On seed %d's ring the busiest node, %s, has %.2f times its fair share of the keys (CV %.3f). ",
		r.Ring.Seed, sim.NodeName(r.Ring.Stats.Busiest), r.Ring.Stats.Imbalance, r.Ring.Stats.CV))
	b.WriteString(lang.Sprintf("Over seeds 0 to %d the busiest node averages %.3f times its fair share, and the CV %.3f. ",
		Seeds-1, r.Average.Imbalance, r.Average.CV))
	note = lang.Sprintf("V = %d: busiest node %.3f times its fair share on average, CV %.3f.", p.V, r.Average.Imbalance, r.Average.CV)
	return b.String(), note
}
