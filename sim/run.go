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
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
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
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
	ws.drawRing(p.Seed, p.Nodes, p.V, p.Assign)
	return append([]uint64(nil), ws.measureLoads(p.Nodes)...), nil
}

// workspaces keeps buffers between calls so that a call does not have to
// allocate and zero them again. Only scratch space is kept: every call
// reseeds, draws and sorts from scratch.
var workspaces = sync.Pool{New: func() any { return new(workspace) }}

// forEachSeed calls fn for seeds 0..seeds-1, spread over the available
// cores, each worker with its own workspace. Every seed writes only its own
// slot, so results do not depend on scheduling.
func forEachSeed(seeds int, fn func(ws *workspace, seed int)) {
	workers := min(runtime.GOMAXPROCS(0), seeds)
	work := func(first, step int) {
		ws := workspaces.Get().(*workspace)
		defer workspaces.Put(ws)
		for s := first; s < seeds; s += step {
			fn(ws, s)
		}
	}
	if workers <= 1 {
		work(0, 1)
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() { work(w, workers) })
	}
	wg.Wait()
}
