package render

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// DrawTooltip shows text in a box next to the pointer, kept on screen.
func (s *Scene) DrawTooltip(dst *ebiten.Image, x, y float64, msg string) {
	l := s.layout
	f := s.fonts.Small
	pad := 10 * l.Scale
	lines := Wrap(msg, f, 320*l.Scale)
	lineH := 24 * l.Scale
	w := 0.0
	for _, ln := range lines {
		w = max(w, textWidth(ln, f))
	}
	box := geom.Rect{X: x + 18*l.Scale, Y: y + 18*l.Scale, W: w + 2*pad, H: float64(len(lines))*lineH + 2*pad}
	if win := s.fit.Screen; box.X+box.W > win.X+win.W { // the window's edge, when zoomed
		box.X = x - 18*l.Scale - box.W
	}
	if win := s.fit.Screen; box.Y+box.H > win.Y+win.H {
		box.Y = y - 18*l.Scale - box.H
	}
	fillRect(dst, box, s.pal.Panel)
	strokeRect(dst, box, 2*max(1, l.Scale), s.pal.Text)
	for i, ln := range lines {
		s.drawText(dst, ln, f, box.X+pad, box.Y+pad+float64(i)*lineH, topLeft, s.pal.Text)
	}
}

// DrawHelp lists the keyboard shortcuts over a dimmed screen.
func (s *Scene) DrawHelp(dst *ebiten.Image, rows [][2]string) {
	defer s.onWindow()()
	l := s.layout
	fillRect(dst, l.Screen, withAlpha(s.pal.Background, 215))
	rowH := 38 * l.Scale
	box := geom.Rect{W: 980 * l.Scale, H: float64(len(rows))*rowH + 110*l.Scale}
	box.X = l.Screen.CenterX() - box.W/2
	box.Y = l.Screen.CenterY() - box.H/2
	fillRect(dst, box, s.pal.Panel)
	strokeRect(dst, box, 2*max(1, l.Scale), s.pal.Accent)
	pad := 26 * l.Scale
	s.drawText(dst, "Keyboard", s.fonts.Title, box.X+pad, box.Y+pad, topLeft, s.pal.Text)
	y := box.Y + 80*l.Scale
	for _, r := range rows {
		s.drawText(dst, r[0], s.fonts.BodyBold, box.X+pad+120*l.Scale, y, topRight, s.pal.Accent)
		s.drawText(dst, r[1], s.fonts.Body, box.X+pad+150*l.Scale, y, topLeft, s.pal.Text)
		y += rowH
	}
}

// DrawZoomBadge says, in a corner of the window, that the scene is zoomed
// and how to move around it or back.
func (s *Scene) DrawZoomBadge(dst *ebiten.Image, zoom float64) {
	defer s.onWindow()()
	l := s.layout
	msg := fmt.Sprintf("zoom %g× · wheel or Tab: move · −: smaller", zoom)
	f := s.fonts.Small
	pad := 8 * l.Scale
	r := textRect(msg, f, 0, 0, topLeft)
	box := geom.Rect{W: r.W + 2*pad, H: r.H + 2*pad}
	box.X, box.Y = l.Screen.X+l.Screen.W-box.W-pad, l.Screen.Y+l.Screen.H-box.H-pad
	fillRect(dst, box, withAlpha(s.pal.Panel, 235))
	strokeRect(dst, box, max(1, l.Scale), s.pal.Accent)
	s.drawText(dst, msg, f, box.X+pad, box.Y+pad, topLeft, s.pal.Text)
}
