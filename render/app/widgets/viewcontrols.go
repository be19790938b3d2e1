package widgets

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/view"
)

// The view's controls card, in design pixels: its padding, a row of
// buttons or a knob, and the gap between rows.
const (
	cardPad     = 10
	controlRowH = 34
	controlGap  = 8
)

// viewCard is the shown view's controls (view.Control), a row each, top
// down, in a card width layout pixels wide. ebitenui's row layout stacks
// them, so the card's preferred height is what its controls need.
func (b *builder) viewCard(controls []view.Control, width int) *widget.Container {
	pad, gap, rowH := b.px(cardPad), b.px(controlGap), b.reach(controlRowH)
	card := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(edged(b.panel, b.edge, b.scale)),
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(pad)),
			widget.RowLayoutOpts.Spacing(gap))),
	)
	inner := width - 2*pad
	// line is a row of the card holding columns cells side by side: the
	// columns stretch marks share what the others leave (all of them share
	// when stretch is nil).
	line := func(columns int, stretch []bool) *widget.Container {
		return widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewGridLayout(
				widget.GridLayoutOpts.Columns(columns),
				widget.GridLayoutOpts.Spacing(gap, 0),
				widget.GridLayoutOpts.Stretch(stretch, []bool{true}),
				widget.GridLayoutOpts.DefaultStretch(true, true))),
			widget.ContainerOpts.WidgetOpts(stretched(rowH)...),
		)
	}
	for _, ctl := range controls {
		switch {
		case len(ctl.Choices) > 0:
			choices := make([]view.Choice, len(ctl.Choices))
			for i, ch := range ctl.Choices {
				choices[i] = ch
				choices[i].Label = lang.T(ch.Label)
			}
			row, _ := b.choiceRow(inner, rowH, gap, choices, stretched(rowH))
			card.AddChild(row)
		case len(ctl.Knobs) == 1:
			card.AddChild(b.viewKnob(ctl.Knobs[0], inner, stretched(rowH)))
		case len(ctl.Knobs) > 1:
			row := line(len(ctl.Knobs), nil)
			for _, k := range ctl.Knobs {
				row.AddChild(b.viewKnob(k, (inner-gap*(len(ctl.Knobs)-1))/len(ctl.Knobs), nil))
			}
			card.AddChild(row)
		case ctl.Button != nil:
			row := line(2, []bool{true, false})
			// The button is 140 design pixels wide, or as wide as its label.
			button := b.button(lang.T(ctl.Button.Label), b.body, b.px(8), b.asks(ctl.Button.Intent),
				[]widget.WidgetOpt{widget.WidgetOpts.MinSize(b.px(140), 0)})
			row.AddChild(b.label(lang.T(ctl.Note), b.body, widget.TextPositionStart, nil), button)
			b.set.Named[ctl.Button.Name] = button
			card.AddChild(row)
		case ctl.Note != "" && text.Advance(lang.T(ctl.Note), *b.body) > float64(inner):
			card.AddChild(b.paragraph(lang.T(ctl.Note), inner, stretched(0))) // a long note takes lines, not the card's width
		case ctl.Note != "":
			card.AddChild(b.label(lang.T(ctl.Note), b.body, widget.TextPositionStart, stretched(rowH)))
		case ctl.Text != "":
			card.AddChild(b.paragraph(lang.T(ctl.Text), inner, stretched(0)))
		}
	}
	return card
}
