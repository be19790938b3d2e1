package paint

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render/panel"
)

// Labels draws text as quads from one glyph atlas, many labels per
// draw call. A repaint writes a hundred labels or more; drawn one by one
// (text.Draw, or one image per label) each costs a trip through ebiten's
// layers, which in a browser made text the largest part of a repaint.
//
//   - Every glyph image text/v2 makes is copied once into one shared image
//     (a shelf-packed atlas).
//   - Every label's layout (which glyph goes where from its anchor) is
//     worked out once and kept.
//   - Labels queued for one image are drawn together: four vertices a
//     glyph, one DrawTriangles32.
//
// The picture is the one text.Draw gives: it draws each glyph image at the
// glyph's integer offset translated by the anchor, with the nearest filter
// and the colour as a premultiplied scale; the quads have the same corners,
// the same texels and the same vertex colours, in the same order.
type Labels struct {
	Direct bool // tests: draw with text.Draw, to compare

	atlas    *ebiten.Image
	spots    map[*ebiten.Image]image.Rectangle // each glyph image's copy in the atlas
	x, y, h  int                               // the shelf being filled: its next free column, its top and its height
	restarts int                               // how often a full atlas started over

	layouts map[labelKey][]placedGlyph
	scratch []text.Glyph

	// The batch being gathered, for one destination.
	dst *ebiten.Image
	vs  []ebiten.Vertex
	is  []uint32
}

type labelKey struct {
	str  string
	face text.Face
	a    panel.Align
}

// placedGlyph is one glyph of a label: where its copy lies in the atlas
// and where its corner lies from the label's anchor.
type placedGlyph struct {
	src  image.Rectangle
	x, y float64
}

// labelAtlasSize is the atlas's side. When it is full it is cleared and
// refilled with the glyphs in use.
const labelAtlasSize = 1024

// maxLayouts bounds the layouts kept: a class that leaves the page open
// for hours passes through many V, seeds and tooltips, each with labels of
// its own. Past it the layouts start over (the atlas keeps its glyphs).
const maxLayouts = 1 << 13

// maxBatchGlyphs bounds one draw call's glyphs.
const maxBatchGlyphs = 1 << 14

// Draw writes str at (x, y) with alignment a and colour c, at once.
func (lc *Labels) Draw(dst *ebiten.Image, str string, face text.Face, x, y float64, a panel.Align, c color.Color) {
	lc.Add(dst, str, face, x, y, a, c)
	lc.Flush()
}

