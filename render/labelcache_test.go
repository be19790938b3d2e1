package render

import (
	"bytes"
	"fmt"
	"image/color"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/sim"
)

// Labels drawn from the atlas are the labels text.Draw writes glyph by
// glyph: same pixels on every screen of every palette, at first and when
// drawn again from the atlas.
func TestCachedLabelsLookLikeText(t *testing.T) {
	for name, pal := range map[string]*Palette{"dark": DarkPalette(), "light": LightPalette(), "projector": ProjectorPalette()} {
		s, _ := newTestScene(t, sim.Params{Nodes: 10, V: 16, Seeds: 3, Seed: 1}, pal)
		s.labels.direct = true
		want := paint(s)
		s.labels.direct = false
		for round := range 2 { // filling the atlas, then drawing from it
			s.frameValid = false
			got := paint(s)
			diff, first := 0, -1
			for i := range want.pixels {
				if d := int(want.pixels[i]) - int(got.pixels[i]); d > 1 || d < -1 {
					if first < 0 {
						first = i / 4
					}
					diff++
				}
			}
			if diff > 0 {
				t.Errorf("%s palette, round %d: %d channels differ by more than 1 from glyph-by-glyph text, first at (%d, %d)",
					name, round, diff, first%testW, first/testW)
			}
		}
		if len(s.labels.layouts) < 50 {
			t.Errorf("only %d labels cached: the atlas is not in use", len(s.labels.layouts))
		}
	}
}

// A full atlas starts over without losing a label: the batch drawn before
// the atlas is cleared shows the old glyphs, the one after shows the new.
func TestFullLabelAtlasStartsOver(t *testing.T) {
	want, got := ebiten.NewImage(testW, testH), ebiten.NewImage(testW, testH)
	defer want.Deallocate()
	defer got.Deallocate()
	var lc labelCache
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	for _, scale := range []float64{4, 5, 6} { // glyphs about a hundred pixels high: a few dozen fill the atlas
		face := NewFonts(scale, false).Title
		for i, r := range letters {
			x, y := 30+float64(i%24)*64.37, 100+float64(i/24)*270.25
			drawText(want, string(r), face, x, y, topLeft, color.White)
			lc.add(got, string(r), face, x, y, topLeft, color.White)
		}
	}
	lc.flush()
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
	var lc labelCache
	face := NewFonts(1, false).Body
	key := labelKey{"V = 0", face, topLeft}
	var before []placedGlyph
	for i := range maxLayouts + 100 {
		lc.add(img, fmt.Sprintf("V = %d", i), face, 10, 10, topLeft, color.White)
		if i == 0 {
			before = slices.Clone(lc.layouts[key])
		}
		if len(lc.layouts) > maxLayouts {
			t.Fatalf("%d layouts kept after %d labels, want at most %d", len(lc.layouts), i+1, maxLayouts)
		}
	}
	lc.flush()
	if _, ok := lc.layouts[key]; ok {
		t.Fatal("the first label's layout is still kept: the layouts never started over")
	}
	again, ok := lc.lay(key)
	if !ok || len(before) != 3 || !slices.Equal(again, before) { // "V = 0": the spaces have no image
		t.Errorf("laid out again: %+v (ok %v), want the first layout %+v", again, ok, before)
	}
}
