//go:build e2e

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"vnodes/render/view"
)

// dispatchAll sends input events back to back, with no frame in between,
// as a slow machine sees a quick hand.
func (p *page) dispatchAll(events ...interface{ Do(context.Context) error }) {
	p.t.Helper()
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		for _, e := range events {
			if err := e.Do(ctx); err != nil {
				return err
			}
		}
		return nil
	}))
}

func mouseAt(typ input.MouseType, x, y float64, held bool) *input.DispatchMouseEventParams {
	ev := input.DispatchMouseEvent(typ, x, y)
	if held || typ != input.MouseMoved {
		ev = ev.WithButton(input.Left).WithClickCount(1)
	}
	if held {
		ev = ev.WithButtons(1)
	}
	return ev
}

// On a slow machine the moves and the release of a drag can all arrive
// before the next frame. V must still be the value at the release point:
// the slider's top at the right end, 1 at the left end, with a mouse and
// with a finger.
func TestSliderLandsWhereTheHandLetGo(t *testing.T) {
	p := openApp(t, "")
	p.run(emulation.SetCPUThrottlingRate(6)) // a slow classroom laptop
	defer p.run(emulation.SetCPUThrottlingRate(1))
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	left, right := slider.X+8, slider.X+slider.W+40

	drag := func(from, to float64) {
		p.mouse(input.MouseMoved, from, y, 0)
		p.mouse(input.MousePressed, from, y, 1) // the press is seen by a tick
		var evs []interface{ Do(context.Context) error }
		for i := 1; i <= 8; i++ {
			evs = append(evs, mouseAt(input.MouseMoved, from+(to-from)*float64(i)/8, y, true))
		}
		evs = append(evs, mouseAt(input.MouseReleased, to, y, false))
		p.dispatchAll(evs...)
		p.waitFrames(3)
		p.settle()
	}
	drag(left, right)
	if s := p.state(); s.V != view.MaxSliderV {
		t.Fatalf("mouse released at the right end: V = %d, want %d", s.V, view.MaxSliderV)
	}
	handle := p.control("vSlider").X + p.control("vSlider").W - 8
	drag(handle, slider.X-60)
	if s := p.state(); s.V != 1 {
		t.Fatalf("mouse released at the left end: V = %d, want 1", s.V)
	}

	p.run(emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
	touch := func(typ input.TouchType, x float64) *input.DispatchTouchEventParams {
		pts := []*input.TouchPoint{{X: x, Y: y}}
		if typ == input.TouchEnd {
			pts = []*input.TouchPoint{}
		}
		return input.DispatchTouchEvent(typ, pts)
	}
	p.dispatchAll(touch(input.TouchStart, left))
	p.waitFrames(2)
	var evs []interface{ Do(context.Context) error }
	for i := 1; i <= 8; i++ {
		evs = append(evs, touch(input.TouchMove, left+(right-left)*float64(i)/8))
	}
	evs = append(evs, touch(input.TouchEnd, right))
	p.dispatchAll(evs...)
	p.waitFrames(3)
	p.settle()
	if s := p.state(); s.V != view.MaxSliderV {
		t.Fatalf("finger lifted at the right end: V = %d, want %d", s.V, view.MaxSliderV)
	}
}
