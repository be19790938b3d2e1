package widgets

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

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

// row lays buttons side by side across width layout pixels, gap apart, in
// ebitenui's grid: one line of them, as high as the row. makeButtons makes
// them with pad layout pixels either side of each label, in face. When
// the labels do not fit so, they are made again with a narrower gap and
// margin, and then, while they still do not fit, in a smaller face. The
// buttons share the width equally, except those whose labels need more
// than an equal share: those keep the width their labels need.
func (b *builder) row(width, gap, pad int, makeButtons func(pad int, face *text.Face) []*widget.Button, place []widget.WidgetOpt) (*widget.Container, []*widget.Button) {
	buttons := makeButtons(pad, b.body)
	widths := preferredWidths(buttons)
	fits := func() bool { return sum(widths)+gap*(len(buttons)-1) <= width }
	if !fits() {
		gap, pad = b.px(4), b.px(3)
		buttons = makeButtons(pad, b.body)
		widths = preferredWidths(buttons)
	}
	for size := 1.0; !fits() && size > smallestText; {
		size -= 0.05
		face := paint.NewFonts(b.scale*size, b.allBold).Small
		buttons = makeButtons(pad, &face)
		widths = preferredWidths(buttons)
	}
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(max(1, len(buttons))),
			widget.GridLayoutOpts.Spacing(gap, 0),
			widget.GridLayoutOpts.Stretch(sharing(widths, width-gap*(len(buttons)-1)), []bool{true}))),
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

// sharing says which columns of a row share its room equally (the grid's
// stretched columns): all of them when each one's width fits an equal
// share; else, over and over, the columns wider than what is left per
// sharing column keep their own widths.
func sharing(widths []int, room int) []bool {
	share := make([]bool, len(widths))
	for i := range share {
		share[i] = true
	}
	for changed := true; changed; {
		left, n := room, 0
		for i, w := range widths {
			if share[i] {
				n++
			} else {
				left -= w
			}
		}
		changed = false
		for i, w := range widths {
			if share[i] && w*n > left {
				share[i], changed = false, true
			}
		}
	}
	return share
}

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
