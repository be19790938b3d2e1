//go:build e2e

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/render/views/sizes"
	"vnodes/sim"
)

// A sizes link opens the view with sim's figures for that cluster: the
// 20-seed means, each size's distance from a fair load, the selected
// seed's relative loads and the rows by V. A preset sets the sizes, a
// click on a bar doubles that node, and W closes the view.
func TestSizesLinksMatchSim(t *testing.T) {
	for _, c := range []struct {
		query   string
		nodes   int
		v, seed int
		assign  sim.Assignment
		sizes   []int
	}{
		{"?w=1,1,1,1,1,2,2,2,4,4&v=16&assign=random", 10, 16, 0, sim.Random, []int{1, 1, 1, 1, 1, 2, 2, 2, 4, 4}},
		{"?w=8,1,2&n=12&v=3&seed=5", 12, 3, 5, sim.RoundRobin, []int{8, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1}},
	} {
		p := openApp(t, c.query)
		p.waitFor(`!window.vnodes.state().working && window.vnodes.state().sizes && window.vnodes.state().sizes.rows.length == 6`)
		s := p.state()
		got := own[sizes.State](s, sizes.Default)
		if s.Mode != sizes.Default.Name() || s.V != c.v || s.Nodes != c.nodes || s.Seed != c.seed || len(got.Sizes) != c.nodes {
			t.Fatalf("%s opened mode %q, V=%d, N=%d, seed %d, sizes %v", c.query, s.Mode, s.V, s.Nodes, s.Seed, got.Sizes)
		}
		want, err := sim.RunSizes(sim.SizesParams{Params: sim.Params{Nodes: c.nodes, V: c.v, Seeds: view.Seeds, Seed: c.seed, Assign: c.assign}, Sizes: c.sizes})
		if err != nil {
			t.Fatal(err)
		}
		if got.Imbalance != want.Mean.Imbalance || got.CV != want.Mean.CV || s.AvgImbalance != want.Mean.Imbalance {
			t.Errorf("%s: busiest %v, CV %v (common %v), want sim's %v, %v", c.query, got.Imbalance, got.CV, s.AvgImbalance, want.Mean.Imbalance, want.Mean.CV)
		}
		for w, x := range want.Mean.RMSDevBySize {
			if got.RMSDevByWeight[strconv.Itoa(w)] != x {
				t.Errorf("%s: size %d is %v off fair, want sim's %v", c.query, w, got.RMSDevByWeight, x)
			}
		}
		for i, x := range want.Relative {
			if got.Seed.Relative[i] != x {
				t.Errorf("%s: node %s carries %v of its fair load, want sim's %v", c.query, sim.NodeName(i), got.Seed.Relative[i], x)
			}
		}
		var summary string
		p.run(chromedp.Evaluate(`document.getElementById("a11y-summary").textContent`, &summary))
		if !strings.Contains(summary, fmt.Sprintf("the busiest node carries %.3f times its fair load for its size", want.Mean.Imbalance)) {
			t.Errorf("%s: the text version says %q", c.query, summary)
		}
		rows, err := sim.SizesSweep(sim.SweepParams{Nodes: c.nodes, Seeds: view.Seeds, Assign: c.assign, Vs: []int{1, 2, 4, 16, 64, 256}}, c.sizes)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			if g := got.Rows[i]; g.V != r.V || g.Imbalance != r.Imbalance || g.CV != r.CV {
				t.Errorf("%s: row %+v, want sim's %+v", c.query, g, r)
			}
		}
	}

	p := openApp(t, "?view=sizes")
	p.waitFor(`window.vnodes.state().sizes && !window.vnodes.state().working`)
	p.click("presetTwo")
	expect(t, p, "the 1 and 2 preset makes half the nodes of size 2", func(s appState) bool {
		return strings.Contains(s.Query, "w=1,1,1,1,1,2,2,2,2,2")
	})
	bars := p.control("bars")
	x, y := bars.X+bars.W*0.05, bars.Y+bars.H-4 // node A's bar
	p.mouse(inputMoved, x, y, 0)
	p.mouse(inputPressed, x, y, 1)
	p.mouse(inputReleased, x, y, 0)
	expect(t, p, "a click on node A's bar doubles it", func(s appState) bool {
		return own[sizes.State](s, sizes.Default).Sizes[0] == 2 && strings.Contains(s.Query, "w=2,1,1,1,1,2")
	})
	p.press(letterKey('w'))
	expect(t, p, "W closes the view", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "w=") })
}
