package render

import (
	"image"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/panel"
)

// canvas is the scene as panel.Canvas: the views paint through it onto
// the scene's frame (or a kept part of it), in the scene's layout, palette
// and fonts. While the scene paints, labels wait until the shapes are
// drawn (see queueText). Every text it writes or measures goes through
// lang.T first, so a text kept in data in English is shown in the current
// language (and a text already translated stays as it is).
type canvas struct {
	s   *Scene
	dst *ebiten.Image
}

func (c *canvas) Layout() geom.Layout     { return c.s.layout }
func (c *canvas) Palette() *panel.Palette { return c.s.pal }
func (c *canvas) Look() *panel.Look       { return &c.s.look }

func (c *canvas) Text(str string, f panel.Font, x, y float64, a panel.Align, col color.Color) {
	str = lang.T(str)
	c.s.drawText(c.dst, str, c.s.fonts.Face(f), x, y, a, col)
}

func (c *canvas) BoxedText(str string, f panel.Font, x, y float64, a panel.Align, col color.Color) geom.Rect {
	s := c.s
	str = lang.T(str)
	face := s.fonts.Face(f)
	r := paint.TextBox(str, face, x, y, a)
	pad := 3 * s.layout.Scale
	box := geom.Rect{X: r.X - pad, Y: r.Y, W: r.W + 2*pad, H: r.H}
	paint.Fill(c.dst, box, s.pal.Background)
	if s.log != nil {
		s.log.texts = append(s.log.texts, loggedText{s: str, r: r, boxed: true, order: s.log.next()})
	}
	s.queueText(c.dst, str, face, x, y, a, col)
	return box
}

func (c *canvas) TextBox(str string, f panel.Font, x, y float64, a panel.Align) geom.Rect {
	return paint.TextBox(lang.T(str), c.s.fonts.Face(f), x, y, a)
}

func (c *canvas) TextWidth(str string, f panel.Font) float64 {
	return paint.TextWidth(lang.T(str), c.s.fonts.Face(f))
}

func (c *canvas) Line(x0, y0, x1, y1, width float64, col color.Color) {
	width *= c.s.pal.LineScale()
	c.s.logLine(x0, y0, x1, y1, width)
	paint.Line(c.dst, x0, y0, x1, y1, width, col)
}

func (c *canvas) Dashed(x0, y0, x1, y1, width, dash float64, col color.Color) {
	width *= c.s.pal.LineScale()
	c.s.logLine(x0, y0, x1, y1, width)
	paint.Dashed(c.dst, x0, y0, x1, y1, width, dash, col)
}

func (c *canvas) Segment(x0, y0, x1, y1, width float64, col color.Color) {
	paint.Line(c.dst, x0, y0, x1, y1, width, col)
}

func (c *canvas) Polyline(xs, ys []float64, width float64, col color.Color) {
	paint.Polyline(c.dst, xs, ys, width, col)
}

func (c *canvas) Fill(r geom.Rect, col color.Color) { paint.Fill(c.dst, r, col) }

func (c *canvas) Frame(r geom.Rect, width float64, col color.Color) {
	paint.Frame(c.dst, r.X, r.Y, r.W, r.H, width, col)
}

func (c *canvas) Disc(x, y, r float64, col color.Color) { paint.Disc(c.dst, x, y, r, col) }

func (c *canvas) Circle(x, y, r, width float64, col color.Color) {
	paint.Circle(c.dst, x, y, r, width, col)
}

func (c *canvas) Polygon(xs, ys []float64, col color.Color) { paint.Polygon(c.dst, xs, ys, col) }

func (c *canvas) PolygonOutline(xs, ys []float64, width float64, col color.Color) {
	paint.PolygonOutline(c.dst, xs, ys, width, col)
}

// keptPart is a part of the scene that a drag along V leaves alone (the
// chart's axes and curves), kept in an image of its own that covers the
// part's place in the frame (in the frame's coordinates), so that a paint
// copies it instead of drawing its shapes and labels again.
type keptPart struct {
	img   *ebiten.Image
	key   any  // what it was drawn for…
	valid bool // …if anything
	drawn int  // the scene's repaints when it was last drawn afresh, for tests
}

