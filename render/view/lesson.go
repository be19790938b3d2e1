package view

import "vnodes/sim"

// LessonStep is one predict-then-observe step of the guided lesson. The
// class answers Question first (a choice, or a number typed in), then the
// teacher reveals the measurement and the explanation. Views contribute
// the steps about them (View.Steps); the registry numbers them.
type LessonStep struct {
	Title    string
	V        int            // ranges per node this step starts with (seed 0)
	Nodes    int            // the nodes it starts with; 0 for the app's default
	Assign   sim.Assignment // how the ranges are dealt (round-robin unless a step says)
	View     View           // the view the step shows, with its settings
	Question string         // asked before anything is revealed; a format for Given's figures
	// Given are the figures the question starts from, worked out by sim
	// (quick: it runs when the lesson is put together); nil for none.
	// Texts carry no typed figures: the measured lines answer the rest.
	Given   func() []any
	Choices []string // possible answers to pick from
	Best    int      // index of the answer the measurement supports
	Explain string   // shown after the reveal, next to the measured figures
	Measure Measure  // which figure answers the question
	Asks    string   // with MeasureView: which of the view's figures (Shown.Measured)
	Try     *Try     // something to try after the reveal, or nil
}

// Try is another setting of the step's view that the card offers to try
// after the reveal.
type Try struct {
	Label string
	View  View
}

// Measure names the figure a step's question is about.
type Measure uint8

const (
	MeasureImbalance Measure = iota // busiest node over the mean, averaged over seeds
	MeasureCV                       // spread of the loads, averaged over seeds
	MeasureNone                     // a reasoning question; the figures are still shown
	MeasureView                     // the view's own figure (Shown.Measured)
)

// StepSettings are the settings a lesson step opens with; the theme is kept.
func (r *Registry) StepSettings(step int, theme Theme) Settings {
	s := r.Default()
	s.Theme = theme
	if lesson := r.Lesson(); step >= 1 && step <= len(lesson) {
		l := lesson[step-1]
		s.Step, s.V, s.Assign, s.View = step, l.V, l.Assign, l.View
		if l.Nodes > 0 {
			s.Nodes = l.Nodes
		}
	}
	return r.Clamp(s)
}
