package geom

import (
	"math"
	"testing"
)

// The phones and tablets of the start-up issue's tests, and a small phone,
// at the device pixel ratios phones have.
var compactWindows = []struct {
	w, h float64 // CSS pixels
	name string
}{
	{390, 844, Upright}, {844, 390, Sideways}, {768, 1024, Upright}, {360, 740, Upright}, {1024, 768, Wide}, {1024, 576, Sideways},
	{1280, 720, Wide}, {1600, 900, Wide},
}

func TestTheWindowChoosesTheLayout(t *testing.T) {
	for _, c := range compactWindows {
		for _, dsf := range []float64{1, 2, 3} {
			if got := LayoutName(Window{c.w * dsf, c.h * dsf, dsf}); got != c.name {
				t.Errorf("%vx%v CSS px at %v: layout %s, want %s", c.w, c.h, dsf, got, c.name)
			}
		}
	}
	if got := LayoutName(Window{0, 0, 0}); got != Wide {
		t.Errorf("an empty window gets %s, want the wide design", got)
	}
}

// On every page of a compact layout: text at least MinTextCSS, every part
// inside the window, controls at least MinTouchCSS, and no two parts over
// each other but those that share the column by design.
func TestCompactPagesFitAndCanBeTouched(t *testing.T) {
	shareTheColumn := map[string]bool{"Numbers": true, "Table": true, "ViewControls": true, "ViewFigures": true, "Lesson": true}
	touched := []string{"VMinus", "VPlus", "Seed", "Nodes", "Assign", "Presets", "Tabs", "TopRight", "Pager"}
	for _, c := range compactWindows {
		if c.name == Wide {
			continue
		}
		for _, dsf := range []float64{1, 2.75} {
			win := Window{c.w * dsf, c.h * dsf, dsf}
			for _, page := range Pages {
				l := NewLayoutFor(win, page, 1, 0, 0)
				where := func() string { return l.Name + " " + page }
				if l.Page != page {
					t.Fatalf("%vx%v: asked for page %s, got %s", c.w, c.h, page, l.Page)
				}
				if px := SizeSmall * l.Scale / dsf; px < MinTextCSS-1e-9 {
					t.Errorf("%vx%v %s: the smallest text is %.1f CSS px", c.w, c.h, where(), px)
				}
				window := Rect{0, 0, win.W, win.H}
				all := rects(l)
				for name, r := range all {
					if r.Empty() {
						continue
					}
					if !inside(r, window, 1e-6) {
						t.Errorf("%vx%v %s: %s %+v is outside the window", c.w, c.h, where(), name, r)
					}
					for other, o := range all {
						if name < other && !o.Empty() && overlap(r, o) && name != "Screen" && other != "Screen" &&
							!(shareTheColumn[name] && shareTheColumn[other]) &&
							!((name == "LawChart" && other == "Chart") || (name == "Chart" && other == "LawChart") ||
								(name == "ChartLabel" && other == "LawLabel") || (name == "LawLabel" && other == "ChartLabel")) &&
							!(name == "Nodes" && other == "Seed" && r == o) {
							t.Errorf("%vx%v %s: %s %+v overlaps %s %+v", c.w, c.h, where(), name, r, other, o)
						}
					}
				}
				for _, name := range touched {
					if r := all[name]; !r.Empty() && math.Min(r.W, r.H) < MinTouchCSS*dsf-1e-6 {
						t.Errorf("%vx%v %s: %s is %.0f×%.0f CSS px, under %d", c.w, c.h, where(), name, r.W/dsf, r.H/dsf, MinTouchCSS)
					}
				}
				if l.Touch < MinTouchCSS*dsf-1e-6 {
					t.Errorf("%vx%v %s: controls may be %.0f CSS px", c.w, c.h, where(), l.Touch/dsf)
				}
				ring := l.Ring
				if ring.R < 45*dsf || !inside(Rect{ring.X - ring.R, ring.Y - ring.R, 2 * ring.R, 2 * ring.R}, window, 1e-6) {
					t.Errorf("%vx%v %s: the ring %+v is small or not inside the window", c.w, c.h, where(), ring)
				}
				if page == PageFigures && l.Lesson.H < pageLeast*l.Scale-1e-6 {
					t.Errorf("%vx%v %s: the lesson card is %.0f design px high", c.w, c.h, where(), l.Lesson.H/l.Scale)
				}
			}
		}
	}
}

// The wide design is what it was: the compact layouts change nothing at
// 1280×720 and larger.
func TestLargeWindowsKeepTheWideDesign(t *testing.T) {
	for _, sz := range [][2]float64{{1280, 720}, {1600, 900}, {1920, 1080}} {
		for _, dsf := range []float64{1, 2} {
			got := NewLayoutFor(Window{sz[0] * dsf, sz[1] * dsf, dsf}, PageChart, 1, DesignW/2, DesignH/2)
			want := NewLayout(sz[0]*dsf, sz[1]*dsf)
			if got != want {
				t.Errorf("%vx%v at %v: the layout differs from the wide design", sz[0], sz[1], dsf)
			}
		}
	}
}
