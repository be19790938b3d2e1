package app

import (
	"vnodes/render/view"
	"vnodes/sim"
)

// reservePoints bounds the draws made ahead of a drag (8 bytes each, and
// as much again in thinner copies): 4 MB at most, about 20 ms of work in a
// browser. N = 10 gets every V the slider reaches; larger clusters get
// fewer, and their larger V are drawn when a drag gets there, as before.
const reservePoints = 1 << 18

// reservation is draws being made ahead of time in the background.
type reservation struct {
	params sim.Params
	stop   chan struct{}
	done   chan bool // whether the draws are all made
}

// reserveParams is what to make draws ahead for while want is shown: its N,
// seeds, assignment and scheme, up to the largest V of the slider that
// fits in reservePoints.
func reserveParams(want view.Settings) sim.Params {
	p := want.Params()
	p.Seed = 0
	p.V = view.MaxSliderV
	for p.V > 16 && p.Nodes*p.V*p.Seeds > reservePoints {
		p.V /= 2
	}
	return p
}

// reserveAhead makes, while nothing else is due, the draws later steps of
// V will go through, so that the frames of a drag never stop to make them.
// Anything else to do cancels it (a cancelled fill keeps nothing; it is
// started again once things are quiet).
func (g *Game) reserveAhead(busy bool) {
	if r := g.reserving; r != nil {
		select {
		case ok := <-r.done:
			g.reserving = nil
			if ok {
				g.reservedFor = r.params
			}
		default:
			if !busy && r.params == reserveParams(g.shown) {
				return
			}
			close(r.stop) // other work, or made for settings no longer shown
			g.reserving = nil
		}
	}
	if busy {
		return
	}
	p := reserveParams(g.shown)
	if p == g.reservedFor {
		return
	}
	r := &reservation{params: p, stop: make(chan struct{}), done: make(chan bool, 1)}
	g.reserving = r
	go func() {
		applies, err := g.keptDraws.Reserve(p, sim.Options{Stop: r.stop, Progress: func(_, _ int64) { pause() }})
		// One that does not apply is not tried again either.
		r.done <- err == nil || !applies
	}()
}
