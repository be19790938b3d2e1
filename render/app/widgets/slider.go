package widgets

import (
	"math"

	"github.com/ebitenui/ebitenui/input"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/render/view"
)

// VSlider is the V slider's pointer handling, done here rather than in an
// ebitenui widget so that V is always the value under the pointer when it
// lets go, at any frame rate: the position is read in Update (in a
// browser, from the pointer event itself), never from the last frame
// drawn. A press on the handle keeps the grab offset, so the handle does
// not jump; a press on the track moves the handle there. The scene draws
// it.
type VSlider struct {
	Scale    geom.Slider
	Dragging bool
	Hot      bool    // the pointer is over the slider
	grab     float64 // pointer x minus the handle's centre at the press
}

// NewVSlider is the slider over every V it reaches.
func NewVSlider() VSlider { return VSlider{Scale: geom.Slider{VMax: view.MaxSliderV}} }

// Update follows the pointer, at (x, y), and returns the V to ask for, if
// any.
func (s *VSlider) Update(l geom.Layout, current int, x, y float64) (v int, ok bool) {
	track := l.VSlider
	hit := x >= track.X && x < track.X+track.W && y >= track.Y-8*l.Scale && y < track.Y+track.H+8*l.Scale
	s.Hot = hit || s.Dragging
	at := func() int { return s.Scale.V(l.SliderPosAt(x-s.grab, s.Scale.Max())) }
	switch {
	case input.MouseButtonJustPressed(ebiten.MouseButtonLeft) && hit:
		s.Dragging = true
		s.grab = 0
		if hx := l.SliderX(s.Scale.Pos(current), s.Scale.Max()); math.Abs(x-hx) <= geom.SliderHandle*l.Scale/2 {
			s.grab = x - hx
		}
		return at(), true
	case s.Dragging && !input.MouseButtonPressed(ebiten.MouseButtonLeft):
		s.Dragging = false // let go: the position is where it happened
		return at(), true
	case s.Dragging:
		return at(), true
	}
	return 0, false
}
