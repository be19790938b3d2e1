package view

import (
	"fmt"
	"strconv"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/sim"
)

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
	b.WriteString(lang.Sprintf("%s share a hash ring; each owns V = %s (%s). ", panel.Nodes(p.Nodes), Ranges(p.V), panel.AssignLabel(p.Assign)))
	b.WriteString(lang.Sprintf("On seed %d's ring the busiest node, %s, has %.2f times its fair share of the keys (CV %.3f). ",
		r.Ring.Seed, sim.NodeName(r.Ring.Stats.Busiest), r.Ring.Stats.Imbalance, r.Ring.Stats.CV))
	b.WriteString(lang.Sprintf("Over seeds 0 to %d the busiest node averages %.3f times its fair share, and the CV %.3f. ",
		Seeds-1, r.Average.Imbalance, r.Average.CV))
	note = lang.Sprintf("V = %d: busiest node %.3f times its fair share on average, CV %.3f.", p.V, r.Average.Imbalance, r.Average.CV)
	return b.String(), note
}

// Shorten makes user-supplied text (a link's value, a flag, a typed guess)
// safe to show: anything outside printable ASCII escaped (\u00e9), and cut
// with "…" after 24 characters on screen.
func Shorten(s string) string {
	const limit = 24
	var b strings.Builder
	for _, r := range s {
		e := strconv.QuoteToASCII(string(r))
		e = e[1 : len(e)-1]
		if b.Len()+len(e) > limit {
			return b.String() + "…"
		}
		b.WriteString(e)
	}
	return b.String()
}

// Quote is Shorten in double quotes.
func Quote(s string) string { return `"` + Shorten(s) + `"` }
