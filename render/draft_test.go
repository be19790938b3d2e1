package render

import (
	"bytes"
	"testing"

	"vnodes/render/panel"
	"vnodes/sim"
)

// TestADraftRingIsDrawnSmoothOnceTheHandLetsGo: while V is dragged the
// ring takes one sample a pixel, and when the drag ends the picture is
// the one a still screen shows, not the draft.
func TestADraftRingIsDrawnSmoothOnceTheHandLetsGo(t *testing.T) {
	p := sim.Params{Nodes: 10, V: 16, Seeds: 20}
	still, _ := newTestScene(t, p, panel.DarkPalette())
	defer freeScene(still)
	smooth := paintScene(still)

	s, _ := newTestScene(t, p, panel.DarkPalette())
	defer freeScene(s)
	s.SetDraftRing(true)
	draft := paintScene(s)
	if bytes.Equal(draft.pixels, smooth.pixels) {
		t.Fatal("the ring drawn during a drag is the smooth one: the draft is not in use")
	}
	s.SetDraftRing(true) // another frame of the drag: nothing to draw again
	if !s.Current(testW, testH) {
		t.Error("a frame of the drag with nothing changed paints the scene again")
	}
	s.SetDraftRing(false)
	if s.Current(testW, testH) {
		t.Fatal("the hand let go, yet the scene keeps its draft ring")
	}
	if after := paintScene(s); !bytes.Equal(after.pixels, smooth.pixels) {
		t.Error("after the drag the ring is not the smooth one a still screen shows")
	}
}
