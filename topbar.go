package main

import (
	"github.com/ebitenui/ebitenui/widget"

	"vnodes/render/geom"
)

// addTopRight adds the buttons at the top right. Each does what its key
// does (see keys.go), so touch screens reach every feature.
func addTopRight(g *Game, st *uiStyle, root *widget.Container, c *controls) {
	l := g.layout
	buttons := []struct{ key, label string }{
		{"lesson", "lesson"}, {"help", "keys ?"}, {"fullscreen", "full screen"}, {"theme", "light / dark"},
	}
	if g.want.Step > 0 {
		buttons[0].label = "leave lesson"
	}
	gap := 10 * l.Scale
	w := (l.TopRight.W - gap*float64(len(buttons)-1)) / float64(len(buttons))
	for i, b := range buttons {
		r := geom.Rect{X: l.TopRight.X + float64(i)*(w+gap), Y: l.TopRight.Y, W: w, H: l.TopRight.H}
		button := st.newButton(b.label, r, st.body, func() { g.runKey(b.key) })
		root.AddChild(button)
		c.named[b.key] = button
	}
}
