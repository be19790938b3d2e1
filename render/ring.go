package render

import (
	_ "embed"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/panel"
	"vnodes/sim"
)

// ringStripW is the width of the strip image; its rows hold the bins.
const ringStripW = 128

// ringCache keeps the drawn ring in an offscreen image. The ring is drawn
// by a shader from a strip of angular bins (geom.OwnerStrip), so a change
// costs one pass over the points plus a fixed amount of GPU work however
// many ranges there are; the image is redrawn only when the result, the
// focus node, the colours or the size change.
type ringCache struct {
	img         *ebiten.Image
	valid       bool
	draft       bool          // img was drawn with one sample a pixel (SetDraftRing)
	wantDraft   bool          // draw it so while it changes
	strip       *ebiten.Image // three sections, ringStripW texels a row: the palette, owners, former owners
	stripValid  bool
	owners      []uint16
	moved       []int32 // per bin, the moved piece shown there or -1
	spans       []geom.Span
	stripPixels []byte
	// ahead is an owner strip binned before drawing (SetOwnerStrip), used
	// instead of binning again when it is for the ring on screen.
	ahead struct {
		boundaries []uint32
		owners     []uint16
		strip      []uint16
	}
}

// stripSections are the strip's parts, each StripBins texels: the node
// colours (the first row: colour i for the nodes i, i + paletteSize, …);
// every bin's owner (red and green, low byte first) with blue set when the
// bin shows a moved piece; and for a moved bin the node it moved from.
const stripSections = 3

// noNode marks a bin that did not move in the former-owner section.
const noNode = 0xffff

func (c *ringCache) invalidate() { c.valid = false }

// invalidateStrip marks the bins stale: a new result or new colours.
func (c *ringCache) invalidateStrip() { c.valid, c.stripValid = false, false }

// SetOwnerStrip hands the scene the owner strip of ring (geom.OwnerStrip's
// output, or a geom.StripBuilder's), binned ahead in the background: when
// that ring is the one to draw, the scene uses it instead of binning its
// ranges again inside a frame, which at N = 1000 and V = 4096 would hold
// the browser's one thread for a quarter of a second. The ring is known by
// its slices, so a strip for another ring is never used; nil forgets it.
func (s *Scene) SetOwnerStrip(ring *sim.Ring, strip []uint16) {
	a := &s.ring.ahead
	if ring == nil || len(strip) != geom.StripBins {
		a.boundaries, a.owners, a.strip = nil, nil, nil
		return
	}
	a.boundaries, a.owners, a.strip = ring.Boundaries, ring.Owners, strip
}

// aheadFor reports whether the strip binned ahead is r's: the same
// slices, not merely equal ones.
func (c *ringCache) aheadFor(r *sim.Ring) bool {
	a := &c.ahead
	return a.strip != nil && len(r.Boundaries) > 0 && len(r.Owners) > 0 &&
		len(a.boundaries) == len(r.Boundaries) && &a.boundaries[0] == &r.Boundaries[0] &&
		len(a.owners) == len(r.Owners) && &a.owners[0] == &r.Owners[0]
}

// ringPad leaves room around the circle for smooth edges.
const ringPad = 4

var (
	ringShaderOnce sync.Once
	ringShader     *ebiten.Shader
)

//go:embed ring.kage
var ringKage []byte

func loadRingShader() *ebiten.Shader {
	ringShaderOnce.Do(func() {
		var err error
		if ringShader, err = ebiten.NewShader(ringKage); err != nil {
			panic("render: the ring shader does not compile: " + err.Error()) // a build-time mistake, caught by every test
		}
	})
	return ringShader
}

// warmShaders draws, into a pixel nobody sees, with the one shader of our
// own the scene uses, the ring's (package paint's smooth shapes are plain
// triangles). It is then compiled and linked with the frame that calls it;
// otherwise a link that opens on a long background job (N = 1000, V = 4096)
// pays for it when the result arrives, in the middle of the work's frames.
func warmShaders() {
	dst, src := ebiten.NewImage(2, 2), ebiten.NewImage(1, 1)
	vertices := []ebiten.Vertex{
		{DstX: 0, DstY: 0, ColorA: 1}, {DstX: 1, DstY: 0, SrcX: 1, ColorA: 1},
		{DstX: 0, DstY: 1, SrcY: 1, ColorA: 1}, {DstX: 1, DstY: 1, SrcX: 1, SrcY: 1, ColorA: 1},
	}
	op := &ebiten.DrawTrianglesShaderOptions{}
	op.Images[0] = src
	dst.DrawTrianglesShader(vertices, []uint16{0, 1, 2, 1, 3, 2}, loadRingShader(), op)
	// The images go with the garbage: deallocating them here could drop
	// the draws before they reach the GPU.
}

