// Package view is the contract between the app and its views, and the
// registry that lists them: what a view must answer, what it may, and
// what it is handed (the settings, intents, a meter for its work).
//
// A view needs three methods (View). Everything else is a capability the
// rest of the program looks for with a type assertion, as io.Copy looks
// for io.WriterTo, and a view without it gets the default: no settings of
// its own, no controls, no rows, no lesson, the spread's painting. Nothing
// here imports anything graphical, so all of it is tested without a
// display.
package view

import (
	"strings"
	"sync"

	"vnodes/render/panel"
	"vnodes/sim"
)

// View is one view of the app (a tab). A View value is the view's own
// settings: comparable, so that Settings compare with ==.
type View interface {
	// ID names it in links (view=), control names and state().
	ID() string
	// Name is its tab, in English (marked with lang.N; shown through
	// lang.T), and state().mode.
	Name() string
	// Compute works out what the view shows for s, through w.
	Compute(s Settings, w *Work) (Shown, error)
}

// The capabilities a view may have. The defaults are in the comments.

// Coster is a view whose work is not the common ring's alone: Cost is
// about how many ring points Compute draws. Default: RunCost(s, 0).
type Coster interface {
	Cost(s Settings) int
}

// Clamper brings its own settings, and the common ones it constrains,
// into range. Default: nothing to clamp.
type Clamper interface {
	Clamp(s Settings) Settings
}

// Applier carries out an intent addressed to it (Intent.View is its ID)
// from its controls. Default: none are.
type Applier interface {
	Apply(in Intent, s Settings) View
}

// Tuner sets the simulation parameters of the common settings (the
// token scheme, say). Default: the common settings' own.
type Tuner interface {
	Params(p sim.Params) sim.Params
}

// Controller has controls: rows of switches, steppers and words in a card
// at the top of the right column. Default: no card.
type Controller interface {
	Controls(s Settings) []Control
}

// Rower has its own table of 20-seed means by V, worked out apart from
// the result (Rows) at the cost RowsCost. Default: only the exercise's.
type Rower interface {
	Rows(s Settings, w *Work) (Rows, error)
	RowsCost(s Settings) int
}

// Shortcutter has a key that opens it and closes it again. Default: none.
type Shortcutter interface {
	Shortcut() Shortcut
}

// Clicker asks for something when a node is pointed at and clicked.
// Default: a click does nothing.
type Clicker interface {
	Click(node int, s Settings) (Intent, bool)
}

// RingOnly marks a view whose result is the common ring of every seed
// alone: a step of V for it goes through the draws kept for the next step,
// and costs only what they say.
type RingOnly interface{ RingOnly() }

// CostOf is the work of s's view, by its Coster or the default.
func CostOf(s Settings) int {
	if c, ok := s.View.(Coster); ok {
		return c.Cost(s)
	}
	return RunCost(s, 0)
}

// ControlsOf are the controls of s's view; none by default.
func ControlsOf(s Settings) []Control {
	if c, ok := s.View.(Controller); ok {
		return c.Controls(s)
	}
	return nil
}

// RowsCostOf is the work of the rows of s's view, 0 if it has none.
func RowsCostOf(s Settings) int {
	if r, ok := s.View.(Rower); ok {
		return r.RowsCost(s)
	}
	return 0
}

// RowsOf works out the rows of s's view, nil if it has none.
func RowsOf(s Settings, w *Work) (Rows, error) {
	if r, ok := s.View.(Rower); ok {
		return r.Rows(s, w)
	}
	return nil, nil
}

// Shown is what a view computed for one set of settings. It must say what
// every view has, the selected seed's ring and the 20-seed figures of the
// spread (panel.Shown); the rest is optional:
//   - panel's painters (RingSpecer, Headerer, RingPainter, BarsPainter,
//     ColumnPainter, ChartPainter): what it draws in each part of the
//     screen; default, the spread's;
//   - Stater: its part of window.vnodes.state(); default, none;
//   - Describer: the view in words for the text version; default, the
//     spread's sentences;
//   - Tooltiper: what pointing at a node says; default, its ranges and
//     share;
//   - RowsTaker: the same result showing the view's own rows;
//   - Measurer: the figures its lesson steps ask about.
type Shown interface {
	panel.Shown
}

