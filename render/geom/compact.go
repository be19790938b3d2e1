package geom

import "math"

// The layouts, by name: the projector's 16:9 design, and two for screens
// where that design would be too small to read or touch (a phone, a small
// tablet): upright and sideways. Which one a window gets follows from its
// shape and its size in CSS pixels, never from the device's name.
const (
	Wide     = "wide"
	Upright  = "upright"
	Sideways = "sideways"
)

// The pages of a compact layout: the ring and V's slider are always on
// screen, and one page beside or below them shows the rest.
const (
	PageLoads    = "loads"    // the bars
	PageFigures  = "figures"  // the numbers column: figures, the view's controls, or the lesson card
	PageChart    = "chart"    // the chart, as large as the page allows
	PageControls = "controls" // seed, nodes, assignment, presets
	PageViews    = "views"    // the view tabs and the buttons of the title bar
)

// Pages lists a compact layout's pages in the order of the pager.
var Pages = []string{PageLoads, PageFigures, PageChart, PageControls, PageViews}

// Legibility and touch: the smallest text (SizeSmall) must be at least
// MinTextCSS CSS pixels, and a control on a small screen at least
// MinTouchCSS on each side (WCAG 2.5.5).
const (
	MinTextCSS  = 12
	MinTouchCSS = 44
	// SmallScreenCSS: a screen narrower or shorter than this, in CSS
	// pixels, is a small (touch) screen.
	SmallScreenCSS = 600
)

// Window is the canvas's size in screen pixels and how many of them make
// a CSS pixel.
type Window struct{ W, H, DSF float64 }

func (w Window) dsf() float64 {
	if w.DSF <= 0 || math.IsNaN(w.DSF) || math.IsInf(w.DSF, 0) {
		return 1
	}
	return w.DSF
}

// LayoutName is the layout a window gets: the wide design where its text
// is large enough to read, or where the window is landscape and at least
// SmallScreenCSS high (a projector at 1024 × 768 keeps the whole picture);
// else upright or sideways by the window's shape.
func LayoutName(w Window) string {
	cssW, cssH := w.W/w.dsf(), w.H/w.dsf()
	readable := math.Min(cssW/DesignW, cssH/DesignH)*SizeSmall >= MinTextCSS
	if readable || cssW <= 0 || cssH <= 0 || (cssW >= cssH && cssH >= SmallScreenCSS) {
		return Wide
	}
	if cssH > cssW {
		return Upright
	}
	return Sideways
}

// NewLayoutFor is the layout for window w: the wide design zoomed and
// looked at as NewZoomedLayout places it, or a compact layout showing
// page (PageLoads when it is not one of Pages).
func NewLayoutFor(w Window, page string, zoom, cx, cy float64) Layout {
	switch LayoutName(w) {
	case Upright:
		return compactLayout(w, page, true, 0)
	case Sideways:
		return compactLayout(w, page, false, 0)
	}
	l := NewZoomedLayout(w.W, w.H, zoom, cx, cy)
	l.Name = Wide
	return l
}

// Compact designs, in design pixels: the narrowest upright design and the
// shortest sideways one keep the smallest text at MinTextCSS on a phone.
const (
	uprightW  = 500 // the design's width on a phone held upright
	uprightH  = 1300
	sidewaysW = 1170
	sidewaysH = 540
	columnW   = 430 // the numbers column, as wide as in the wide design
	columnH   = 474 // the lesson card's height in the wide design
	pageLeast = 440 // what an upright page keeps at least: the numbers and the table
	// figuresLeast is what the figures page keeps at least: a view's
	// controls card with rows a finger can use, and its figures.
	figuresLeast = 520
	ringLabelH   = 52 // above the ring: its label, on up to two lines
	ringLegend   = 56 // below the ring: a view's legend of its colours, on up to two lines
	margin       = 12
	titleH       = 96 // the title and the line below it, each on up to two lines
	titleUpH     = 60 // upright: the title alone (the settings page says the rest)
	gap          = 8
)