// Add puts str in the batch for dst; flush draws the batch. A label for
// another image first draws the batch gathered so far.
func (lc *Labels) Add(dst *ebiten.Image, str string, face text.Face, x, y float64, a panel.Align, c color.Color) {
	if str == "" {
		return
	}
	if lc.Direct {
		lc.Flush()
		Text(dst, str, face, x, y, a, c)
		return
	}
	k := labelKey{str, face, a}
	glyphs, ok := lc.layouts[k]
	if !ok {
		if glyphs, ok = lc.lay(k); !ok { // (laying out may draw the batch, if the atlas fills)
			lc.Flush()
			Text(dst, str, face, x, y, a, c) // a glyph larger than the atlas
			return
		}
	}
	if dst != lc.dst || len(lc.vs)/4+len(glyphs) > maxBatchGlyphs {
		lc.Flush()
		lc.dst = dst
	}
	// The colour scale text.Draw would use (ColorScale.ScaleWithColor).
	r, g, b, al := c.RGBA()
	cr, cg, cb, ca := float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(al)/0xffff
	for _, p := range glyphs {
		// text.Draw translates by the glyph's offset and then the anchor,
		// in float64, and ebiten adds the image's size in float32.
		ox, oy := float32(p.x+x), float32(p.y+y)
		x0, y0 := snapLikeDrawImage(ox), snapLikeDrawImage(oy)
		x1, y1 := snapLikeDrawImage(ox+float32(p.src.Dx())), snapLikeDrawImage(oy+float32(p.src.Dy()))
		sx0, sy0, sx1, sy1 := float32(p.src.Min.X), float32(p.src.Min.Y), float32(p.src.Max.X), float32(p.src.Max.Y)
		n := uint32(len(lc.vs))
		lc.vs = append(lc.vs,
			ebiten.Vertex{DstX: x0, DstY: y0, SrcX: sx0, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
			ebiten.Vertex{DstX: x1, DstY: y0, SrcX: sx1, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
			ebiten.Vertex{DstX: x0, DstY: y1, SrcX: sx0, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca},
			ebiten.Vertex{DstX: x1, DstY: y1, SrcX: sx1, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca})
		lc.is = append(lc.is, n, n+1, n+2, n+1, n+3, n+2)
	}
}

// Flush draws the labels gathered since the last flush.
func (lc *Labels) Flush() {
	if len(lc.is) > 0 {
		Flush()
		lc.dst.DrawTriangles32(lc.vs, lc.is, lc.atlas, &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	}
	lc.vs, lc.is, lc.dst = lc.vs[:0], lc.is[:0], nil
}

// lay works out where k's glyphs go, as text.Draw would lay them out at the
// anchor (0, 0), copying new glyph images into the atlas.
func (lc *Labels) lay(k labelKey) ([]placedGlyph, bool) {
	m := k.face.Metrics()
	lo := &text.LayoutOptions{PrimaryAlign: aligns[k.a].H, SecondaryAlign: aligns[k.a].V, LineSpacing: m.HAscent + m.HDescent + m.HLineGap}
	lc.scratch = text.AppendGlyphs(lc.scratch[:0], k.str, k.face, lo)
	defer clear(lc.scratch) // let go of the glyph images
	for attempt := 0; attempt < 2; attempt++ {
		cleared := false
		out := make([]placedGlyph, 0, len(lc.scratch))
		for _, g := range lc.scratch {
			if g.Image == nil {
				continue
			}
			src, ok, wasCleared := lc.spot(g.Image)
			if !ok {
				return nil, false
			}
			if wasCleared { // glyphs placed before now point into the old picture
				cleared = true
				break
			}
			out = append(out, placedGlyph{src: src, x: g.X, y: g.Y})
		}
		if !cleared {
			if lc.layouts == nil || len(lc.layouts) >= maxLayouts {
				lc.layouts = map[labelKey][]placedGlyph{}
			}
			lc.layouts[k] = out
			return out, true
		}
	}
	return nil, false
}

// spot is where img's copy lies in the atlas, copying it in if it is new.
// A full atlas starts over: the batch so far is drawn first, and cleared
// reports that every earlier place is gone.
func (lc *Labels) spot(img *ebiten.Image) (r image.Rectangle, ok, cleared bool) {
	if r, ok := lc.spots[img]; ok {
		return r, true, false
	}
	const gap = 1 // a pixel apart, so the nearest filter never picks up a neighbour
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w+gap > labelAtlasSize || h+gap > labelAtlasSize {
		return image.Rectangle{}, false, false
	}
	if lc.atlas == nil {
		lc.atlas = ebiten.NewImageWithOptions(image.Rect(0, 0, labelAtlasSize, labelAtlasSize), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if lc.x+w+gap > labelAtlasSize { // the next shelf
		lc.x, lc.y, lc.h = 0, lc.y+lc.h, 0
	}
	if lc.y+h+gap > labelAtlasSize {
		lc.Flush() // the batch reads the old pixels before they are cleared
		lc.Clear()
		lc.restarts++
		cleared = true
	}
	at := image.Pt(lc.x, lc.y)
	lc.x += w + gap
	lc.h = max(lc.h, h+gap)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(at.X-b.Min.X), float64(at.Y-b.Min.Y))
	lc.atlas.DrawImage(img, op)
	r = image.Rectangle{Min: at, Max: at.Add(image.Pt(w, h))}
	if lc.spots == nil {
		lc.spots = map[*ebiten.Image]image.Rectangle{}
	}
	lc.spots[img] = r
	return r, true, cleared
}

// Release lets the atlas's memory go, for a cache no longer used (a
// scene a test is done with); the cache can be used again after it.
func (lc *Labels) Release() {
	lc.Clear()
	if lc.atlas != nil {
		lc.atlas.Deallocate()
		lc.atlas = nil
	}
}

// Clear forgets every glyph and layout (new faces after a change of size
// or theme, or a full atlas).
func (lc *Labels) Clear() {
	lc.Flush()
	if lc.atlas != nil {
		lc.atlas.Clear()
	}
	lc.spots, lc.layouts = nil, nil
	lc.x, lc.y, lc.h = 0, 0, 0
}

// snapLikeDrawImage moves a corner as DrawImage moves its quads' corners
// (DrawTriangles leaves them be): off pixel centres, to the nearest of 0,
// 5/16, 11/16 or 1 past the whole pixel, by the fraction's sixteenths
// 0–2, 3–7, 8–12, 13–15. A quad edge through a pixel centre would leave
// the pixel to rounding.
func snapLikeDrawImage(v float32) float32 {
	whole := float32(math.Floor(float64(v)))
	switch f := v - whole; {
	case f < 3.0/16:
		return whole
	case f < 8.0/16:
		return whole + 5.0/16
	case f < 13.0/16:
		return whole + 11.0/16
	default:
		return whole + 1
	}
}

// Layouts is how many labels' layouts are kept.
func (lc *Labels) Layouts() int { return len(lc.layouts) }