// Stater is a result with its own part of window.vnodes.state(): a value
// that encodes to a JSON object.
type Stater interface {
	State() any
}

// Describer is a result that says itself in words for the page's text
// version: a summary of the screen, and a sentence to announce once it
// settles.
type Describer interface {
	Describe() (summary, note string)
}

// Tooltiper is a result that says what pointing at a node shows ("" for
// none).
type Tooltiper interface {
	Tooltip(node int) string
}

// RowsTaker is a result that can show the view's own rows (nil while they
// are worked out).
type RowsTaker interface {
	WithRows(r Rows) Shown
}

// Measurer is a result with the figures its lesson steps ask about, named
// by a step's Asks.
type Measurer interface {
	Measured(asks string) (Figure, bool)
}

// Figure is a measurement a lesson card quotes: the lines that say it, and
// the value a typed guess is set against, with its unit.
type Figure struct {
	Text  string
	Value float64
	Unit  string
}

// StateOf is a result's part of state(), nil for none.
func StateOf(s Shown) any {
	if st, ok := s.(Stater); ok {
		return st.State()
	}
	return nil
}

// DescribeOf is a result in words: its own, or the spread's.
func DescribeOf(s Shown) (summary, note string) {
	if d, ok := s.(Describer); ok {
		return d.Describe()
	}
	return Describe(s.Sim())
}

// TooltipOf is what pointing at node shows: the result's own, or the
// node's ranges and share.
func TooltipOf(s Shown, node int) string {
	if t, ok := s.(Tooltiper); ok {
		return t.Tooltip(node)
	}
	return NodeTooltip(s.Sim(), node)
}

// WithRows is s showing r, when it shows rows at all.
func WithRows(s Shown, r Rows) Shown {
	if t, ok := s.(RowsTaker); ok {
		return t.WithRows(r)
	}
	return s
}

// MeasuredOf is the figure named asks, if the result has it.
func MeasuredOf(s Shown, asks string) (Figure, bool) {
	if m, ok := s.(Measurer); ok {
		return m.Measured(asks)
	}
	return Figure{}, false
}

// Registry is the app's views, in the order of their tabs. The first
// view is the one the app opens on, and the one a link that asks for none
// shows. Other packages keep what they work out from it (the lesson, the
// link keys) in its Memo.
type Registry struct {
	views []View
	memo  sync.Map
}

// NewRegistry lists the views, each with its default settings (what it
// shows when opened), in the order of their tabs.
func NewRegistry(views ...View) *Registry { return &Registry{views: views} }

// Memo is what make returns for key, made once per registry and key.
func (r *Registry) Memo(key any, make func() any) any {
	if v, ok := r.memo.Load(key); ok {
		return v
	}
	v, _ := r.memo.LoadOrStore(key, make())
	return v
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

// IDs are the views' IDs, in the order of their tabs.
func (r *Registry) IDs() []string {
	ids := make([]string, len(r.views))
	for i, v := range r.views {
		ids[i] = v.ID()
	}
	return ids
}

// Shortcuts are the views' own keys, each toggling its view
// (ActionToggleMode with its place as Value).
func (r *Registry) Shortcuts() []Shortcut {
	var out []Shortcut
	for i, v := range r.views {
		if s, ok := v.(Shortcutter); ok {
			sc := s.Shortcut()
			sc.Action, sc.Value = ActionToggleMode, i
			out = append(out, sc)
		}
	}
	return out
}

// Default is what the app opens with: the lumpy case the lesson starts
// from, in the registry's first view.
func (r *Registry) Default() Settings {
	return Settings{V: 1, Nodes: sim.DefaultNodes, Seed: 0, Assign: sim.RoundRobin, Theme: Dark, View: r.First()}.Clamp()
}

// Clamp is Settings.Clamp with the registry's first view for none. (The
// lesson step is kept within the lesson where it is set.)
func (r *Registry) Clamp(s Settings) Settings {
	if s.View == nil || r.Index(s.View) < 0 {
		s.View = r.First()
	}
	return s.Clamp()
}

// Capitalised is s with its first letter upper-case: "Maglev" for a
// control named after "maglev".
func Capitalised(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
