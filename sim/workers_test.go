package sim

import (
	"slices"
	"sync"
	"testing"
)

// StopWorkers may be called at any time, also while sweeps run, and the
// results do not change: calls after it start the helpers again, and calls
// it overlaps finish without them.
func TestStopWorkersKeepsResults(t *testing.T) {
	sp := SweepParams{Nodes: 10, Seeds: 20, Vs: ExerciseVs}
	want, err := Sweep(sp)
	if err != nil {
		t.Fatal(err)
	}
	StopWorkers()
	StopWorkers()
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for range 20 {
				got, err := Sweep(sp)
				if err != nil || !slices.Equal(got, want) {
					t.Errorf("sweep around StopWorkers = %v, %v; want %v", got, err, want)
					return
				}
			}
		})
	}
	for range 10 {
		StopWorkers()
	}
	wg.Wait()
	StopWorkers()
	got, err := Sweep(sp)
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("sweep after StopWorkers = %v, %v; want %v", got, err, want)
	}
}
