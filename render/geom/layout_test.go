package geom

import (
	"math"
	"reflect"
	"testing"
)

// rects lists every Rect field of l by name, so new regions are checked too.
func rects(l Layout) map[string]Rect {
	out := make(map[string]Rect)
	v := reflect.ValueOf(l)
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		if !v.Type().Field(i).IsExported() {
			continue // the design's own places, kept for WithLessonCard
		}
		if r, ok := v.Field(i).Interface().(Rect); ok && !(l.Name == Wide && name == "Pager") {
			out[name] = r
		}
	}
	return out
}

func inside(r, outer Rect, eps float64) bool {
	return r.X >= outer.X-eps && r.Y >= outer.Y-eps &&
		r.X+r.W <= outer.X+outer.W+eps && r.Y+r.H <= outer.Y+outer.H+eps
}

// overlap reports whether the interiors of a and b meet (touching edges do not count).
func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// circleMeetsRect reports whether the disc c and the interior of r meet.
func circleMeetsRect(c Circle, r Rect) bool {
	nx := math.Min(math.Max(c.X, r.X), r.X+r.W)
	ny := math.Min(math.Max(c.Y, r.Y), r.Y+r.H)
	return math.Hypot(c.X-nx, c.Y-ny) < c.R
}

var layoutSizes = [][2]float64{{1600, 900}, {1280, 720}, {3840, 2160}, {1000, 1000}, {800, 300}, {0, 0}}

var controls = []string{"VLabel", "VMinus", "VSlider", "VPlus", "Seed", "Nodes", "Assign", "Presets"}

func TestLayoutRegionsInsideScreen(t *testing.T) {
	for _, sz := range layoutSizes {
		l := NewLayout(sz[0], sz[1])
		eps := 1e-9 * math.Max(1, l.Scale)
		all := rects(l)
		if len(all) < 20 {
			t.Fatalf("only %d regions found in Layout", len(all))
		}
		for name, r := range all {
			for _, f := range []float64{r.X, r.Y, r.W, r.H} {
				if math.IsNaN(f) || math.IsInf(f, 0) {
					t.Fatalf("%vx%v: %s = %+v is not finite", sz[0], sz[1], name, r)
				}
			}
			if !(r.W > 0 && r.H > 0) {
				t.Errorf("%vx%v: %s = %+v is empty", sz[0], sz[1], name, r)
			}
			if !inside(r, l.Screen, eps) {
				t.Errorf("%vx%v: %s = %+v is outside the screen %+v", sz[0], sz[1], name, r, l.Screen)
			}
		}
		c, s := l.Ring, l.Screen
		if !(c.R > 0 && c.X-c.R >= s.X-eps && c.X+c.R <= s.X+s.W+eps && c.Y-c.R >= s.Y-eps && c.Y+c.R <= s.Y+s.H+eps) {
			t.Errorf("%vx%v: ring %+v is not inside the screen %+v", sz[0], sz[1], c, s)
		}
	}
}

func TestLayoutControlsDoNotOverlap(t *testing.T) {
	for _, sz := range layoutSizes {
		l := NewLayout(sz[0], sz[1])
		all := rects(l)
		noPairOverlaps(t, sz, all, controls)
		// Nor do the controls cover a panel or its label.
		for _, a := range controls {
			for _, p := range []string{"Title", "TopRight", "RingLabel", "Bars", "BarsLabel", "Numbers", "Table", "Chart", "ChartLabel", "Lesson"} {
				if overlap(all[a], all[p]) {
					t.Errorf("%vx%v: control %s %+v overlaps %s %+v", sz[0], sz[1], a, all[a], p, all[p])
				}
			}
		}
	}
}

