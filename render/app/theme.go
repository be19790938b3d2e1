package app

import (
	"vnodes/render"
	"vnodes/render/view"
)

// paletteFor is the scene's colours for a theme.
func paletteFor(t view.Theme) *render.Palette {
	if t == view.Light {
		return render.LightPalette()
	}
	return render.DarkPalette()
}
