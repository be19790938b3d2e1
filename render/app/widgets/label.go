package widgets

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Label is a line of text the widgets show, with the face it is drawn in,
// for tests that check it fits the box it was given.
type Label struct {
	Text    *widget.Text
	Face    text.Face
	Wrapped bool // a paragraph: ebitenui breaks it into lines as wide as its box
}

// label is a line of text in face, placed by place and aligned in its box
// by align (and centred from top to bottom).
func (b *builder) label(s string, face *text.Face, align widget.TextPosition, place []widget.WidgetOpt) *widget.Text {
	l := widget.NewText(
		widget.TextOpts.Text(s, face, b.text),
		widget.TextOpts.Position(align, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(place...),
	)
	b.set.Labels = append(b.set.Labels, Label{Text: l, Face: *face})
	return l
}

// paragraph is text that ebitenui breaks into lines at most width layout
// pixels wide; it is as high as its lines.
func (b *builder) paragraph(s string, width int, place []widget.WidgetOpt) *widget.Text {
	l := widget.NewText(
		widget.TextOpts.Text(s, b.body, b.text),
		widget.TextOpts.MaxWidth(float64(width)),
		widget.TextOpts.WidgetOpts(place...),
	)
	b.set.Labels = append(b.set.Labels, Label{Text: l, Face: *b.body, Wrapped: true})
	return l
}
