//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/render/views/hashes"
	"vnodes/sim"
)

// A hashes link opens the view with every figure sim gives for those keys
// (all but the lookup times, which are measured), the text version says
// them, its switches work, and G closes the view.
func TestHashLinksMatchSim(t *testing.T) {
	for _, c := range []struct {
		query       string
		nodes, v    int
		assign      sim.Assignment
		algo        sim.HashAlgorithm
		keys, leave int
		renumber    sim.Renumber
	}{
		{"?algo=jump&hashkeys=20000&move=leave", 10, 1, sim.RoundRobin, sim.JumpHash, 20000, 5, sim.RenumberShift},
		{"?algo=maglev&hashkeys=5000&leave=C&n=12&v=16&assign=random", 12, 16, sim.Random, sim.MaglevHash, 5000, 2, sim.RenumberShift},
		{"?algo=jump&hashkeys=20000&move=leave&renumber=last", 10, 1, sim.RoundRobin, sim.JumpHash, 20000, 5, sim.RenumberLast},
	} {
		p := openApp(t, c.query)
		p.waitFor(`!window.vnodes.state().working && window.vnodes.state().hashes && window.vnodes.state().hashes.algos.length == 4`)
		s := p.state()
		got := own[hashes.State](s, hashes.Default)
		if s.Mode != hashes.Default.Name() || s.Nodes != c.nodes || s.V != c.v || got.Algo != c.algo.String() || got.Keys != c.keys || got.Leave != sim.NodeName(c.leave) || got.Renumber != c.renumber.String() {
			t.Fatalf("%s opened mode %q, N=%d, V=%d, %+v", c.query, s.Mode, s.Nodes, s.V, got)
		}
		res, err := sim.RunHashes(sim.HashParams{Params: sim.Params{Nodes: c.nodes, V: c.v, Seeds: view.Seeds, Assign: c.assign}, Keys: c.keys, Leave: c.leave, Renumber: c.renumber})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got.Counts) != fmt.Sprint(res.Counts[c.algo]) || got.RandomCV != sim.RandomCV(c.nodes, c.keys) {
			t.Errorf("%s: counts %v, floor %v; want sim's %v, %v", c.query, got.Counts, got.RandomCV, res.Counts[c.algo], sim.RandomCV(c.nodes, c.keys))
		}
		for a, f := range got.Algos {
			seed, mean := res.Seed[a], res.Mean[a]
			have := [8]float64{f.Imbalance, f.CV, f.MovedJoin, f.MovedLeave, f.AvgImbalance, f.AvgCV, f.AvgMovedJoin, f.AvgMovedLeave}
			want := [8]float64{seed.Imbalance, seed.CV, seed.MovedJoin, seed.MovedLeave, mean.Imbalance, mean.CV, mean.MovedJoin, mean.MovedLeave}
			if f.Algo != sim.HashAlgorithm(a).String() || have != want || f.MemoryBytes != sim.MemoryBytes(sim.HashAlgorithm(a), c.nodes, c.v) || !(f.LookupNs > 0) ||
				f.Lookup != sim.LookupCost(sim.HashAlgorithm(a)) {
				t.Errorf("%s: %s shows %+v, want sim's %v", c.query, f.Algo, f, want)
			}
		}
		var summary string
		p.run(chromedp.Evaluate(`document.getElementById("a11y-summary").textContent`, &summary))
		if want := fmt.Sprintf("jump %.3f, %.1f%%, %.1f%%", res.Mean[sim.JumpHash].Imbalance, 100*res.Mean[sim.JumpHash].MovedJoin, 100*res.Mean[sim.JumpHash].MovedLeave); !strings.Contains(summary, want) {
			t.Errorf("%s: the text version %q does not say %q", c.query, summary, want)
		}
	}
	p := openApp(t, "?algo=jump")
	p.waitFor(`window.vnodes.state().hashes && !window.vnodes.state().working`)
	p.click("algoRendezvous")
	p.click("moveJoin")
	p.waitFor(`window.vnodes.state().hashes.algo === "rendezvous" && window.vnodes.state().hashes.move === "join"`)
	expect(t, p, "the switches choose rendezvous and a join", func(s appState) bool {
		h := own[hashes.State](s, hashes.Default)
		return h.Algo == "rendezvous" && h.Move == "join" && strings.Contains(s.Query, "algo=rendezvous") && strings.Contains(s.Query, "move=join")
	})
	p.press(letterKey('g'))
	expect(t, p, "G closes the view", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "algo=") })
}
