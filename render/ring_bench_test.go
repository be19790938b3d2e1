package render

import (
	"fmt"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/panel"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

// BenchmarkRingRepaint is the ring drawn afresh, as in every frame of a
// drag of V, and read back, so that the GPU's share is timed with it: with
// Mesa's software GL under Xvfb that is the CPU's work, as SwiftShader's is
// in a browser without a GPU.
//
//	xvfb-run -a go test ./render -run '^$' -bench RingRepaint -count 5
func BenchmarkRingRepaint(b *testing.B) {
	for _, n := range []int{10, 50} {
		b.Run(fmt.Sprintf("N%d", n), func(b *testing.B) {
			s, _ := viewScene(b, sim.Params{Nodes: n, V: 256, Seeds: 20}, spread.View{}, panel.DarkPalette())
			defer freeScene(s)
			dst := ebiten.NewImage(testW, testH)
			defer dst.Deallocate()
			c := &canvas{s: s, dst: dst}
			s.drawRing(c)
			size := s.ring.img.Bounds().Size()
			pixels := make([]byte, 4*size.X*size.Y)
			for b.Loop() {
				s.ring.valid = false
				s.drawRing(c)
				s.ring.img.ReadPixels(pixels)
			}
		})
	}
}
