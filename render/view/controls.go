package view

// Control is one row of a view's card of controls, top down. A row holds
// one of: a set of Choices, one or two Knobs side by side, a Note (with a
// Button at its right end, if any), or a Text that wraps over the rows left.
type Control struct {
	Label   string // what a set of Choices chooses, for a screen reader
	Choices []Choice
	Knobs   []Knob
	Note    string
	Button  *Button
	Text    string
}

// Choice is one button of a set of which exactly one is on; pressing it
// asks for Intent.
type Choice struct {
	Name, Label string
	On          bool
	Intent      Intent
}

// Knob is "label [−] value [+]": its buttons ask for Intent with Value −1
// and +1; Name+"Minus", Name+"Value" and Name+"Plus" name its parts.
type Knob struct {
	Name, Label, Value string
	Intent             Intent
}

// Button is a button that asks for Intent.
type Button struct {
	Name, Label string
	Intent      Intent
}