func TestLayoutPanelsDoNotOverlap(t *testing.T) {
	panels := []string{"Title", "TopRight", "RingLabel", "BarsLabel", "Bars", "Numbers", "Table", "ChartLabel", "Chart"}
	for _, sz := range layoutSizes {
		l := NewLayout(sz[0], sz[1])
		all := rects(l)
		noPairOverlaps(t, sz, all, panels)
		for _, name := range append([]string{"Bars", "Numbers", "Table", "Chart", "BarsLabel", "ChartLabel", "Lesson"}, controls...) {
			if circleMeetsRect(l.Ring, all[name]) {
				t.Errorf("%vx%v: ring %+v overlaps %s %+v", sz[0], sz[1], l.Ring, name, all[name])
			}
		}
	}
}

// The design keeps 16:9, fills the window in one direction and is centred
// in the other.
func TestLayoutLetterbox(t *testing.T) {
	cases := []struct {
		w, h   float64
		scale  float64
		screen Rect
	}{
		{1600, 900, 1, Rect{0, 0, 1600, 900}},
		{1280, 720, 0.8, Rect{0, 0, 1280, 720}},
		{3840, 2160, 2.4, Rect{0, 0, 3840, 2160}},
		{1000, 1000, 0.625, Rect{0, 218.75, 1000, 562.5}},
		{800, 300, 1.0 / 3, Rect{400.0 / 3, 0, 1600.0 / 3, 300}},
		{0, 0, 1, Rect{-800, -450, 1600, 900}}, // degenerate: drawn at design size
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9*math.Max(1, math.Abs(b)) }
	for _, c := range cases {
		l := NewLayout(c.w, c.h)
		s := l.Screen
		if !near(l.Scale, c.scale) {
			t.Errorf("%vx%v: Scale = %v, want %v", c.w, c.h, l.Scale, c.scale)
		}
		if !near(s.X, c.screen.X) || !near(s.Y, c.screen.Y) || !near(s.W, c.screen.W) || !near(s.H, c.screen.H) {
			t.Errorf("%vx%v: Screen = %+v, want %+v", c.w, c.h, s, c.screen)
		}
		if !near(s.W*DesignH, s.H*DesignW) {
			t.Errorf("%vx%v: Screen %+v is not 16:9", c.w, c.h, s)
		}
		if !near(s.CenterX(), c.w/2) || !near(s.CenterY(), c.h/2) {
			t.Errorf("%vx%v: Screen %+v is not centred", c.w, c.h, s)
		}
		if c.w > 0 && c.h > 0 {
			if s.W > c.w+1e-9 || s.H > c.h+1e-9 || !(near(s.W, c.w) || near(s.H, c.h)) {
				t.Errorf("%vx%v: Screen %+v does not fit the window snugly", c.w, c.h, s)
			}
		}
	}
	for _, sz := range [][2]float64{{0, 900}, {1600, 0}, {-100, -100}, {-1600, 900}} {
		if l := NewLayout(sz[0], sz[1]); l.Scale != 1 {
			t.Errorf("%vx%v: Scale = %v, want the fallback 1", sz[0], sz[1], l.Scale)
		}
	}
}

// Every window size shows the same picture, only scaled and shifted.
func TestLayoutScalesUniformly(t *testing.T) {
	base := NewLayout(DesignW, DesignH)
	baseRects := rects(base)
	for _, sz := range layoutSizes[1:] {
		l := NewLayout(sz[0], sz[1])
		k, ox, oy := l.Scale, l.Screen.X, l.Screen.Y
		eps := 1e-9 * math.Max(1, k)
		for name, r := range rects(l) {
			b := baseRects[name]
			want := Rect{ox + b.X*k, oy + b.Y*k, b.W * k, b.H * k}
			if math.Abs(r.X-want.X) > eps || math.Abs(r.Y-want.Y) > eps || math.Abs(r.W-want.W) > eps || math.Abs(r.H-want.H) > eps {
				t.Errorf("%vx%v: %s = %+v, want %+v", sz[0], sz[1], name, r, want)
			}
		}
		want := Circle{ox + base.Ring.X*k, oy + base.Ring.Y*k, base.Ring.R * k}
		if math.Abs(l.Ring.X-want.X) > eps || math.Abs(l.Ring.Y-want.Y) > eps || math.Abs(l.Ring.R-want.R) > eps {
			t.Errorf("%vx%v: Ring = %+v, want %+v", sz[0], sz[1], l.Ring, want)
		}
	}
}

