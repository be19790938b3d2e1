package main

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/sim/view"
)

// lessonState is where the class is within the current step.
type lessonState struct {
	revealed bool
	choice   int    // the chosen prediction, -1 for none
	typed    string // a number typed as the prediction
}

func (g *Game) goToStep(step int) {
	step = min(max(step, 0), len(view.Lesson))
	if step == 0 {
		g.change(func(s *view.Settings) { s.Step = 0 })
	} else {
		g.setWant(view.StepSettings(step, g.want.Theme))
	}
	g.lesson = lessonState{choice: -1}
}

func (g *Game) toggleLesson() {
	if g.want.Step > 0 {
		g.goToStep(0)
	} else {
		g.goToStep(1)
	}
}

// lessonAdvance is Space: reveal first, then move on.
func (g *Game) lessonAdvance() {
	switch {
	case g.want.Step == 0:
	case !g.lesson.revealed:
		g.lesson.revealed = true
	case g.want.Step < len(view.Lesson):
		g.goToStep(g.want.Step + 1)
	}
}

// concealed: the class has not seen the answer of this step yet.
func (g *Game) concealed() bool { return g.want.Step > 0 && !g.lesson.revealed }

// measuredText is the measurement that answers the step's question, for
// the figures on screen now (the teacher may have moved V since).
func (g *Game) measuredText(step view.LessonStep) string {
	avg := g.result.Average
	return fmt.Sprintf("Measured at V = %d, mean of seeds 0–%d:\nbusiest node %.3f× its fair share · CV %.3f",
		g.shown.V, view.Seeds-1, avg.Imbalance, avg.CV)
}

// predictionText restates what the class predicted.
func (g *Game) predictionText(step view.LessonStep) string {
	switch {
	case g.lesson.choice >= 0 && g.lesson.choice < len(step.Choices):
		verdict := "the measurement says otherwise"
		if g.lesson.choice == step.Best {
			verdict = "right"
		}
		return fmt.Sprintf("Your prediction: %s (%s).", step.Choices[g.lesson.choice], verdict)
	case strings.TrimSpace(g.lesson.typed) != "":
		if x, err := strconv.ParseFloat(strings.TrimSpace(g.lesson.typed), 64); err == nil {
			return fmt.Sprintf("Your prediction: %g.", x)
		}
		return fmt.Sprintf("Your prediction: %q.", g.lesson.typed)
	}
	return "No prediction made."
}

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
			if g.lesson.choice == i {
				b.SetState(widget.WidgetChecked)
			}
			content.AddChild(b)
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
		c.measured = text(g.measuredText(step), st.bold, st.pal.Accent)
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
	button("lessonBack", "‹ back", func() { g.goToStep(g.want.Step - 1) })
	switch {
	case !g.lesson.revealed:
		button("lessonNext", "reveal", func() { g.lesson.revealed = true })
	case g.want.Step < len(view.Lesson):
		button("lessonNext", "next ›", func() { g.goToStep(g.want.Step + 1) })
	default:
		button("lessonNext", "start again", func() { g.goToStep(1) })
	}
	button("sandbox", "free explore", func() { g.goToStep(0) })
}
