//go:build e2e

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// 200 window resizes in a row, from a phone to a 4K projector: the app
// keeps drawing at the new size and every control stays on the canvas. A
// window held upright gets the upright layout, and turning it back the
// wide one.
func TestManyResizes(t *testing.T) {
	p := openApp(t, "")
	sizes := [][2]int64{{1600, 900}, {1024, 768}, {390, 844}, {1366, 768}, {3840, 2160}, {640, 360}, {800, 1280}, {1920, 1080}}
	size := func(i int) (int64, int64) { sz := sizes[i%len(sizes)]; return sz[0] + int64(i%7), sz[1] + int64(i%5) }
	for i := range 200 {
		p.run(chromedp.EmulateViewport(size(i)))
		if i%20 == 19 {
			p.waitFrames(1)
		}
	}
	p.run(chromedp.EmulateViewport(800, 1280))
	p.waitFrames(3)
	if got := p.state().Display.Layout; got != "upright" {
		t.Errorf("an 800x1280 window gets the %q layout, want upright", got)
	}
	fw, fh := size(199)
	if fw < fh {
		t.Fatalf("the test must end on a landscape size, not %dx%d", fw, fh)
	}
	p.run(chromedp.EmulateViewport(fw, fh))
	w, h := float64(fw), float64(fh)
	p.waitFrames(3)
	var canvasW, canvasH float64
	p.run(evaluate(`document.querySelector("canvas").clientWidth`, &canvasW), evaluate(`document.querySelector("canvas").clientHeight`, &canvasH))
	if canvasW != w || canvasH != h {
		t.Errorf("canvas is %vx%v CSS pixels, want the viewport's %vx%v", canvasW, canvasH, w, h)
	}
	if got := p.state().Display.Layout; got != "wide" && got != "sideways" {
		t.Errorf("a %vx%v window gets the %q layout", w, h, got)
	}
	for name, r := range p.layout() {
		if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > w+0.5 || r.Y+r.H > h+0.5 || r.W <= 0 || r.H <= 0 {
			t.Errorf("%s at %+v is not inside the %vx%v canvas", name, r, w, h)
		}
	}
	before := p.state().Frames
	p.waitFrames(2)
	if after := p.state().Frames; after <= before {
		t.Errorf("frames stopped at %d after the resizes", after)
	}
	if s := p.state(); s.V != 1 || fmt.Sprintf("%.3f", s.AvgImbalance) != "2.804" {
		t.Errorf("after the resizes the app shows V=%d, %.3f", s.V, s.AvgImbalance)
	}
}

// Inside a slide or a course page (?embed=1) the title bar goes, and the
// app still answers the keyboard.
func TestEmbedded(t *testing.T) {
	p := openApp(t, "?embed=1&v=16")
	if s := p.state(); !s.Display.Embed || s.V != 16 {
		t.Fatalf("embed=1 opened %+v", s)
	}
	if _, ok := p.layout()["lesson"]; ok {
		t.Error("the title bar's buttons are still there")
	}
	p.press(keyArrowRight)
	expect(t, p, "→ still doubles V", func(s appState) bool { return s.V == 32 })
}
