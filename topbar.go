package main

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim/view"
)

// addTopRight adds the buttons at the top right: theme and full screen.
func addTopRight(g *Game, st *uiStyle, root *widget.Container, c *controls) {
	l := g.layout
	w := 150 * l.Scale
	gap := 10 * l.Scale
	x := l.TopRight.X + l.TopRight.W - w
	theme := st.newButton("light / dark", geom.Rect{X: x, Y: l.TopRight.Y, W: w, H: l.TopRight.H}, st.body, func() {
		s := g.want
		s.Theme = 1 - s.Theme
		g.setWant(s)
	})
	x -= w + gap
	full := st.newButton("full screen", geom.Rect{X: x, Y: l.TopRight.Y, W: w, H: l.TopRight.H}, st.body, func() {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	})
	root.AddChild(theme, full)
	c.named["theme"], c.named["fullscreen"] = theme, full
	_ = view.Dark
}
