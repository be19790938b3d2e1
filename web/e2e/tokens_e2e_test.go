//go:build e2e

package e2e

import (
	"math"
	"testing"

	"vnodes/render/view"
	"vnodes/render/views/tokens"
	"vnodes/sim"
)

// scheme is the token scheme of the shown ring: the view's own, or the
// exercise's random tokens outside the view.
func scheme(s appState) string {
	if own := own[tokens.State](s, tokens.Default); own.Scheme != "" {
		return own.Scheme
	}
	return sim.RandomTokens.String()
}

// A scheme link opens the token schemes view with sim's figures for that
// scheme's ring and, side by side, every scheme's 20-seed figures at the
// same V; the switch and the K key work.
func TestTokenSchemeLinksMatchSim(t *testing.T) {
	for _, c := range []struct {
		query  string
		nodes  int
		v      int
		scheme sim.Scheme
	}{
		{"?scheme=greedy&v=4", 10, 4, sim.GreedyTokens},
		{"?scheme=equal&n=100&v=16&assign=random", 100, 16, sim.EqualTokens},
	} {
		p := openApp(t, c.query)
		p.waitFor(`!window.vnodes.state().working && window.vnodes.state().tokens.schemes.length == 3`)
		s := p.state()
		if s.Mode != tokens.Default.Name() || scheme(s) != c.scheme.String() || s.V != c.v || s.Nodes != c.nodes {
			t.Fatalf("%s opened mode %q, scheme %q, V=%d, N=%d", c.query, s.Mode, scheme(s), s.V, s.Nodes)
		}
		assign := sim.RoundRobin
		if s.Assign == sim.Random.String() {
			assign = sim.Random
		}
		want, err := sim.Run(sim.Params{Nodes: c.nodes, V: c.v, Seeds: view.Seeds, Assign: assign, Scheme: c.scheme})
		if err != nil {
			t.Fatal(err)
		}
		if s.Imbalance != want.Ring.Stats.Imbalance || s.AvgImbalance != want.Average.Imbalance || s.AvgCV != want.Average.CV {
			t.Errorf("%s: figures %v/%v/%v, want sim's %v/%v/%v", c.query, s.Imbalance, s.AvgImbalance, s.AvgCV,
				want.Ring.Stats.Imbalance, want.Average.Imbalance, want.Average.CV)
		}
		for i, got := range own[tokens.State](s, tokens.Default).Schemes {
			k := sim.Scheme(i)
			rows, err := sim.Sweep(sim.SweepParams{Nodes: c.nodes, Seeds: view.Seeds, Assign: assign, Scheme: k, Vs: []int{c.v}})
			if err != nil {
				t.Fatal(err)
			}
			if got.Scheme != k.String() || got.AvgImbalance != rows[0].Imbalance || got.AvgCV != rows[0].CV {
				t.Errorf("%s: the %s column shows %+v, want sim's %v/%v", c.query, k, got, rows[0].Imbalance, rows[0].CV)
			}
		}
	}

	// Greedy beats random at small V, and equal ranges are even.
	p := openApp(t, "?scheme=greedy&v=2")
	p.waitFor(`window.vnodes.state().tokens.schemes.length == 3`)
	if s := own[tokens.State](p.state(), tokens.Default).Schemes; s[2].AvgImbalance >= s[0].AvgImbalance-0.5 {
		t.Errorf("at V=2 greedy averages %.3f, random %.3f: not a wide margin", s[2].AvgImbalance, s[0].AvgImbalance)
	}
	p.click("schemeEqual")
	expect(t, p, "the equal ranges button shows ranges of equal width", func(s appState) bool {
		return scheme(s) == "equal" && math.Abs(s.AvgImbalance-1) < 1e-6 && s.AvgCV < 1e-6
	})
	p.press(letterKey('k'))
	expect(t, p, "K goes back to the exercise's random tokens", func(s appState) bool {
		return s.Mode == "spread" && scheme(s) == "random" && s.V == 2 && math.Abs(s.AvgImbalance-2.372) < 5e-4
	})
	p.click("tabTokens")
	expect(t, p, "the tokens tab opens on the allocator", func(s appState) bool {
		return s.Mode == tokens.Default.Name() && scheme(s) == tokens.Default.Scheme.String()
	})
}
