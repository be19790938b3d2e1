package app

import (
	"vnodes/render"
	"vnodes/render/view"
)

// paletteFor is the scene's colours for a theme.
func paletteFor(t view.Theme) *render.Palette {
	switch t {
	case view.Light:
		return render.LightPalette()
	case view.Projector:
		return render.ProjectorPalette()
	}
	return render.DarkPalette()
}
