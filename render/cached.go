package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// cachedPart keeps a part of the scene that a drag along V leaves alone
// (the chart's axes and curves) drawn in an image of its own, the size of
// the frame with the part at its place in it, so that a repaint copies it
// instead of drawing its shapes and labels again.
type cachedPart[K comparable] struct {
	img   *ebiten.Image
	key   K    // what it was drawn for…
	valid bool // …if anything
	drawn int  // the scene's repaints when it was last drawn afresh, for tests
}

// drawCached draws the part that draw paints onto dst, within area: from
// the kept image when key is what it was drawn for, else drawn afresh into
// it first. key must hold everything the part's picture depends on. A
// paint that logs what it draws (tests) draws the part directly.
func drawCached[K comparable](s *Scene, dst *ebiten.Image, c *cachedPart[K], area geom.Rect, key K, draw func(*ebiten.Image)) {
	if s.log != nil || !s.holdText {
		draw(dst)
		return
	}
	b := dst.Bounds()
	var fresh bool
	if c.img, fresh = sized(c.img, b.Dx(), b.Dy()); fresh {
		c.valid = false
	}
	if !c.valid || c.key != key {
		flushShapes()
		c.img.Clear()
		queued := len(s.texts)
		draw(c.img)
		// The part's labels go into its image now, over its shapes.
		flushShapes()
		s.writeQueuedTextFrom(queued)
		c.key, c.valid, c.drawn = key, true, s.repaints
	}
	flushShapes()
	r := image.Rect(int(math.Floor(area.X)), int(math.Floor(area.Y)), int(math.Ceil(area.X+area.W)), int(math.Ceil(area.Y+area.H))).Intersect(b)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	dst.DrawImage(c.img.SubImage(r).(*ebiten.Image), op)
}

// firstOf is the address of a slice's first element: with its length, the
// slice's identity (new rows come in new slices).
func firstOf[T any](xs []T) *T {
	if len(xs) == 0 {
		return nil
	}
	return &xs[0]
}

// sized is img if it is w×h, else a new w×h image (img's memory let go)
// and true.
func sized(img *ebiten.Image, w, h int) (*ebiten.Image, bool) {
	if img != nil && img.Bounds() == image.Rect(0, 0, w, h) {
		return img, false
	}
	if img != nil {
		img.Deallocate()
	}
	return ebiten.NewImage(w, h), true
}
