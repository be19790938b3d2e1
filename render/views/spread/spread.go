// Package spread is the exercise's view: how evenly V random ranges per
// node share the ring, as the ring, the loads, the numbers against the
// exact law, the exercise's table and CV against V. It has no settings of
// its own.
package spread

import (
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// View is the spread view.
type View struct{}

// Name stays in English (it is state().mode): the tab shows it through
// lang.T.
func (View) Name() string            { return lang.N("spread") }
func (View) ID() string              { return "spread" }
func (View) Shortcut() view.Shortcut { return view.Shortcut{} }
func (View) RingOnly()               {}

func (View) Keys() []view.Key { return nil }

func (v View) Parse(*view.Parser, view.Settings) (view.View, bool) { return v, false }
func (View) Write(*strings.Builder)                                {}
func (View) Clamp(s view.Settings) view.Settings                   { return s }
func (v View) Apply(view.Intent, view.Settings) view.View          { return v }
func (View) Params(p sim.Params) sim.Params                        { return p }

// Compute is the ring of every seed, through the draws kept for the next
// step of V.
func (View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	r, err := w.Run(w.Params(s), view.RunCost(s, 0))
	if err != nil {
		return nil, err
	}
	return &Shown{res: r}, nil
}

func (View) Cost(s view.Settings) int { return view.RunCost(s, 0) }

// Rows: the exercise's table is every view's (the app keeps it).
func (View) Rows(view.Settings, *view.Work) (view.Rows, error) { return nil, nil }
func (View) RowsCost(view.Settings) int                        { return 0 }

func (View) Controls(view.Settings) []view.Control { return nil }

// Shown is the spread of one ring and the 20-seed figures.
type Shown struct{ res sim.Result }

// NewShown shows r (for views that show the spread of their own ring).
func NewShown(r sim.Result) *Shown { return &Shown{res: r} }

func (s *Shown) Sim() *sim.Result                    { return &s.res }
func (s *Shown) WithRows(view.Rows) view.Shown       { return s }
func (s *Shown) Tooltip(node int) string             { return view.NodeTooltip(&s.res, node) }
func (s *Shown) Describe() (summary, note string)    { return view.Describe(&s.res) }
func (s *Shown) Measured(string) (view.Figure, bool) { return view.Figure{}, false }

// State is the spread view's part of window.vnodes.state().
type State struct {
	// TheoryCV is the exact law's root-mean-square CV for this N and V.
	TheoryCV float64 `json:"theoryCV"`
}

func (s *Shown) State() any {
	return State{TheoryCV: sim.TheoryCV(s.res.Params.Nodes, s.res.Params.V)}
}

// Ring is the selected seed's ring, the busiest node singled out.
func (s *Shown) Ring(l *panel.Look) panel.RingSpec { return RingSpec(&s.res, l) }

// RingSpec is what the band shows for a ring of random ranges.
func RingSpec(r *sim.Result, l *panel.Look) panel.RingSpec {
	return panel.RingSpec{Ring: &r.Ring, Key: r.Ring.Stats.Busiest, NodeBars: !l.Concealed && !l.Average}
}

func (s *Shown) Header(c panel.Canvas) (title, sub string) { return panel.Header(c, s.res.Params) }

func (s *Shown) PaintRing(c panel.Canvas, spec panel.RingSpec) {
	panel.PlainRingLabel(c, spec.Ring)
	panel.RingCentre(c, spec)
}

func (s *Shown) PaintBars(c panel.Canvas) { panel.Bars(c, &s.res) }

// PaintColumn is the numbers and the exercise's table (the large law
// chart takes the table's place).
func (s *Shown) PaintColumn(c panel.Canvas) {
	panel.Numbers(c)
	if c.Look().Chart != panel.ChartLaw {
		panel.Table(c)
	}
}

func (s *Shown) PaintChart(c panel.Canvas) {
	if l := c.Look(); l.Chart == panel.ChartLaw && !l.Lesson {
		panel.LawChart(c)
		return
	}
	panel.CVChart(c)
}
