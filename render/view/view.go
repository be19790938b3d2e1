package view

import (
	"fmt"
	"strings"
	"sync"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/sim"
)

// View is one view of the app (a tab): the spread of loads, a node joining
// or leaving, hot keys, token schemes… A View value is the view's own
// settings: comparable, so that Settings compare with ==. Its methods
// answer what the rest of the program asks of it; nothing outside a view
// switches on which view is shown.
type View interface {
	// Name is the view's tab, and state().mode.
	Name() string
	// ID names it in links (view=), control names and state(): "spread",
	// "change", "load", "tokens".
	ID() string
	// Shortcut is the key that opens it and closes it again (a zero
	// Shortcut for none).
	Shortcut() Shortcut

	// Keys are the link parameters it reads, in the order Write writes them.
	Keys() []Key
	// Parse reads its parameters from a link into its settings (the
	// receiver) and reports whether the link asks for this view; s.View is
	// the view the link shows so far (a lesson step's, say). A nil View with
	// true asks for the first view of the registry (the link closes this
	// one).
	Parse(p *Parser, s Settings) (View, bool)
	// Write adds its parameters to a link.
	Write(b *strings.Builder)
	// Clamp brings its own settings, and the common ones it constrains,
	// into range.
	Clamp(s Settings) Settings
	// Apply carries out an intent addressed to it (Intent.View is its ID).
	Apply(in Intent, s Settings) View
	// Params adjusts the simulation parameters of the common settings.
	Params(p sim.Params) sim.Params

	// Compute works out what the view shows for s; Cost is about how many
	// ring points that draws (what its time is proportional to).
	Compute(s Settings, w *Work) (Shown, error)
	Cost(s Settings) int
	// Rows works out the view's own table of 20-seed means by V, if it has
	// one (nil, nil if not), and RowsCost its cost.
	Rows(s Settings, w *Work) (Rows, error)
	RowsCost(s Settings) int

	// Controls are the view's switches and steppers for s, as rows of the
	// card at the top of the right column.
	Controls(s Settings) []Control
	// Steps are its part of the guided lesson, in order.
	Steps() []LessonStep
}

// Rows is a view's own table of 20-seed means by V.
type Rows interface {
	// For reports whether these are the rows s needs (V and the seed aside).
	For(s Settings) bool
}

// Table is a view's rows for one N, assignment and setting of the view.
type Table[T any] struct {
	nodes  int
	assign sim.Assignment
	of     View
	List   []T
}

// NewTable is list, the rows for s.
func NewTable[T any](s Settings, list []T) *Table[T] {
	return &Table[T]{nodes: s.Nodes, assign: s.Assign, of: s.View, List: list}
}

// TableList is r's rows if r is a Table of T, else nil (being worked out).
func TableList[T any](r Rows) []T {
	if t, ok := r.(*Table[T]); ok {
		return t.List
	}
	return nil
}

// For: the rows depend on N, the assignment and the view's own settings.
func (t *Table[T]) For(s Settings) bool {
	return t.nodes == s.Nodes && t.assign == s.Assign && t.of == s.View
}

// Shown is what a view computed for one set of settings: it paints itself,
// describes itself, and says what its lesson steps measure.
type Shown interface {
	panel.Painter
	// Sim is the result every view has: the selected seed's ring and the
	// 20-seed figures of the spread.
	Sim() *sim.Result
	// WithRows is the same, showing the view's own rows (nil while they are
	// worked out).
	WithRows(r Rows) Shown
	// Tooltip describes a node pointed at ("" for none).
	Tooltip(node int) string
	// State is the view's part of window.vnodes.state(): a value that
	// encodes to a JSON object.
	State() any
	// Describe is the view in words, for the page's text version: a summary
	// of the screen, and a sentence to announce once a result settles.
	Describe() (summary, note string)
	// Measured is the figure a lesson step asks about (MeasureView), named
	// by the step's Asks ("" for a view with one figure).
	Measured(asks string) (Figure, bool)
}

// Figure is a measurement a lesson card quotes: the lines that say it, and
// the value a typed guess is set against, with its unit.
type Figure struct {
	Text  string
	Value float64
	Unit  string
}

// Key is one link parameter (and desktop flag) and what it does.
type Key struct {
	Name, Help string
}

// Registry is the app's views, in the order of their tabs, and the
// lesson they make together. The first view is the one the app opens on,
// and the one a link that asks for none shows.
type Registry struct {
	views []View

	mu        sync.Mutex
	lesson    []LessonStep // in the language lessonTag
	lessonTag string
}

// NewRegistry lists the views, each with its default settings (what it
// shows when opened), in the order of their tabs.
func NewRegistry(views ...View) *Registry {
	r := &Registry{views: views}
	r.Lesson()
	return r
}

// lessonOf is every view's steps, numbered, with their texts in the
// current language: Steps may write them with lang.T (it is asked again
// in each language) or mark them with lang.N (they are translated here).
func lessonOf(views []View) []LessonStep {
	var out []LessonStep
	for _, v := range views {
		for _, st := range v.Steps() {
			st.Title = fmt.Sprintf("%d · %s", len(out)+1, lang.T(st.Title))
			st.Question, st.Explain = lang.T(st.Question), lang.T(st.Explain)
			if st.Given != nil {
				st.Question = lang.Sprintf(st.Question, st.Given()...)
			}
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

// Views are the views in the order of their tabs.
func (r *Registry) Views() []View { return r.views }

// First is the view the app opens on.
func (r *Registry) First() View { return r.views[0] }

// Index is the place of the view with v's ID, or -1.
func (r *Registry) Index(v View) int {
	for i, w := range r.views {
		if v != nil && w.ID() == v.ID() {
			return i
		}
	}
	return -1
}

// ByID is the view with that ID, with its default settings.
func (r *Registry) ByID(id string) (View, bool) {
	for _, v := range r.views {
		if v.ID() == id {
			return v, true
		}
	}
	return nil, false
}

// Lesson is the guided lesson: every view's steps, in the order of the
// views, numbered, in the current language (worked out again when the
// language changes).
func (r *Registry) Lesson() []LessonStep {
	tag := lang.Current()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.lessonTag != tag {
		r.lesson, r.lessonTag = lessonOf(r.views), tag
	}
	return r.lesson
}
