package view

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
	ActionPage               // a compact layout shows page Value of geom.Pages (the app's, not the model's)
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
