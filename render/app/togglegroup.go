package app

import "github.com/ebitenui/ebitenui/widget"

// toggleGroup makes toggle buttons act as one choice: exactly one is
// pressed, pressing another moves the choice there, and pressing the
// chosen one again leaves it chosen. ebitenui's RadioGroup does the same,
// but brings its Checkbox along into the download (about 40 kB of code).
type toggleGroup struct {
	buttons []*widget.Button
	active  int
}

// newToggleGroup presses buttons[active]; changed hears of each choice
// the person makes (not of those made by set).
func newToggleGroup(buttons []*widget.Button, active int, changed func(i int)) *toggleGroup {
	g := &toggleGroup{buttons: buttons}
	for i, b := range buttons {
		b.ToggleMode = true
		b.StateChangedEvent.AddHandler(func(args any) {
			a, ok := args.(*widget.ButtonChangedEventArgs)
			switch {
			case !ok:
			case i == g.active && a.State != widget.WidgetChecked:
				b.SetState(widget.WidgetChecked) // the chosen one stays chosen
			case i != g.active && a.State == widget.WidgetChecked:
				g.set(i)
				changed(i)
			}
		})
	}
	g.set(active)
	return g
}

// set presses buttons[i] and releases the others.
func (g *toggleGroup) set(i int) {
	g.active = i
	for j, b := range g.buttons {
		state := widget.WidgetUnchecked
		if j == i {
			state = widget.WidgetChecked
		}
		if b.State() != state {
			b.SetState(state)
		}
	}
}
