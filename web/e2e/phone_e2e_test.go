//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"vnodes/render/geom"
	"vnodes/render/view"
	"vnodes/render/views"
	"vnodes/sim"
)

// The screens of a class: a phone upright and sideways, a tablet upright,
// a laptop. On each, in English and in German, every view and every page
// of a compact layout: every part inside the page, no two controls over
// each other or over the ring, the bars or the chart, every control at
// least 44×44 CSS px where the screen is under 600 px, and no text under
// 12 CSS px. The pages and the views are reached by a finger's taps.
func TestEveryScreenOfAClass(t *testing.T) {
	screens := []struct {
		w, h   int64
		scale  float64
		layout string
	}{
		{390, 844, 2, geom.Upright}, {844, 390, 1, geom.Sideways}, {768, 1024, 1, geom.Upright}, {1280, 720, 1, geom.Wide},
	}
	for _, sc := range screens {
		for _, tag := range []string{"en", "de"} {
			t.Run(fmt.Sprintf("%dx%d-%s", sc.w, sc.h, tag), func(t *testing.T) {
				p := openAppScaled(t, "?lang="+tag, sc.scale)
				p.run(chromedp.EmulateViewport(sc.w, sc.h, chromedp.EmulateScale(sc.scale)),
					emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
				p.waitFrames(3)
				if got := p.state().Display.Layout; got != sc.layout {
					t.Fatalf("layout %q, want %q", got, sc.layout)
				}
				small := sc.w < geom.SmallScreenCSS || sc.h < geom.SmallScreenCSS
				pages := geom.Pages
				if sc.layout == geom.Wide {
					pages = []string{""}
				}
				for i, v := range views.All.Views() {
					if sc.layout == geom.Wide {
						p.tap(tabName(v))
					} else {
						p.tap("pageViews")
						p.tap(tabName(v))
					}
					p.settle()
					if s := p.state(); s.Mode != v.Name() {
						t.Fatalf("after a tap on its tab the view is %q, want %q (%d)", s.Mode, v.Name(), i)
					}
					for _, page := range pages {
						if page != "" {
							p.tap("page" + strings.ToUpper(page[:1]) + page[1:])
							if got := p.state().Display.Page; got != page {
								t.Fatalf("%s: after a tap on its button the page is %q, want %q", v.ID(), got, page)
							}
						}
						checkScreen(t, p, fmt.Sprintf("%s %s", v.ID(), page), float64(sc.w), float64(sc.h), small)
					}
				}
			})
		}
	}
}

func tabName(v view.View) string {
	id := v.ID()
	return "tab" + strings.ToUpper(id[:1]) + id[1:]
}

// drawingAreas are the parts of layout() that are drawn, not touched: the
// view's own figures may lie over the numbers and the table.
var drawingAreas = map[string]bool{"ring": true, "bars": true, "numbers": true, "table": true, "chart": true}

func checkScreen(t *testing.T, p *page, where string, w, h float64, small bool) {
	t.Helper()
	if px := p.state().Display.TextPx; px < geom.MinTextCSS-0.01 {
		t.Errorf("%s: the smallest text is %.1f CSS px, under %d", where, px, geom.MinTextCSS)
	}
	all := p.layout()
	for name, r := range all {
		if r.W <= 0 || r.H <= 0 || r.X < -0.5 || r.Y < -0.5 || r.X+r.W > w+0.5 || r.Y+r.H > h+0.5 {
			t.Errorf("%s: %s at %+v is not inside the %vx%v page", where, name, r, w, h)
		}
		if drawingAreas[name] {
			continue
		}
		if small && (r.W < geom.MinTouchCSS-0.5 || r.H < geom.MinTouchCSS-0.5) && touchable(name) {
			t.Errorf("%s: %s is %.0f×%.0f CSS px, under %d×%d", where, name, r.W, r.H, geom.MinTouchCSS, geom.MinTouchCSS)
		}
		for other, o := range all { // a control against every other control and what is drawn, but the column's areas
			if other == name || (!drawingAreas[other] && other < name) || other == "numbers" || other == "table" {
				continue
			}
			if r.X < o.X+o.W-0.5 && o.X < r.X+r.W-0.5 && r.Y < o.Y+o.H-0.5 && o.Y < r.Y+r.H-0.5 {
				t.Errorf("%s: %s at %+v overlaps %s at %+v", where, name, r, other, o)
			}
		}
	}
}

// touchable tells the controls from the labels that only show a value
// (a knob's value, the slider's track is as high as a finger needs around
// it: VSlider answers 8 design pixels either side).
func touchable(name string) bool {
	return !strings.HasSuffix(name, "Value") && name != "vSlider"
}

// tap touches a control's centre and lets go.
func (p *page) tap(name string) {
	p.t.Helper()
	x, y := p.control(name).center()
	p.touch(input.TouchStart, x, y)
	p.touch(input.TouchEnd, x, y)
}

// On a phone held upright a finger drags V to the right end of the slider,
// and the figures are the reference's, as the desktop drag gives them.
func TestAFingerDragsVOnAnUprightPhone(t *testing.T) {
	p := openAppScaled(t, "", 2)
	p.run(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)), emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
	p.waitFrames(3)
	if got := p.state().Display.Layout; got != geom.Upright {
		t.Fatalf("a 390×844 phone gets the %q layout", got)
	}
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	x0, x1 := slider.X+4, slider.X+slider.W+20
	p.touch(input.TouchStart, x0, y)
	for i := 1; i <= 5; i++ {
		p.touch(input.TouchMove, x0+(x1-x0)*float64(i)/5, y)
	}
	p.touch(input.TouchEnd, x1, y)
	p.settle()
	s := p.state()
	want, _ := sim.Run(sim.Params{Nodes: 10, V: view.MaxSliderV, Seeds: 20})
	if s.V != view.MaxSliderV || s.AvgImbalance != want.Average.Imbalance {
		t.Fatalf("after a finger drag to the right end: V = %d, busiest/mean %v; want %d, %v", s.V, s.AvgImbalance, view.MaxSliderV, want.Average.Imbalance)
	}
	var scrolled float64
	p.run(evaluate(`window.scrollY`, &scrolled))
	if scrolled != 0 {
		t.Errorf("the drag scrolled the page by %v px", scrolled)
	}
	// A tap on a bar shows its tooltip.
	bars := p.control("bars")
	bx, by := bars.X+bars.W*0.05, bars.Y+bars.H-4
	p.touch(input.TouchStart, bx, by)
	p.touch(input.TouchEnd, bx, by)
	if s := p.state(); s.Display.Tooltip == "" || s.Display.HoverNode != "A" {
		t.Errorf("a tap on node A's bar: hover %q, tooltip %q", s.Display.HoverNode, s.Display.Tooltip)
	}
}

// The README's pictures of the compact layouts: a phone upright and
// sideways, and a lesson step upright.
func TestPhoneScreens(t *testing.T) {
	for _, sc := range []struct {
		name, query, page string
		w, h              int64
	}{
		{"phone-upright.png", "?v=16", "", 390, 844},
		{"phone-sideways.png", "?v=16", "pageFigures", 844, 390},
		{"phone-lesson.png", "?step=2", "", 390, 844},
	} {
		p := openApp(t, sc.query)
		p.run(chromedp.EmulateViewport(sc.w, sc.h), emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
		p.waitFrames(3)
		if sc.page != "" {
			p.tap(sc.page)
		}
		p.settle()
		checkScreen(t, p, sc.name, float64(sc.w), float64(sc.h), true)
		shoot(t, p, sc.name)
	}
}
