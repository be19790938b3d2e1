//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/render/views/replicas"
	"vnodes/sim"
)

// A replicas link opens the view with every figure sim gives for that
// ring, its seeds and both assignments by V; the text version says them;
// a click on a bar puts that node down, and P closes the view.
func TestReplicaLinksMatchSim(t *testing.T) {
	for _, c := range []struct {
		query          string
		nodes, v, seed int
		assign         sim.Assignment
		rf, down       int
		failed         []int
	}{
		{"?rf=3&down=2&assign=random&v=16&seed=3", 10, 16, 3, sim.Random, 3, 2, nil},
		{"?rf=2&down=3&failed=B,E&n=12&v=4", 12, 4, 0, sim.RoundRobin, 2, 3, []int{1, 4}},
		// Even copies: a quorum of 2 is lost with one down, of 4 with two.
		{"?rf=2&down=1&assign=random&v=256", 10, 256, 0, sim.Random, 2, 1, nil},
		{"?rf=4&down=2&assign=random&v=16&n=100", 100, 16, 0, sim.Random, 4, 2, nil},
	} {
		p := openApp(t, c.query)
		p.waitFor(`!window.vnodes.state().working && window.vnodes.state().replicas && window.vnodes.state().replicas.rows.length == 6`)
		s := p.state()
		got := own[replicas.State](s, replicas.Default)
		if s.Mode != replicas.Default.Name() || s.V != c.v || s.Nodes != c.nodes || s.Seed != c.seed || got.RF != c.rf || got.Down != c.down ||
			got.Quorum != min(c.rf, c.nodes)/2+1 {
			t.Fatalf("%s opened mode %q, V=%d, N=%d, seed %d, rf %d, down %d", c.query, s.Mode, s.V, s.Nodes, s.Seed, got.RF, got.Down)
		}
		rp := sim.ReplicaParams{Params: sim.Params{Nodes: c.nodes, V: c.v, Seeds: view.Seeds, Seed: c.seed, Assign: c.assign}, RF: c.rf, Down: c.down, Failed: c.failed}
		res, err := sim.RunReplicas(rp)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, n := range res.Seed.Down {
			names = append(names, sim.NodeName(n))
		}
		st, m := res.Stats, res.Mean
		want := []float64{float64(res.Seed.Unavailable) / float64(sim.RingSize), st.QuorumLostP, st.UnavailableMean, st.UnavailableMax, st.DataLostP, st.Peers,
			m.QuorumLostP, m.UnavailableMean, m.UnavailableMax, m.DataLostP, m.Peers}
		have := []float64{got.Unavailable, got.QuorumLostP, got.UnavailableMean, got.UnavailableMax, got.DataLostP, got.Peers,
			got.AvgQuorumLostP, got.AvgUnavailableMean, got.AvgUnavailableMax, got.AvgDataLostP, got.AvgPeers}
		if fmt.Sprint(have) != fmt.Sprint(want) || strings.Join(got.Failed, ",") != strings.Join(names, ",") {
			t.Errorf("%s: figures %v with %v down,\n want sim's %v with %v down", c.query, have, got.Failed, want, names)
		}
		for _, a := range []sim.Assignment{sim.RoundRobin, sim.Random} {
			rows, err := sim.ReplicaSweep(sim.SweepParams{Nodes: c.nodes, Seeds: view.Seeds, Assign: a, Vs: sim.ExerciseVs}, c.rf, c.down)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range rows {
				row := got.Rows[i].RoundRobin
				if a == sim.Random {
					row = got.Rows[i].Random
				}
				if got.Rows[i].V != r.V || row != (replicas.Means{QuorumLostP: r.QuorumLostP, UnavailableMean: r.UnavailableMean,
					UnavailableMax: r.UnavailableMax, DataLostP: r.DataLostP, Peers: r.Peers}) {
					t.Errorf("%s: the %v row for V=%d shows %+v, want sim's %+v", c.query, a, r.V, row, r.ReplicaStats)
				}
			}
		}
		var summary string
		p.run(chromedp.Evaluate(`document.getElementById("a11y-summary").textContent`, &summary))
		if !strings.Contains(summary, fmt.Sprintf("some keys lose their quorum %.1f%% of the time", 100*m.QuorumLostP)) ||
			!strings.Contains(summary, strings.Join(names, ", ")+" down") {
			t.Errorf("%s: the text version says %q", c.query, summary)
		}
	}

	p := openApp(t, "?rf=3&v=1")
	p.waitFor(`window.vnodes.state().replicas && !window.vnodes.state().working`)
	bars := p.control("bars")
	x, y := bars.X+bars.W*0.25, bars.Y+bars.H-4 // node C's bar
	p.mouse(inputMoved, x, y, 0)
	p.mouse(inputPressed, x, y, 1)
	p.mouse(inputReleased, x, y, 0)
	expect(t, p, "a click on node C's bar puts C down", func(s appState) bool {
		return strings.Join(own[replicas.State](s, replicas.Default).Failed, ",") == "C" && strings.Contains(s.Query, "failed=C")
	})
	p.click("downPlus")
	expect(t, p, "+ puts three nodes down at once", func(s appState) bool { return own[replicas.State](s, replicas.Default).Down == 3 })
	p.press(letterKey('p'))
	expect(t, p, "P closes the view", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "rf=") })
}
