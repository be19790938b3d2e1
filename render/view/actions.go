package view

import "vnodes/assets/lang"

// Action is something a person can ask the app to do, by key or by button.
// Keys and buttons share these identifiers, so neither can name an action
// that does not exist.
type Action uint8

const (
	ActionNone        Action = iota
	ActionVUp                // next power of two (Fine: +1); in the lesson, like ActionAdvance
	ActionVDown              // previous power of two (Fine: −1); in the lesson, back a step
	ActionNodesUp            // one node more
	ActionNodesDown          // one node fewer
	ActionSeed               // show seed Value
	ActionSeedNext           // the next seed, wrapping round
	ActionSeedPrev           // the previous seed, wrapping round
	ActionSetV               // V = Value (slider, presets)
	ActionSetAssign          // assignment = sim.Assignment(Value)
	ActionAdvance            // lesson: reveal, then the next step
	ActionAverage            // bars: this seed ↔ the 20-seed ranking
	ActionLesson             // start the lesson, or leave it
	ActionFullscreen         // full screen on / off (the platform does it)
	ActionTheme              // next colour theme
	ActionReset              // back to the opening view
	ActionHelp               // keyboard overlay on / off
	ActionCloseHelp          // keyboard overlay off
	ActionChoose             // lesson: pick answer Value
	ActionTypeGuess          // lesson: the typed guess is now Text
	ActionStepBack           // lesson: one step back; from the first, leave the lesson
	ActionGoToStep           // lesson: go to step Value (0 leaves the lesson)
	ActionMode               // show the view at place Value of the registry
	ActionToggleMode         // show the view at place Value, or the first again if it is showing
	ActionView               // a view's own control: Intent.View and Intent.Name say which (it opens the view if need be)
	ActionTry                // lesson: do what the revealed step offers to try
	ActionSetNodes           // N = Value (the page's number field)
	ActionChart              // the other chart
	ActionOverlay            // the next set of curves to compare with
	ActionZoom               // zoom in (Value +1) or out (−1)
	ActionSavePicture        // save the scene as a PNG (the platform does it)
	ActionCopyFigures        // put the figures on the clipboard as a table (the platform does it)
	ActionLanguage           // show the app in language Text (the globe and the key give the next one)
)

// Intent is one request from the person, with what it needs to know.
type Intent struct {
	Action Action
	Value  int    // a seed, a V, a choice, a step, an assignment, a view's choice, +1 or −1
	Fine   bool   // Shift was held: V moves by one
	Text   string // a typed guess
	View   string // ActionView: the view's ID…
	Name   string // …and which of its controls
}

// Shortcut is one row of the keyboard overlay. Name is stable, for tests
// and window.vnodes.state(); the same list tells the app which actions
// have keys, so the overlay cannot promise a key that does nothing.
type Shortcut struct {
	Action Action
	Value  int // the intent's Value
	Name   string
	Label  string // how the overlay writes the key; "" shares the row above
	Does   string // in English (marked with lang.N); HelpRows translates it
}

// commonShortcuts are the keys every view shares, in the overlay's order;
// the views' own go in at viewShortcutsAt.
var commonShortcuts = []Shortcut{
	{ActionVUp, 0, "vUp", "→", lang.N("more ranges: next power of two (Shift: +1); in the lesson, reveal / next step")},
	{ActionVDown, 0, "vDown", "←", lang.N("fewer ranges: previous power of two (Shift: −1); in the lesson, previous step")},
	{ActionNodesUp, 0, "nodesUp", "↑ / ↓", lang.N("one node more / fewer")},
	{ActionNodesDown, 0, "nodesDown", "", ""},
	{ActionSeed, 0, "seed", "0 – 9", lang.N("show the ring of that seed")},
	{ActionAdvance, 0, "space", lang.N("Space"), lang.N("in the lesson: reveal the answer, then go on")},
	{ActionAverage, 0, "average", "A", lang.N("bars: this seed's nodes ↔ mean of 20 seeds, busiest first")},
	{ActionLesson, 0, "lesson", "L", lang.N("start the guided lesson / leave it for free exploring")},
	{ActionFullscreen, 0, "fullscreen", "F", lang.N("full screen on / off")},
	{ActionTheme, 0, "theme", "T", lang.N("colours: dark → light (bright rooms) → projector (high contrast)")},
	{ActionReset, 0, "reset", "R", lang.N("back to the start: V = 1, 10 nodes, seed 0, out of the lesson")},
	{ActionSavePicture, 0, "picture", "S", lang.N("save the picture as a PNG file, for slides and worksheets")},
	{ActionCopyFigures, 0, "figures", "E", lang.N("copy the figures as a table, to paste into a spreadsheet or slide")},
	{ActionLanguage, 0, "language", "I", lang.N("language: the next of English, Español, Deutsch, Français, Português")},
	{ActionChart, 0, "chart", "C", lang.N("chart: CV against V ↔ CV·√V against V with the exact law")},
	{ActionOverlay, 0, "overlay", "O", lang.N("compare on the chart: 3, 10 and 100 nodes → the other assignment → none")},
	{ActionZoom, 1, "zoomIn", "+ / −", lang.N("zoom in / out: everything larger; the wheel (Shift: sideways) and Tab move around")},
	{ActionZoom, -1, "zoomOut", "", ""},
	{ActionHelp, 0, "help", "?", lang.N("show / hide this list (Esc hides it)")},
}

const viewShortcutsAt = 16

// Shortcuts are every keyboard shortcut, in the overlay's order: each
// view's key toggles it (ActionToggleMode with its place as Value).
func (r *Registry) Shortcuts() []Shortcut {
	out := append([]Shortcut(nil), commonShortcuts[:viewShortcutsAt]...)
	for i, v := range r.views {
		if sc := v.Shortcut(); sc.Label != "" {
			sc.Action, sc.Value = ActionToggleMode, i
			out = append(out, sc)
		}
	}
	return append(out, commonShortcuts[viewShortcutsAt:]...)
}

// HelpRows are the overlay's visible rows: key and what it does, in the
// current language. (KeyList, for state(), keeps them in English.)
func (r *Registry) HelpRows() [][2]string {
	var out [][2]string
	for _, s := range r.Shortcuts() {
		if s.Label != "" {
			out = append(out, [2]string{lang.T(s.Label), lang.T(s.Does)})
		}
	}
	return out
}
