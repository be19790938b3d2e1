// Package render is the scene: it paints what a view computed (a
// panel.Painter) and the figures every view has, part by part, into an
// image kept between frames, with the ring drawn by a shader; and it draws
// what sits over the scene (tooltip, notices, help, progress). It never
// simulates, and asks the view rather than knowing which one is shown.
package render

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/panel"
	"vnodes/sim"
)

// Scene draws what a view computed. The game hands it new figures when the
// settings change; between changes every frame is drawn from caches.
type Scene struct {
	pal    *panel.Palette
	fonts  paint.Fonts
	layout geom.Layout
	// fit and fitFonts are the layout without zoom, for what sits on the
	// window rather than on the scene: help, notices, progress.
	fit      geom.Layout
	fitFonts paint.Fonts

	painter panel.Painter // the view's figures (nil before the first)
	look    panel.Look    // the figures every view has, and how they are shown
	display Display
	ring    ringCache

	// frame holds the whole drawn scene. It is repainted only when something
	// it shows changes; every other frame just copies it, which keeps the
	// GPU work per frame tiny.
	frame      *ebiten.Image
	frameValid bool
	// stepsDone: frame holds that many of a paint's steps (paintStep), and
	// texts the labels still to write over them (see PaintWithin).
	stepsDone int
	putOff    bool // a paint was put off to the next frame, which must start it
	repaints  int

	log *paintLog // set by tests that check where labels went

	canvas   canvas
	holdText bool         // painting: labels wait in texts until the shapes are drawn
	texts    []queuedText // see queueText
	labels   paint.Labels // every label's glyphs, drawn once
	kept     map[geom.Rect]*keptPart

	shadersWarmed bool // the shaders have been drawn once (warmShaders)
}

// Display is how the scene is shown, beside what it shows.
type Display struct {
	Concealed bool        // a lesson question is open: hide the figures that answer it
	Lesson    bool        // the lesson card covers the right column
	Average   bool        // bars show the 20-seed mean, busiest first, instead of this seed's nodes
	Chart     panel.Chart // which chart the right column shows
	SliderMax int         // the top of the V slider
	NoHeader  bool        // inside another page: no title and subtitle
}

// SetDisplay switches how the scene is shown.
func (s *Scene) SetDisplay(d Display) {
	if d == s.display {
		return
	}
	if d.Concealed != s.display.Concealed {
		s.ring.invalidateStrip() // another ring, or the change's highlights on or off
	}
	s.display = d
	s.look.Concealed, s.look.Lesson, s.look.Average, s.look.Chart = d.Concealed, d.Lesson, d.Average, d.Chart
	s.clampHover()
	s.staleFrame()
}

// Repaints counts how often the scene was really drawn (not copied).
func (s *Scene) Repaints() int { return s.repaints }

// NewScene makes a scene for a first layout.
func NewScene(l geom.Layout, pal *panel.Palette) *Scene {
	// The ring's Kage source is compiled now, with the rest of start-up,
	// rather than in the first frame.
	loadRingShader()
	s := &Scene{display: Display{SliderMax: 1024}, look: panel.Look{Hover: -1}}
	s.canvas.s = s
	s.SetPalette(pal)
	s.SetLayout(l)
	return s
}

// SetLayout adapts to a new screen size.
func (s *Scene) SetLayout(l geom.Layout) { s.SetZoomedLayout(l, l) }

// SetZoomedLayout adapts to a new screen size, zoom or place to look at:
// l places the scene, fit is the same screen without zoom.
func (s *Scene) SetZoomedLayout(l, fit geom.Layout) {
	if s.openingShown() && s.layout.SameOpening(l) && fit.Scale == s.fit.Scale {
		// The first picture's opening stays as painted; the rest of it is
		// painted in its new places (the widgets' cards decided them).
		s.fit, s.layout = fit, l
		return
	}
	if l.Scale != s.layout.Scale {
		s.fonts = paint.NewFonts(l.Scale, s.pal.Projector)
		s.labels.Clear()
	}
	if fit.Scale != s.fit.Scale {
		s.fitFonts = paint.NewFonts(fit.Scale, s.pal.Projector)
	}
	s.fit = fit
	s.layout = l
	s.ring.invalidate()
	s.staleFrame()
}

// SetPalette switches colours.
func (s *Scene) SetPalette(p *panel.Palette) {
	if s.pal != nil && p.Projector != s.pal.Projector && s.layout.Scale > 0 {
		s.fonts = paint.NewFonts(s.layout.Scale, p.Projector) // the projector theme's bold text
		s.fitFonts = paint.NewFonts(s.fit.Scale, p.Projector)
		s.labels.Clear()
	}
	s.pal = p
	s.ring.invalidateStrip()
	s.staleFrame()
}

// onWindow switches to the unzoomed layout and fonts until the returned
// function is called: for boxes that belong on the window, at the size they
// were designed for, whatever part of the scene is shown.
func (s *Scene) onWindow() (back func()) {
	l, f := s.layout, s.fonts
	s.layout, s.fonts = s.fit, s.fitFonts
	return func() { s.layout, s.fonts = l, f }
}

