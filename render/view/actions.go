package view

// Action is something a person can ask the app to do, by key or by button.
// Keys and buttons share these identifiers, so neither can name an action
// that does not exist.
type Action uint8

const (
	ActionNone       Action = iota
	ActionVUp               // next power of two (Fine: +1); in the lesson, like ActionAdvance
	ActionVDown             // previous power of two (Fine: −1); in the lesson, back a step
	ActionNodesUp           // one node more
	ActionNodesDown         // one node fewer
	ActionSeed              // show seed Value
	ActionSeedNext          // the next seed, wrapping round
	ActionSeedPrev          // the previous seed, wrapping round
	ActionSetV              // V = Value (slider, presets)
	ActionSetAssign         // assignment = sim.Assignment(Value)
	ActionAdvance           // lesson: reveal, then the next step
	ActionAverage           // bars: this seed ↔ the 20-seed ranking
	ActionLesson            // start the lesson, or leave it
	ActionFullscreen        // full screen on / off (the platform does it)
	ActionTheme             // next colour theme
	ActionReset             // back to the opening view
	ActionHelp              // keyboard overlay on / off
	ActionCloseHelp         // keyboard overlay off
	ActionChoose            // lesson: pick answer Value
	ActionTypeGuess         // lesson: the typed guess is now Text
	ActionStepBack          // lesson: one step back; from the first, leave the lesson
	ActionGoToStep          // lesson: go to step Value (0 leaves the lesson)
	ActionMode              // show mode Value (a Mode)
	ActionToggleMode        // show mode Value, or the spread again if it is showing
	ActionChange            // join & leave view: the change is sim.ChangeKind(Value)
	ActionLeaver            // join & leave view: node Value-1 leaves (0: the busiest)
	ActionLoadKind          // hot keys view: requests of sim.LoadKind(Value)
	ActionFix               // hot keys view: the fix sim.FixKind(Value)
	ActionHot               // hot keys view: the hot key's share up (Value +1) or down (−1)
	ActionSalt              // … the number of salted sub-keys doubled or halved
	ActionZipf              // … Zipf's exponent up or down
	ActionKeys              // … ten times more or fewer Zipf keys
	ActionEps               // … bounded loads' slack up or down
	ActionReplicas          // … one replica more or fewer
	ActionTry               // lesson: do what the revealed step offers to try
	ActionSetNodes          // N = Value (the page's number field)
	ActionChart             // the other chart
	ActionOverlay           // the next set of curves to compare with
	ActionScheme            // token schemes view: tokens of sim.Scheme(Value)
	ActionZoom              // zoom in (Value +1) or out (−1)
)

// Intent is one request from the person, with what it needs to know.
type Intent struct {
	Action Action
	Value  int    // a seed, a V, a choice, a step or an assignment
	Fine   bool   // Shift was held: V moves by one
	Text   string // a typed guess
}

// Shortcut is one row of the keyboard overlay. Name is stable, for tests
// and window.vnodes.state(); the same list tells the app which actions
// have keys, so the overlay cannot promise a key that does nothing.
type Shortcut struct {
	Action Action
	Value  int // the intent's Value
	Name   string
	Label  string // how the overlay writes the key; "" shares the row above
	Does   string
}

// Shortcuts are every keyboard shortcut, in the overlay's order.
var Shortcuts = []Shortcut{
	{ActionVUp, 0, "vUp", "→", "more ranges: next power of two (Shift: +1); in the lesson, reveal / next step"},
	{ActionVDown, 0, "vDown", "←", "fewer ranges: previous power of two (Shift: −1); in the lesson, previous step"},
	{ActionNodesUp, 0, "nodesUp", "↑ / ↓", "one node more / fewer"},
	{ActionNodesDown, 0, "nodesDown", "", ""},
	{ActionSeed, 0, "seed", "0 – 9", "show the ring of that seed"},
	{ActionAdvance, 0, "space", "Space", "in the lesson: reveal the answer, then go on"},
	{ActionAverage, 0, "average", "A", "bars: this seed's nodes ↔ mean of 20 seeds, busiest first"},
	{ActionLesson, 0, "lesson", "L", "start the guided lesson / leave it for free exploring"},
	{ActionFullscreen, 0, "fullscreen", "F", "full screen on / off"},
	{ActionTheme, 0, "theme", "T", "colours: dark → light (bright rooms) → projector (high contrast)"},
	{ActionReset, 0, "reset", "R", "back to the start: V = 1, 10 nodes, seed 0"},
	{ActionChart, 0, "chart", "C", "chart: CV against V ↔ CV·√V against V with the exact law"},
	{ActionOverlay, 0, "overlay", "O", "compare on the chart: 3, 10 and 100 nodes → the other assignment → none"},
	{ActionToggleMode, int(ModeChange), "join", "J", "join & leave view: a node joins or leaves, and what moves"},
	{ActionToggleMode, int(ModeLoad), "hot", "H", "hot keys view: requests that virtual nodes cannot spread"},
	{ActionToggleMode, int(ModeTokens), "tokens", "K", "token schemes view: random tokens against equal ranges and a greedy allocator"},
	{ActionZoom, 1, "zoomIn", "+ / −", "zoom in / out: everything larger; the wheel (Shift: sideways) and Tab move around"},
	{ActionZoom, -1, "zoomOut", "", ""},
	{ActionHelp, 0, "help", "?", "show / hide this list (Esc hides it)"},
}

// HelpRows are the overlay's visible rows: key and what it does.
func HelpRows() [][2]string {
	var out [][2]string
	for _, s := range Shortcuts {
		if s.Label != "" {
			out = append(out, [2]string{s.Label, s.Does})
		}
	}
	return out
}
