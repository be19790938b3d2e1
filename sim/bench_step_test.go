package sim_test

import (
	"fmt"
	"testing"

	"vnodes/sim"
)

// BenchmarkSliderStep is one step of the V slider as the app pays for it:
// a whole re-simulation over 20 seeds. N10V256 is the step issue 9 budgets
// (under 2 ms in WebAssembly; it is the same work as BenchmarkRunV256,
// spelled out as the issue states it). The larger steps are there for the
// allocations: `make bench` runs this under Node too, and allocs/op must
// stay flat while points/op grows, or something allocates per point.
func BenchmarkSliderStep(b *testing.B) {
	for _, c := range []struct{ nodes, v int }{{10, 256}, {10, 1024}, {100, 1024}} {
		p := sim.Params{Nodes: c.nodes, V: c.v, Seeds: 20}
		b.Run(fmt.Sprintf("N%dV%d", c.nodes, c.v), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sim.Run(p); err != nil {
					b.Fatal(err)
				}
			}
			// Every seed's ring, and the shown seed's once more in full.
			b.ReportMetric(float64((p.Seeds+1)*p.Nodes*p.V), "points/op")
		})
	}
}
