//go:build !js

package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// spin is how long a helper that runs out of work keeps looking for the
// next job before it parks, and how long ForEach polls for the other
// workers' last batches before it parks. Calls that follow each other
// closely, like the table and the chart sweep the app makes together, then
// find the helpers awake; a call after a pause pays the wake-up once.
const spin = 250 * time.Microsecond

// job is one ForEach call.
type job struct {
	id                 uint64
	total, workers     int
	minBatch, maxBatch int
	do                 func(first, n int)
	next               atomic.Int64 // first item of the next unclaimed batch
	finished           atomic.Int64 // items done
	done               chan struct{}
}

// crew is one set of running helpers, from a start to a Stop.
type crew struct {
	wake    []chan struct{} // one per helper
	stopped atomic.Bool
	quit    chan struct{}
	exited  sync.WaitGroup
}

var (
	current atomic.Pointer[job]  // the newest job, for helpers to join
	jobs    atomic.Uint64        // the last job id handed out
	active  atomic.Pointer[crew] // nil until started and after Stop
	hiring  sync.Mutex           // serialises starting and stopping crews
)

// ForEach calls do(first, n) for consecutive batches that together cover
// 0..total-1, each of at least minBatch (unless fewer are left) and at most
// maxBatch items, and returns when every call has returned. The calls are
// spread over the caller and the helpers, so do must be safe to run
// concurrently on different batches; which goroutine runs a batch, and how
// items are cut into batches, depends on scheduling. ForEach may be called
// from several goroutines at once.
func ForEach(total, minBatch, maxBatch int, do func(first, n int)) {
	workers := min(runtime.GOMAXPROCS(0), total)
	j := &job{
		id:       jobs.Add(1),
		total:    total,
		workers:  workers,
		minBatch: minBatch,
		maxBatch: maxBatch,
		do:       do,
		done:     make(chan struct{}),
	}
	if workers > 1 {
		c := hire()
		current.Store(j)
		for _, w := range c.wake[:min(workers-1, len(c.wake))] {
			select {
			case w <- struct{}{}:
			default: // already has a wake-up waiting
			}
		}
	}
	j.work()
	j.wait()
	current.CompareAndSwap(j, nil) // do not keep do's data alive
}

// Stop ends the helpers and waits until they have returned; a helper in
// the middle of a job finishes its batches first. ForEach calls that are
// running go on without them, and a later ForEach starts a new set. Stop
// must not be called from inside do.
func Stop() {
	hiring.Lock()
	defer hiring.Unlock()
	c := active.Swap(nil)
	if c == nil {
		return
	}
	c.stopped.Store(true)
	close(c.quit)
	c.exited.Wait()
}

// hire returns the running helpers, starting them if there are none.
func hire() *crew {
	if c := active.Load(); c != nil {
		return c
	}
	hiring.Lock()
	defer hiring.Unlock()
	if c := active.Load(); c != nil {
		return c
	}
	c := &crew{
		wake: make([]chan struct{}, runtime.GOMAXPROCS(0)-1),
		quit: make(chan struct{}),
	}
	c.exited.Add(len(c.wake))
	for i := range c.wake {
		c.wake[i] = make(chan struct{}, 1)
		go c.helper(c.wake[i])
	}
	active.Store(c)
	return c
}

// helper joins every new job it sees, looks for the next one for spin,
// then parks until woken or stopped.
func (c *crew) helper(wake chan struct{}) {
	defer c.exited.Done()
	var last uint64 // the id of the last job joined, not the job: its data may go
	for {
		for idleSince := time.Now(); time.Since(idleSince) < spin; {
			if c.stopped.Load() {
				return
			}
			if j := current.Load(); j != nil && j.id != last {
				last = j.id
				j.work()
				idleSince = time.Now()
			}
			runtime.Gosched()
		}
		select {
		case <-wake:
		case <-c.quit:
			return
		}
	}
}

// wait returns once every item is done. The last batches of other workers
// take well under spin, so it polls for that long rather than park at
// once: a parked caller would have to be woken, which costs as much as the
// wake-up the helpers exist to avoid. It does not yield while it polls: a
// helper that was just woken may be queued on this very core, and yielding
// would run it here, one batch after the other, while the other core
// stays idle.
func (j *job) wait() {
	for start := time.Now(); time.Since(start) < spin; {
		if j.finished.Load() == int64(j.total) {
			return
		}
	}
	<-j.done
}

// claim takes the next batch (see batchSize), or returns n = 0 when none
// is left.
func (j *job) claim() (first, n int) {
	for {
		next := j.next.Load()
		left := j.total - int(next)
		if left <= 0 {
			return 0, 0
		}
		n := batchSize(left, j.workers, j.minBatch, j.maxBatch)
		if j.next.CompareAndSwap(next, next+int64(n)) {
			return int(next), n
		}
	}
}

// work runs batches of j until none is left.
func (j *job) work() {
	for {
		first, n := j.claim()
		if n == 0 {
			return
		}
		j.do(first, n)
		if j.finished.Add(int64(n)) == int64(j.total) {
			close(j.done)
		}
	}
}
