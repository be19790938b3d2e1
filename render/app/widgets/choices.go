package widgets

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render/view"
)

// choiceGroup is buttons of which exactly one is pressed (ebitenui's
// RadioGroup), reporting the choices the person makes, not those set.
type choiceGroup struct {
	group   *widget.RadioGroup
	buttons []*widget.Button
	chosen  int
}

// newChoiceGroup presses buttons[chosen]; chose hears of each other button
// the person presses.
func newChoiceGroup(buttons []*widget.Button, chosen int, chose func(i int)) *choiceGroup {
	chosen = max(chosen, 0) // a radio group always has one pressed
	g := &choiceGroup{buttons: buttons, chosen: chosen}
	elements := make([]widget.RadioGroupElement, len(buttons))
	for i, b := range buttons {
		elements[i] = b
	}
	opts := []widget.RadioGroupOpt{
		widget.RadioGroupOpts.Elements(elements...),
		widget.RadioGroupOpts.ChangedHandler(func(args *widget.RadioGroupChangedEventArgs) {
			for i, b := range buttons {
				if b == args.Active && i != g.chosen {
					g.chosen = i
					chose(i)
				}
			}
		}),
	}
	if chosen < len(buttons) {
		opts = append(opts, widget.RadioGroupOpts.InitialElement(buttons[chosen]))
	}
	g.group = widget.NewRadioGroup(opts...)
	return g
}

// set presses buttons[i] (the settings changed by a key or a link).
func (g *choiceGroup) set(i int) {
	if i != g.chosen && i >= 0 && i < len(g.buttons) {
		g.chosen = i
		g.group.SetActive(g.buttons[i])
	}
}

// choiceRow is a row (see row) of choices of which exactly one is on,
// each named for window.vnodes.layout() and the keyboard's focus; a press
// asks for the choice's intent. The labels are shown as they are given.
func (b *builder) choiceRow(width, height, gap int, choices []view.Choice, place []widget.WidgetOpt) (*widget.Container, *choiceGroup) {
	row, buttons := b.row(width, height, gap, func(pad int, face *text.Face) []*widget.Button {
		out := make([]*widget.Button, len(choices))
		for i, ch := range choices {
			out[i] = b.button(ch.Label, face, pad, nil, nil)
		}
		return out
	}, place)
	chosen := -1
	for i, ch := range choices {
		b.set.Named[ch.Name] = buttons[i]
		if ch.On {
			chosen = i
		}
	}
	return row, newChoiceGroup(buttons, chosen, func(i int) { b.emit(choices[i].Intent) })
}
