package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// DrawVSlider draws the V slider with its handle at position pos of last: a
// thick rail and a tall handle, easy to grab with a finger or to see from
// the back of a room. It is drawn every frame, outside the cached scene,
// because the handle follows the pointer.
func (s *Scene) DrawVSlider(dst *ebiten.Image, pos, last int, hot, pressed bool) {
	l := s.layout
	r := l.VSlider
	rail := max(6*l.Scale, r.H/4)
	railColour := s.pal.Grid
	if hot {
		railColour = s.pal.Muted
	}
	fillRect(dst, geom.Rect{X: r.X, Y: r.CenterY() - rail/2, W: r.W, H: rail}, railColour)
	hw := geom.SliderHandle * l.Scale
	handle := geom.Rect{X: l.SliderX(pos, last) - hw/2, Y: r.Y, W: hw, H: r.H}
	fill, edge := s.pal.Accent, s.pal.Text
	switch {
	case pressed:
		fill, edge = s.pal.Text, s.pal.Text
	case hot:
		fill, edge = s.pal.Text, s.pal.Accent
	}
	fillRect(dst, handle, fill)
	strokeRect(dst, handle, max(1, 2*l.Scale), edge)
}
