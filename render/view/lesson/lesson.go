// Package lesson is the guided lesson: the views' steps gathered into one
// numbered lesson in the current language, the settings each step opens
// with, and the class's progress through a step with what its card says.
package lesson

import (
	"fmt"
	"sync"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/sim"
)

// Step is one predict-then-observe step of the guided lesson. The class
// answers Question first (a choice, or a number typed in), then the
// teacher reveals the measurement and the explanation.
type Step struct {
	Title    string
	V        int            // ranges per node this step starts with (seed 0)
	Nodes    int            // the nodes it starts with; 0 for the app's default
	Assign   sim.Assignment // how the ranges are dealt (round-robin unless a step says)
	View     view.View      // the view the step shows, with its settings
	Question string         // asked before anything is revealed; a format for Given's figures (Asked fills them in)
	// Given are the figures the question starts from, worked out by sim
	// the first time the question is asked (not when a link is read, nor
	// before the first frame); nil for none. Texts carry no typed
	// figures: the measured lines answer the rest.
	Given   func() []any
	Choices []string // possible answers to pick from
	Best    int      // index of the answer the measurement supports
	Explain string   // shown after the reveal, next to the measured figures
	Measure Measure  // which figure answers the question
	Asks    string   // with MeasureView: which of the view's figures (view.Measurer)
	Try     *Try     // something to try after the reveal, or nil
}

// Try is another setting of the step's view that the card offers to try
// after the reveal.
type Try struct {
	Label string
	View  view.View
}

// Measure names the figure a step's question is about.
type Measure uint8

const (
	MeasureImbalance Measure = iota // busiest node over the mean, averaged over seeds
	MeasureCV                       // spread of the loads, averaged over seeds
	MeasureNone                     // a reasoning question; the figures are still shown
	MeasureView                     // the view's own figure (view.Measurer)
)

// Teacher is a view with steps in the lesson, in order; the lesson takes
// each view's in the order of the registry. Their texts may be written
// with lang.T (they are asked for again in each language) or marked with
// lang.N (they are translated here).
type Teacher interface {
	Steps() []Step
}

// lessonsKey is the key of a registry's lessons in its Memo.
type lessonsKey struct{}

// lessons keeps each registry's lesson, in the language it was put
// together in.
type lessons struct {
	mu    sync.Mutex
	tag   string
	steps []Step
}

// Of is r's lesson: every view's steps, in the order of the views,
// numbered, in the current language (put together again when the
// language changes).
func Of(r *view.Registry) []Step {
	l := r.Memo(lessonsKey{}, func() any { return new(lessons) }).(*lessons)
	tag := lang.Current()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.steps == nil || l.tag != tag {
		l.steps, l.tag = gather(r.Views()), tag
	}
	return l.steps
}

// Len is how many steps r's lesson has.
func Len(r *view.Registry) int { return len(Of(r)) }

// Asked is the question as the card asks it, with Given's figures.
func (st Step) Asked() string {
	if st.Given == nil {
		return st.Question
	}
	return lang.Sprintf(st.Question, st.Given()...)
}

func gather(views []view.View) []Step {
	var out []Step
	for _, v := range views {
		t, ok := v.(Teacher)
		if !ok {
			continue
		}
		for _, st := range t.Steps() {
			st.Title = fmt.Sprintf("%d · %s", len(out)+1, lang.T(st.Title))
			st.Question, st.Explain = lang.T(st.Question), lang.T(st.Explain)
			choices := make([]string, len(st.Choices))
			for i, c := range st.Choices {
				choices[i] = lang.T(c)
			}
			st.Choices = choices
			if st.Try != nil {
				try := *st.Try
				try.Label = lang.T(try.Label)
				st.Try = &try
			}
			out = append(out, st)
		}
	}
	return out
}

// Settings are the settings step (counted from 1) opens with, the theme
// kept; outside the lesson, the start.
func Settings(r *view.Registry, step int, theme view.Theme) view.Settings {
	s := r.Default()
	s.Theme = theme
	if steps := Of(r); step >= 1 && step <= len(steps) {
		l := steps[step-1]
		s.Step, s.V, s.Assign, s.View = step, l.V, l.Assign, l.View
		if l.Nodes > 0 {
			s.Nodes = l.Nodes
		}
	}
	return r.Clamp(s)
}

// Clamp is r.Clamp with the step kept within the lesson.
func Clamp(r *view.Registry, s view.Settings) view.Settings {
	s.Step = min(s.Step, Len(r))
	return r.Clamp(s)
}
