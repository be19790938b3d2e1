//go:build js

package host

import (
	"runtime"
	"runtime/debug"
)

// The garbage collector is off while the page starts, until its first
// frame is drawn. Start-up allocates under 8 MB in all (measured: 7.7 MB
// of heap and 11 MB from the system at the first frame, with no
// collection), yet from Go's 4 MB first goal a collection ran inside the
// first frame: about a third of that frame's Go time in a profile, on the
// browser's only thread. A limit bounds the heap meanwhile, should some
// start ever allocate far more. The collector's own settings (GOGC and
// GOMEMLIMIT, if a page set them) come back after the first frame, with
// one collection in a task of its own.
func init() {
	gcPaused.percent = debug.SetGCPercent(-1)
	gcPaused.limit = debug.SetMemoryLimit(startupMemoryLimit)
	gcPaused.on = true
}

// startupMemoryLimit makes the runtime collect anyway if start-up ever
// reaches it.
const startupMemoryLimit = 64 << 20

var gcPaused struct {
	on      bool
	percent int
	limit   int64
	cycles  uint32 // collections run before the resumption (expected: none)
}

// resumeGC gives the collector back its settings once started (a frame
// has been drawn, or the page is the text version, which draws none),
// and collects once, at once: start-up's garbage is past Go's first
// goal, so the next allocation would start a collection anyway, inside
// whatever task made it (the screen reader's page, or a frame). It runs
// from the chores timer, after the frame, and reports whether it did: the
// collection is that timer's whole task.
func resumeGC(started bool) bool {
	if !gcPaused.on || !started {
		return false
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	gcPaused.cycles, gcPaused.on = m.NumGC, false
	debug.SetMemoryLimit(gcPaused.limit)
	debug.SetGCPercent(gcPaused.percent)
	runtime.GC()
	return true
}

// startupGCCycles is how many collections ran before the first frame's
// resumption, and false until then.
func startupGCCycles() (uint32, bool) { return gcPaused.cycles, !gcPaused.on }
