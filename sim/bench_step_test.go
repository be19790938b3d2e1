package sim_test

import (
	"fmt"
	"testing"

	"vnodes/sim"
)

// stepSizes are the slider steps measured: N10V256 is the one issue 9
// budgets (under 2 ms in WebAssembly); the larger ones are there for the
// allocations: `make bench` runs these under Node too, and allocs/op must
// stay flat while points/op grows, or something allocates per point.
var stepSizes = []struct{ nodes, v int }{{10, 256}, {10, 1024}, {100, 1024}}

// BenchmarkSliderStep is one step of the V slider as the app pays for it
// while a hand drags it: a whole 20-seed result through the app's
// sim.Stepper, alternately at V and V-1, so every op is a real change of V.
// The draws the Stepper keeps are made before the timer starts (the first
// step of a drag pays for them: see BenchmarkSliderStepCold).
func BenchmarkSliderStep(b *testing.B) {
	for _, c := range stepSizes {
		p := sim.Params{Nodes: c.nodes, V: c.v, Seeds: 20}
		b.Run(fmt.Sprintf("N%dV%d", c.nodes, c.v), func(b *testing.B) {
			var st sim.Stepper
			if _, err := st.Run(p); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				q := p
				q.V -= i & 1
				i++
				if _, err := st.Run(q); err != nil {
					b.Fatal(err)
				}
			}
			// Every seed's ring, and the shown seed's once more in full.
			b.ReportMetric(float64((p.Seeds+1)*p.Nodes*p.V), "points/op")
		})
	}
}

// BenchmarkSliderStepCold is the same result from nothing kept (sim.Run):
// a link opened at that V, or the first step past what a Stepper keeps.
func BenchmarkSliderStepCold(b *testing.B) {
	for _, c := range stepSizes {
		p := sim.Params{Nodes: c.nodes, V: c.v, Seeds: 20}
		b.Run(fmt.Sprintf("N%dV%d", c.nodes, c.v), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sim.Run(p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((p.Seeds+1)*p.Nodes*p.V), "points/op")
		})
	}
}
