package app

import (
	"slices"
	"testing"

	"vnodes/render/geom"
	"vnodes/render/view"
	"vnodes/sim"
)

// Background work bins the ring the scene will draw (after the change, the
// workload's, or the result's) into the strip OwnerStrip gives, and its
// progress only grows, ending at 1.
func TestBackgroundWorkBinsTheShownRing(t *testing.T) {
	base := view.Settings{V: 512, Nodes: 300, Seed: 1}
	change, load := base, base
	change.Mode, change.Change = view.ModeChange, sim.Join
	load.Mode, load.Load = view.ModeLoad, sim.Workload{Kind: sim.HotKey, Hot: 0.1, Salt: 1}
	for _, s := range []view.Settings{base, change, load} {
		s = s.Clamp()
		var seen []float64
		w := compute(nil, s, need{result: true}, func(f float64) { seen = append(seen, f) }, nil)
		if w.err != nil {
			t.Fatalf("mode %v: %v", s.Mode, w.err)
		}
		ring := shownRingOf(s.Mode, &w)
		switch s.Mode {
		case view.ModeChange:
			if ring != &w.change.Seed.After {
				t.Fatal("the change view's ring is not the ring after the change")
			}
		case view.ModeLoad:
			if ring != &w.workload.Ring {
				t.Fatal("the load view's ring is not the workload's")
			}
		}
		want := make([]uint16, geom.StripBins)
		geom.OwnerStrip(ring.Boundaries, ring.Owners, want)
		if !slices.Equal(w.strip, want) {
			t.Errorf("mode %v: the strip binned in the background is not the shown ring's", s.Mode)
		}
		if !slices.IsSorted(seen) || len(seen) == 0 || seen[len(seen)-1] < 0.999 || seen[len(seen)-1] > 1 {
			t.Errorf("mode %v: progress went %v…%v over %d reports, want growing to 1", s.Mode, seen[:min(3, len(seen))], seen[max(0, len(seen)-3):], len(seen))
		}
	}
	// Inline work leaves the binning to the frame that draws.
	if w := compute(nil, base, need{result: true}, nil, nil); w.strip != nil {
		t.Error("inline work binned the ring too")
	}
}
