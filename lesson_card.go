package main

import (
	"fmt"
	"image/color"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/sim/view"
)

// addLessonCard builds the step's card over the numbers column: question
// and choices before the reveal, measurement and explanation after it.
// Its content is stacked by a row layout, so long texts push what follows
// down instead of overlapping it.
func addLessonCard(g *Game, st *uiStyle, root *widget.Container, c *controls) {
	step := view.Lesson[g.want.Step-1]
	s := g.layout.Scale
	card := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(st.pal.Panel, st.pal.Accent, max(2, int(2*s)))),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(int(14*s))))),
		widget.ContainerOpts.WidgetOpts(at(g.layout.Lesson)...),
	)
	root.AddChild(card)
	content := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Spacing(int(8*s)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionStart, VerticalPosition: widget.AnchorLayoutPositionStart,
			StretchHorizontal: true,
		})),
	)
	card.AddChild(content)
	inner := g.layout.Lesson.W - 28*s
	stretch := widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})
	text := func(str string, face *text.Face, colour color.Color) *widget.Text {
		t := widget.NewText(
			widget.TextOpts.Text(str, face, colour),
			widget.TextOpts.MaxWidth(inner),
			widget.TextOpts.WidgetOpts(stretch),
		)
		content.AddChild(t)
		return t
	}
	text("Lesson "+step.Title, st.big, st.pal.Text)
	btnH := int(38 * s)
	if !g.lesson.revealed {
		text(step.Question, st.body, st.pal.Text)
		for i, choice := range step.Choices {
			b := widget.NewButton(
				widget.ButtonOpts.Image(st.toggle),
				widget.ButtonOpts.Text(choice, st.body, st.buttonText),
				widget.ButtonOpts.ToggleMode(),
				widget.ButtonOpts.DisableDefaultKeys(),
				widget.ButtonOpts.WidgetOpts(stretch, widget.WidgetOpts.MinSize(0, btnH)),
				widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { g.lesson.choice, g.lesson.typed = i, "" }),
			)
			content.AddChild(b)
			c.choices = append(c.choices, b)
			c.named[fmt.Sprintf("choice%d", i)] = b
		}
		guess := widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewGridLayout(
				widget.GridLayoutOpts.Columns(2),
				widget.GridLayoutOpts.Spacing(int(8*s), 0),
				widget.GridLayoutOpts.Stretch([]bool{false, true}, []bool{true}))),
			widget.ContainerOpts.WidgetOpts(stretch),
		)
		content.AddChild(guess)
		guess.AddChild(widget.NewText(
			widget.TextOpts.Text("…or type a guess:", st.body, st.pal.Muted),
			widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		))
		input := widget.NewTextInput(
			widget.TextInputOpts.Face(st.body),
			widget.TextInputOpts.Color(&widget.TextInputColor{Idle: st.pal.Text, Disabled: st.pal.Muted, Caret: st.pal.Accent, DisabledCaret: st.pal.Muted}),
			widget.TextInputOpts.Image(&widget.TextInputImage{
				Idle:      eimage.NewBorderedNineSliceColor(st.pal.Background, st.pal.PanelEdge, max(1, int(s))),
				Highlight: eimage.NewBorderedNineSliceColor(st.pal.Background, st.pal.Accent, max(1, int(s))),
			}),
			widget.TextInputOpts.Padding(&widget.Insets{Left: int(8 * s), Right: int(8 * s), Top: int(8 * s), Bottom: int(8 * s)}),
			widget.TextInputOpts.Placeholder("e.g. 2.5"),
			widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, btnH)),
			widget.TextInputOpts.ChangedHandler(func(args *widget.TextInputChangedEventArgs) {
				g.lesson.typed = args.InputText
				if args.InputText != "" {
					g.lesson.choice = -1
				}
			}),
		)
		input.SetText(g.lesson.typed)
		guess.AddChild(input)
		c.named["prediction"] = input
	} else {
		text(g.predictionText(step), st.body, st.pal.Text)
		c.measured = text(g.measuredText(), st.bold, st.pal.Accent)
		text(step.Explain, st.body, st.pal.Text)
	}

	nav := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(3),
			widget.GridLayoutOpts.Spacing(int(8*s), 0),
			widget.GridLayoutOpts.DefaultStretch(true, true))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionStart, VerticalPosition: widget.AnchorLayoutPositionEnd,
			StretchHorizontal: true,
		}), widget.WidgetOpts.MinSize(0, int(42*s))),
	)
	card.AddChild(nav)
	button := func(key, label string, onClick func()) {
		b := widget.NewButton(
			widget.ButtonOpts.Image(st.button),
			widget.ButtonOpts.Text(label, st.body, st.buttonText),
			widget.ButtonOpts.DisableDefaultKeys(),
			widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
		)
		nav.AddChild(b)
		c.named[key] = b
	}
	button("lessonBack", "‹ back", func() {
		if g.want.Step > 1 {
			g.goToStep(g.want.Step - 1)
		} else {
			g.goToStep(0)
		}
	})
	switch {
	case !g.lesson.revealed:
		button("lessonNext", "reveal", g.reveal)
	case g.want.Step < len(view.Lesson):
		button("lessonNext", "next ›", func() { g.goToStep(g.want.Step + 1) })
	default:
		button("lessonNext", "start again", func() { g.goToStep(1) })
	}
	button("sandbox", "free explore", func() { g.goToStep(0) })
}
