package render

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// DrawTurnPrompt covers a portrait screen (a phone held upright), where the
// 16:9 scene would be a strip too small to read, with a request to turn it.
func (s *Scene) DrawTurnPrompt(dst *ebiten.Image) {
	b := dst.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	dst.Fill(s.pal.Background)
	if s.turnFaces.width != w {
		src, _ := fontSources()
		s.turnFaces.width, s.turnFaces.big, s.turnFaces.small = w, newFace(src, w/12), newFace(src, w/22)
	}
	big, small := s.turnFaces.big, s.turnFaces.small
	drawText(dst, "Turn your screen sideways", big, w/2, h/2, center, s.pal.Text)
	drawText(dst, "vnodes needs a wide screen:\nthe ring, the loads and the figures\nsit side by side.", small, w/2, h/2+w/5, center, s.pal.Muted)
}

// turnFaces are the prompt's faces for one screen width.
type turnFaces struct {
	width      float64
	big, small text.Face
}
