package app

import (
	"fmt"
	"image/color"
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

// addLessonCard builds the step's card over the numbers column: question
// and choices before the reveal, measurement and explanation after it.
// Its content is stacked by a row layout, so long texts push what follows
// down instead of overlapping it.
func addLessonCard(spec widgetSpec, st *uiStyle, root *widget.Container, c *controls, emit func(view.Intent)) {
	m := spec.model
	step := lesson.Of(m.Views)[m.Want.Step-1]
	s := spec.layout.Scale
	card := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(st.pal.Panel, st.pal.Accent, max(2, int(2*s)))),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(widget.NewInsetsSimple(int(14*s))))),
		widget.ContainerOpts.WidgetOpts(at(spec.layout.Lesson)...),
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
	inner := spec.layout.Lesson.W - 28*s
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
	text(lang.Sprintf("Lesson %s", lessonTitle(step.Title)), st.big, st.pal.Text)
	btnH := int(38 * s)
	if !m.Lesson.Revealed {
		text(lang.T(step.Question), st.body, st.pal.Text)
		for i, choice := range step.Choices {
			b := st.newButton(lang.T(choice), st.body, func() { emit(view.Intent{Action: view.ActionChoose, Value: i}) },
				[]widget.WidgetOpt{stretch, widget.WidgetOpts.MinSize(0, btnH)}, widget.ButtonOpts.ToggleMode())
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
			widget.TextOpts.Text(lang.T("…or type a guess:"), st.body, st.pal.Muted),
			widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		))
		typed := m.Lesson.Typed // what the model has: setting it below is not news
		frame := eimage.NewBorderedNineSliceColor(st.pal.Background, st.pal.PanelEdge, max(1, int(s)))
		input := widget.NewTextInput(
			widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, btnH)),
			widget.TextInputOpts.Image(&widget.TextInputImage{Idle: frame, Disabled: frame}),
			widget.TextInputOpts.Face(st.body),
			widget.TextInputOpts.Color(&widget.TextInputColor{Idle: st.pal.Text, Disabled: st.pal.Muted, Caret: st.pal.Accent, DisabledCaret: st.pal.Muted}),
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
					emit(view.Intent{Action: view.ActionTypeGuess, Text: typed})
				}
			}),
		)
		input.SetText(typed)
		guess.AddChild(input)
		c.named["prediction"] = input
	} else {
		text(lang.T(lesson.PredictionText(m.Views, step, m.Lesson, spec.shown, spec.result)), st.body, st.pal.Text)
		c.measured = text(lang.T(lesson.MeasuredText(spec.shown, spec.result, step)), st.bold, st.pal.Accent)
		text(lang.T(step.Explain), st.body, st.pal.Text)
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
	button := func(key, label string, in view.Intent) { // label is translated
		b := st.newButton(label, st.body, func() { emit(in) }, nil)
		nav.AddChild(b)
		c.named[key] = b
	}
	button("lessonBack", lang.T("‹ back"), view.Intent{Action: view.ActionStepBack})
	switch {
	case !m.Lesson.Revealed:
		button("lessonNext", lang.T("reveal"), view.Intent{Action: view.ActionAdvance})
	case step.Try != nil && m.Want == lesson.Settings(m.Views, m.Want.Step, m.Want.Theme):
		button("lessonTry", lang.T("try it"), view.Intent{Action: view.ActionTry})
	case m.Want.Step < len(lesson.Of(m.Views)):
		button("lessonNext", lang.T("next ›"), view.Intent{Action: view.ActionAdvance})
	default:
		button("lessonNext", lang.T("start again"), view.Intent{Action: view.ActionGoToStep, Value: 1})
	}
	button("sandbox", lang.T("free explore"), view.Intent{Action: view.ActionGoToStep, Value: 0})
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
