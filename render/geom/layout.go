// Package geom holds the pure geometry of the vnodes screen: where each part
// goes, how ring positions map to angles, how values map to bars and log
// axes. It imports nothing graphical, so it is tested without a display.
package geom

import "math"

// Design is the size of the screen the layout is drawn for: 16:9, the shape
// of a classroom projector. Other window shapes are letterboxed.
const (
	DesignW = 1600
	DesignH = 900
)

// Rect is an axis-aligned rectangle in screen pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) lies inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// CenterX and CenterY give r's midpoint.
func (r Rect) CenterX() float64 { return r.X + r.W/2 }
func (r Rect) CenterY() float64 { return r.Y + r.H/2 }

// Circle is the ring's centre and outer radius in screen pixels.
type Circle struct{ X, Y, R float64 }

// Layout places every part of the screen. All fields are in screen pixels.
type Layout struct {
	Scale      float64 // screen pixels per design pixel
	Screen     Rect    // the 16:9 area actually used
	Title      Rect
	Ring       Circle
	RingLabel  Rect
	Bars       Rect // the plot area of the bar chart (axes excluded)
	BarsLabel  Rect
	Numbers    Rect
	Table      Rect
	Chart      Rect // the plot area of the CV-against-V chart
	ChartLabel Rect
	LawChart   Rect // the plot area of the CV·√V chart, over the table and the small chart
	LawLabel   Rect
	// Controls
	VLabel  Rect
	VMinus  Rect
	VSlider Rect
	VPlus   Rect
	VTicks  Rect // where the landmark values are written under the slider
	Seed    Rect // a [-] value [+] group
	Nodes   Rect
	Assign  Rect
	Presets Rect
	Lesson  Rect // the lesson card, over the numbers column and the tabs
	Tabs    Rect // which view: the spread, a node joining, hot keys
	// The views beyond the spread of loads (a node joining, hot keys, token
	// schemes) take the numbers column: their controls on top, their
	// figures and 20-seed table below.
	ViewControls Rect
	ViewFigures  Rect
	TopRight     Rect // buttons at the top right (lesson, help, theme)
	// Name is the layout's (Wide, Upright or Sideways). A compact layout
	// shows one Page of its parts at a time, chosen by the
	// Pager's buttons; the other pages' parts are empty rectangles.
	Name    string
	Page    string
	Pager   Rect
	Touch   float64 // the least size of a control, in screen pixels (0: no such rule)
	MinText float64 // the least size of text, in screen pixels (0: no such rule)
	// designed are the lesson card and the chart below it as the design
	// places them, before WithLessonCard grew the card.
	designed struct {
		lesson, chartLabel, chart Rect
		room                      float64 // the most height the card may take
		window                    Window  // a compact layout's window, to lay it out again
	}
}

// Empty reports whether r has no area: a part the layout does not show.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// NewLayout fits the design into a w x h screen, centred, keeping 16:9.
func NewLayout(w, h float64) Layout { return NewZoomedLayout(w, h, 1, DesignW/2, DesignH/2) }

// Zoom limits: at most three times the fitted size, which makes the
// smallest text (17 design pixels) as large as the title is at 1x.
const (
	MinZoom = 1.0
	MaxZoom = 3.0
)

