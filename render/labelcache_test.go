package render

import (
	"testing"

	"vnodes/render/panel"
	"vnodes/sim"
)

// Labels drawn from the atlas are the labels text.Draw writes glyph by
// glyph: same pixels on every screen of every palette, at first and when
// drawn again from the atlas.
func TestCachedLabelsLookLikeText(t *testing.T) {
	for name, pal := range map[string]*panel.Palette{"dark": panel.DarkPalette(), "light": panel.LightPalette(), "projector": panel.ProjectorPalette()} {
		s, _ := newTestScene(t, sim.Params{Nodes: 10, V: 16, Seeds: 3, Seed: 1}, pal)
		s.labels.Direct = true
		want := paintScene(s)
		s.labels.Direct = false
		for round := range 2 { // filling the atlas, then drawing from it
			s.frameValid = false
			got := paintScene(s)
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
		if s.labels.Layouts() < 50 {
			t.Errorf("only %d labels cached: the atlas is not in use", s.labels.Layouts())
		}
	}
}