// Palette and Fonts are shared with the widgets so both look alike.
func (s *Scene) Palette() *panel.Palette { return s.pal }
func (s *Scene) Fonts() paint.Fonts      { return s.fonts }

// Fit is the layout of the window without zoom.
func (s *Scene) Fit() geom.Layout { return s.fit }

// SetShown shows what a view computed, and r, the figures every view has.
func (s *Scene) SetShown(x panel.Shown, r *sim.Result) {
	s.painter, s.look.Result = panel.PainterOf(x), r
	s.clampHover()
	s.ring.invalidateStrip()
	s.staleFrame()
}

// SetRows sets the rows every view may show: the exercise's table and the
// CV curve for the current N and assignment, and the chart's comparison
// curves (nil for none).
func (s *Scene) SetRows(table, curve []sim.Row, overlays []panel.Curve) {
	s.look.Table, s.look.Curve, s.look.Overlays = table, curve, overlays
	s.staleFrame()
}

// SetDraftRing has the ring drawn with one sample a pixel, not four, while
// on: while a hand drags V the ring changes every frame, and in a browser
// without a GPU its smooth edges are most of what a frame asks of the CPU
// (BENCHMARKS.md). Turned off, a ring drawn so is drawn smooth again.
func (s *Scene) SetDraftRing(on bool) {
	s.ring.wantDraft = on
	if !on && s.ring.draft && s.ring.valid {
		s.ring.invalidate()
		s.staleFrame()
	}
}

// SetHover lights up one node's arcs and bar (-1 for none).
func (s *Scene) SetHover(node int) {
	if node != s.look.Hover {
		s.look.Hover = node
		s.ring.invalidate()
		s.staleFrame()
	}
}

// ringSpec is what the band shows now.
func (s *Scene) ringSpec() panel.RingSpec { return s.painter.Ring(&s.look) }

// clampHover forgets a pointed node that no longer exists.
func (s *Scene) clampHover() {
	if s.painter != nil && s.look.Hover >= s.ringSpec().Ring.Nodes {
		s.look.Hover = -1
	}
}

// Current reports whether Draw on a w×h screen would only copy the cached
// frame again.
func (s *Scene) Current(w, h int) bool {
	return s.frameValid && s.frame != nil && s.frame.Bounds().Dx() == w && s.frame.Bounds().Dy() == h
}

// staleFrame marks the cached frame out of date, dropping a paint left
// half done (see PaintWithin): it showed what is no longer wanted.
func (s *Scene) staleFrame() {
	s.frameValid = false
	if s.stepsDone > 0 {
		s.stepsDone = 0
		clear(s.texts)
		s.texts = s.texts[:0]
	}
}

// WarmShaders has the ring's shader compiled and linked with this frame
// (see warmShaders), once: with the first, whose task the start-up holds
// anyway.
func (s *Scene) WarmShaders() {
	if !s.shadersWarmed {
		warmShaders()
		s.shadersWarmed = true
	}
}

// Draw paints everything but the widgets, from the cached frame when
// nothing changed.
func (s *Scene) Draw(screen *ebiten.Image) {
	b := screen.Bounds()
	s.PaintWithin(b.Dx(), b.Dy(), time.Time{}, -1)
	screen.DrawImage(s.frame, nil)
}

// DrawOpening draws the first picture a screen shows, in two parts: the
// title, the ring, V and the bars now, and the right column, the chart
// and the slider's marks when PaintWithin is called next (a frame later).
// There is no earlier picture to stand meanwhile, and the part shown
// first is the one the lesson is about.
func (s *Scene) DrawOpening(screen *ebiten.Image) {
	b := screen.Bounds()
	s.WarmShaders()
	var fresh bool
	if s.frame, fresh = paint.Sized(s.frame, b.Dx(), b.Dy()); fresh {
		s.staleFrame()
	}
	if !s.frameValid {
		for ; s.stepsDone < openingSteps; s.stepsDone++ {
			s.paintStep(s.frame, s.stepsDone)
		}
		s.writeQueuedTextUntil(time.Time{}) // their labels, over their shapes only
	}
	screen.DrawImage(s.frame, nil)
}

// openingShown reports whether the screen shows DrawOpening's part of a
// picture and the rest is still to be painted.
func (s *Scene) openingShown() bool {
	return !s.frameValid && s.stepsDone == openingSteps && len(s.texts) == 0
}

// openingSteps are the paint steps DrawOpening shows at once.
const openingSteps = 2

