//go:build !js

package app

import (
	"fmt"
	"testing"

	"vnodes/render/view"
	"vnodes/render/views"
)

// BenchmarkDragFrame is one frame of a drag along the V slider, natively:
// the V change's Update (the simulation) and Draw (the repaint), as the
// browser's goMillis counts them. Run it under Xvfb:
//
//	xvfb-run -a go test ./render/app -run '^$' -bench DragFrame -count 5
//
// Each frame's drawing is flushed outside the timer (ebiten would do that
// after Draw), so commands do not pile up across frames. A step too large
// for a frame (N = 100 past V = 128, until the draws are kept) runs
// between frames, as in the browser; here that is on another core, outside
// the timer.
func BenchmarkDragFrame(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(fmt.Sprintf("N%d", n), func(b *testing.B) {
			s := views.All.Default()
			s.Nodes = n
			g := newGame(s, nil)
			g.Layout(1600, 900)
			screen := newScreen(1600, 900)
			defer screen.Deallocate()
			pixels := make([]byte, 4*1600*900)
			frame := func() {
				if err := g.Update(); err != nil {
					b.Fatal(err)
				}
				g.Draw(screen)
			}
			for g.job != nil || g.rows.due(g.model.Want).any() { // the table and chart first
				frame()
			}
			var vs []int // every V the slider passes through, in order
			for pos := 0; pos <= g.slider.Scale.Max(); pos++ {
				if v := g.slider.Scale.V(pos); len(vs) == 0 || v != vs[len(vs)-1] {
					vs = append(vs, v)
				}
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				g.emit(view.Intent{Action: view.ActionSetV, Value: vs[i%len(vs)]}) // the whole slider, over and over
				frame()
				b.StopTimer()
				screen.ReadPixels(pixels)
				b.StartTimer()
			}
		})
	}
}
