//go:build e2e

package e2e

import (
	"fmt"
	"image"
	"math"
	"testing"

	"vnodes/render/views/change"
	"vnodes/render/views/load"
	"vnodes/sim"
)

// A join link opens the join & leave view with sim's figures for the
// selected seed and the 20-seed means, and the moved ranges show the
// newcomer's colour on the ring.
func TestJoinLinksMatchSim(t *testing.T) {
	for _, v := range []int{1, 256} {
		q := fmt.Sprintf("?change=join&v=%d", v)
		p := openApp(t, q)
		p.waitFor(`!window.vnodes.state().working`)
		s := p.state()
		ch := own[change.State](s, change.Default)
		want, err := sim.RunChange(sim.ChangeParams{Params: sim.Params{Nodes: 10, V: v, Seeds: 20}, Kind: sim.Join})
		if err != nil {
			t.Fatal(err)
		}
		c := want.Seed
		if s.Mode != change.Default.Name() || ch.Kind != "join" || ch.Node != "K" {
			t.Fatalf("%s opened mode %q, change %q, node %q", q, s.Mode, ch.Kind, ch.Node)
		}
		if ch.Moved != c.MovedFraction || ch.MovedIdeal != c.Ideal || ch.DonorCount != c.Donors ||
			ch.NewcomerShare != c.NodeShare || ch.ModNMoved != c.ModNMoved || ch.AvgMoved != want.Mean.Moved || ch.AvgDonors != want.Mean.Donors {
			t.Fatalf("%s: state %+v\nwant sim's %+v, mean %+v", q, ch, c, want.Mean)
		}
		if len(ch.Donors) != 10 {
			t.Fatalf("%s: %d donors listed, want one per old node", q, len(ch.Donors))
		}
		if v == 1 && ch.DonorCount != 1 {
			t.Errorf("%s: %d donors, want exactly one with one token", q, ch.DonorCount)
		}
		if v == 256 && ch.DonorCount != 10 {
			t.Errorf("%s: %d donors, want every node with 256 tokens", q, ch.DonorCount)
		}
		checkMovedColour(t, p, c, s.Colors[10], q)
	}
}

// checkMovedColour looks at the band in the middle of the widest moved
// piece: it must show the newcomer's colour.
func checkMovedColour(t *testing.T, p *page, c sim.Change, hex, q string) {
	t.Helper()
	widest := c.Pieces[0]
	for _, piece := range c.Pieces {
		if piece.Width() > widest.Width() {
			widest = piece
		}
	}
	if float64(widest.Width()) < 0.004*float64(sim.RingSize) {
		t.Logf("%s: the widest moved piece is too thin to look at", q)
		return
	}
	img := decode(t, p.screenshot())
	ring := p.control("ring")
	cx, cy, r := ring.X+ring.W/2, ring.Y+ring.H/2, ring.W/2
	a := 2*math.Pi*(float64(widest.Start)+float64(widest.Width())/2)/float64(sim.RingSize) - math.Pi/2
	x, y := cx+0.93*r*math.Cos(a), cy+0.93*r*math.Sin(a)
	if n := countColour(img, image.Rect(int(x)-2, int(y)-2, int(x)+3, int(y)+3), hex); n < 5 {
		t.Errorf("%s: the moved piece at (%.0f, %.0f) does not show the newcomer's colour %s", q, x, y, hex)
	}
}

// A leave link names the node that leaves; with the random assignment
// several nodes receive its ranges.
func TestLeaveLinkMatchesSim(t *testing.T) {
	p := openApp(t, "?change=leave&node=C&assign=random&v=16")
	p.waitFor(`!window.vnodes.state().working`)
	s := p.state()
	want, _ := sim.RunChange(sim.ChangeParams{Params: sim.Params{Nodes: 10, V: 16, Seeds: 20, Assign: sim.Random}, Kind: sim.Leave, Node: 2})
	ch := own[change.State](s, change.Default)
	if ch.Kind != "leave" || ch.Node != "C" || ch.Moved != want.Seed.MovedFraction || ch.DonorCount != want.Seed.Donors {
		t.Fatalf("state %+v, want sim's %+v", s, want.Seed)
	}
	if ch.Moved != s.Loads[2]/10 {
		t.Errorf("moved %v, but node C owned %v of the ring", ch.Moved, s.Loads[2]/10)
	}
}

