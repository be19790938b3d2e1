package widgets

import (
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/paint"
)

// globeIcon is the picture people look for to change the language: a
// globe (a circle, its equator, two parallels and a meridian), size pixels
// square, drawn in col. The fonts have no globe character, so it is drawn, with
// the smooth shapes the scene uses (no more shader programs to compile
// for the first frame).
func globeIcon(size int, col, disabled color.Color) *widget.GraphicImage {
	draw := func(c color.Color) *ebiten.Image {
		img := ebiten.NewImage(size, size)
		s := float64(size)
		w := max(1, s/14)
		r := s/2 - w
		cx, cy := s/2, s/2
		paint.Circle(img, cx, cy, r, w, c)
		paint.Line(img, cx-r, cy, cx+r, cy, w, c)
		for _, dy := range []float64{-r / 2, r / 2} {
			half := math.Sqrt(r*r - dy*dy)
			paint.Line(img, cx-half, cy+dy, cx+half, cy+dy, w, c)
		}
		const steps = 32 // the meridian: an ellipse, half as wide as tall
		xs, ys := make([]float64, steps+1), make([]float64, steps+1)
		for i := range xs {
			a := 2 * math.Pi * float64(i) / steps
			xs[i], ys[i] = cx+0.45*r*math.Cos(a), cy+r*math.Sin(a)
		}
		paint.Polyline(img, xs, ys, w, c)
		paint.Line(img, cx, cy-r, cx, cy+r, w, c)
		paint.Flush()
		return img
	}
	return &widget.GraphicImage{Idle: draw(col), Disabled: draw(disabled)}
}
