package app

import "time"

// timing is the Go time the app spends, for window.vnodes.state() and the
// browser benchmarks (GPU work is not included: ebiten runs it later).
type timing struct {
	sim, update, draw time.Duration // the last re-simulation (from asking to showing), Update, Draw
	asked             time.Time     // when the settings shown next were asked for
	updateStart       time.Time     // when the latest Update began
	updatesDrawn      int           // updates when the latest Draw began
	frames            int
	updates           int
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

// frameStart is when this frame began: at its Update, or at its Draw
// (which began at drawStart) when ebiten called no Update before it.
func (t *timing) frameStart(drawStart time.Time) time.Time {
	defer func() { t.updatesDrawn = t.updates }()
	if t.updates == t.updatesDrawn {
		return drawStart
	}
	return t.updateStart
}
