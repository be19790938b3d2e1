package sim

import (
	"errors"
	"sync"
	"sync/atomic"

	"vnodes/sim/internal/sorting"
)

// Options let a caller stop a long computation and follow it. The zero
// value asks for neither, and a call given it runs exactly as its plain
// twin (RunWith(p, Options{}) is Run(p)). The results never depend on the
// options: metered or not, the same draws in the same order.
//
// The work is measured in units, one per token and step over the tokens:
// one to draw a point, one to deal its owner, one per step of a shuffle,
// five to radix-sort it (n to sort n points of at most 16384, dealt in one
// go), one to add up its range, one to copy it out of the workspace. The
// total is worked out before any work starts, and the units are counted
// as pieces of at most TickUnits finish, so that a call stops or reports
// within one piece:
//
//   - Progress, if not nil, is called with (0, total) first, then after every
//     piece with the units done so far, which only grow, and last with
//     (total, total) when the work is done. The calls are serialised (never
//     two at once), but natively they come from whichever of the pool's
//     goroutines finished the piece, and a worker that finishes a piece
//     while another's call is running waits for it: keep the hook short
//     there. In the browser (GOOS=js) there is one worker, the caller's
//     goroutine, so a Progress that sleeps now and then (time.Sleep) hands
//     the single thread back to the page between pieces.
//   - Stop, if not nil, is looked at before and after every call of
//     Progress, or after every piece if there is none: once it is closed,
//     the call stops within one piece of work and returns ErrStopped. A
//     context's Done() will do.
//
// (A channel rather than a context.Context: the browser build then links
// none of package context's machinery.)
type Options struct {
	Stop     <-chan struct{}
	Progress func(done, total int64)
}

// ErrStopped is what a call returns when its Options.Stop was closed.
var ErrStopped = errors.New("sim: the work was stopped")

// TickUnits is the most units of work done between two calls of Progress
// (and two looks at Options.Stop): 65536 points drawn, or sorted in one
// pass. Smaller pieces hold the browser's one thread for less, but the app
// gives way between pieces and a frame under software WebGL is slow, so
// with pieces a quarter this size the work got much less of the thread and
// the largest charts took far longer.
const TickUnits = sorting.StepUnits

// meter is one call's Options in use. A nil *meter is a call without
// options: every method then does nothing and costs a nil check.
type meter struct {
	done     <-chan struct{} // Options.Stop
	progress func(done, total int64)
	total    int64
	stopped  atomic.Bool // once set, every piece of work gives up
	mu       sync.Mutex  // serialises progress and guards count
	count    int64
}

// newMeter returns the meter for o, or nil when o asks for nothing (no
// hook and no Stop).
func newMeter(o Options, total int64) *meter {
	if o.Stop == nil && o.Progress == nil {
		return nil
	}
	return &meter{done: o.Stop, progress: o.Progress, total: total}
}

// start reports (0, total), or returns ErrStopped if Stop is already
// closed.
func (m *meter) start() error {
	if m == nil {
		return nil
	}
	if m.cancelled() {
		return ErrStopped
	}
	if m.progress != nil {
		m.mu.Lock()
		m.progress(0, m.total)
		m.mu.Unlock()
	}
	return m.err()
}

// cancelled looks at Stop once, and remembers what it saw.
func (m *meter) cancelled() bool {
	if m.stopped.Load() {
		return true
	}
	select {
	case <-m.done:
		m.stopped.Store(true)
		return true
	default:
		return false
	}
}

// add counts units of work just finished (at most TickUnits), gives
// Progress its turn, and reports whether the work should go on.
func (m *meter) add(units int) bool {
	if m == nil {
		return true
	}
	if m.cancelled() {
		return false
	}
	if m.progress != nil && units > 0 {
		m.mu.Lock()
		if m.cancelled() { // cancelled by the hook while another piece held the lock: no call after that
			m.mu.Unlock()
			return false
		}
		m.count += int64(units)
		m.progress(m.count, m.total)
		m.mu.Unlock()
		return !m.cancelled() // the hook may have slept while the caller cancelled
	}
	return true
}

