package sim

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Seeds are spread over the cores by a small pool of helper goroutines, one
// per extra core, which the caller of forEachSeed joins.
//
// The pool exists because of how long a parked goroutine takes to start on
// a small VM: about 100 µs here, for the hypervisor to wake the idle
// virtual CPU, which is half of what a whole table costs. So a helper that
// runs out of work keeps looking for the next job for helperSpin before it
// parks (yielding to any other goroutine meanwhile), as thread pools such
// as OpenMP's do; calls that follow each other closely, like the table and
// the chart sweep the app makes together, then find it awake. A call after
// a pause pays the wake-up once. In the browser there is one core and no
// helper at all.
const helperSpin = 250 * time.Microsecond

// seedJob is one forEachSeed call: seeds 0..seeds-1 in batches.
type seedJob struct {
	seeds, workers int
	fn             func(ws *workspace, seed int)
	next           atomic.Int64 // first seed of the next unclaimed batch
	finished       atomic.Int64 // seeds done
	done           chan struct{}
}

var pool struct {
	start sync.Once
	job   atomic.Pointer[seedJob] // the newest job, for helpers to join
	wake  []chan struct{}         // one per helper
}

// forEachSeed calls fn for seeds 0..seeds-1 (seeds >= 1), spread over the
// available cores, each worker with its own workspace. Workers take batches
// of seeds from a shared counter (claim) and seed a whole batch at once
// (seedBatch). Every seed writes only its own slot, so results do not
// depend on scheduling.
func forEachSeed(seeds int, fn func(ws *workspace, seed int)) {
	workers := min(runtime.GOMAXPROCS(0), seeds)
	j := &seedJob{
		seeds:   seeds,
		workers: workers,
		fn:      fn,
		done:    make(chan struct{}),
	}
	if workers > 1 {
		startPool()
		pool.job.Store(j)
		for _, w := range pool.wake[:min(workers-1, len(pool.wake))] {
			select {
			case w <- struct{}{}:
			default: // already has a wake-up waiting
			}
		}
	}
	j.work()
	j.wait()
	pool.job.CompareAndSwap(j, nil) // do not keep fn's data alive
}

// wait returns once every seed is done. The last batches of other workers
// take well under helperSpin, so it polls for that long rather than park at
// once: a parked caller would have to be woken, which costs as much as the
// wake-up the pool exists to avoid. It does not yield while it polls: a
// helper that was just woken may be queued on this very core, and yielding
// would run it here, one batch after the other, while the other core
// stays idle.
func (j *seedJob) wait() {
	for start := time.Now(); time.Since(start) < helperSpin; {
		if j.finished.Load() == int64(j.seeds) {
			return
		}
	}
	<-j.done
}

// claim takes the next batch of seeds: a share of what is left, so that
// batches shrink towards the end and a worker that joins late, or runs
// slowly, holds the others up by a few seeds at most. Batches of fewer than
// minBatch would waste the lanes of the batch seeding.
func (j *seedJob) claim() (first, n int) {
	const minBatch = 3
	for {
		next := j.next.Load()
		left := j.seeds - int(next)
		if left <= 0 {
			return 0, 0
		}
		n := min(max(left/(2*j.workers), minBatch), seedLanes, left)
		if j.next.CompareAndSwap(next, next+int64(n)) {
			return int(next), n
		}
	}
}

// work runs batches of j until none is left.
func (j *seedJob) work() {
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
	for {
		first, n := j.claim()
		if n == 0 {
			break
		}
		ws.batch.prepare(first, n)
		for s := first; s < first+n; s++ {
			j.fn(ws, s)
		}
		if j.finished.Add(int64(n)) == int64(j.seeds) {
			close(j.done)
		}
	}
	ws.batch.n = 0 // states are not kept from one call to the next
}

func startPool() {
	pool.start.Do(func() {
		pool.wake = make([]chan struct{}, runtime.GOMAXPROCS(0)-1)
		for i := range pool.wake {
			pool.wake[i] = make(chan struct{}, 1)
			go helper(pool.wake[i])
		}
	})
}

// helper joins every new job it sees, looks for the next one for
// helperSpin, then parks until woken.
func helper(wake chan struct{}) {
	var last *seedJob
	for {
		idleSince := time.Now()
		for time.Since(idleSince) < helperSpin {
			if j := pool.job.Load(); j != nil && j != last {
				last = j
				j.work()
				idleSince = time.Now()
			}
			runtime.Gosched()
		}
		<-wake
	}
}
