package sim

import (
	"runtime"
	"sync"
)

// Result is everything the app shows for one set of parameters, computed
// once so that drawing never has to simulate.
type Result struct {
	Params  Params
	Ring    Ring    // the selected seed (Params.Seed), in full
	PerSeed []Stats // seeds 0..Params.Seeds-1, in order
	Average Average // the mean of PerSeed: the exercise's figures
}

// Run simulates the ring for every seed 0..p.Seeds-1 and returns the
// selected seed's ring with the per-seed and averaged statistics.
func Run(p Params) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	perSeed := make([]Stats, p.Seeds)
	forEachSeed(p.Seeds, func(ws *workspace, seed int) {
		ws.drawRing(seed, p.Nodes, p.V, p.Assign)
		perSeed[seed] = statsOf(ws.measureLoads(p.Nodes))
	})
	var ws workspace
	ws.drawRing(p.Seed, p.Nodes, p.V, p.Assign)
	return Result{
		Params:  p,
		Ring:    ws.ring(p.Seed, p.Nodes),
		PerSeed: perSeed,
		Average: averageOf(perSeed),
	}, nil
}

// Loads returns the integer load of every node for one seed.
func Loads(p Params) ([]uint64, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var ws workspace
	ws.drawRing(p.Seed, p.Nodes, p.V, p.Assign)
	return append([]uint64(nil), ws.measureLoads(p.Nodes)...), nil
}

// forEachSeed calls fn for seeds 0..seeds-1, spread over the available
// cores, each worker with its own workspace. Every seed writes only its own
// slot, so results do not depend on scheduling.
func forEachSeed(seeds int, fn func(ws *workspace, seed int)) {
	workers := min(runtime.GOMAXPROCS(0), seeds)
	if workers <= 1 {
		var ws workspace
		for s := range seeds {
			fn(&ws, s)
		}
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var ws workspace
			for s := w; s < seeds; s += workers {
				fn(&ws, s)
			}
		})
	}
	wg.Wait()
}
