package widgets

import (
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render/geom"
	"vnodes/render/paint"
)

// button is the one way buttons are made: label in face, with pad layout
// pixels either side of it, calling onClick (if any) when pressed. place
// puts it in its parent's layout.
func (b *builder) button(label string, face *text.Face, pad int, onClick func(), place []widget.WidgetOpt, extra ...widget.ButtonOpt) *widget.Button {
	return widget.NewButton(append([]widget.ButtonOpt{
		widget.ButtonOpts.Image(b.buttonImage),
		widget.ButtonOpts.Text(label, face, b.buttonText),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: pad, Right: pad}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.WidgetOpts(place...),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) {
			if onClick != nil {
				onClick()
			}
		}),
	}, extra...)...)
}

// row lays buttons across width layout pixels, gap apart, in ebitenui's
// grid: one line of them, or, where the layout sets a least size for a
// control, as many lines as height holds when the labels need them.
// makeButtons makes them with pad layout pixels either side of each label,
// in face.
//
// The buttons share the width equally when every label fits so with
// margins of 8 design pixels. Else, on one line, each label keeps its own
// width and the margins share what the labels leave, with the gaps
// narrowed to 4 when the labels are crowded. Labels that do not fit even
// with no margins are drawn smaller, down to smallestText of their size
// and never under the layout's least text.
func (b *builder) row(width, height, gap int, makeButtons func(pad int, face *text.Face) []*widget.Button, place []widget.WidgetOpt) (*widget.Container, []*widget.Button) {
	face := b.body
	labels := preferredWidths(makeButtons(0, face))
	n := len(labels)
	pad := b.px(8)
	lines := 1
	if b.touch > 0 { // the fewest lines on which every label fits a share of its line
		most := max(1, min(n, (height+gap)/(b.touch+gap)))
		for lines < most {
			cols := (n + lines - 1) / lines
			if slices.Max(labels)+2*pad <= (width-gap*(cols-1))/cols {
				break
			}
			lines++
		}
	}
	cols := (n + lines - 1) / lines
	least := smallestText
	if b.minText > 0 {
		least = max(least, b.minText/(geom.SizeSmall*b.scale))
	}
	crowded := func() bool {
		if lines > 1 {
			return slices.Max(labels) > (width-gap*(cols-1))/cols
		}
		return sum(labels)+b.px(4)*(n-1) > width
	}
	size := 1.0
	for crowded() && size-0.05 >= least-1e-9 {
		size -= 0.05
		smaller := paint.NewFonts(b.scale*size, b.allBold).Small
		face = &smaller
		labels = preferredWidths(makeButtons(0, face))
	}
	b.set.noteText(size * geom.SizeSmall * b.scale)
	if lines == 1 && sum(labels)+2*pad*n+gap*(n-1) > width {
		gap, pad = b.px(4), b.px(3)
	}
	room := width - gap*(cols-1)
	stretch := make([]bool, cols) // the columns that share the room
	if lines > 1 || slices.Max(labels)+2*pad <= room/cols {
		for i := range stretch {
			stretch[i] = true
		}
	} else {
		pad = max(0, (room-sum(labels))/(2*n))
		stretch[cols-1] = true // the last takes what the margins' rounding leaves
	}
	buttons := makeButtons(pad, face)
	rowStretch := make([]bool, lines) // the lines fill the row's height when they need all of it…
	for i := range rowStretch {
		rowStretch[i] = b.touch == 0 || (height+gap)/(b.touch+gap) == lines
	}
	if !rowStretch[0] { // …else each is a control's least height
		for _, button := range buttons {
			button.GetWidget().MinHeight = b.touch
		}
	}
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(cols),
			widget.GridLayoutOpts.Spacing(gap, gap),
			widget.GridLayoutOpts.Stretch(stretch, rowStretch))),
		widget.ContainerOpts.WidgetOpts(place...),
	)
	for _, button := range buttons {
		row.AddChild(button)
	}
	return row, buttons
}

// smallestText is how far a crowded row's labels may shrink, as a share
// of their size.
const smallestText = 0.7

// preferredWidths is the width each button's label and margins need.
func preferredWidths(buttons []*widget.Button) []int {
	out := make([]int, len(buttons))
	for i, b := range buttons {
		b.Validate() // ebitenui settles a widget's looks here, which its size needs
		out[i], _ = b.PreferredSize()
	}
	return out
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
