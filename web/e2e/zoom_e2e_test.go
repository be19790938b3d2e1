//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"vnodes/sim"
)

var (
	keyEqual = keyDef{"=", "Equal", 187}
	keyMinus = keyDef{"-", "Minus", 189}
)

// wheel turns the mouse wheel over (x, y) by dy pixels.
func (p *page) wheel(x, y, dx, dy float64) {
	p.t.Helper()
	ev := input.DispatchMouseEvent(input.MouseWheel, x, y).WithDeltaX(dx).WithDeltaY(dy)
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { return ev.Do(ctx) }))
	p.waitFrames(2)
}

func onScreen(r rect) bool {
	return r.X >= 0 && r.Y >= 0 && r.X+r.W <= viewportW && r.Y+r.H <= viewportH
}

// Zoom enlarges everything alike, from the keys or a link; the wheel and the
// keyboard focus move around the enlarged scene; the figures stay sim's.
func TestZoomEnlargesTheWholeScene(t *testing.T) {
	p := openApp(t, "?v=16")
	fitted := p.layout()
	p.mouse(input.MouseMoved, viewportW/2, viewportH/2, 0)
	for _, want := range []float64{1.25, 1.5, 2} {
		p.press(keyEqual)
		expect(t, p, fmt.Sprintf("= zooms in to %g", want), func(s appState) bool { return s.Display.Zoom == want })
	}
	zoomed := p.layout()
	for _, name := range []string{"ring", "bars", "vSlider", "table"} {
		if got, want := zoomed[name].W, 2*fitted[name].W; math.Abs(got-want) > 2 {
			t.Errorf("at zoom 2 the %s is %.0f px wide, want twice %.0f", name, got, fitted[name].W)
		}
	}
	// Zooming about the middle of the window keeps the design point there.
	fc, zc := fitted["ring"], zoomed["ring"]
	fx := viewportW/2 + (fc.X-viewportW/2)*2
	if math.Abs(zc.X-fx) > 2 {
		t.Errorf("the ring's left edge went to %.0f, want %.0f: the zoom did not keep the middle in place", zc.X, fx)
	}
	if onScreen(zoomed["vSlider"]) || onScreen(zoomed["ring"]) {
		t.Errorf("at zoom 2 the slider (%v) and the ring (%v) both fit on screen: nothing was enlarged", zoomed["vSlider"], zoomed["ring"])
	}
	// The wheel moves the scene: down a notch shows what is lower.
	p.wheel(viewportW/2, viewportH/2, 0, 300)
	moved := p.layout()
	if moved["ring"].Y >= zoomed["ring"].Y {
		t.Errorf("the wheel did not scroll the zoomed scene: the ring stayed at y=%.0f", moved["ring"].Y)
	}
	// Tab to the slider brings it into view, and it works there.
	for i := 0; p.state().Display.Focus != "vSlider"; i++ {
		if i == 40 {
			t.Fatal("Tab never reached the slider")
		}
		p.press(keyTab)
	}
	// At zoom 2 the slider is wider than the window: its middle comes into view.
	if r := p.layout()["vSlider"]; r.Y < 0 || r.Y+r.H > viewportH || r.X+r.W/2 < 0 || r.X+r.W/2 > viewportW {
		t.Errorf("the focused slider is off screen at %v", r)
	}
	p.press(keyArrowRight)
	expect(t, p, "→ on the focused slider adds a range", func(s appState) bool { return s.V == 17 })
	want, _ := sim.Run(sim.Params{Nodes: 10, V: 17, Seeds: 20})
	if s := p.state(); fmt.Sprintf("%.4f", s.AvgImbalance) != fmt.Sprintf("%.4f", want.Average.Imbalance) || s.Display.Zoom != 2 {
		t.Errorf("zoomed: imbalance %.4f, zoom %g; want sim's %.4f at zoom 2", s.AvgImbalance, s.Display.Zoom, want.Average.Imbalance)
	}
	p.press(keyEscape)
	p.mouse(input.MouseMoved, viewportW-4, 4, 0) // no tooltip in the picture
	shoot(t, p, "zoom-2-slider.png")
	for range 4 {
		p.press(keyMinus)
	}
	expect(t, p, "− zooms back out to the fitted scene", func(s appState) bool { return s.Display.Zoom == 1 })
	if back := p.layout()["ring"]; math.Abs(back.X-fitted["ring"].X) > 1 || math.Abs(back.W-fitted["ring"].W) > 1 {
		t.Errorf("zoomed out, the ring is at %v, want %v", back, fitted["ring"])
	}
}

// A zoomed link opens on the top left (the title and the ring), carries
// its zoom in the address, and a bad zoom is clamped with a notice.
func TestZoomLinks(t *testing.T) {
	p := openApp(t, "?zoom=2&v=16")
	s := p.state()
	if s.Display.Zoom != 2 {
		t.Fatalf("?zoom=2 opened at zoom %g", s.Display.Zoom)
	}
	l := p.layout()
	if r := l["ring"]; r.X < 0 || r.Y < 0 {
		t.Errorf("?zoom=2 opened away from the top left: the ring starts at (%.0f, %.0f)", r.X, r.Y)
	}
	p.waitFor(`location.search.includes("zoom=2")`)
	shoot(t, p, "zoom-2.png")
	q := openApp(t, "?zoom=9")
	if s := q.state(); s.Display.Zoom != 3 || len(s.Notices) == 0 {
		t.Errorf("?zoom=9: zoom %g, notices %q; want 3 and a notice", s.Display.Zoom, s.Notices)
	}
}

// The browser's own zoom (Ctrl +) enlarges the scene too; a denser screen
// (a higher pixel ratio with the same CSS size) does not.
func TestBrowserZoomEnlargesTheScene(t *testing.T) {
	p := openApp(t, "")
	fitted := p.layout()["ring"]
	emulate := func(w, h int64, scale float64) {
		p.run(chromedp.EmulateViewport(w, h, chromedp.EmulateScale(scale)))
		p.waitFrames(3)
	}
	emulate(1280, 720, 1.25) // what Ctrl+ to 125 % does to a 1600x900 window
	expect(t, p, "Ctrl+ to 125 % zooms the scene 1.25 times", func(s appState) bool { return s.Display.Zoom == 1.25 })
	// layout() is in CSS pixels, which are 1.25 device pixels now: a ring
	// as wide as before in CSS pixels is 1.25 times as many device pixels,
	// where an unzoomed scene would have shrunk to 1/1.25 of it.
	if r := p.layout()["ring"]; math.Abs(r.W-fitted.W) > 2 {
		t.Errorf("at 125 %% the ring is %.0f CSS px wide, want %.0f as before", r.W, fitted.W)
	}
	emulate(1600, 900, 1)
	expect(t, p, "back to 100 % the scene fits again", func(s appState) bool { return s.Display.Zoom == 1 })
	emulate(1600, 900, 2) // the same window on a screen twice as dense
	expect(t, p, "a denser screen is not a zoom", func(s appState) bool { return s.Display.Zoom == 1 })
}