// Kept draws the part draw paints within area: from the kept image when
// key is what it was drawn for, else drawn afresh into it first. A paint
// that logs what it draws (tests) draws the part directly.
func (c *canvas) Kept(key any, area geom.Rect, draw func()) {
	s := c.s
	dst := c.dst
	r := image.Rect(int(math.Floor(area.X)), int(math.Floor(area.Y)), int(math.Ceil(area.X+area.W)), int(math.Ceil(area.Y+area.H))).Intersect(dst.Bounds())
	if s.log != nil || !s.holdText || r.Empty() { // logged, or nothing of it on screen to keep
		draw()
		return
	}
	if s.kept == nil {
		s.kept = map[geom.Rect]*keptPart{}
	}
	k := s.kept[area]
	if k == nil {
		k = &keptPart{}
		s.kept[area] = k
	}
	var fresh bool
	if k.img, fresh = paint.SizedAt(k.img, r); fresh {
		k.valid = false
	}
	if !k.valid || k.key != key {
		paint.Flush()
		if !fresh { // a new image is empty already (ebiten.NewImage)
			k.img.Clear()
		}
		queued := len(s.texts)
		c.dst = k.img
		draw()
		c.dst = dst
		// The part's labels go into its image now, over its shapes.
		paint.Flush()
		s.writeQueuedTextFrom(queued)
		k.key, k.valid, k.drawn = key, true, s.repaints
	}
	paint.Flush()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	dst.DrawImage(k.img, op)
}

// paintLog records where a paint put its text and its lines, so tests can
// check that no label overlaps another or is crossed by a line, at any
// size of cluster. It is nil (and costs nothing) outside tests.
type paintLog struct {
	texts []loggedText
	lines []loggedLine
}

type loggedText struct {
	s     string
	r     geom.Rect
	boxed bool // drawn on its own background: lines drawn before it are hidden
	order int  // when it was drawn, counting texts and lines together
}

type loggedLine struct {
	x0, y0, x1, y1, width float64
	order                 int
}

func (p *paintLog) next() int { return len(p.texts) + len(p.lines) }

func (s *Scene) logLine(x0, y0, x1, y1, width float64) {
	if s.log != nil {
		s.log.lines = append(s.log.lines, loggedLine{x0, y0, x1, y1, width, s.log.next()})
	}
}

// drawText writes str, translated (lang.T), with its point a at (x, y).
func (s *Scene) drawText(dst *ebiten.Image, str string, face text.Face, x, y float64, a panel.Align, c color.Color) {
	str = lang.T(str)
	if s.log != nil && str != "" {
		s.log.texts = append(s.log.texts, loggedText{s: str, r: paint.TextBox(str, face, x, y, a), order: s.log.next()})
	}
	s.queueText(dst, str, face, x, y, a, c)
}

// queuedText is a label held back until the shapes of the scene are drawn.
type queuedText struct {
	dst  *ebiten.Image
	str  string
	face text.Face
	x, y float64
	a    panel.Align
	c    color.Color
}

// queueText writes a label, or while painting holds it back: ebiten
// batches shapes and draws each batch when something else (text) is
// drawn, and every batch costs a trip through ebiten's layers. Text never
// lies under a shape (the labels test checks), so writing all of it last
// draws the same picture with one batch of shapes and one of text.
func (s *Scene) queueText(dst *ebiten.Image, str string, face text.Face, x, y float64, a panel.Align, c color.Color) {
	if !s.holdText {
		s.labels.Draw(dst, str, face, x, y, a, c)
		return
	}
	s.texts = append(s.texts, queuedText{dst, str, face, x, y, a, c})
}

// writeQueuedTextUntil draws the labels held back, in order, until the
// deadline has passed (a zero deadline: all of them), and reports whether
// all are drawn. It draws at least eight, so a paint spread over frames
// always gets on.
func (s *Scene) writeQueuedTextUntil(deadline time.Time) bool {
	n := 0
	for _, t := range s.texts {
		// Every eighth label: the clock is a call into JavaScript in a browser.
		if n > 0 && n%8 == 0 && !deadline.IsZero() && time.Now().After(deadline) {
			break
		}
		s.labels.Add(t.dst, t.str, t.face, t.x, t.y, t.a, t.c)
		n++
	}
	s.labels.Flush()
	left := copy(s.texts, s.texts[n:])
	clear(s.texts[left:]) // let go of the images
	s.texts = s.texts[:left]
	return left == 0
}

// writeQueuedTextFrom draws the labels held back since the first-th, in
// order, and forgets them.
func (s *Scene) writeQueuedTextFrom(first int) {
	for _, t := range s.texts[first:] {
		s.labels.Add(t.dst, t.str, t.face, t.x, t.y, t.a, t.c)
	}
	s.labels.Flush()
	clear(s.texts[first:]) // let go of the images
	s.texts = s.texts[:first]
}
