package sim

import (
	"testing"
	"time"
)

// BenchmarkTable is the exercise's whole table: six V values, N=10, 20 seeds.
func BenchmarkTable(b *testing.B) {
	sp := SweepParams{Nodes: 10, Seeds: 20, Vs: ExerciseVs}
	for b.Loop() {
		if _, err := Sweep(sp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTableAfterPause is one table on its own, after a pause long
// enough for the pool's helper to have parked, so it includes waking the
// second core. The pauses make ns/op meaningless; ns/table is the figure.
// (The timer is not stopped around the pause: b.StopTimer reads memory
// statistics, which stops the world and would disturb the very wake-up
// being measured.)
func BenchmarkTableAfterPause(b *testing.B) {
	sp := SweepParams{Nodes: 10, Seeds: 20, Vs: ExerciseVs}
	var spent time.Duration
	for range b.N {
		time.Sleep(2 * time.Millisecond)
		start := time.Now()
		if _, err := Sweep(sp); err != nil {
			b.Fatal(err)
		}
		spent += time.Since(start)
	}
	b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "ns/table")
}

// BenchmarkRunV256 is what one slider step at the right end costs the app.
func BenchmarkRunV256(b *testing.B) {
	p := defaultParams()
	p.V = 256
	for b.Loop() {
		if _, err := Run(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepChart is the CV-against-V curve the app draws (V=1..256).
func BenchmarkSweepChart(b *testing.B) {
	vs := make([]int, 256)
	for i := range vs {
		vs[i] = i + 1
	}
	sp := SweepParams{Nodes: 10, Seeds: 20, Vs: vs}
	for b.Loop() {
		if _, err := Sweep(sp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTableOneSeed is one seed's share of BenchmarkTable on one core:
// draw 2560 points, sort them, and measure the six prefixes. It goes through
// the table's 20 seeds in turn: repeating one seed would let the branch
// predictor learn that seed's data.
func BenchmarkTableOneSeed(b *testing.B) {
	vs := ExerciseVs
	byV := largestFirst(vs)
	perSeed := make([][]Stats, len(vs))
	for i := range perSeed {
		perSeed[i] = make([]Stats, 20)
	}
	var ws workspace
	seed := 0
	for b.Loop() {
		ws.sweepRoundRobin(seed, 10, vs, byV, perSeed)
		seed = (seed + 1) % 20
	}
}
