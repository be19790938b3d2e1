package render

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim"
)

// Scene draws one sim.Result. The game hands it a new result when the
// parameters change; between changes every frame is drawn from caches.
type Scene struct {
	pal    *Palette
	fonts  Fonts
	layout geom.Layout
	// fit and fitFonts are the layout without zoom, for what sits on the
	// window rather than on the scene: help, notices, progress.
	fit      geom.Layout
	fitFonts Fonts

	result *sim.Result
	table  []sim.Row // the exercise's rows plus the current V, for the current N
	curve  []sim.Row // seed-averaged CV for many V, for the chart
	// overlays are other curves on the chart: other N, the other assignment.
	overlays []Overlay

	change       *sim.ChangeResult // ModeChange's content
	changeRows   []sim.ChangeRow
	workload     *sim.WorkloadResult // ModeLoad's content
	workloadRows []sim.WorkloadRow
	schemes      *SchemeFigures // ModeTokens' content

	hover int // the node whose arcs are lit up, or -1
	view  View
	ring  ringCache

	// frame holds the whole drawn scene. It is repainted only when something
	// it shows changes; every other frame just copies it, which keeps the
	// GPU work per frame tiny (antialiased vector paths are costly).
	frame      *ebiten.Image
	frameValid bool
	// stepsDone: frame holds that many of a paint's steps (paintStep),
	// and texts the labels still to write over them (see PaintWithin).
	stepsDone int
	putOff    bool // a paint was put off to the next frame, which must start it
	repaints  int

	log *paintLog // set by tests that check where labels went

	holdText bool         // painting: labels wait in texts until the shapes are drawn
	texts    []queuedText // see queueText
	labels   labelCache   // every label's glyphs, drawn once

	chartBase cachedPart[chartBaseKey] // the CV chart but for the marker of the current V

	turnFaces     turnFaces // DrawTurnPrompt's
	shadersWarmed bool      // the shaders have been drawn once (warmShaders)
}

// View holds the display modes that do not change the simulation.
type View struct {
	Concealed bool      // a lesson question is open: hide the figures that answer it
	Lesson    bool      // the lesson card covers the numbers and the table
	Average   bool      // bars show the 20-seed mean, busiest first, instead of this seed's nodes
	SliderMax int       // the top of the V slider
	Chart     ChartMode // which chart the numbers column shows
	NoHeader  bool      // inside another page: no title and subtitle
	Mode      Mode      // what is shown besides the ring and the loads
}

// SetView switches display modes.
func (s *Scene) SetView(v View) {
	if v != s.view {
		if v.Mode != s.view.Mode || v.Concealed != s.view.Concealed {
			s.ring.invalidateStrip() // another ring, or the change's highlights on or off
		}
		s.view = v
		s.clampHover()
		s.staleFrame()
	}
}

// Repaints counts how often the scene was really drawn (not copied).
func (s *Scene) Repaints() int { return s.repaints }

// NewScene makes a scene for a first layout.
func NewScene(l geom.Layout, pal *Palette) *Scene {
	// The ring's Kage source is compiled now, with the rest of start-up,
	// rather than in the first frame, the longest task of a large link's
	// start (about 20 ms of it in a browser).
	loadRingShader()
	s := &Scene{hover: -1, view: View{SliderMax: 1024}}
	s.SetPalette(pal)
	s.SetLayout(l)
	return s
}

// SetLayout adapts to a new screen size.
func (s *Scene) SetLayout(l geom.Layout) { s.SetZoomedLayout(l, l) }

// SetZoomedLayout adapts to a new screen size, zoom or place to look at:
// l places the scene, fit is the same screen without zoom.
func (s *Scene) SetZoomedLayout(l, fit geom.Layout) {
	if l.Scale != s.layout.Scale {
		s.fonts = NewFonts(l.Scale, s.pal.Projector)
		s.labels.clear()
	}
	if fit.Scale != s.fit.Scale {
		s.fitFonts = NewFonts(fit.Scale, s.pal.Projector)
	}
	s.fit = fit
	s.layout = l
	s.ring.invalidate()
	s.staleFrame()
}