func (s *Scene) drawRing(c *canvas) {
	l := s.layout
	spec := s.ringSpec()
	rc := &s.ring
	size := int(math.Ceil(2*l.Ring.R)) + 2*ringPad
	var fresh bool
	if rc.img, fresh = paint.Sized(rc.img, size, size); fresh {
		rc.valid = false
	}
	if !rc.stripValid {
		s.fillStrip(spec)
	}
	if !rc.valid {
		paint.Flush()
		if !fresh { // a new image is empty already (ebiten.NewImage)
			rc.img.Clear()
		}
		rc.draft = rc.wantDraft
		s.paintRing(rc.img, float64(size)/2, l.Ring.R, spec)
		rc.valid = true
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(l.Ring.X-float64(size)/2, l.Ring.Y-float64(size)/2)
	paint.Flush() // the ring's own marks first
	c.dst.DrawImage(rc.img, op)
	s.painter.PaintRing(c, spec)
}

// fillStrip bins the ring and uploads each bin's owner, and with a change
// shown, which bins moved and from whom; the shader colours a bin from the
// palette row by its owner. A moved bin takes the new owner, so a piece
// that moved shows whole even where it shares a bin with a range that
// stayed.
func (s *Scene) fillStrip(spec panel.RingSpec) {
	c := &s.ring
	r := spec.Ring
	rows := geom.StripBins / ringStripW
	if c.strip == nil {
		c.strip = ebiten.NewImage(ringStripW, stripSections*rows)
		c.owners = make([]uint16, geom.StripBins)
		c.moved = make([]int32, geom.StripBins)
		c.stripPixels = make([]byte, 4*stripSections*geom.StripBins)
	}
	if c.aheadFor(r) {
		copy(c.owners, c.ahead.strip)
	} else {
		geom.OwnerStrip(r.Boundaries, r.Owners, c.owners)
	}
	moved := spec.Moved
	if moved != nil {
		c.spans = c.spans[:0]
		for _, p := range moved {
			c.spans = append(c.spans, geom.Span{Start: p.Start, End: p.End})
		}
		geom.SpanStrip(c.spans, movedMinBins(len(c.spans)), c.moved)
	}
	px := c.stripPixels
	const sec = 4 * geom.StripBins
	palette := px[:4*paletteSize(s.pal)]
	for i := range len(palette) / 4 {
		col := s.pal.NodeColor(i)
		palette[4*i], palette[4*i+1], palette[4*i+2], palette[4*i+3] = col.R, col.G, col.B, 0xff
	}
	owners := px[sec : 2*sec]
	if moved == nil {
		for b, o := range c.owners {
			p := owners[4*b : 4*b+4 : 4*b+4]
			p[0], p[1], p[2], p[3] = byte(o), byte(o>>8), 0, 0xff
		}
	} else {
		from := px[2*sec : 3*sec]
		for b, o := range c.owners {
			was, flag := uint16(noNode), byte(0)
			if c.moved[b] >= 0 {
				p := moved[c.moved[b]]
				o, was, flag = p.To, p.From, 0xff
			}
			owners[4*b], owners[4*b+1], owners[4*b+2], owners[4*b+3] = byte(o), byte(o>>8), flag, 0xff
			from[4*b], from[4*b+1], from[4*b+2], from[4*b+3] = byte(was), byte(was>>8), 0, 0xff
		}
	}
	// Only what changed goes to the GPU: the palette row and the owners,
	// and where bins came from only while a change is shown (the shader
	// reads it only for bins flagged as moved).
	c.strip.SubImage(image.Rect(0, 0, ringStripW, 1)).(*ebiten.Image).WritePixels(px[:4*ringStripW])
	c.strip.SubImage(image.Rect(0, rows, ringStripW, 2*rows)).(*ebiten.Image).WritePixels(owners)
	if moved != nil {
		c.strip.SubImage(image.Rect(0, 2*rows, ringStripW, 3*rows)).(*ebiten.Image).WritePixels(px[2*sec : 3*sec])
	}
	c.stripValid = true
}

// paletteSize is how many node colours the palette row holds: the
// palette's, which repeat past its length, up to a row of the strip.
func paletteSize(p *panel.Palette) int { return min(len(p.Nodes), ringStripW) }

// movedMinBins is how many bins a moved piece covers at the least, so that
// one far thinner than a pixel still shows: about 2.7 pixels on the ring at
// the design size while pieces are few, shrinking as they get many so the
// widened marks never add more than 1/64 of the circle.
func movedMinBins(pieces int) int {
	if pieces == 0 {
		return 0
	}
	return min(24, geom.StripBins/(64*pieces))
}

func (s *Scene) paintRing(img *ebiten.Image, centre, radius float64, spec panel.RingSpec) {
	r, c := spec.Ring, &s.ring
	shown := panel.LaneNodes(spec, s.look.Hover)
	laneNodes := []float32{-1, -1}
	if r.Nodes > panel.MaxLanes {
		laneNodes = []float32{float32(shown[0]), float32(shown[1])}
	}
	band, lanes := geom.RingLanes(radius, len(shown))
	laneOuter, laneStep, laneGap := 0.0, 1.0, 0.0
	if len(lanes) > 0 {
		laneOuter = lanes[0].Out
		laneStep = lanes[0].Out - lanes[min(1, len(lanes)-1)].Out
		if len(lanes) == 1 {
			laneStep = lanes[0].Out - lanes[0].In
		}
		laneGap = laneStep - (lanes[0].Out - lanes[0].In)
	}
	premul := func(c color.NRGBA) []float32 {
		a := float32(c.A) / 255
		return []float32{float32(c.R) / 255 * a, float32(c.G) / 255 * a, float32(c.B) / 255 * a, a}
	}
	samples := 4 // for smooth edges
	if c.draft {
		samples = 1
	}
	keep, laneKeep, emphasis := panel.DimKeep, panel.DimKeep, 0
	if spec.Moved != nil {
		keep, emphasis = panel.MovedKeep, 1
	}
	w, h := float32(img.Bounds().Dx()), float32(img.Bounds().Dy())
	sw, sh := float32(c.strip.Bounds().Dx()), float32(c.strip.Bounds().Dy())
	vertices := []ebiten.Vertex{
		{DstX: 0, DstY: 0, SrcX: 0, SrcY: 0, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		{DstX: w, DstY: 0, SrcX: sw, SrcY: 0, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		{DstX: 0, DstY: h, SrcX: 0, SrcY: sh, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		{DstX: w, DstY: h, SrcX: sw, SrcY: sh, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
	}
	op := &ebiten.DrawTrianglesShaderOptions{Uniforms: map[string]any{
		"Center":     []float32{float32(centre), float32(centre)},
		"Band":       []float32{float32(band.In), float32(band.Out)},
		"LaneOuter":  float32(laneOuter),
		"LaneStep":   float32(laneStep),
		"LaneGap":    float32(laneGap),
		"LaneCount":  float32(len(lanes)),
		"LaneNodes":  laneNodes,
		"Focus":      float32(panel.FocusNode(spec, s.look.Hover)),
		"Keep":       float32(keep),
		"LaneKeep":   float32(laneKeep),
		"Emphasis":   float32(emphasis),
		"Background": premul(s.pal.Background),
		"Track":      premul(panel.WithAlpha(s.pal.Grid, 90)),
		"FocusTrack": premul(s.pal.Highlight),
		"StripW":     float32(ringStripW),
		"StripRows":  float32(geom.StripBins / ringStripW),
		"Palette":    float32(paletteSize(s.pal)),
		"Samples":    float32(samples),
	}}
	op.Images[0] = c.strip
	paint.Flush()
	img.DrawTrianglesShader(vertices, []uint16{0, 1, 2, 1, 3, 2}, loadRingShader(), op)
	// With few ranges, mark every boundary so each range can be counted.
	if len(r.Boundaries) <= 80 {
		for _, b := range r.Boundaries {
			a := geom.Angle(uint64(b))
			cos, sin := math.Cos(a), math.Sin(a)
			paint.Line(img, centre+band.In*cos, centre+band.In*sin, centre+(band.Out+2)*cos, centre+(band.Out+2)*sin, 2, s.pal.Background)
		}
	}
}
