package paint

import (
	"bytes"
	"fmt"
	"image/color"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/panel"
)

const testW, testH = 1600, 900

// A full atlas starts over without losing a label: the batch drawn before
// the atlas is cleared shows the old glyphs, the one after shows the new.
func TestFullLabelAtlasStartsOver(t *testing.T) {
	want, got := ebiten.NewImage(testW, testH), ebiten.NewImage(testW, testH)
	defer want.Deallocate()
	defer got.Deallocate()
	var lc Labels
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	for _, scale := range []float64{4, 5, 6} { // glyphs about a hundred pixels high: a few dozen fill the atlas
		face := NewFonts(scale, false).Title
		for i, r := range letters {
			x, y := 30+float64(i%24)*64.37, 100+float64(i/24)*270.25
			Text(want, string(r), face, x, y, panel.TopLeft, color.White)
			lc.Add(got, string(r), face, x, y, panel.TopLeft, color.White)
		}
	}
	lc.Flush()
	if lc.restarts == 0 {
		t.Fatal("the atlas never filled: the test draws too few glyphs")
	}
	w, g := make([]byte, 4*testW*testH), make([]byte, 4*testW*testH)
	want.ReadPixels(w)
	got.ReadPixels(g)
	if !bytes.Equal(w, g) {
		t.Errorf("after %d restarts the batched labels differ from text.Draw's", lc.restarts)
	}
}

// The layouts kept stay bounded however many different labels are drawn,
// and a label laid out again after they start over draws the same.
func TestLabelLayoutsStayBounded(t *testing.T) {
	img := ebiten.NewImage(testW, testH)
	defer img.Deallocate()
	var lc Labels
	face := NewFonts(1, false).Body
	key := labelKey{"V = 0", face, panel.TopLeft}
	var before []placedGlyph
	for i := range maxLayouts + 100 {
		lc.Add(img, fmt.Sprintf("V = %d", i), face, 10, 10, panel.TopLeft, color.White)
		if i == 0 {
			before = slices.Clone(lc.layouts[key])
		}
		if len(lc.layouts) > maxLayouts {
			t.Fatalf("%d layouts kept after %d labels, want at most %d", len(lc.layouts), i+1, maxLayouts)
		}
	}
	lc.Flush()
	if _, ok := lc.layouts[key]; ok {
		t.Fatal("the first label's layout is still kept: the layouts never started over")
	}
	again, ok := lc.lay(key)
	if !ok || len(before) != 3 || !slices.Equal(again, before) { // "V = 0": the spaces have no image
		t.Errorf("laid out again: %+v (ok %v), want the first layout %+v", again, ok, before)
	}
}
