package app

import (
	"slices"
	"testing"

	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/views"
	"vnodes/render/views/change"
)

// Background work bins the ring the scene will draw (after the change, the
// workload's, or the result's: the one each view shows) into the strip
// OwnerStrip gives, and its progress only grows, ending at 1.
func TestBackgroundWorkBinsTheShownRing(t *testing.T) {
	base := view.Settings{V: 512, Nodes: 300, Seed: 1}
	for _, v := range views.All.Views() {
		s := views.All.Clamp(base.WithView(v))
		var seen []float64
		w := compute(nil, s, need{result: true}, func(f float64) { seen = append(seen, f) }, nil)
		if w.err != nil {
			t.Fatalf("%s: %v", v.Name(), w.err)
		}
		ring := panel.PainterOf(w.result).Ring(&panel.Look{Hover: -1}).Ring
		if v == change.Default && ring.Nodes != base.Nodes+1 {
			t.Fatalf("the join's ring has %d nodes: not the ring after the join", ring.Nodes)
		}
		want := make([]uint16, geom.StripBins)
		geom.OwnerStrip(ring.Boundaries, ring.Owners, want)
		if !slices.Equal(w.strip, want) {
			t.Errorf("%s: the strip binned in the background is not the shown ring's", v.Name())
		}
		if !slices.IsSorted(seen) || len(seen) == 0 || seen[len(seen)-1] < 0.999 || seen[len(seen)-1] > 1 {
			t.Errorf("%s: progress went %v…%v over %d reports, want growing to 1", v.Name(), seen[:min(3, len(seen))], seen[max(0, len(seen)-3):], len(seen))
		}
	}
	// Inline work leaves the binning to the frame that draws.
	if w := compute(nil, views.All.Clamp(base), need{result: true}, nil, nil); w.strip != nil {
		t.Error("inline work binned the ring too")
	}
}
