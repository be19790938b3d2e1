package widgets

import (
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// globeIcon is the picture people look for to change the language: a
// globe (a circle, its equator, two parallels and a meridian), size pixels
// square, drawn in col. The fonts have no globe character, so it is drawn.
func globeIcon(size int, col, disabled color.Color) *widget.GraphicImage {
	draw := func(c color.Color) *ebiten.Image {
		img := ebiten.NewImage(size, size)
		s := float32(size)
		w := max(1, s/14)
		r := s/2 - w
		cx, cy := s/2, s/2
		vector.StrokeCircle(img, cx, cy, r, w, c, true)
		vector.StrokeLine(img, cx-r, cy, cx+r, cy, w, c, true)
		for _, dy := range []float32{-r / 2, r / 2} {
			half := float32(math.Sqrt(float64(r*r - dy*dy)))
			vector.StrokeLine(img, cx-half, cy+dy, cx+half, cy+dy, w, c, true)
		}
		var p vector.Path // the meridian: an ellipse, half as wide as tall
		const steps = 32
		for i := 0; i <= steps; i++ {
			a := 2 * math.Pi * float64(i) / steps
			x, y := cx+float32(0.45*float64(r)*math.Cos(a)), cy+float32(float64(r)*math.Sin(a))
			if i == 0 {
				p.MoveTo(x, y)
			} else {
				p.LineTo(x, y)
			}
		}
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(c)
		vector.StrokePath(img, &p, &vector.StrokeOptions{Width: w}, op)
		vector.StrokeLine(img, cx, cy-r, cx, cy+r, w, c, true)
		return img
	}
	return &widget.GraphicImage{Idle: draw(col), Disabled: draw(disabled)}
}
