package render

import (
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render/geom"
)

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

// textRect is where drawText puts s: the box of its lines, placed by the
// alignment.
func textRect(s string, face text.Face, x, y float64, a align) geom.Rect {
	m := face.Metrics()
	w, h := text.Measure(s, face, m.HAscent+m.HDescent+m.HLineGap)
	switch a.H {
	case text.AlignCenter:
		x -= w / 2
	case text.AlignEnd:
		x -= w
	}
	switch a.V {
	case text.AlignCenter:
		y -= h / 2
	case text.AlignEnd:
		y -= h
	}
	return geom.Rect{X: x, Y: y, W: w, H: h}
}

func (s *Scene) drawText(dst *ebiten.Image, str string, face text.Face, x, y float64, a align, c color.Color) {
	if s.log != nil && str != "" {
		s.log.texts = append(s.log.texts, loggedText{s: str, r: textRect(str, face, x, y, a), order: s.log.next()})
	}
	s.queueText(dst, str, face, x, y, a, c)
}

// queuedText is a label held back until the shapes of the scene are drawn.
type queuedText struct {
	dst  *ebiten.Image
	str  string
	face text.Face
	x, y float64
	a    align
	c    color.Color
}

// queueText writes a label, or while painting holds it back: ebiten batches
// shapes and draws each batch when something else (text) is drawn, and
// that costs about a millisecond per batch in a browser. Text never lies
// under a shape (the labels test checks), so writing all of it last draws
// the same picture with one batch of shapes and one of text.
func (s *Scene) queueText(dst *ebiten.Image, str string, face text.Face, x, y float64, a align, c color.Color) {
	if !s.holdText {
		s.labels.draw(dst, str, face, x, y, a, c)
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
		s.labels.add(t.dst, t.str, t.face, t.x, t.y, t.a, t.c)
		n++
	}
	s.labels.flush()
	left := copy(s.texts, s.texts[n:])
	clear(s.texts[left:]) // let go of the images
	s.texts = s.texts[:left]
	return left == 0
}

// writeQueuedTextFrom draws the labels held back since the first-th, in
// order, and forgets them.
func (s *Scene) writeQueuedTextFrom(first int) {
	for _, t := range s.texts[first:] {
		s.labels.add(t.dst, t.str, t.face, t.x, t.y, t.a, t.c)
	}
	s.labels.flush()
	clear(s.texts[first:]) // let go of the images
	s.texts = s.texts[:first]
}

// drawBoxedText writes str on a patch of background, so a grid line it
// sits on does not run through its letters; it returns the patch.
func (s *Scene) drawBoxedText(dst *ebiten.Image, str string, face text.Face, x, y float64, a align, c color.Color) geom.Rect {
	r := textRect(str, face, x, y, a)
	pad := 3 * s.layout.Scale
	box := geom.Rect{X: r.X - pad, Y: r.Y, W: r.W + 2*pad, H: r.H}
	fillRect(dst, box, s.pal.Background)
	if s.log != nil {
		s.log.texts = append(s.log.texts, loggedText{s: str, r: r, boxed: true, order: s.log.next()})
	}
	s.queueText(dst, str, face, x, y, a, c)
	return box
}

func (s *Scene) line(dst *ebiten.Image, x0, y0, x1, y1, width float64, c color.Color) {
	width *= s.pal.lineScale()
	if s.log != nil {
		s.log.lines = append(s.log.lines, loggedLine{x0, y0, x1, y1, width, s.log.next()})
	}
	line(dst, x0, y0, x1, y1, width, c)
}

func (s *Scene) dashedLine(dst *ebiten.Image, x0, y0, x1, y1, width, dash float64, c color.Color) {
	width *= s.pal.lineScale()
	if s.log != nil {
		s.log.lines = append(s.log.lines, loggedLine{x0, y0, x1, y1, width, s.log.next()})
	}
	dashedLine(dst, x0, y0, x1, y1, width, dash, c)
}