// compactLayout places the ring and V's slider, a pager and one page, in
// a design as wide (upright) or as tall (sideways) as the window allows
// with legible text, filling the window.
func compactLayout(w Window, page string, upright bool, pageNeeds float64) Layout {
	dsf := w.dsf()
	least := MinTextCSS / float64(SizeSmall) * dsf // screen pixels per design pixel, at least
	var s float64
	if upright {
		s = math.Max(least, math.Min(w.W/uprightW, w.H/uprightH))
	} else {
		s = math.Max(least, math.Min(w.W/sidewaysW, w.H/sidewaysH))
	}
	dw, dh := w.W/s, w.H/s // the design fills the window
	touch := math.Max(46, MinTouchCSS*dsf/s)
	d := func(x, y, rw, rh float64) Rect { return Rect{x * s, y * s, rw * s, rh * s} }
	l := Layout{Scale: s, Screen: d(0, 0, dw, dh), Name: map[bool]string{true: Upright, false: Sideways}[upright],
		Touch: touch * s, MinText: MinTextCSS * dsf, Page: PageLoads}
	for _, p := range Pages {
		if p == page {
			l.Page = p
		}
	}

	var pageArea Rect // in design pixels
	if upright {
		x, inner := float64(margin), dw-2*margin
		l.Title = d(x, 6, inner, titleUpH)
		sliderBlock := 50 + gap + touch + 26 // V's value, the slider, its ticks
		fixed := titleUpH + 10 + ringLabelH + ringLegend + gap + sliderBlock + gap + touch + gap + margin
		need := float64(pageLeast)
		if l.Page == PageFigures {
			need = figuresLeast // the ring gives up some of its size to the figures or the lesson card
		}
		need = max(need, pageNeeds) // a long lesson card takes more of it (see WithLessonCard)
		ring := math.Min(inner, math.Max(140, dh-fixed-need))
		l.RingLabel = d(x, titleUpH+10, inner, ringLabelH-2)
		y := titleUpH + 10.0 + ringLabelH
		l.Ring = Circle{X: (dw / 2) * s, Y: (y + ring/2) * s, R: (ring/2 - 6) * s}
		y += ring + ringLegend + gap
		l.VLabel = d(x, y, inner, 50)
		y += 50 + gap
		l.placeSlider(d, x, y, inner, touch)
		y += touch + 26 + gap
		l.Pager = d(x, y, inner, touch)
		y += touch + gap
		pageArea = Rect{x, y, inner, dh - margin - y}
	} else {
		right := math.Min(columnW+40, dw*0.45)
		left := dw - right - 3*margin
		x := float64(margin)
		l.Title = d(x, 6, left, titleH)
		l.RingLabel = d(x, titleH+10, left, ringLabelH-2)
		sliderY := dh - margin - 26 - touch
		top := titleH + 10.0 + ringLabelH
		ring := math.Max(120, math.Min(left, sliderY-gap-ringLegend-top))
		l.Ring = Circle{X: (x + left/2) * s, Y: (top + ring/2) * s, R: (ring/2 - 6) * s}
		l.VLabel = d(x, sliderY, 170, touch)
		l.placeSlider(d, x+170+gap, sliderY, left-170-gap, touch)
		px := x + left + margin
		l.Pager = d(px, 8, right, touch)
		pageArea = Rect{px, 8 + touch + gap, right, dh - margin - (8 + touch + gap)}
	}
	l.placePage(d, pageArea, touch)
	l.designed.window = w
	return l
}

// placeSlider puts V's fine steps either side of the slider, its ticks
// below, on a row touch high from (x, y), w wide.
func (l *Layout) placeSlider(d func(x, y, w, h float64) Rect, x, y, w, touch float64) {
	l.VMinus = d(x, y, touch, touch)
	l.VSlider = d(x+touch+gap, y+(touch-40)/2, w-2*(touch+gap), 40)
	l.VPlus = d(x+w-touch, y, touch, touch)
	l.VTicks = d(x+touch+gap, y+touch, w-2*(touch+gap), 22)
}

// placePage lays out the page l.Page in p (design pixels); the other
// pages' parts stay empty, so nothing draws or answers there.
func (l *Layout) placePage(d func(x, y, w, h float64) Rect, p Rect, touch float64) {
	cx := p.X + math.Max(0, (p.W-columnW)/2) // the column, centred
	switch l.Page {
	case PageLoads:
		l.BarsLabel = d(p.X, p.Y, p.W, 30)
		l.Bars = d(p.X+60, p.Y+58, p.W-60-16, p.H-58-84)
	case PageFigures:
		h := math.Min(columnH, p.H)
		l.Numbers = d(cx+15, p.Y, columnW-20, 190)
		l.Table = d(cx+15, p.Y+198, columnW-20, math.Min(224, h-198))
		l.ViewControls = d(cx, p.Y, columnW, 176)
		l.ViewFigures = d(cx, p.Y+184, columnW, h-184)
		l.Lesson = d(p.X, p.Y, p.W, h)                             // the page's whole width: fewer lines for the card's long texts
		l.designed.lesson, l.designed.room = l.Lesson, p.H*l.Scale // a long card may take the whole page
	case PageChart:
		l.ChartLabel = d(cx+15, p.Y, columnW-20, 30)
		l.Chart = d(cx+75, p.Y+40, columnW-90, math.Min(360, p.H-40-70))
		l.LawLabel, l.LawChart = l.ChartLabel, l.Chart
	case PageControls:
		y := p.Y
		row := func(lines float64) Rect {
			r := d(p.X, y, p.W, lines*touch+(lines-1)*gap)
			y += lines*(touch+gap) + gap
			return r
		}
		if p.W >= 2*280+gap { // seed and nodes side by side
			r := row(1)
			l.Seed, l.Nodes = r, r
			l.Seed.W = (r.W - gap*l.Scale) / 2
			l.Nodes.X, l.Nodes.W = r.X+l.Seed.W+gap*l.Scale, l.Seed.W
		} else {
			l.Seed, l.Nodes = row(1), row(1)
		}
		l.Assign = row(1)
		l.Presets = row(2)
	case PageViews:
		y := p.Y
		l.Tabs = d(p.X, y, p.W, 3*touch+2*gap)
		y += 3*(touch+gap) + 2*gap
		l.TopRight = d(p.X, y, p.W, 3*touch+2*gap)
	}
}

// Compact reports whether l is one of the compact layouts.
func (l Layout) Compact() bool { return l.Name == Upright || l.Name == Sideways }
