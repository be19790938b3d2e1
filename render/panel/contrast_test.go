package panel

import (
	"image/color"
	"testing"
)

// Every text colour reads at WCAG AA (4.5:1) on the backgrounds it is
// drawn on, in every theme; the projector theme reaches AAA (7:1) for its
// main text.
func TestPalettesMeetWCAGContrast(t *testing.T) {
	if got := ContrastRatio(hex(0x000000), hex(0xFFFFFF)); got < 20.99 || got > 21.01 {
		t.Fatalf("black on white = %.2f, want 21", got)
	}
	for name, p := range map[string]*Palette{"dark": DarkPalette(), "light": LightPalette(), "projector": ProjectorPalette()} {
		for _, bg := range []struct {
			name string
			c    color.NRGBA
		}{{"background", p.Background}, {"panel", p.Panel}} {
			for _, fg := range []struct {
				name string
				c    color.NRGBA
			}{{"text", p.Text}, {"muted text", p.Muted}, {"accent", p.Accent}, {"warning", p.Warning}} {
				if r := ContrastRatio(fg.c, bg.c); r < 4.5 {
					t.Errorf("%s theme: %s on %s is %.2f:1, below AA's 4.5:1", name, fg.name, bg.name, r)
				}
			}
		}
	}
	p := ProjectorPalette()
	if r := ContrastRatio(p.Text, p.Background); r < 7 {
		t.Errorf("projector text on background is %.2f:1, want at least 7:1", r)
	}
}
