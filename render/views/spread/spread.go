// Package spread is the exercise's view: how evenly V random ranges per
// node share the ring, as the ring, the loads, the numbers against the
// exact law, the exercise's table and CV against V. It has no settings of
// its own, and its painting is every view's default.
package spread

import (
	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/sim"
)

// View is the spread view.
type View struct{}

func (View) ID() string { return "spread" }

// Name stays in English (it is state().mode): the tab shows it through
// lang.T.
func (View) Name() string { return lang.N("spread") }

// RingOnly: its result is the common ring of every seed.
func (View) RingOnly() {}

// Compute is the ring of every seed, through the draws kept for the next
// step of V.
func (View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	r, err := w.Run(w.Params(s), view.RunCost(s, 0))
	if err != nil {
		return nil, err
	}
	return &Shown{res: r}, nil
}

// Shown is the spread of one ring and the 20-seed figures.
type Shown struct{ res sim.Result }

// NewShown shows r.
func NewShown(r sim.Result) *Shown { return &Shown{res: r} }

func (s *Shown) Sim() *sim.Result { return &s.res }

// State is the spread view's part of window.vnodes.state().
type State struct {
	// TheoryCV is the exact law's root-mean-square CV for this N and V.
	TheoryCV float64 `json:"theoryCV"`
}

func (s *Shown) State() any {
	return State{TheoryCV: sim.TheoryCV(s.res.Params.Nodes, s.res.Params.V)}
}
