// Package panel is what the scene's parts are painted from, with no
// graphics of its own: the Canvas a view paints on (the scene provides it),
// the Painter a view's computed figures are (the scene asks it to paint
// each part), the palettes, and the panels every view may use (bars,
// figures, legends, the numbers, the table, the charts). It imports no
// graphics library, so the views that use it are tested without a display.
package panel

import (
	"image/color"

	"vnodes/render/geom"
	"vnodes/sim"
)

// Font is a role of text; the scene draws it in its face for the current
// size and theme.
type Font uint8

const (
	Small     Font = iota // labels, captions, axes
	SmallBold             // a highlighted row among small ones
	Body
	BodyBold
	Heading
	Title
	Big // a headline figure
)

// Align says which point of a text (x, y) stands for.
type Align uint8

const (
	TopLeft Align = iota
	TopCenter
	TopRight
	MiddleLeft
	Center
	MiddleRight
	BottomLeft
	BottomCenter
	BottomRight
)

// Canvas is where a view paints: the scene's frame at its layout, in its
// palette. Lines are themed (the projector theme draws them thicker);
// segments, curves and shapes are drawn as given.
type Canvas interface {
	Layout() geom.Layout
	Palette() *Palette
	// Look is what the scene shows besides the view's own figures.
	Look() *Look

	// Text writes s (which may hold several lines) with its point a at (x, y).
	Text(s string, f Font, x, y float64, a Align, c color.Color)
	// BoxedText writes s on a patch of background, so that a grid line it
	// sits on does not run through its letters, and returns the patch.
	BoxedText(s string, f Font, x, y float64, a Align, c color.Color) geom.Rect
	// TextBox is where Text would put s.
	TextBox(s string, f Font, x, y float64, a Align) geom.Rect
	// TextWidth is how far s advances.
	TextWidth(s string, f Font) float64

	Line(x0, y0, x1, y1, width float64, c color.Color)
	Dashed(x0, y0, x1, y1, width, dash float64, c color.Color)
	Segment(x0, y0, x1, y1, width float64, c color.Color)
	Polyline(xs, ys []float64, width float64, c color.Color)
	Fill(r geom.Rect, c color.Color)
	Frame(r geom.Rect, width float64, c color.Color)
	Disc(x, y, r float64, c color.Color)
	Circle(x, y, r, width float64, c color.Color)
	Polygon(xs, ys []float64, c color.Color) // convex
	PolygonOutline(xs, ys []float64, width float64, c color.Color)

	// Kept paints what draw paints within area from a picture kept while
	// key stays the same (key must be comparable and hold everything the
	// picture depends on): for parts a drag along V leaves alone.
	Kept(key any, area geom.Rect, draw func())
}

// Look is what the scene shows besides the view's own figures: how it is
// shown, and the figures every view has.
type Look struct {
	Hover     int  // the node under the pointer, or -1
	Concealed bool // a lesson question is open: the figures that answer it are hidden
	Lesson    bool // the lesson card covers the right column
	Average   bool // the bars show the 20-seed mean, busiest first
	Chart     Chart

	Result   *sim.Result // the ring of the selected seed and the 20-seed figures
	Table    []sim.Row   // the exercise's rows for this N and assignment, with the current V
	Curve    []sim.Row   // the mean CV for many V, for the chart
	Overlays []Curve     // other curves on the chart
}

// Chart is which chart the right column shows.
type Chart uint8

const (
	ChartCV  Chart = iota // CV against V, under the exercise's table
	ChartLaw              // CV·√V against V with the exact law, in the table's place
)

func (c Chart) String() string {
	if c == ChartLaw {
		return "law"
	}
	return "cv"
}

// Curve is another line of 20-seed rows on the chart: another N, or the
// other assignment.
type Curve struct {
	Label string
	Nodes int // for its exact-law line
	Rows  []sim.Row
}

// RingSpec is what the ring's band shows.
type RingSpec struct {
	Ring *sim.Ring
	// Moved are the pieces that changed owner, lit in the band (nil: none).
	Moved []sim.MovedPiece
	// Key is the node singled out when none is pointed at.
	Key int
	// NodeBars: the bars stand for the ring's nodes, so pointing at one
	// means that node.
	NodeBars bool
}

// Painter is what a view computed, as the scene paints it part by part:
// PainterOf makes one from a Shown, with the spread's painting for every
// part the view does not paint itself.
type Painter interface {
	Shown
	RingSpecer
	Headerer
	RingPainter
	BarsPainter
	ColumnPainter
	ChartPainter
}

// Shown is what every view's result has: the selected seed's ring and the
// 20-seed figures of the spread.
type Shown interface {
	Sim() *sim.Result
}

// RingSpecer says what the band shows.
type RingSpecer interface {
	Ring(l *Look) RingSpec
}

// Headerer says the title and the line under it.
type Headerer interface {
	Header(c Canvas) (title, sub string)
}

// RingPainter paints over the band: its label, marks, centre and legend.
type RingPainter interface {
	PaintRing(c Canvas, spec RingSpec)
}

// BarsPainter paints the loads (not while the lesson hides them).
type BarsPainter interface {
	PaintBars(c Canvas)
}

// ColumnPainter paints the right column (not under the lesson card).
type ColumnPainter interface {
	PaintColumn(c Canvas)
}

// ChartPainter paints the chart.
type ChartPainter interface {
	PaintChart(c Canvas)
}