// addAll is add for work done in one go, reported in pieces of at most
// TickUnits; it reports whether the work should go on.
func (m *meter) addAll(units int) bool {
	for ; units > 0 && m != nil; units -= TickUnits {
		if !m.add(min(units, TickUnits)) {
			return false
		}
	}
	return !m.isStopped()
}

// step is add as a sorting.Step, or nil without a meter, which keeps the
// sorting package's plain loops.
func (m *meter) step() sorting.Step {
	if m == nil {
		return nil
	}
	return m.add
}

// isStopped reports whether the work has been cancelled, without looking
// at Stop again.
func (m *meter) isStopped() bool { return m != nil && m.stopped.Load() }

// err is the call's error if it was cancelled.
func (m *meter) err() error {
	if m.isStopped() {
		return ErrStopped
	}
	return nil
}

// finish ends a call: ErrStopped if Stop is closed by now, or else a
// last report of (total, total) if the pieces did not already make it.
func (m *meter) finish() error {
	if m == nil {
		return nil
	}
	if m.cancelled() {
		return ErrStopped
	}
	if m.progress != nil {
		m.mu.Lock()
		if m.count != m.total {
			m.count = m.total
			m.progress(m.total, m.total)
		}
		m.mu.Unlock()
	}
	return nil
}

// The units each piece of work reports, so that a call can add up its
// total before it starts. Each follows the code that reports it step by
// step: a ring's here, the other figures' beside their own code.
// TestProgressCountsEveryUnit checks that the pieces add up to these
// totals exactly.

// ringWork is what drawRing reports for one ring of p.
func ringWork(p Params) int64 {
	m := p.Nodes * p.V
	shuffle := 0
	if p.Assign == Random {
		shuffle = m - 1 // Shuffle's swaps
	}
	switch p.Scheme {
	case EqualTokens:
		return int64(m + m + shuffle) // the boundaries, then the owners
	case GreedyTokens:
		// The first node's draws and their sort, the later nodes' tokens,
		// then their owners and the radix sort of them all.
		return int64(p.V + p.V + (m - p.V) + m + 5*m)
	}
	return int64(m + m + shuffle + sorting.SortWork(m)) // draw, deal owners, sort
}

// loadsWork is what measureLoads reports for a ring of p.
func loadsWork(p Params) int64 { return int64(p.Nodes * p.V) }

// runWork is Run's total: every seed's ring and loads, then the selected
// seed's again, copied out (ringCopyWork).
func runWork(p Params) int64 {
	return int64(p.Seeds+1)*(ringWork(p)+loadsWork(p)) + ringCopyWork(p)
}

// ringCopyWork is what ring reports besides the loads: one unit per token
// copied out.
func ringCopyWork(p Params) int64 { return int64(p.Nodes * p.V) }

// sweepWork is Sweep's total for sp (already validated).
func sweepWork(sp SweepParams) int64 {
	if sp.Scheme == RandomTokens && sp.Assign == RoundRobin {
		byV := largestFirst(sp.Vs)
		total := sp.Nodes * sp.Vs[byV[0]]
		work := total // the draw
		byBucket := total <= sorting.DealMax
		if byBucket {
			work += total // the deal
		}
		for j, i := range byV {
			if j > 0 && sp.Vs[i] == sp.Vs[byV[j-1]] {
				continue // the same V again: nothing new to do
			}
			m := sp.Nodes * sp.Vs[i]
			if byBucket {
				work += m
			} else {
				work += sorting.SortWork(m)
			}
			work += m // the loads
		}
		return int64(sp.Seeds) * int64(work)
	}
	var work int64
	for _, v := range sp.Vs {
		p := sp.params(v)
		work += ringWork(p) + loadsWork(p)
	}
	return int64(sp.Seeds) * work
}
