package app

import (
	"slices"
	"time"
)

// timing is the Go time the app spends, for window.vnodes.state() and the
// browser benchmarks (GPU work is not included: ebiten runs it later).
type timing struct {
	sim, update, draw time.Duration // the last re-simulation (from asking to showing), Update, Draw
	asked             time.Time     // when the settings shown next were asked for
	frames            int
	// changed holds Update+Draw of the latest frames in which the scene
	// changed, oldest overwritten first: idle frames only copy a cached
	// image and would hide the cost of a change.
	changed     [240]time.Duration
	changedN    int
	lastPaints  int
	paintsSoFar func() int
}

// frameDone closes a frame: Update and Draw are both measured by now.
func (t *timing) frameDone() {
	t.frames++
	if t.paintsSoFar == nil {
		return
	}
	if p := t.paintsSoFar(); p != t.lastPaints {
		t.lastPaints = p
		t.changed[t.changedN%len(t.changed)] = t.update + t.draw
		t.changedN++
	}
}

// changedFrameMillis returns the 50th and 95th percentiles and the maximum
// of Go time per changed frame, in milliseconds, over the recent frames.
func (t *timing) changedFrameMillis() (p50, p95, most float64) {
	n := min(t.changedN, len(t.changed))
	if n == 0 {
		return 0, 0, 0
	}
	d := slices.Clone(t.changed[:n])
	slices.Sort(d)
	ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
	return ms(d[(n-1)/2]), ms(d[(n-1)*95/100]), ms(d[n-1])
}

// reset forgets the changed frames measured so far.
func (t *timing) reset() { t.changedN = 0 }

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