func TestRectContainsAndCentre(t *testing.T) {
	r := Rect{X: 10, Y: 20, W: 30, H: 40}
	in := [][2]float64{{10, 20}, {39.999, 59.999}, {25, 40}}
	out := [][2]float64{{40, 30}, {20, 60}, {9.999, 30}, {20, 19.999}, {40, 60}, {math.NaN(), 30}}
	for _, p := range in {
		if !r.Contains(p[0], p[1]) {
			t.Errorf("%+v does not contain %v", r, p)
		}
	}
	for _, p := range out {
		if r.Contains(p[0], p[1]) {
			t.Errorf("%+v contains %v (edges at X+W and Y+H are outside)", r, p)
		}
	}
	if r.CenterX() != 25 || r.CenterY() != 40 {
		t.Errorf("centre of %+v = (%v, %v), want (25, 40)", r, r.CenterX(), r.CenterY())
	}
	if (Rect{}).Contains(0, 0) {
		t.Errorf("an empty Rect contains its corner")
	}
}

// The slider handle travels the whole track without leaving it, and moves
// right as the position grows.
func TestLayoutSliderX(t *testing.T) {
	for _, sz := range layoutSizes {
		l := NewLayout(sz[0], sz[1])
		last := Slider{VMax: 256}.Max()
		h := SliderHandle * l.Scale
		eps := 1e-9 * math.Max(1, l.Scale)
		tr := l.VSlider
		if x := l.SliderX(0, last); math.Abs(x-(tr.X+h/2)) > eps {
			t.Errorf("%vx%v: SliderX(0) = %v, want the track's left end plus half a handle (%v)", sz[0], sz[1], x, tr.X+h/2)
		}
		if x := l.SliderX(last, last); math.Abs(x-(tr.X+tr.W-h/2)) > eps {
			t.Errorf("%vx%v: SliderX(last) = %v, want the track's right end less half a handle (%v)", sz[0], sz[1], x, tr.X+tr.W-h/2)
		}
		prev := math.Inf(-1)
		for pos := 0; pos <= last; pos++ {
			x := l.SliderX(pos, last)
			if x-h/2 < tr.X-eps || x+h/2 > tr.X+tr.W+eps {
				t.Fatalf("%vx%v: handle at position %d (x=%v) leaves the track %+v", sz[0], sz[1], pos, x, tr)
			}
			if x <= prev {
				t.Fatalf("%vx%v: SliderX(%d) = %v is not right of SliderX(%d) = %v", sz[0], sz[1], pos, x, pos-1, prev)
			}
			prev = x
		}
	}
}

// noPairOverlaps fails for every two of the named rectangles that overlap.
func noPairOverlaps(t *testing.T, sz [2]float64, all map[string]Rect, names []string) {
	t.Helper()
	for i, a := range names {
		for _, b := range names[i+1:] {
			if overlap(all[a], all[b]) {
				t.Errorf("%vx%v: %s %+v overlaps %s %+v", sz[0], sz[1], a, all[a], b, all[b])
			}
		}
	}
}

// SliderPosAt undoes SliderX, and clamps beyond the track's ends.
func TestSliderPosAtInvertsSliderX(t *testing.T) {
	for _, size := range [][2]float64{{1600, 900}, {3840, 2160}, {1024, 768}} {
		l := NewLayout(size[0], size[1])
		s := Slider{VMax: 256}
		for pos := 0; pos <= s.Max(); pos++ {
			if got := l.SliderPosAt(l.SliderX(pos, s.Max()), s.Max()); got != pos {
				t.Fatalf("%v: SliderPosAt(SliderX(%d)) = %d", size, pos, got)
			}
		}
		if got := l.SliderPosAt(l.VSlider.X-500, s.Max()); got != 0 {
			t.Errorf("%v: far left gives %d, want 0", size, got)
		}
		if got := l.SliderPosAt(l.VSlider.X+l.VSlider.W+500, s.Max()); got != s.Max() {
			t.Errorf("%v: far right gives %d, want %d", size, got, s.Max())
		}
	}
}