// PaintWithin brings the cached frame for a w×h screen up to date, and
// reports whether it is. The frame began at start and may spend budget on
// the paint (negative: no limit). A paint left half done goes on at the
// next call: it stops between two of its steps (paintStep) or two labels
// once the budget is spent, and one that would start late in its frame
// (the budget half gone, as when a large result was just taken) starts at
// the next, once. A large first result has so many new labels that,
// painted at once with the rest, it would hold the page too long. The
// frame is shown only once whole.
func (s *Scene) PaintWithin(w, h int, start time.Time, budget time.Duration) bool {
	s.WarmShaders()
	var fresh bool
	if s.frame, fresh = paint.Sized(s.frame, w, h); fresh {
		s.staleFrame()
	}
	if s.frameValid {
		return true
	}
	var deadline time.Time
	if budget >= 0 {
		deadline = start.Add(budget)
		if s.stepsDone == 0 && !s.putOff && time.Since(start) > budget/2 {
			s.putOff = true
			return false
		}
	}
	if s.stepsDone == 0 {
		s.putOff = false // texts is empty: labels are held only mid-paint
	}
	late := func() bool { return !deadline.IsZero() && time.Now().After(deadline) }
	stepped := false // each call gets on by a step at least
	for ; s.stepsDone < paintSteps; s.stepsDone++ {
		if stepped && late() {
			return false
		}
		s.paintStep(s.frame, s.stepsDone)
		stepped = true
	}
	if stepped && late() {
		return false
	}
	if !s.writeQueuedTextUntil(deadline) {
		return false
	}
	s.stepsDone = 0
	s.frameValid = true
	s.repaints++
	return true
}

// paintSteps is how many parts paintStep paints the scene's shapes in:
// a paint spread over frames may stop between two.
const paintSteps = 3

// paintStep draws one part of the scene's shapes and holds its labels back
// in s.texts (see queueText): the background, title and ring; V's value
// and the bars; the right column, chart and slider ticks.
func (s *Scene) paintStep(screen *ebiten.Image, step int) {
	s.holdText = true
	release := paint.Hold()
	defer func() { release(); s.holdText = false }()
	paint.Flush()
	if step == 0 {
		screen.Fill(s.pal.Background)
	}
	if s.painter == nil {
		return
	}
	c := &s.canvas
	c.dst = screen
	switch step {
	case 0:
		s.drawHeader(c)
		s.drawRing(c)
	case 1:
		s.drawVLabel(c)
		if s.layout.Bars.Empty() { // a compact layout's other page
			break
		}
		if s.display.Concealed {
			panel.ConcealedBars(c)
		} else {
			s.painter.PaintBars(c)
		}
	case 2:
		l := s.layout
		if !s.display.Lesson && !(l.Numbers.Empty() && l.ViewFigures.Empty()) { // the lesson card covers the right column
			s.painter.PaintColumn(c)
		}
		if !l.Chart.Empty() {
			s.painter.PaintChart(c)
		}
		s.drawSliderTicks(c)
	}
}

func (s *Scene) drawHeader(c *canvas) {
	if s.display.NoHeader {
		return
	}
	l := s.layout
	title, sub := s.painter.Header(c)
	if l.Compact() { // a narrow title: the heading's size, each line wrapped to the room
		title = strings.Join(paint.Wrap(lang.T(title), s.fonts.Face(panel.Heading), l.Title.W), "\n")
		c.Text(title, panel.Heading, l.Title.X, l.Title.Y, panel.TopLeft, s.pal.Text)
		if l.Name == geom.Upright {
			return // no room for the line below: the settings page says what it says
		}
		y := c.TextBox(title, panel.Heading, l.Title.X, l.Title.Y, panel.TopLeft)
		sub = strings.Join(paint.Wrap(lang.T(sub), s.fonts.Face(panel.Small), l.Title.W), "\n")
		c.Text(sub, panel.Small, l.Title.X, y.Y+y.H+4*l.Scale, panel.TopLeft, s.pal.Muted)
		return
	}
	font := panel.Title
	if room := l.TopRight.X - l.Title.X - 12*l.Scale; c.TextWidth(title, font) > room {
		font = panel.Heading // a long title in another language: smaller, not under the buttons
	}
	c.Text(title, font, l.Title.X, l.Title.Y, panel.TopLeft, s.pal.Text)
	c.Text(sub, panel.Small, l.Title.X, l.Title.Y+44*l.Scale, panel.TopLeft, s.pal.Muted)
}

func (s *Scene) drawSliderTicks(c *canvas) {
	l := s.layout
	slider := geom.Slider{VMax: s.display.SliderMax}
	written := math.Inf(-1) // where the last value written ends: a short slider skips values that would touch it
	for _, v := range geom.Landmarks {
		if v > slider.VMax {
			continue
		}
		x := l.SliderX(slider.Pos(v), slider.Max())
		c.Line(x, l.VTicks.Y-2*l.Scale, x, l.VTicks.Y+4*l.Scale, max(1, l.Scale), s.pal.Muted)
		label := fmt.Sprint(v)
		if w := c.TextWidth(label, panel.Small); x-w/2 > written+6*l.Scale {
			c.Text(label, panel.Small, x, l.VTicks.Y+4*l.Scale, panel.TopCenter, s.pal.Muted)
			written = x + w/2
		}
	}
}

// drawVLabel writes V's value beside its slider.
func (s *Scene) drawVLabel(c *canvas) {
	l := s.layout
	c.Text(fmt.Sprintf("V = %d", s.look.Result.Params.V), panel.Big, l.VLabel.X, l.VLabel.CenterY(), panel.MiddleLeft, s.pal.Text)
}
