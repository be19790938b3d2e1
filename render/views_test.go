package render

import (
	"image/color"
	"math"
	"slices"
	"testing"

	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/views/change"
	"vnodes/render/views/load"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

// changeTestScene is a scene showing a change of p's ring, with the rows
// the app would hand it, and the change of the selected seed.
func changeTestScene(t *testing.T, p sim.Params, kind sim.ChangeKind, node int, pal *panel.Palette) (*Scene, *sim.Change) {
	t.Helper()
	s, _ := viewScene(t, p, change.View{Kind: kind, Leaver: node + 1}, pal)
	cr, err := sim.RunChange(sim.ChangeParams{Params: p, Kind: kind, Node: node})
	if err != nil {
		t.Fatal(err)
	}
	return s, &cr.Seed
}

// loadTestScene is a scene showing requests of w over p's ring, with the
// rows the app would hand it, and the selected seed's requests.
func loadTestScene(t *testing.T, p sim.Params, w sim.Workload, pal *panel.Palette) (*Scene, *sim.WorkloadResult) {
	t.Helper()
	s, _ := viewScene(t, p, load.View{Load: w}, pal)
	wr, err := sim.RunWorkload(p, w)
	if err != nil {
		t.Fatal(err)
	}
	return s, &wr
}

// bandAt is the colour in the middle of the ring's outer band at ring
// position pos.
func bandAt(d drawn, pos uint64) color.NRGBA {
	l := d.layout
	band, _ := geom.RingLanes(l.Ring.R, len(panel.LaneNodes(d.scene.ringSpec(), d.scene.look.Hover)))
	return laneAt(d, pos, band)
}

func laneAt(d drawn, pos uint64, lane geom.Lane) color.NRGBA {
	l := d.layout
	a := geom.Angle(pos)
	rad := (lane.In + lane.Out) / 2
	return d.at(l.Ring.X+rad*math.Cos(a), l.Ring.Y+rad*math.Sin(a))
}

// With a change shown, every piece that moved shows in the band at full
// strength in its new owner's colour, and lights the lane of the node it
// came from in that colour too; a wide range that stayed is dimmed.
func TestChangeRingLightsWhatMoved(t *testing.T) {
	for _, c := range []struct {
		v    int
		kind sim.ChangeKind
	}{{1, sim.Join}, {16, sim.Join}, {16, sim.Leave}} {
		p := sim.Params{Nodes: 10, V: c.v, Seeds: 2, Seed: 0, Assign: sim.Random}
		s, ch := changeTestScene(t, p, c.kind, sim.BusiestNode, panel.DarkPalette())
		d := paintScene(s)
		_, lanes := geom.RingLanes(d.layout.Ring.R, ch.After.Nodes)
		const wide = sim.RingSize / 200 // about 9 pixels of band at the design size
		lit := 0
		for _, piece := range ch.Pieces {
			if piece.Width() < wide {
				continue
			}
			mid := piece.Start + piece.Width()/2
			want := s.pal.NodeColor(int(piece.To))
			if got := bandAt(d, mid); !near(got, want, 8) {
				t.Errorf("V=%d %s: the piece moved from %s to %s shows %v in the band, want %v",
					c.v, c.kind, sim.NodeName(int(piece.From)), sim.NodeName(int(piece.To)), got, want)
			}
			if got := laneAt(d, mid, lanes[piece.From]); !near(got, want, 8) {
				t.Errorf("V=%d %s: %s's lane shows %v where it lost a piece, want %v", c.v, c.kind, sim.NodeName(int(piece.From)), got, want)
			}
			lit++
		}
		if lit == 0 {
			t.Fatalf("V=%d %s: no piece was wide enough to check", c.v, c.kind)
		}
		// The widest range of the ring after that overlaps no moved piece.
		r := &ch.After
		best, bestW := -1, uint64(0)
		for i := range r.Boundaries {
			start, w := uint64(r.Boundaries[i]), r.Width(i)
			if w > bestW && !slices.ContainsFunc(ch.Pieces, func(p sim.MovedPiece) bool {
				return overlapsOnRing(start, start+w, p.Start, p.End)
			}) {
				best, bestW = i, w
			}
		}
		if bestW < wide {
			t.Fatalf("V=%d %s: no wide range stayed", c.v, c.kind)
		}
		owner := s.pal.NodeColor(int(r.Owners[best]))
		got := bandAt(d, uint64(r.Boundaries[best])+bestW/2)
		if want := panel.Dim(owner, s.pal.Background, panel.MovedKeep); !near(got, want, 8) || near(got, owner, 40) {
			t.Errorf("V=%d %s: a range that stayed shows %v, want it dimmed to %v", c.v, c.kind, got, want)
		}
	}
}

// overlapsOnRing reports whether [a0, a1) and [b0, b1) share a position,
// either possibly running past 2^32.
func overlapsOnRing(a0, a1, b0, b1 uint64) bool {
	for _, shift := range []uint64{0, sim.RingSize} {
		if a0+shift < b1 && b0 < a1+shift || b0+shift < a1 && a0 < b1+shift {
			return true
		}
	}
	return false
}

// barTop reports whether colour want fills a bar just under y and stops
// just above it, at x.
func barTop(d drawn, x, y float64, want color.NRGBA) (inside, above color.NRGBA, ok bool) {
	inside, above = d.at(x, y+4), d.at(x, y-4)
	return inside, above, near(inside, want, 8) && !near(above, want, 8)
}

// The join's bars: the newcomer's bar stops at its share, and the donor at
// V=1 shows what it gave in the newcomer's colour on top of what it kept.
func TestChangeBarsShowWhatMoved(t *testing.T) {
	for _, v := range []int{1, 16} {
		p := sim.Params{Nodes: 10, V: v, Seeds: 2, Seed: 0, Assign: sim.Random}
		s, c := changeTestScene(t, p, sim.Join, 0, panel.DarkPalette())
		d := paintScene(s)
		before, after := change.Shares(c)
		if math.Abs(after[c.Node]-c.NodeShare) > 1e-9 {
			t.Fatalf("V=%d: the newcomer's bar is %v, its share %v", v, after[c.Node], c.NodeShare)
		}
		axisMax := change.AxisMax(d.layout, c)
		bars := c.After.Nodes
		newcomer := s.pal.NodeColor(c.Node)
		b := panel.BarRect(d.layout, bars, c.Node, after[c.Node], axisMax)
		if in, above, ok := barTop(d, b.X+b.W*0.2, b.Y, newcomer); !ok {
			t.Errorf("V=%d: the newcomer's bar top at y=%.0f: %v inside, %v above", v, b.Y, in, above)
		}
		for i := range c.Before.Nodes {
			if before[i]-after[i] < 0.1 {
				continue // too little given to see
			}
			top := panel.BarRect(d.layout, bars, i, before[i], axisMax)
			if in, above, ok := barTop(d, top.X+top.W*0.2, top.Y, newcomer); !ok {
				t.Errorf("V=%d: node %s gave %.2f but its bar top shows %v (above: %v)", v, sim.NodeName(i), before[i]-after[i], in, above)
			}
			kept := panel.BarRect(d.layout, bars, i, after[i], axisMax)
			if kept.H > 8 {
				if got := d.at(kept.X+kept.W*0.2, kept.Y+4); !near(got, s.pal.NodeColor(i), 8) {
					t.Errorf("V=%d: node %s's kept part shows %v, want its colour", v, sim.NodeName(i), got)
				}
			}
		}
		if x, y := b.CenterX(), b.Y+b.H-2; s.NodeAt(x, y) != c.Node {
			t.Errorf("V=%d: pointing at the newcomer's bar finds node %d, want %d", v, s.NodeAt(x, y), c.Node)
		}
	}
}

// A leaver's bar is an outline of what it had; the dotted line is the
// fair share of the nodes that remain.
func TestLeaveBarsOutlineTheLeaver(t *testing.T) {
	p := sim.Params{Nodes: 10, V: 4, Seeds: 2, Seed: 0, Assign: sim.Random}
	s, c := changeTestScene(t, p, sim.Leave, sim.BusiestNode, panel.DarkPalette())
	d := paintScene(s)
	before, _ := change.Shares(c)
	b := panel.BarRect(d.layout, c.After.Nodes, c.Node, before[c.Node], change.AxisMax(d.layout, c))
	col := s.pal.NodeColor(c.Node)
	found := false
	for y := b.Y - 2; y <= b.Y+2; y++ {
		found = found || near(d.at(b.X+b.W/2, y), col, 12)
	}
	if !found {
		t.Errorf("no outline in the leaver's colour %v at its former top, y=%.0f", col, b.Y)
	}
	if got := d.at(b.X+b.W/2, b.Y+b.H/2); near(got, col, 30) {
		t.Errorf("the leaver's bar is filled (%v): it holds nothing now", got)
	}
}

// With one key taking h of the requests, the busiest node's request bar
// stands at least h·N tall, whatever V; the cap line of bounded loads is
// drawn at the cap.
func TestLoadBarsShowTheHotKey(t *testing.T) {
	hot := sim.DefaultWorkload()
	hot.Kind = sim.HotKey
	for _, v := range []int{1, 256} {
		p := sim.Params{Nodes: 10, V: v, Seeds: 2, Seed: 0, Assign: sim.Random}
		s, wr := loadTestScene(t, p, hot, panel.DarkPalette())
		d := paintScene(s)
		sel := &wr.Selected
		i := sel.RequestStats.Busiest
		floor := hot.Hot * float64(p.Nodes)
		if sel.Request[i] < floor {
			t.Fatalf("V=%d: busiest request load %.2f below h·N = %.2f", v, sel.Request[i], floor)
		}
		l := d.layout
		axisMax := load.AxisMax(l, wr)
		req := load.RequestRect(l, p.Nodes, i, sel.Request[i], axisMax)
		y := l.Bars.Y + l.Bars.H - floor/axisMax*l.Bars.H // h·N on the axis
		want := s.pal.NodeColor(i)
		if got := d.at(req.CenterX(), y+3); !near(got, want, 8) {
			t.Errorf("V=%d: node %s's request bar at h·N shows %v, want %v", v, sim.NodeName(i), got, want)
		}
		if in, above, ok := barTop(d, req.CenterX(), req.Y, want); !ok && !near(in, s.pal.Text, 8) {
			t.Errorf("V=%d: the request bar's top at y=%.0f: %v inside, %v above", v, req.Y, in, above)
		}
	}

	bounded := hot
	bounded.Salt, bounded.Fix = 8, sim.Bounded
	p := sim.Params{Nodes: 10, V: 16, Seeds: 2, Seed: 0, Assign: sim.Random}
	s, wr := loadTestScene(t, p, bounded, panel.DarkPalette())
	d := paintScene(s)
	l := d.layout
	capY := l.Bars.Y + l.Bars.H - wr.Selected.Cap/load.AxisMax(l, wr)*l.Bars.H
	on, off := 0, 0
	for x := l.Bars.X + 2; x < l.Bars.X+l.Bars.W-2; x++ {
		if near(d.at(x, capY), s.pal.Warning, 12) {
			on++
		}
		if near(d.at(x, capY-7), s.pal.Warning, 12) || near(d.at(x, capY+7), s.pal.Warning, 12) {
			off++
		}
	}
	if on < int(l.Bars.W/4) || off > 0 {
		t.Errorf("cap line at y=%.0f: %d pixels of its colour on it, %d beside it", capY, on, off)
	}
}

// Switching views redraws the ring: back in the spread view nothing is
// left lit from a change.
func TestSwitchingViewsRedrawsTheRing(t *testing.T) {
	p := sim.Params{Nodes: 10, V: 1, Seeds: 2, Seed: 0, Assign: sim.Random}
	s, _ := changeTestScene(t, p, sim.Join, 0, panel.DarkPalette())
	paintScene(s)
	spreadOf := spread.NewShown(*s.look.Result)
	s.SetShown(spreadOf, spreadOf.Sim())
	d := paintScene(s)
	r := &spreadOf.Sim().Ring
	busiest := r.Stats.Busiest
	for i := range r.Boundaries {
		if int(r.Owners[i]) == busiest {
			got := bandAt(d, uint64(r.Boundaries[i])+r.Width(i)/2)
			if want := s.pal.NodeColor(busiest); !near(got, want, 8) {
				t.Errorf("after leaving the change view the busiest node's range shows %v, want %v", got, want)
			}
		}
	}
}
