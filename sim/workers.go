package sim

import (
	"sync"

	"vnodes/sim/internal/pool"
	"vnodes/sim/internal/pyrand"
)

// workspaces keeps buffers between calls so that a call does not have to
// allocate and zero them again. Only scratch space is kept: every call
// reseeds, draws and sorts from scratch.
var workspaces = sync.Pool{New: func() any { return new(workspace) }}

// minBatch is the fewest seeds a worker takes at once while more are left:
// fewer would waste the lanes of the batch seeding.
const minBatch = 3

// forEachSeed calls fn for seeds 0..seeds-1, spread over the available
// cores (see the package comment). Each batch of seeds is seeded at once
// (pyrand.Batch) and run with one workspace, whose meter is m. Every seed
// must write only its own slot, so that results do not depend on
// scheduling. Once m is stopped the seeds left are skipped.
func forEachSeed(seeds int, m *meter, fn func(ws *workspace, seed int)) {
	spreadSeeds(seeds, m, true, fn)
}

// spreadSeeds is forEachSeed that seeds only when seeded is set: work
// that draws nothing (a Stepper's kept draws) would waste the seeding.
func spreadSeeds(seeds int, m *meter, seeded bool, fn func(ws *workspace, seed int)) {
	pool.ForEach(seeds, minBatch, pyrand.BatchSize, func(first, n int) {
		if m.isStopped() {
			return
		}
		ws := getWorkspace(m)
		if seeded {
			ws.batch.Prepare(first, n)
		}
		for seed := first; seed < first+n && !m.isStopped(); seed++ {
			fn(ws, seed)
		}
		ws.batch.Reset() // states are not kept from one call to the next
		putWorkspace(ws)
	})
}

// getWorkspace takes a workspace from the pool for a call metered by m.
func getWorkspace(m *meter) *workspace {
	ws := workspaces.Get().(*workspace)
	ws.m = m
	return ws
}

// putWorkspace gives ws back, without the call's meter.
func putWorkspace(ws *workspace) {
	ws.m = nil
	workspaces.Put(ws)
}

// StopWorkers ends the helper goroutines that every call over seeds shares
// its work with, and returns once they have exited; see the package
// comment. Calls made afterwards still work and start the helpers again.
// It is safe to call at any time, from any goroutine, and more than once.
func StopWorkers() { pool.Stop() }
