package widgets

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/view"
)

// knobParts are the widths of a knob's parts in layout pixels: its label
// (0: what the other parts leave), each button, and the value between
// them.
type knobParts struct{ label, button, value int }

// knob is "label [−] value [+]", one line of ebitenui's grid, its parts
// named name+"Minus", name+"Value" and name+"Plus". It returns the line
// and the value's label, which the app may keep current.
func (b *builder) knob(name, label, value string, parts knobParts, dec, inc func(), place []widget.WidgetOpt) (*widget.Container, *widget.Text) {
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(4),
			widget.GridLayoutOpts.Stretch([]bool{parts.label == 0, false, false, false}, []bool{true}))),
		widget.ContainerOpts.WidgetOpts(place...),
	)
	var labelCell []widget.WidgetOpt
	if parts.label > 0 {
		labelCell = fixed(parts.label)
	}
	pad := b.px(8)
	if parts.button < b.px(36) { // a knob short of room: narrow margins around − and +
		pad = b.px(3)
	}
	minus := b.button("−", b.bold, pad, dec, fixed(parts.button))
	val := b.label(value, b.bold, widget.TextPositionCenter, fixed(parts.value))
	plus := b.button("+", b.bold, pad, inc, fixed(parts.button))
	row.AddChild(b.label(label, b.body, widget.TextPositionStart, labelCell), minus, val, plus)
	b.set.Named[name+"Minus"], b.set.Named[name+"Value"], b.set.Named[name+"Plus"] = minus, val, plus
	return row, val
}

// viewKnob is a view's knob (view.Knob) width layout pixels wide: its
// buttons ask for the knob's intent with Value −1 and +1. When the label
// would not fit, the buttons, then the value's margins, give up room
// until it does.
func (b *builder) viewKnob(k view.Knob, width int, place []widget.WidgetOpt) *widget.Container {
	k.Label, k.Value = lang.T(k.Label), lang.T(k.Value)
	s, w := b.scale, float64(width)
	btn, valW := max(40*s, float64(b.touch)), 84*s
	if short := text.Advance(k.Label, *b.body) + 8*s - (w - 2*btn - valW); short > 0 {
		cut := min(short/2, 16*s)
		if b.touch > 0 {
			cut = 0 // a finger needs the whole button
		}
		btn -= cut
		valW = max(valW-(short-2*cut), text.Advance(k.Value, *b.bold)+8*s)
	}
	down, up := k.Intent, k.Intent
	down.Value, up.Value = -1, +1
	row, _ := b.knob(k.Name, k.Label, k.Value, knobParts{button: int(btn), value: int(valW)}, b.asks(down), b.asks(up), place)
	return row
}
