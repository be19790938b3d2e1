// Package paint draws the shapes and text the scene is made of, on any
// ebiten image, with no scene of its own: smooth shapes batched into few
// draw calls, labels from one glyph atlas, the fonts, and wrapping.
package paint

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"vnodes/render/geom"
	"vnodes/render/panel"
)

// align is the point of a text that (x, y) refers to, as text/v2 says it.
type align struct{ H, V text.Align }

var aligns = [...]align{
	panel.TopLeft:      {text.AlignStart, text.AlignStart},
	panel.TopCenter:    {text.AlignCenter, text.AlignStart},
	panel.TopRight:     {text.AlignEnd, text.AlignStart},
	panel.MiddleLeft:   {text.AlignStart, text.AlignCenter},
	panel.Center:       {text.AlignCenter, text.AlignCenter},
	panel.MiddleRight:  {text.AlignEnd, text.AlignCenter},
	panel.BottomLeft:   {text.AlignStart, text.AlignEnd},
	panel.BottomCenter: {text.AlignCenter, text.AlignEnd},
	panel.BottomRight:  {text.AlignEnd, text.AlignEnd},
}

// lineSpacing is the distance between the lines of a text in face.
func lineSpacing(face text.Face) float64 {
	m := face.Metrics()
	return m.HAscent + m.HDescent + m.HLineGap
}

// Text writes s (which may hold several lines) with its point a at (x, y).
func Text(dst *ebiten.Image, s string, face text.Face, x, y float64, a panel.Align, c color.Color) {
	Flush()
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign, op.SecondaryAlign = aligns[a].H, aligns[a].V
	op.LineSpacing = lineSpacing(face)
	text.Draw(dst, s, face, op)
}

// TextBox is where Text puts s: the box of its lines, placed by the
// alignment.
func TextBox(s string, face text.Face, x, y float64, a panel.Align) geom.Rect {
	w, h := text.Measure(s, face, lineSpacing(face))
	switch aligns[a].H {
	case text.AlignCenter:
		x -= w / 2
	case text.AlignEnd:
		x -= w
	}
	switch aligns[a].V {
	case text.AlignCenter:
		y -= h / 2
	case text.AlignEnd:
		y -= h
	}
	return geom.Rect{X: x, Y: y, W: w, H: h}
}

// Fill fills a rectangle (its edges on the pixels it covers).
func Fill(dst *ebiten.Image, r geom.Rect, c color.Color) {
	Flush()
	vector.FillRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), c, false)
}

// Dashed draws a dashed line; dash is the length of one dash and one gap.
func Dashed(dst *ebiten.Image, x0, y0, x1, y1, width, dash float64, c color.Color) {
	panel.EachDash(x0, y0, x1, y1, dash, func(ax, ay, bx, by float64) { Line(dst, ax, ay, bx, by, width, c) })
}

// Sized is img if it is w×h, else a new w×h image (img's memory let go)
// and true. The images it makes are kept drawings, as large as the screen
// or a panel: each has a texture of its own (ebiten's unmanaged images),
// so a new size frees the old one whole instead of leaving a hole in an
// atlas that only grows.
func Sized(img *ebiten.Image, w, h int) (*ebiten.Image, bool) {
	return SizedAt(img, image.Rect(0, 0, w, h))
}

// SizedAt is img if its bounds are r, else a new image with bounds r (its
// origin at r.Min, so that what is drawn into it keeps the coordinates
// of the frame it belongs to); true if new.
func SizedAt(img *ebiten.Image, r image.Rectangle) (*ebiten.Image, bool) {
	if img != nil && img.Bounds() == r {
		return img, false
	}
	if img != nil {
		img.Deallocate()
	}
	return ebiten.NewImageWithOptions(r, &ebiten.NewImageOptions{Unmanaged: true}), true
}
