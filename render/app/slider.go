package app

import (
	"github.com/ebitenui/ebitenui/input"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/render/view"
)

// vSlider is the V slider's pointer handling, done here rather than in a
// widget so that V is always the value under the pointer when it lets go,
// at any frame rate: the position is read in Update (browser: from the
// pointer event itself, see pointerPosition), never from the last frame
// drawn. A press on the handle keeps the grab offset, so the handle does
// not jump; a press on the track moves the handle there.
type vSlider struct {
	scale    geom.Slider
	dragging bool
	grab     float64 // pointer x minus the handle's centre at the press
	hot      bool    // the pointer is over the slider
}

func newVSlider() vSlider { return vSlider{scale: geom.Slider{VMax: view.MaxSliderV}} }

// update follows the pointer and returns the V to ask for, if any.
func (s *vSlider) update(l geom.Layout, current int) (v int, ok bool) {
	x, y := pointerPosition()
	track := l.VSlider
	hit := x >= track.X && x < track.X+track.W && y >= track.Y-8*l.Scale && y < track.Y+track.H+8*l.Scale
	s.hot = hit || s.dragging
	at := func() int { return s.scale.V(l.SliderPosAt(x-s.grab, s.scale.Max())) }
	switch {
	case input.MouseButtonJustPressed(ebiten.MouseButtonLeft) && hit:
		s.dragging = true
		s.grab = 0
		if hx := l.SliderX(s.scale.Pos(current), s.scale.Max()); abs(x-hx) <= geom.SliderHandle*l.Scale/2 {
			s.grab = x - hx
		}
		return at(), true
	case s.dragging && !input.MouseButtonPressed(ebiten.MouseButtonLeft):
		s.dragging = false // let go: the position is where it happened
		return at(), true
	case s.dragging:
		return at(), true
	}
	return 0, false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