// NewZoomedLayout is NewLayout with the whole design enlarged zoom times
// (text, ring, controls alike, so nothing overlaps at any zoom) and
// shifted so that the design point (cx, cy) lies as near the middle of the
// screen as the design's edges allow. Parts that do not fit lie off screen.
func NewZoomedLayout(w, h, zoom, cx, cy float64) Layout {
	zoom = ClampZoom(zoom)
	s := math.Min(w/DesignW, h/DesignH) * zoom
	if s <= 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		s = 1
	}
	ox := offset(w, DesignW*s, w/2-cx*s)
	oy := offset(h, DesignH*s, h/2-cy*s)
	d := func(x, y, rw, rh float64) Rect { return Rect{ox + x*s, oy + y*s, rw * s, rh * s} }
	l := Layout{
		Name:         Wide,
		Scale:        s,
		Screen:       d(0, 0, DesignW, DesignH),
		Title:        d(28, 14, 900, 70),
		TopRight:     d(940, 18, 632, 50),
		RingLabel:    d(40, 92, 620, 30),
		Ring:         Circle{X: ox + 350*s, Y: oy + 430*s, R: 295 * s},
		BarsLabel:    d(700, 92, 430, 30),
		Bars:         d(760, 150, 370, 520),
		Tabs:         d(1580-tabsW, 86, tabsW, 40),
		Numbers:      d(1165, 134, 410, 190),
		Table:        d(1165, 332, 410, 224),
		ChartLabel:   d(1165, 562, 410, 30),
		Chart:        d(1225, 596, 335, 118),
		LawLabel:     d(1165, 340, 410, 30),
		LawChart:     d(1225, 400, 335, 314),
		Lesson:       d(1150, 86, 430, 474),
		ViewControls: d(1150, 134, 430, 176),
		ViewFigures:  d(1150, 318, 430, 238),
		VLabel:       d(28, 772, 210, 52),
		VMinus:       d(246, 776, 44, 44),
		VSlider:      d(302, 778, 980, 40),
		VPlus:        d(1294, 776, 44, 44),
		VTicks:       d(302, 820, 980, 22),
		Seed:         d(28, 846, 250, 46),
		Nodes:        d(298, 846, 250, 46),
		Assign:       d(568, 846, 360, 46),
		Presets:      d(948, 846, 624, 46),
	}
	l.designed.lesson, l.designed.chartLabel, l.designed.chart = l.Lesson, l.ChartLabel, l.Chart
	l.designed.room = l.VPlus.Y - cardGap*s - l.Lesson.Y // down to the row of the V slider, the chart gone
	return l
}

// Heights of the view's controls card in design pixels: what it has
// unless its controls need more, and what the figures below it keep at
// least when they do.
const (
	viewControlsH = 176
	minFiguresH   = 150
	cardGap       = 8
)

// WithViewControls is l with the view's controls card h layout pixels
// high, if its controls need more than the design gives them, and the
// view's figures below it in what is left (at least minFiguresH).
func (l Layout) WithViewControls(h float64) Layout {
	if l.ViewControls.Empty() {
		return l
	}
	top, bottom := l.ViewControls.Y, l.ViewFigures.Y+l.ViewFigures.H
	h = math.Min(math.Max(h, viewControlsH*l.Scale), bottom-top-(cardGap+minFiguresH)*l.Scale)
	l.ViewControls.H = h
	l.ViewFigures.Y = top + h + cardGap*l.Scale
	l.ViewFigures.H = bottom - l.ViewFigures.Y
	return l
}

// SameOpening reports whether o places everything the first picture
// shows (the title, the ring, V and the bars: Scene.DrawOpening) where l
// does. The widgets' cards move only the parts that come a frame later
// (WithViewControls, WithTabs), and so does the lesson card, except on a
// phone held upright (LessonCardMovesTheRing).
func (l Layout) SameOpening(o Layout) bool {
	return l.Scale == o.Scale && l.Screen == o.Screen && l.Name == o.Name && l.Page == o.Page && l.MinText == o.MinText &&
		l.Title == o.Title && l.TopRight == o.TopRight && l.Ring == o.Ring && l.RingLabel == o.RingLabel &&
		l.VLabel == o.VLabel && l.Bars == o.Bars && l.BarsLabel == o.BarsLabel
}

// LessonCardMovesTheRing reports whether a lesson card taller than the
// design's would move the ring (WithLessonCard): on a phone held upright
// the ring gives up room to a long card.
func (l Layout) LessonCardMovesTheRing() bool {
	return l.Name == Upright && !l.designed.lesson.Empty()
}

