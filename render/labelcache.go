package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// labelCache keeps each label written once, in white, into one shared
// image (a shelf-packed atlas). A repaint then draws an unchanged label
// (most of them: titles, axes, table rows) as one tinted quad from that
// image, instead of shaping it and drawing every glyph again, which was
// most of a repaint's Go time. One shared image matters: ebiten batches
// draws from one source, and keeps per-source bookkeeping that grows with
// the number of distinct images drawn from.
//
// The picture is the same: text.Draw puts each glyph image at an integer
// offset from the anchor and then translates by the anchor, with the
// nearest filter; the atlas holds the glyphs at those same integer offsets
// and its region is translated by the same anchor. Source-over compositing
// is associative, so glyphs composed first and tinted after give the
// colours they give when drawn one by one.
type labelCache struct {
	direct  bool // tests: draw glyph by glyph, as text.Draw does, to compare
	atlas   *ebiten.Image
	entries map[labelKey]labelSpot
	x, y, h int // the shelf being filled: its next free column, its top and its height
}

type labelKey struct {
	str  string
	face text.Face
	a    align
}

// labelSpot is where a label lies in the atlas, and where the region's
// corner lies from the label's anchor.
type labelSpot struct {
	img    *ebiten.Image // the label's region of the atlas; nil for a label with no visible glyph (spaces)
	dx, dy float64
}

// labelAtlasSize is the atlas's side. When it is full it is cleared and
// refilled with the labels in use: a drag adds a score of new values per
// repaint, so that happens about once a hundred repaints.
const labelAtlasSize = 2048

// draw writes str at (x, y) with alignment a and colour c.
func (lc *labelCache) draw(dst *ebiten.Image, str string, face text.Face, x, y float64, a align, c color.Color) {
	if str == "" {
		return
	}
	if lc.direct {
		drawText(dst, str, face, x, y, a, c)
		return
	}
	k := labelKey{str, face, a}
	spot, ok := lc.entries[k]
	if !ok {
		if spot, ok = lc.add(k); !ok {
			drawText(dst, str, face, x, y, a, c) // larger than the atlas
			return
		}
	}
	if spot.img == nil {
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x+spot.dx, y+spot.dy)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(spot.img, op)
}

// add lays str out as text.Draw would at the anchor (0, 0) and draws its
// glyphs, in white, into a free place of the atlas.
func (lc *labelCache) add(k labelKey) (labelSpot, bool) {
	str, face, a := k.str, k.face, k.a
	m := face.Metrics()
	lo := &text.LayoutOptions{PrimaryAlign: a.H, SecondaryAlign: a.V, LineSpacing: m.HAscent + m.HDescent + m.HLineGap}
	glyphs := text.AppendGlyphs(nil, str, face, lo)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, g := range glyphs {
		if g.Image == nil {
			continue
		}
		b := g.Image.Bounds()
		minX, minY = min(minX, g.X), min(minY, g.Y)
		maxX, maxY = max(maxX, g.X+float64(b.Dx())), max(maxY, g.Y+float64(b.Dy()))
	}
	if math.IsInf(minX, 1) {
		lc.remember(k, labelSpot{})
		return labelSpot{}, true
	}
	w, h := int(maxX-minX), int(maxY-minY)
	at, ok := lc.place(w, h)
	if !ok {
		return labelSpot{}, false
	}
	op := &ebiten.DrawImageOptions{}
	for _, g := range glyphs {
		if g.Image == nil {
			continue
		}
		op.GeoM.Reset()
		op.GeoM.Translate(float64(at.X)+g.X-minX, float64(at.Y)+g.Y-minY)
		lc.atlas.DrawImage(g.Image, op)
	}
	r := image.Rectangle{Min: at, Max: at.Add(image.Pt(w, h))}
	spot := labelSpot{img: lc.atlas.SubImage(r).(*ebiten.Image), dx: minX, dy: minY}
	lc.remember(k, spot)
	return spot, true
}

func (lc *labelCache) remember(k labelKey, s labelSpot) {
	if lc.entries == nil {
		lc.entries = map[labelKey]labelSpot{}
	}
	lc.entries[k] = s
}

// place finds room for a w x h label, a pixel apart from the others so the
// nearest filter never picks up a neighbour; a full atlas starts over.
func (lc *labelCache) place(w, h int) (image.Point, bool) {
	const gap = 1
	if w+gap > labelAtlasSize || h+gap > labelAtlasSize {
		return image.Point{}, false
	}
	if lc.atlas == nil {
		lc.atlas = ebiten.NewImageWithOptions(image.Rect(0, 0, labelAtlasSize, labelAtlasSize), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if lc.x+w+gap > labelAtlasSize { // the next shelf
		lc.x, lc.y, lc.h = 0, lc.y+lc.h, 0
	}
	if lc.y+h+gap > labelAtlasSize { // full: start over (draws queued so far still read the old pixels)
		lc.clear()
		return lc.place(w, h)
	}
	at := image.Pt(lc.x, lc.y)
	lc.x += w + gap
	lc.h = max(lc.h, h+gap)
	return at, true
}

// clear forgets every label (new faces after a change of size or theme).
func (lc *labelCache) clear() {
	if lc.atlas != nil {
		lc.atlas.Clear()
	}
	lc.entries = nil
	lc.x, lc.y, lc.h = 0, 0, 0
}