// The hot keys links open their workloads with sim's request figures.
func TestHotKeyLinksMatchSim(t *testing.T) {
	for _, c := range []struct {
		query string
		w     sim.Workload
	}{
		{"?load=hot&hot=0.3&salt=8&v=256", sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 8}},
		{"?load=zipf&zipf=1.1&keys=10000&v=16", sim.Workload{Kind: sim.Zipf, Zipf: 1.1, Keys: 10000}},
		{"?fix=bounded&eps=0.25&v=16", sim.Workload{Kind: sim.HotKey, Hot: sim.DefaultHot, Salt: 1, Fix: sim.Bounded, Eps: 0.25}},
	} {
		p := openApp(t, c.query)
		p.waitFor(`!window.vnodes.state().working`)
		s := p.state()
		ld := own[load.State](s, load.Default)
		want, err := sim.RunWorkload(sim.Params{Nodes: 10, V: s.V, Seeds: 20}, c.w)
		if err != nil {
			t.Fatal(err)
		}
		if s.Mode != load.Default.Name() || ld.Kind != c.w.Kind.String() || ld.Fix != c.w.Fix.String() {
			t.Fatalf("%s opened mode %q, load %q, fix %q", c.query, s.Mode, ld.Kind, ld.Fix)
		}
		if ld.RequestImbalance != want.Selected.RequestStats.Imbalance || ld.AvgRequestImbalance != want.RequestAverage.Imbalance ||
			ld.AvgRequestCV != want.RequestAverage.CV || len(ld.RequestLoads) != 10 {
			t.Fatalf("%s: request figures %v/%v/%v, want sim's %v/%v/%v", c.query,
				ld.RequestImbalance, ld.AvgRequestImbalance, ld.AvgRequestCV,
				want.Selected.RequestStats.Imbalance, want.RequestAverage.Imbalance, want.RequestAverage.CV)
		}
	}
	// One 30 % key keeps its node at least 3 fair shares busy, whatever V.
	p := openApp(t, "?load=hot&hot=0.3&v=256")
	if s := p.state(); own[load.State](s, load.Default).RequestImbalance < 3 || s.AvgImbalance > 1.2 {
		t.Errorf("V=256 with a 30%% key: request imbalance %v (want ≥ 3), data %v (want near 1)", own[load.State](s, load.Default).RequestImbalance, s.AvgImbalance)
	}
}

// The views' controls work by click: tabs, switches and steppers.
func TestViewControlsByClick(t *testing.T) {
	p := openApp(t, "")
	p.click("tabChange")
	expect(t, p, "the join & leave tab opens a join", func(s appState) bool { return own[change.State](s, change.Default).Kind == "join" })
	p.click("changeLeave")
	expect(t, p, "one leaves", func(s appState) bool {
		c := own[change.State](s, change.Default)
		return c.Kind == "leave" && c.Node == s.Busiest
	})
	bars := p.control("bars")
	p.mouse(inputMoved, bars.X+bars.W*0.25, bars.Y+bars.H-4, 0) // over node C's bar
	p.mouse(inputPressed, bars.X+bars.W*0.25, bars.Y+bars.H-4, 1)
	p.mouse(inputReleased, bars.X+bars.W*0.25, bars.Y+bars.H-4, 0)
	expect(t, p, "a click on node C's bar makes C leave", func(s appState) bool { return own[change.State](s, change.Default).Node == "C" })
	p.click("tabLoad")
	expect(t, p, "the hot keys tab opens the hot key", func(s appState) bool { return own[load.State](s, load.Default).Kind == "hot" })
	p.click("hotPlus")
	p.click("saltPlus")
	expect(t, p, "+ and + give 35% and two sub-keys", func(s appState) bool {
		return s.Query == "v=1&n=10&seed=0&assign=roundrobin&load=hot&hot=0.35&salt=2"
	})
	p.click("fixBounded")
	expect(t, p, "bounded loads", func(s appState) bool { return own[load.State](s, load.Default).Fix == "bounded" })
	p.click("tabSpread")
	expect(t, p, "back to the spread", func(s appState) bool {
		return s.Mode == "spread" && own[load.State](s, load.Default).Kind == "" && own[change.State](s, change.Default).Kind == ""
	})
}
