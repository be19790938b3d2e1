package app

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"vnodes/render/view"
	"vnodes/sim"
)

// work is what the screen shows for one set of settings, computed in one
// go: the result and, when they were due, the table's and chart's rows.
type work struct {
	settings  view.Settings
	hasResult bool
	result    sim.Result
	rows      *rowSet // nil when the rows were not recomputed
	err       error
}

// rowSet is the seed-averaged rows for one N and assignment.
type rowSet struct {
	nodes        int
	assign       sim.Assignment
	table, curve []sim.Row
}

// compute does the work for s: the result when withResult, the rows when
// withRows. It
// tells progress how far it has got (0 to 1) between steps; progress may
// pause there (the browser has one thread and must draw meanwhile). It
// stops early with ctx's error when ctx is cancelled.
func compute(ctx context.Context, s view.Settings, withResult, withRows bool, progress func(float64)) work {
	w := work{settings: s, hasResult: withResult}
	total := float64(cost(s, withResult, withRows))
	done := 0.0
	step := func(points int) error {
		done += float64(points)
		if progress != nil {
			progress(min(done/total, 1))
		}
		return ctx.Err()
	}
	if withResult {
		if w.result, w.err = sim.Run(s.Params()); w.err != nil {
			return w
		}
		if w.err = step(runCost(s)); w.err != nil {
			return w
		}
	}
	if !withRows {
		return w
	}
	rows := &rowSet{nodes: s.Nodes, assign: s.Assign}
	sweep := func(vs []int) ([]sim.Row, error) {
		rows, err := sim.Sweep(sim.SweepParams{Nodes: s.Nodes, Seeds: view.Seeds, Assign: s.Assign, Vs: vs})
		if err == nil {
			err = step(sweepCost(s, vs))
		}
		return rows, err
	}
	if rows.table, w.err = sweep(sim.ExerciseVs); w.err != nil {
		return w
	}
	if rows.curve, w.err = sweep(curveVs); w.err != nil {
		return w
	}
	w.rows = rows
	return w
}

// cost is about how many ring points the work draws and sorts: what its
// time is proportional to.
func cost(s view.Settings, withResult, withRows bool) int {
	c := 0
	if withResult {
		c += runCost(s)
	}
	if withRows {
		c += sweepCost(s, sim.ExerciseVs) + sweepCost(s, curveVs)
	}
	return c
}

// runCost: every seed's ring, and the selected seed's drawn once more.
func runCost(s view.Settings) int { return (view.Seeds + 1) * s.Nodes * s.V }

// sweepCost: with round-robin a sweep draws each seed once, for its largest
// V; with the random assignment it draws every V.
func sweepCost(s view.Settings, vs []int) int {
	if s.Assign == sim.RoundRobin {
		return view.Seeds * s.Nodes * vs[len(vs)-1]
	}
	sum := 0
	for _, v := range vs {
		sum += v
	}
	return view.Seeds * s.Nodes * sum
}

// inlineCost is the most work done inside a frame. Up to it (a whole
// exercise table at N = 100, for instance) a change is shown at once; past
// it the work runs in the background and the page keeps drawing, with a
// progress bar, while it does.
const inlineCost = 1 << 19

// job is work running in the background.
type job struct {
	settings   view.Settings
	withResult bool
	withRows   bool
	started    time.Time
	cancel     context.CancelFunc
	done       chan work
	fraction   atomic.Uint64 // math.Float64bits of the progress, 0 to 1
}

func (j *job) progress() float64 { return math.Float64frombits(j.fraction.Load()) }

// startJob runs compute in a goroutine. pause lets it give way between
// steps: in the browser so that frames go on being drawn.
func startJob(s view.Settings, withResult, withRows bool) *job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{settings: s, withResult: withResult, withRows: withRows, started: time.Now(), cancel: cancel, done: make(chan work, 1)}
	go func() {
		j.done <- compute(ctx, s, withResult, withRows, func(f float64) {
			j.fraction.Store(math.Float64bits(f))
			pause()
		})
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