// SetPalette switches colours.
func (s *Scene) SetPalette(p *Palette) {
	if s.pal != nil && p.Projector != s.pal.Projector && s.layout.Scale > 0 {
		s.fonts = NewFonts(s.layout.Scale, p.Projector) // the projector theme's bold text
		s.fitFonts = NewFonts(s.fit.Scale, p.Projector)
		s.labels.clear()
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
func (s *Scene) Palette() *Palette { return s.pal }
func (s *Scene) Fonts() Fonts      { return s.fonts }

// SetResult shows a new simulation. table and curve are seed-averaged rows
// for the same N and assignment.
func (s *Scene) SetResult(r *sim.Result, table, curve []sim.Row) {
	s.result, s.table, s.curve = r, table, curve
	s.clampHover()
	s.ring.invalidateStrip()
	s.staleFrame()
}

// SetHover lights up one node's arcs and bar (-1 for none).
func (s *Scene) SetHover(node int) {
	if node != s.hover {
		s.hover = node
		s.ring.invalidate()
		s.staleFrame()
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
// anyway. (Warmed in the second frame instead, it made that frame's task
// wait 470 ms for the GPU process, still compiling the first frame's.)
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

// PaintWithin brings the cached frame for a w×h screen up to date, and
// reports whether it is. The frame began at start and may spend budget
// on the paint (negative: no limit). A paint left half done goes on at
// the next call: it stops between two of its steps (paintStep) or two
// labels once the budget is spent, and one that would start late in its
// frame (the budget half gone, as when a large result was just taken)
// starts at the next, once. The first result of a thousand nodes has so many new labels
// that, painted at once with the rest, it held the page for over 100 ms.
// The frame is shown only once whole.
func (s *Scene) PaintWithin(w, h int, start time.Time, budget time.Duration) bool {
	s.WarmShaders()
	var fresh bool
	if s.frame, fresh = sized(s.frame, w, h); fresh {
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

// paintStep draws one part of the scene's shapes and holds its labels
// back in s.texts (see queueText): the background, title and ring; the
// bars; the figures, chart and slider ticks.
func (s *Scene) paintStep(screen *ebiten.Image, step int) {
	s.holdText = true
	releaseShapes := holdShapes()
	defer func() { releaseShapes(); s.holdText = false }()
	flushShapes()
	if step == 0 {
		screen.Fill(s.pal.Background)
	}
	if s.result == nil {
		return
	}
	switch step {
	case 0:
		s.drawHeader(screen)
		s.drawRing(screen)
	case 1:
		s.drawLoads(screen)
	case 2:
		s.drawRightColumn(screen)
		s.drawChart(screen)
		s.drawSliderTicks(screen)
	}
}

// drawLoads draws the bars the view and the lesson call for.
func (s *Scene) drawLoads(screen *ebiten.Image) {
	c, w := s.changeShown(), s.workloadShown()
	switch {
	case s.view.Concealed:
		s.drawConcealedBars(screen)
	case c != nil:
		s.drawChangeBars(screen, c)
	case w != nil && s.view.Average:
		s.drawRankedLoadBars(screen, w)
	case w != nil:
		s.drawLoadBars(screen, w)
	case s.view.Average:
		s.drawRankedBars(screen)
	default:
		s.drawBars(screen)
	}
}

// drawRightColumn draws the right column: the view's figures, or nothing
// where the lesson card covers it.
func (s *Scene) drawRightColumn(screen *ebiten.Image) {
	switch {
	case s.view.Lesson:
	case s.view.Mode == ModeChange:
		s.drawChangeFigures(screen)
	case s.view.Mode == ModeLoad:
		s.drawLoadFigures(screen)
	case s.view.Mode == ModeTokens:
		s.drawSchemeFigures(screen)
	default:
		s.drawNumbers(screen)
		s.drawTable(screen)
	}
}

func (s *Scene) drawHeader(dst *ebiten.Image) {
	if s.view.NoHeader {
		return
	}
	l, p := s.layout, s.result.Params
	title := "Virtual nodes: why many small ranges even out the load"
	// V itself is not in this line: the slider's label shows it, large, and
	// a line that changed with every step of a drag would be laid out anew
	// in every frame of it.
	sub := fmt.Sprintf("%d nodes on a ring of 2³² positions · each owns V random ranges · %s assignment",
		p.Nodes, assignLabel(p.Assign))
	if s.view.Mode == ModeChange && s.change != nil {
		title, sub = s.changeHeader(s.change) // what happens is the question, not its answer
	} else if w := s.workloadShown(); w != nil {
		title, sub = s.loadHeader(w)
	} else if s.view.Mode == ModeTokens {
		title, sub = s.tokensHeader()
	}
	s.drawText(dst, title, s.fonts.Title, l.Title.X, l.Title.Y, topLeft, s.pal.Text)
	s.drawText(dst, sub, s.fonts.Small, l.Title.X, l.Title.Y+44*l.Scale, topLeft, s.pal.Muted)
}

func (s *Scene) drawSliderTicks(dst *ebiten.Image) {
	l := s.layout
	slider := geom.Slider{VMax: s.view.SliderMax}
	for _, v := range geom.Landmarks {
		if v > slider.VMax {
			continue
		}
		x := l.SliderX(slider.Pos(v), slider.Max())
		s.line(dst, x, l.VTicks.Y-2*l.Scale, x, l.VTicks.Y+4*l.Scale, max(1, l.Scale), s.pal.Muted)
		s.drawText(dst, fmt.Sprint(v), s.fonts.Small, x, l.VTicks.Y+4*l.Scale, topCenter, s.pal.Muted)
	}
	s.drawText(dst, fmt.Sprintf("V = %d", s.result.Params.V), s.fonts.Big, l.VLabel.X, l.VLabel.CenterY(), middleLeft, s.pal.Text)
}

// plural picks the word for a count.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func assignLabel(a sim.Assignment) string {
	if a == sim.Random {
		return "random"
	}
	return "round-robin"
}
