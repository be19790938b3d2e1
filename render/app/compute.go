package app

import (
	"math"
	"slices"
	"sync/atomic"
	"time"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// need says which parts of the work are due.
type need struct {
	result     bool // the view's figures: the ring, its loads and the 20-seed figures, and the view's own
	spreadRows bool // the exercise's table and the CV chart's curve, for N and the assignment
	viewRows   bool // the view's own 20-seed table
	overlays   bool // other curves for the chart
}

func (n need) any() bool { return n.result || n.spreadRows || n.viewRows || n.overlays }

// work is what the screen shows for one set of settings, computed in one
// go: whichever parts were due.
type work struct {
	settings view.Settings
	done     need
	result   view.Shown // what the view computed
	spread   *rowSet
	viewRows view.Rows
	overlays *overlaySet
	strip    []uint16 // the shown ring's owner strip, binned in the background (nil inline)
	err      error
}

// overlaySet is the chart's comparison curves for one choice of them.
type overlaySet struct {
	key    overlayKey
	curves []panel.Curve
	lang   string // the language of the curves' labels
}

type overlayKey struct {
	overlay view.Overlay
	nodes   int
	assign  sim.Assignment
}

func overlayKeyOf(s view.Settings) overlayKey {
	return overlayKey{s.Overlay, s.Nodes, s.Assign}
}

// overlayParams are the sweeps an overlay draws: other N, or the other
// assignment.
func overlayParams(s view.Settings) []sim.SweepParams {
	var out []sim.SweepParams
	switch s.Overlay {
	case view.OverlayNodes:
		for _, n := range view.OverlayNodeCounts {
			if n != s.Nodes {
				out = append(out, sim.SweepParams{Nodes: n, Seeds: view.Seeds, Assign: s.Assign, Vs: curveVs})
			}
		}
	case view.OverlayAssign:
		out = append(out, sim.SweepParams{Nodes: s.Nodes, Seeds: view.Seeds, Assign: 1 - s.Assign, Vs: curveVs})
	}
	return out
}

// overlayLabel names an overlay's curve on the chart, in the current
// language.
func overlayLabel(o view.Overlay, sp sim.SweepParams) string {
	if o == view.OverlayAssign {
		return lang.Sprintf("N = %d, %s", sp.Nodes, panel.AssignLabel(sp.Assign))
	}
	return lang.Sprintf("N = %d", sp.Nodes)
}

// relabel names the curves again after a change of language.
func (o *overlaySet) relabel(s view.Settings) {
	params := overlayParams(s)
	if len(params) != len(o.curves) {
		return
	}
	o.curves = slices.Clone(o.curves) // the scene may hold the old slice
	for i := range o.curves {
		o.curves[i].Label = overlayLabel(s.Overlay, params[i])
	}
	o.lang = lang.Current()
}

// rowSet is the seed-averaged rows for one N and assignment.
type rowSet struct {
	nodes        int
	assign       sim.Assignment
	table, curve []sim.Row
}

// rowsKey is what the rows depend on: everything but V, the seed and how
// things look.
func rowsKey(s view.Settings) view.Settings {
	s.V, s.Seed, s.Step, s.Theme = 0, 0, 0, 0
	return s
}

// compute does the parts of the work for s that n asks for. It tells
// progress how far it has got (0 to 1) between steps; progress may pause
// there (the browser has one thread and must draw meanwhile). It stops
// early with sim.ErrStopped once stop is closed (nil: never).
//
// In the background (progress not nil) every simulation is metered: it
// reports after each piece of at most sim.TickUnits of work, and progress
// may pause there, so that even one seed of a 4-million-point ring never
// holds the browser's only thread for long. Inline work runs unmetered,
// on sim's plain paths. The view's ring comes through kept, if not nil,
// which keeps each seed's draws for the next step of V (in the background
// it makes them, so that the steps after it are quick enough to show at
// once).
func compute(stop <-chan struct{}, s view.Settings, n need, progress func(float64), kept *sim.Stepper) work {
	w := work{settings: s, done: n}
	total := cost(s, n)
	if progress != nil && n.result {
		total += stripCost(s)
	}
	wk := &view.Work{Stop: stop, Progress: progress, Kept: kept, Total: float64(total)}
	if n.result {
		if w.result, w.err = s.View.Compute(s, wk); w.err != nil {
			return w
		}
	}
	if n.result && progress != nil {
		// Bin the ring here, in pieces, rather than in the frame that
		// first draws it.
		ring := shownRingOf(w.result)
		b, m := geom.NewStripBuilder(ring.Boundaries, ring.Owners), len(ring.Boundaries)
		for at := 0; at < m; at += stripPiece {
			b.Step(stripPiece)
			if w.err = wk.Step(min(stripPiece, m-at)/stripUnit, nil); w.err != nil {
				return w
			}
		}
		w.strip = b.Strip()
	}
	if n.viewRows {
		if w.viewRows, w.err = view.RowsOf(s, wk); w.err != nil {
			return w
		}
	}
	if n.overlays {
		set := &overlaySet{key: overlayKeyOf(s)}
		for _, sp := range overlayParams(s) {
			o := s
			o.Nodes, o.Assign = sp.Nodes, sp.Assign
			weight := view.SweepCost(o, curveVs)
			rows, err := sim.SweepWith(sp, wk.Options(weight))
			if w.err = wk.Step(weight, err); w.err != nil {
				return w
			}
			set.curves = append(set.curves, panel.Curve{Label: overlayLabel(s.Overlay, sp), Nodes: sp.Nodes, Rows: rows})
		}
		set.lang = lang.Current()
		w.overlays = set
	}
	if n.spreadRows {
		rows := &rowSet{nodes: s.Nodes, assign: s.Assign}
		var err error
		sp := view.SweepParams(s, sim.ExerciseVs)
		rows.table, err = sim.SweepWith(sp, wk.Options(view.SweepCost(s, sim.ExerciseVs)))
		if w.err = wk.Step(view.SweepCost(s, sim.ExerciseVs), err); w.err != nil {
			return w
		}
		sp.Vs = curveVs
		rows.curve, err = sim.SweepWith(sp, wk.Options(view.SweepCost(s, curveVs)))
		if w.err = wk.Step(view.SweepCost(s, curveVs), err); w.err != nil {
			return w
		}
		w.spread = rows
	}
	return w
}

// cost is about how many ring points the work draws and sorts: what its
// time is proportional to.
func cost(s view.Settings, n need) int {
	c := 0
	if n.result {
		c += view.CostOf(s)
	}
	if n.viewRows {
		c += view.RowsCostOf(s)
	}
	if n.spreadRows {
		c += view.SweepCost(s, sim.ExerciseVs) + view.SweepCost(s, curveVs)
	}
	if n.overlays {
		for _, sp := range overlayParams(s) {
			o := s
			o.Nodes, o.Assign = sp.Nodes, sp.Assign
			c += view.SweepCost(o, curveVs)
		}
	}
	return c
}

// Binning the shown ring for its strip counts one unit per stripUnit
// ranges (a range is binned far faster than it is drawn and sorted), in
// pieces of stripPiece ranges between pauses.
const (
	stripUnit  = 4
	stripPiece = 1 << 16
)

// stripCost is the work of binning the shown ring.
func stripCost(s view.Settings) int { return s.Nodes * s.V / stripUnit }

// shownRingOf is the ring the scene draws for r outside a lesson question.
func shownRingOf(r view.Shown) *sim.Ring {
	return panel.PainterOf(r).Ring(&panel.Look{Hover: -1}).Ring
}

// inlineCost is the most work done inside a frame for a change that is
// not a step of the result (a whole exercise table at N = 100, for
// instance): it is shown at once; past it the work runs in the background
// and the page keeps drawing, with a progress bar, while it does.
const inlineCost = 1 << 19

// A step of the result (what every frame of a drag asks for) is held to a
// frame's share instead, in units of one kept draw gone through (about
// 7 ns in a browser; drawing and sorting a point afresh counts drawUnits):
// inlineStepWork is about 3.5 ms of a browser's frame: enough for the
// lesson's and the presets' V = 256 at N = 10 drawn afresh, before the
// draws are kept. A larger step is worked out between frames, and shown
// a frame or two after the hand.
const (
	inlineStepWork = 1 << 19
	drawUnits      = 8
)

// stepWork is the work of the result for s, in kept-draw units: through
// the draws kept if they hold it, else drawn afresh.
func stepWork(s view.Settings, kept *sim.Stepper) int {
	if _, ringOnly := s.View.(view.RingOnly); ringOnly {
		if w := kept.KeptWork(s.Params()); w > 0 {
			return w
		}
	}
	return drawUnits * cost(s, need{result: true})
}

// inlineResult reports whether the result for s is small enough to work
// out inside a frame. The first result (nothing is shown yet, and a frame
// without it would be empty) may take as long as inlineCost allows.
func inlineResult(s view.Settings, kept *sim.Stepper, first bool) bool {
	if first && cost(s, need{result: true}) <= inlineCost {
		return true
	}
	return stepWork(s, kept) <= inlineStepWork
}

// keepStepWork bounds a step of V that is let finish when the hand has
// moved on (about 200 ms of a browser's time): it is shown, a moment
// late, and the step to where the hand is now starts after it. Steps
// thrown away whenever V moved again would show nothing until the hand
// stopped. Larger work (N = 1000) is given up for the newer V.
const keepStepWork = 1 << 25

// job is work running in the background.
type job struct {
	settings view.Settings
	needs    need
	work     int // about how much, in kept-draw units (see stepWork)
	started  time.Time
	stop     chan struct{} // closed to cancel the work
	done     chan work
	fraction atomic.Uint64 // math.Float64bits of the progress, 0 to 1
}

// cancel stops the work within a piece; the job is then dropped.
func (j *job) cancel() { close(j.stop) }

func (j *job) progress() float64 { return math.Float64frombits(j.fraction.Load()) }

// nearlyFor reports whether the job is a step of V short enough to finish
// and show though s asks for another V (see keepStepWork).
func (j *job) nearlyFor(s view.Settings) bool {
	at := j.settings
	at.V = s.V
	return j.needs == need{result: true} && view.SameWork(at, s) && j.work <= keepStepWork
}

// covers reports whether the job is already doing what s and n ask for.
func (j *job) covers(s view.Settings, n need) bool {
	return view.SameWork(j.settings, s) && (j.needs.result || !n.result) &&
		(j.needs.spreadRows || !n.spreadRows) && (j.needs.viewRows || !n.viewRows) && (j.needs.overlays || !n.overlays)
}

// startJob runs compute in a goroutine, which gives way (yield) between
// steps: in the browser, so that frames go on being drawn.
func startJob(s view.Settings, n need, kept *sim.Stepper, yield func()) *job {
	j := &job{settings: s, needs: n, started: time.Now(), stop: make(chan struct{}), done: make(chan work, 1)}
	if n.result {
		j.work = stepWork(s, kept)
	}
	go func() {
		j.done <- compute(j.stop, s, n, func(f float64) {
			j.fraction.Store(math.Float64bits(f))
			yield()
		}, kept)
	}()
	return j
}

// poll returns the finished work, if any, without waiting.
func (j *job) poll() (work, bool) {
	select {
	case w := <-j.done:
		return w, true
	default:
		return work{}, false
	}
}

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
		applies, err := g.keptDraws.Reserve(p, sim.Options{Stop: r.stop, Progress: func(_, _ int64) { g.host.Yield() }})
		// One that does not apply is not tried again either.
		r.done <- err == nil || !applies
	}()
}
