package widgets

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/utilities/mobile"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/paint"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
)

// lessonCard is the step's card over the numbers column: question and
// choices before the reveal, measurement and explanation after it. Its
// content is stacked by a row layout, so long texts push what follows
// down instead of overlapping it, and the step's buttons keep the card's
// foot. It says how high the card must be for both: the caller places it
// (see geom.Layout.WithLessonCard). A revealed step too long for the most
// room the layout can give is set tighter.
func (b *builder) lessonCard(spec Spec) (card *widget.Container, needs int) {
	card, needs = b.buildLessonCard(spec, false)
	if spec.Model.Lesson.Revealed && float64(needs) > spec.Layout.LessonRoom() {
		card, needs = b.buildLessonCard(spec, true)
	}
	if b.set.measured != nil {
		_, b.set.measuredH = b.set.measured.PreferredSize()
	}
	return card, needs
}

// buildLessonCard builds the lesson card; tight is the revealed card for
// little room: the measured lines in the smaller bold face, less space
// between the parts, and no line saying that no prediction was made.
func (b *builder) buildLessonCard(spec Spec, tight bool) (card *widget.Container, needs int) {
	m := spec.Model
	step := lesson.Of(m.Views)[m.Want.Step-1]
	s := spec.Layout.Scale
	pad := int(14 * s)
	spacing, measuredFace := int(8*s), b.bold
	if tight {
		spacing, measuredFace = int(4*s), b.smallBold
	}
	card = widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(b.panel, b.accent, max(2, int(2*s)))),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(pad)))),
	)
	content := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Spacing(spacing))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionStart, VerticalPosition: widget.AnchorLayoutPositionStart,
			StretchHorizontal: true,
		})),
	)
	card.AddChild(content)
	inner := spec.Layout.Lesson.W - 28*s
	stretch := widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})
	write := func(str string, face *text.Face, colour color.Color) *widget.Text {
		t := widget.NewText(
			widget.TextOpts.Text(str, face, colour),
			widget.TextOpts.MaxWidth(inner),
			widget.TextOpts.WidgetOpts(stretch),
		)
		content.AddChild(t)
		return t
	}
	write(lang.Sprintf("Lesson %s", lessonTitle(step.Title)), b.big, b.text)
	if off := m.OffStep(); off != "" {
		write(off, b.body, b.muted)
	}
	btnH := b.reach(38)
	if !m.Lesson.Revealed {
		write(step.Asked(), b.body, b.text)
		// On a compact layout short answers go two to a line, so that the
		// card keeps its buttons a finger's size and still fits its page.
		answers := content
		gap := int(8 * s)
		if spec.Layout.Compact() && b.answersFitHalf(step.Choices, (int(inner)-gap)/2) {
			answers = widget.NewContainer(
				widget.ContainerOpts.Layout(widget.NewGridLayout(
					widget.GridLayoutOpts.Columns(2),
					widget.GridLayoutOpts.Spacing(gap, gap),
					widget.GridLayoutOpts.DefaultStretch(true, false))),
				widget.ContainerOpts.WidgetOpts(stretch),
			)
			content.AddChild(answers)
		}
		for i, choice := range step.Choices {
			// A long answer takes as many lines as the card's width needs.
			label := strings.Join(paint.Wrap(lang.T(choice), *b.body, inner-2*float64(b.px(8))-4*s), "\n")
			lines := strings.Count(label, "\n") + 1
			place := []widget.WidgetOpt{widget.WidgetOpts.MinSize(0, max(btnH, lines*int(22*s)+int(12*s)))}
			if answers == content {
				place = append(place, stretch)
			}
			button := b.button(label, b.body, b.px(8), b.asks(view.Intent{Action: view.ActionChoose, Value: i}),
				place, widget.ButtonOpts.ToggleMode())
			answers.AddChild(button)
			b.set.choices = append(b.set.choices, button)
			b.set.Named[fmt.Sprintf("choice%d", i)] = button
		}
		if !spec.Layout.Compact() { // on a phone the answers are the way in: a keyboard would cover the card
			guess := widget.NewContainer(
				widget.ContainerOpts.Layout(widget.NewGridLayout(
					widget.GridLayoutOpts.Columns(2),
					widget.GridLayoutOpts.Spacing(int(8*s), 0),
					widget.GridLayoutOpts.Stretch([]bool{false, true}, []bool{true}))),
				widget.ContainerOpts.WidgetOpts(stretch),
			)
			content.AddChild(guess)
			guess.AddChild(widget.NewText(
				widget.TextOpts.Text(lang.T("…or type a guess:"), b.body, b.muted),
				widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
			))
			typed := m.Lesson.Typed // what the model has: setting it below is not news
			frame := edged(b.back, b.edge, s)
			input := widget.NewTextInput(
				widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, btnH)),
				widget.TextInputOpts.Image(&widget.TextInputImage{Idle: frame, Disabled: frame}),
				widget.TextInputOpts.Face(b.body),
				widget.TextInputOpts.Color(&widget.TextInputColor{Idle: b.text, Disabled: b.muted, Caret: b.accent, DisabledCaret: b.muted}),
				widget.TextInputOpts.Padding(widget.NewInsetsSimple(int(8*s))),
				widget.TextInputOpts.CaretWidth(max(2, int(2*s))),
				widget.TextInputOpts.Placeholder(lang.Sprintf("e.g. %.1f", 2.5)),
				// A phone or tablet opens its keyboard with digits and a decimal point.
				widget.TextInputOpts.MobileInputMode(mobile.DECIMAL),
				// A character the fonts cannot draw is refused rather than shown as a box.
				widget.TextInputOpts.Validation(func(typed string) (bool, *string) { return paint.Drawable(typed), nil }),
				widget.TextInputOpts.ChangedHandler(func(args *widget.TextInputChangedEventArgs) {
					if args.InputText != typed {
						typed = args.InputText
						b.emit(view.Intent{Action: view.ActionTypeGuess, Text: typed})
					}
				}),
			)
			input.SetText(typed)
			guess.AddChild(input)
			b.set.Named["prediction"] = input
		}
	} else {
		if !tight || m.Lesson.Choice >= 0 || strings.TrimSpace(m.Lesson.Typed) != "" {
			write(lang.T(lesson.PredictionText(m.Views, step, m.Lesson, spec.Shown, spec.Result)), b.body, b.text)
		}
		b.set.measured = write(lang.T(lesson.MeasuredText(spec.Shown, spec.Result, step)), measuredFace, b.accent)
		write(lang.T(step.Explain), b.body, b.text)
	}

	// The step's buttons: back, the next thing to do, and out; a row that
	// shares the card's width by their labels (see row).
	type navButton struct {
		key, label string
		in         view.Intent
	}
	navs := []navButton{{"lessonBack", lang.T("‹ back"), view.Intent{Action: view.ActionStepBack}}}
	switch {
	case !m.Lesson.Revealed:
		navs = append(navs, navButton{"lessonNext", lang.T("reveal"), view.Intent{Action: view.ActionAdvance}})
	case step.Try != nil && m.Want == lesson.Settings(m.Views, m.Want.Step, m.Want.Theme):
		navs = append(navs, navButton{"lessonTry", lang.T("try it"), view.Intent{Action: view.ActionTry}})
	case m.Want.Step < len(lesson.Of(m.Views)):
		navs = append(navs, navButton{"lessonNext", lang.T("next ›"), view.Intent{Action: view.ActionAdvance}})
	default:
		navs = append(navs, navButton{"lessonNext", lang.T("start again"), view.Intent{Action: view.ActionGoToStep, Value: 1}})
	}
	navs = append(navs, navButton{"sandbox", lang.T("free explore"), view.Intent{Action: view.ActionGoToStep, Value: 0}})
	navH := b.reach(42)
	nav, buttons := b.row(int(inner), navH, int(8*s), func(pad int, face *text.Face) []*widget.Button {
		out := make([]*widget.Button, len(navs))
		for i, n := range navs {
			out[i] = b.button(n.label, face, pad, b.asks(n.in), nil)
		}
		return out
	}, []widget.WidgetOpt{widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionStart, VerticalPosition: widget.AnchorLayoutPositionEnd,
		StretchHorizontal: true,
	}), widget.WidgetOpts.MinSize(0, navH)})
	card.AddChild(nav)
	for i, n := range navs {
		b.set.Named[n.key] = buttons[i]
	}
	b.set.LessonCard, b.set.LessonText = card, content
	_, textH := content.PreferredSize()
	return card, textH + b.px(12) + navH + 2*pad
}

// answersFitHalf reports whether every answer's label, with its margins,
// fits a button width layout pixels wide.
func (b *builder) answersFitHalf(choices []string, width int) bool {
	buttons := make([]*widget.Button, len(choices))
	for i, c := range choices {
		buttons[i] = b.button(lang.T(c), b.body, b.px(8), nil, nil)
	}
	return slices.Max(preferredWidths(buttons)) <= width
}

// lessonTitle is a step's title in the current language. The registry
// numbers the titles once, at start-up ("3 · Sixteen ranges…"): the
// number stays, the title is translated.
func lessonTitle(title string) string {
	n, rest, ok := strings.Cut(title, " · ")
	if !ok || n == "" || strings.Trim(n, "0123456789") != "" {
		return lang.T(title)
	}
	return n + " · " + lang.T(rest)
}
