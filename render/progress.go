package render

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// DrawProgress shows that work is running, and how far it has got, in a
// box over the ring and bars; the controls stay usable meanwhile.
func (s *Scene) DrawProgress(dst *ebiten.Image, fraction float64, what string) {
	defer s.onWindow()()
	l := s.layout
	w, h := 640*l.Scale, 110*l.Scale
	box := geom.Rect{X: l.Ring.X + (l.Bars.X+l.Bars.W-l.Ring.X)/2 - w/2 - l.Ring.R/2, Y: l.Ring.Y - h/2, W: w, H: h}
	fillRect(dst, box, s.pal.Panel)
	strokeRect(dst, box, 2*max(1, l.Scale), s.pal.Accent)
	pad := 18 * l.Scale
	drawText(dst, what, s.fonts.Body, box.X+pad, box.Y+pad, topLeft, s.pal.Text)
	bar := geom.Rect{X: box.X + pad, Y: box.Y + box.H - pad - 22*l.Scale, W: box.W - 2*pad - 70*l.Scale, H: 22 * l.Scale}
	fillRect(dst, bar, s.pal.Background)
	fillRect(dst, geom.Rect{X: bar.X, Y: bar.Y, W: bar.W * min(max(fraction, 0), 1), H: bar.H}, s.pal.Accent)
	strokeRect(dst, bar, max(1, l.Scale), s.pal.PanelEdge)
	drawText(dst, fmt.Sprintf("%.0f%%", 100*fraction), s.fonts.BodyBold, box.X+box.W-pad, bar.CenterY(), middleRight, s.pal.Text)
}
