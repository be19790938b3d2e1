//go:build e2e && soak

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// A whole lesson long: 2,000 changes of V by the slider, 50 changes of N,
// and the join and hot key views opened and closed, in one page. The Go
// heap and the JavaScript heap must level off after a warm-up, the page
// must report no error, and frames must keep coming. (make soak)
//
// The margin: after the warm-up the app holds one result, its rows and
// the cached images; what a change allocates is garbage the next GC
// collects. A leak of even one result per change (about 10 KB at N=10,
// V=256) would add 20 MB over 2,000 changes, so the heap may grow by at
// most 8 MB and 50 % between the warm-up and the end, which covers GC
// timing (the heap is read between collections) but not such a leak.
func TestSoak(t *testing.T) {
	// Software WebGL repaints a changed 1600x900 frame in a few tenths of a
	// second, so the soak runs in a smaller window (what it measures, memory,
	// does not depend on the size), and each move waits for one frame, the
	// tick that reads it. Even so the 2,000 changes take 9 to 16 minutes
	// here (as fast as SwiftShader draws that day), more than the three that
	// other tests get.
	p := openAppWithin(t, "", 1, 28*time.Minute)
	p.run(chromedp.EmulateViewport(800, 450))
	p.waitFrames(3)
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	move := func(i int) { // back and forth along the track, one V change a frame
		f := float64(i%200) / 199
		if (i/200)%2 == 1 {
			f = 1 - f
		}
		ev := input.DispatchMouseEvent(input.MouseMoved, slider.X+8+f*(slider.W-16), y).WithButtons(1)
		p.run(chromedp.ActionFunc(func(ctx context.Context) error { return ev.Do(ctx) }))
		p.waitFrames(1)
	}
	heaps := func() (goHeap, jsHeap float64) {
		s := p.state()
		var used float64
		p.run(chromedp.ActionFunc(func(ctx context.Context) error {
			u, _, _, _, err := runtime.GetHeapUsage().Do(ctx)
			used = u
			return err
		}))
		return float64(s.Timing.HeapBytes), used
	}
	x0 := slider.X + 8
	p.mouse(input.MouseMoved, x0, y, 0)
	p.mouse(input.MousePressed, x0, y, 1)
	var warmGo, warmJS float64
	start := time.Now()
	for i := range 2000 {
		move(i)
		switch {
		case i%40 == 20: // N up and down, 50 times in all
			p.mouse(input.MouseReleased, slider.X+8, y, 0)
			if (i/40)%2 == 0 {
				p.press(keyArrowUp)
			} else {
				p.press(keyArrowDown)
			}
			p.mouse(input.MousePressed, slider.X+8, y, 1)
		case i%400 == 100:
			p.mouse(input.MouseReleased, slider.X+8, y, 0)
			p.press(letterKey('j'))
			p.press(letterKey('j'))
			p.press(letterKey('h'))
			p.press(letterKey('h'))
			p.mouse(input.MousePressed, slider.X+8, y, 1)
		}
		if i == 400 {
			warmGo, warmJS = heaps()
		}
		if i%500 == 0 {
			t.Logf("%d changes after %v", i, time.Since(start).Round(time.Second))
		}
	}
	p.mouse(input.MouseReleased, slider.X+8, y, 0)
	p.waitFrames(5)
	endGo, endJS := heaps()
	t.Logf("%v for 2,000 changes; Go heap %.1f → %.1f MB, JS heap %.1f → %.1f MB", time.Since(start).Round(time.Second),
		warmGo/1e6, endGo/1e6, warmJS/1e6, endJS/1e6)
	for _, h := range []struct {
		name      string
		warm, end float64
	}{{"Go", warmGo, endGo}, {"JavaScript", warmJS, endJS}} {
		if h.end > 1.5*h.warm+8e6 {
			t.Errorf("the %s heap grew from %.1f MB after the warm-up to %.1f MB at the end", h.name, h.warm/1e6, h.end/1e6)
		}
	}
	before := p.state().Frames
	p.waitFrames(3)
	if p.state().Frames <= before {
		t.Error("frames stopped coming")
	}
}
