package view

import "vnodes/sim"

// Work meters one computation for the app: it tells Progress how far the
// work has got (0 to 1) after each piece, which may pause there (the
// browser has one thread and must draw meanwhile), and stops it once Stop
// is closed. Inline work (Progress nil) runs unmetered, on sim's plain
// paths. Views compute through it.
type Work struct {
	Stop     <-chan struct{}
	Progress func(float64)
	// Kept holds each seed's draws for the next step of V (nil: none kept).
	Kept  *sim.Stepper
	Total float64 // the work's size, in the units of the views' costs
	// Seeds, if not 0, is how many seeds to average instead of Seeds
	// (tests ask for few, to be quick).
	Seeds int
	done  float64
}

// Params are the simulation parameters of s for this work.
func (w *Work) Params(s Settings) sim.Params {
	p := s.Params()
	if w.Seeds > 0 {
		p.Seeds = w.Seeds
	}
	return p
}

// Sweep is the sweep over vs for the common settings of s (random tokens,
// whatever the view), for this work.
func (w *Work) Sweep(s Settings, vs []int) sim.SweepParams {
	sp := SweepParams(s, vs)
	if w.Seeds > 0 {
		sp.Seeds = w.Seeds
	}
	return sp
}

// Options meter one simulation call that counts weight of the total.
func (w *Work) Options(weight int) sim.Options {
	if w.Progress == nil {
		return sim.Options{}
	}
	done := w.done
	return sim.Options{Stop: w.Stop, Progress: func(d, t int64) {
		if t > 0 {
			w.Progress(min((done+float64(weight)*float64(d)/float64(t))/w.Total, 1))
		}
	}}
}

// Step counts weight as done after a call that returned err, and is the
// error to stop with: err, sim.ErrStopped once Stop is closed, or nil.
func (w *Work) Step(weight int, err error) error {
	if err != nil {
		return err
	}
	w.done += float64(weight)
	if w.Progress != nil {
		w.Progress(min(w.done/w.Total, 1))
	}
	select {
	case <-w.Stop:
		return sim.ErrStopped
	default:
		return nil
	}
}

// Run is the ring and loads of every seed for p, counting weight: through
// the draws kept for the next step of V when there are any.
func (w *Work) Run(p sim.Params, weight int) (sim.Result, error) {
	var r sim.Result
	var err error
	if w.Kept != nil {
		r, err = w.Kept.RunWith(p, w.Options(weight))
	} else {
		r, err = sim.RunWith(p, w.Options(weight))
	}
	return r, w.Step(weight, err)
}

// RunCost is the work of the ring of every seed and of the selected one
// drawn once more, with extra points drawn per ring (a workload's keys).
func RunCost(s Settings, extra int) int { return (Seeds + 1) * (s.Nodes*s.V + extra) }

// SweepCost is the work of a sweep over vs: with round-robin a sweep
// draws each seed once, for its largest V; with the random assignment it
// draws every V.
func SweepCost(s Settings, vs []int) int {
	if s.Assign == sim.RoundRobin {
		return Seeds * s.Nodes * vs[len(vs)-1]
	}
	return EverySweepCost(s, vs)
}

// EverySweepCost is the work of a sweep that builds every V afresh.
func EverySweepCost(s Settings, vs []int) int {
	sum := 0
	for _, v := range vs {
		sum += v
	}
	return Seeds * s.Nodes * sum
}

// SweepParams are the sweep over vs for the common settings of s (random
// tokens, whatever the view).
func SweepParams(s Settings, vs []int) sim.SweepParams {
	return sim.SweepParams{Nodes: s.Nodes, Seeds: Seeds, Assign: s.Assign, Vs: vs}
}