// coveredByTheCard are the parts the lesson card lies over by design
// (the numbers column and the tabs), and the screen and itself.
var coveredByTheCard = map[string]bool{"Lesson": true, "Screen": true, "Tabs": true, "ViewControls": true, "ViewFigures": true,
	"Numbers": true, "Table": true, "LawLabel": true, "LawChart": true}

// A lesson card whose texts need more room grows down over the chart
// below it; the chart keeps what is left, or goes when too little is; the
// design comes back for a shorter card, and a compact layout keeps its page.
func TestLessonCardGrowsOverTheChart(t *testing.T) {
	l := NewLayout(1280, 720)
	s := l.Scale
	if got := l.WithLessonCard(l.Lesson.H / 2); got != l {
		t.Errorf("a card that fits changed the layout: %+v", got.Lesson)
	}
	grown := l.WithLessonCard(l.Lesson.H + 20*s)
	if grown.Lesson.H != l.Lesson.H+20*s || grown.Lesson.Y != l.Lesson.Y {
		t.Errorf("card %+v, want %+v 20 design pixels higher", grown.Lesson, l.Lesson)
	}
	if grown.ChartLabel.Y < grown.Lesson.Y+grown.Lesson.H || grown.Chart.Y+grown.Chart.H != l.Chart.Y+l.Chart.H || grown.Chart.H >= l.Chart.H {
		t.Errorf("the chart under a grown card: label %+v, plot %+v (was %+v)", grown.ChartLabel, grown.Chart, l.Chart)
	}
	if again := grown.WithLessonCard(l.Lesson.H + 20*s); again != grown {
		t.Errorf("growing a grown card again moved it: %+v, want %+v", again.Lesson, grown.Lesson)
	}
	if back := grown.WithLessonCard(0); back != l {
		t.Errorf("the design's card did not come back: %+v, chart %+v", back.Lesson, back.Chart)
	}
	tall := l.WithLessonCard(10 * l.Lesson.H)
	if !tall.Chart.Empty() || !tall.ChartLabel.Empty() {
		t.Errorf("no room for a chart, yet it is at %+v", tall.Chart)
	}
	if foot := tall.Lesson.Y + tall.Lesson.H; foot > l.VPlus.Y || foot < l.Chart.Y+l.Chart.H {
		t.Errorf("a very long card ends at %.0f: want it past the chart's place (%.0f) and above the V slider's row (%.0f)", foot, l.Chart.Y+l.Chart.H, l.VPlus.Y)
	}
	for name, r := range rects(tall) {
		if !coveredByTheCard[name] && overlap(r, tall.Lesson) {
			t.Errorf("the grown card covers %s at %+v", name, r)
		}
	}
	for _, win := range []Window{{W: 390 * 3, H: 844 * 3, DSF: 3}, {W: 1024, H: 576, DSF: 1}} {
		phone := NewLayoutFor(win, PageFigures, 1, 0, 0)
		long := phone.WithLessonCard(10 * phone.Lesson.H)
		if long.Lesson.X != phone.Lesson.X || long.Lesson.Y > phone.Lesson.Y || long.Lesson.H <= phone.Lesson.H || !inside(long.Lesson, long.Screen, 0.5) {
			t.Errorf("%s: a long card on its page is at %+v (the page's card %+v, the screen %+v)", phone.Name, long.Lesson, phone.Lesson, phone.Screen)
		}
		for name, r := range rects(long) {
			if !coveredByTheCard[name] && overlap(r, long.Lesson) {
				t.Errorf("%s: the long card covers %s at %+v", phone.Name, name, r)
			}
		}
		if back := long.WithLessonCard(0); back != phone {
			t.Errorf("%s: the page's card did not come back: %+v", phone.Name, back.Lesson)
		}
	}
}