// WithLessonCard is l with the lesson card h layout pixels high, if its
// texts and buttons need more than the design gives it (0: the design's
// card, as outside the lesson): the card grows down over the chart below
// it, which keeps what is left if that is at least minChartH and is not
// drawn otherwise; the card then may reach the row of the V slider. On a
// compact layout's page of its own it may take the whole page.
func (l Layout) WithLessonCard(h float64) Layout {
	if l.designed.lesson.Empty() {
		return l
	}
	if l.Name == Upright {
		// A phone held upright: for a long card the ring gives up more of
		// its size to the card's page, down to its least.
		l = compactLayout(l.designed.window, l.Page, true, 0)
		if h > l.designed.room {
			l = compactLayout(l.designed.window, l.Page, true, h/l.Scale+1)
		}
	}
	l.Lesson, l.ChartLabel, l.Chart = l.designed.lesson, l.designed.chartLabel, l.designed.chart
	if h <= l.Lesson.H {
		return l
	}
	l.Lesson.H = math.Min(h, l.LessonRoom())
	if shift := l.Lesson.Y + l.Lesson.H + cardGap*l.Scale - l.ChartLabel.Y; shift > 0 && !l.Chart.Empty() {
		l.ChartLabel.Y += shift
		l.Chart.Y += shift
		l.Chart.H -= shift
		if l.Chart.H < minChartH*l.Scale {
			l.Chart, l.ChartLabel = Rect{}, Rect{}
		}
	}
	return l
}

// LessonRoom is the most height WithLessonCard can give the lesson card.
func (l Layout) LessonRoom() float64 {
	switch {
	case l.designed.lesson.Empty():
		return l.Lesson.H
	case l.Name == Upright: // with the ring at its least
		return compactLayout(l.designed.window, l.Page, true, math.Inf(1)).designed.room
	}
	return l.designed.room
}

// minChartH is the least height of a chart's plot, in design pixels, that
// is still worth drawing under a grown lesson card.
const minChartH = 80

// WithTabs is l with the row of view tabs w layout pixels wide, if their
// labels need more than the design gives them: the row grows to the left,
// at most to the left edge of the buttons above it (the bars' label, which
// ends before the tabs, takes a shorter wording then).
func (l Layout) WithTabs(w float64) Layout {
	if l.Compact() {
		return l // the tabs have a page of their own, and wrap
	}
	right := l.Tabs.X + l.Tabs.W
	w = math.Min(math.Max(w, tabsW*l.Scale), right-l.TopRight.X)
	l.Tabs.X, l.Tabs.W = right-w, w
	return l
}

// tabsW is the tabs row's width in the design, in design pixels.
const tabsW = 430

// offset places a design of screen size size in a screen of size screen:
// centred when it fits, else at want, clamped so the design covers the
// screen.
func offset(screen, size, want float64) float64 {
	if size <= screen || math.IsNaN(want) {
		return (screen - size) / 2
	}
	return math.Min(0, math.Max(screen-size, want))
}

// ClampZoom keeps a zoom within [MinZoom, MaxZoom] (1 for NaN).
func ClampZoom(z float64) float64 {
	if math.IsNaN(z) {
		return MinZoom
	}
	return math.Min(MaxZoom, math.Max(MinZoom, z))
}

// DesignAt is the design point under screen point (x, y): the inverse of
// the layout's placement.
func (l Layout) DesignAt(x, y float64) (float64, float64) {
	return (x - l.Screen.X) / l.Scale, (y - l.Screen.Y) / l.Scale
}

// SliderHandle is the width of the V slider's handle, in design pixels.
const SliderHandle = 26

// SliderX is the screen x of the handle's centre at slider position pos out
// of max: the handle travels the track less its own width.
func (l Layout) SliderX(pos, max int) float64 {
	h := SliderHandle * l.Scale
	return l.VSlider.X + h/2 + float64(pos)/float64(max)*(l.VSlider.W-h)
}

// SliderPosAt is the slider position (0..max) whose handle centre is
// nearest to screen x: the inverse of SliderX, clamped to the track.
func (l Layout) SliderPosAt(x float64, max int) int {
	h := SliderHandle * l.Scale
	travel := l.VSlider.W - h
	if travel <= 0 {
		return 0
	}
	t := (x - l.VSlider.X - h/2) / travel
	return int(math.Round(math.Min(math.Max(t, 0), 1) * float64(max)))
}

// Font sizes in design pixels, chosen to read from the back of a classroom.
const (
	SizeTitle   = 32
	SizeHeading = 22
	SizeBody    = 20
	SizeSmall   = 17
	SizeBig     = 46
)
