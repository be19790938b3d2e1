package app

import (
	"reflect"
	"slices"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/view"
)

// viewControls keeps the shown view's controls as it declares them
// (View.Controls), asking again only when a setting other than V and the
// seed changes, so that a drag along V builds nothing.
type viewControls struct {
	asked view.Settings // the settings they were last asked for, V and the seed aside
	lang  string        // …and the language: a view may write its labels in it
	list  []view.Control
	gen   int // counts changes of list: the widgets are rebuilt when it moves
	known bool
}

// follow brings the controls up to date with want and says which
// generation of them it holds.
func (v *viewControls) follow(want view.Settings) int {
	k := want
	k.V, k.Seed = 0, 0
	tag := lang.Current()
	if v.known && k == v.asked && tag == v.lang {
		return v.gen
	}
	list := view.ControlsOf(want)
	if !v.known || !reflect.DeepEqual(list, v.list) {
		v.list = list
		v.gen++
	}
	v.asked, v.lang, v.known = k, tag, true
	return v.gen
}

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

// addChoices lays buttons side by side in r, the one that is on pressed;
// a press asks for the choice's intent. A crowded row (the tabs) keeps
// its labels whole with narrower margins and gaps. The labels are shown
// (and measured) in the current language.
func (st *uiStyle) addChoices(root *widget.Container, c *controls, r geom.Rect, choices []view.Choice, emit func(view.Intent)) {
	choices = slices.Clone(choices)
	for i := range choices {
		choices[i].Label = lang.T(choices[i].Label)
	}
	gap, pad := st.choiceSpacing(r.W, choices)
	widths := st.choiceWidths(r.W-gap*float64(len(choices)-1), pad, choices)
	var buttons []*widget.Button
	chosen := -1
	x := r.X
	for i, ch := range choices {
		b := st.newButton(ch.Label, st.body, nil, at(geom.Rect{X: x, Y: r.Y, W: widths[i], H: r.H}),
			widget.ButtonOpts.TextPadding(&widget.Insets{Left: int(pad), Right: int(pad)}))
		x += widths[i] + gap
		root.AddChild(b)
		c.named[ch.Name] = b
		buttons = append(buttons, b)
		if ch.On {
			chosen = i
		}
	}
	newChoiceGroup(buttons, chosen, func(i int) { emit(choices[i].Intent) })
}

// choiceSpacing is the gap between a row's buttons and the margin inside
// each: 8 and 8 (scaled), or 4 and 3 when the labels would not fit so.
func (st *uiStyle) choiceSpacing(width float64, choices []view.Choice) (gap, pad float64) {
	labels := 0.0
	for _, ch := range choices {
		labels += text.Advance(ch.Label, *st.body)
	}
	n := float64(len(choices))
	if labels+n*16*st.scale+(n-1)*8*st.scale <= width {
		return 8 * st.scale, 8 * st.scale
	}
	return 4 * st.scale, 3 * st.scale
}

// choiceWidths shares room among the buttons of a row: equally when every
// label fits so with its margins, else in proportion to the labels.
func (st *uiStyle) choiceWidths(room, pad float64, choices []view.Choice) []float64 {
	n := float64(len(choices))
	labels, widest := 0.0, 0.0
	out := make([]float64, len(choices))
	for i, ch := range choices {
		out[i] = text.Advance(ch.Label, *st.body)
		labels += out[i]
		widest = max(widest, out[i])
	}
	if widest+2*pad <= room/n {
		for i := range out {
			out[i] = room / n
		}
		return out
	}
	extra := (room - labels) / n
	for i := range out {
		out[i] += extra
	}
	return out
}

// addTabs adds the row that switches between the views.
func addTabs(spec widgetSpec, st *uiStyle, root *widget.Container, c *controls, emit func(view.Intent)) {
	var tabs []view.Choice
	current := spec.model.Views.Index(spec.model.Want.View)
	for i, v := range spec.model.Views.Views() {
		id := v.ID()
		tabs = append(tabs, view.Choice{Name: "tab" + strings.ToUpper(id[:1]) + id[1:], Label: lang.T(v.Name()), On: i == current,
			Intent: view.Intent{Action: view.ActionMode, Value: i}})
	}
	st.addChoices(root, c, spec.layout.Tabs, tabs, emit)
}

// tabsWidth is how wide the row of tabs must be for every view's name, in
// the current language, with the narrow margins and gaps of a crowded row
// (see choiceSpacing).
func tabsWidth(views *view.Registry, body text.Face, s float64) float64 {
	w := 0.0
	for _, v := range views.Views() {
		w += text.Advance(lang.T(v.Name()), body) + 2*3*s
	}
	return w + float64(len(views.Views())-1)*4*s
}

// The view's controls card, in design pixels: its padding, a row of
// buttons or a knob and the gap below it, and a line of a paragraph.
const (
	cardPad        = 10
	controlRowH    = 34
	controlGap     = 8
	paragraphLineH = 25
)

// controlsHeight is how high the card must be for controls in a card w
// wide, at scale s: a row each, and a paragraph's lines.
func controlsHeight(list []view.Control, body text.Face, w, s float64) float64 {
	h := 2 * cardPad * s
	for i, ctl := range list {
		if ctl.Text != "" && len(ctl.Choices) == 0 && len(ctl.Knobs) == 0 && ctl.Button == nil && ctl.Note == "" {
			h += float64(len(paint.Wrap(lang.T(ctl.Text), body, w-2*cardPad*s))) * paragraphLineH * s
			continue
		}
		h += controlRowH * s
		if i < len(list)-1 {
			h += controlGap * s
		}
	}
	return h
}

// addViewControls builds the shown view's controls, a row each at the top
// of the right column.
func addViewControls(spec widgetSpec, st *uiStyle, root *widget.Container, c *controls, emit func(view.Intent)) {
	if len(spec.controls) == 0 {
		return
	}
	l, s := spec.layout, spec.layout.Scale
	box := l.ViewControls
	card := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(st.pal.Panel, st.pal.PanelEdge, max(1, int(s)))),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout()),
		widget.ContainerOpts.WidgetOpts(at(box)...),
	)
	root.AddChild(card)
	pad, rowH, gap := cardPad*s, controlRowH*s, controlGap*s
	row := func(i int) geom.Rect {
		return geom.Rect{X: box.X + pad, Y: box.Y + pad + float64(i)*(rowH+gap), W: box.W - 2*pad, H: rowH}
	}
	label := func(text string, r geom.Rect) { // text is translated here
		root.AddChild(st.newLabel(lang.T(text), r, st.body, widget.TextPositionStart))
	}
	// knob is "label [−] value [+]" in r. In a half row the buttons, then
	// the value's margins, give up room until the label fits.
	knob := func(k view.Knob, r geom.Rect) {
		k.Label, k.Value = lang.T(k.Label), lang.T(k.Value)
		btn, valW := 40*s, 84*s
		if short := text.Advance(k.Label, *st.body) + 8*s - (r.W - 2*btn - valW); short > 0 {
			cut := min(short/2, 10*s)
			btn -= cut
			valW = max(valW-(short-2*cut), text.Advance(k.Value, *st.bold)+8*s)
		}
		x := r.X + r.W - 2*btn - valW
		label(k.Label, geom.Rect{X: r.X, Y: r.Y, W: x - r.X, H: r.H})
		down, up := k.Intent, k.Intent
		down.Value, up.Value = -1, +1
		minus := st.newButton("−", st.bold, func() { emit(down) }, at(geom.Rect{X: x, Y: r.Y, W: btn, H: r.H}))
		val := st.newLabel(k.Value, geom.Rect{X: x + btn, Y: r.Y, W: valW, H: r.H}, st.bold, widget.TextPositionCenter)
		plus := st.newButton("+", st.bold, func() { emit(up) }, at(geom.Rect{X: x + btn + valW, Y: r.Y, W: btn, H: r.H}))
		root.AddChild(minus, val, plus)
		c.named[k.Name+"Minus"], c.named[k.Name+"Value"], c.named[k.Name+"Plus"] = minus, val, plus
	}
	for i, ctl := range spec.controls {
		r := row(i)
		switch {
		case len(ctl.Choices) > 0:
			st.addChoices(root, c, r, ctl.Choices, emit)
		case len(ctl.Knobs) == 1:
			knob(ctl.Knobs[0], r)
		case len(ctl.Knobs) > 1:
			half := r
			half.W = (half.W - gap) / 2
			for _, k := range ctl.Knobs {
				knob(k, half)
				half.X += half.W + gap
			}
		case ctl.Button != nil:
			label(ctl.Note, geom.Rect{X: r.X, Y: r.Y, W: r.W - 150*s, H: r.H})
			b := ctl.Button
			button := st.newButton(lang.T(b.Label), st.body, func() { emit(b.Intent) }, at(geom.Rect{X: r.X + r.W - 140*s, Y: r.Y, W: 140 * s, H: r.H}))
			root.AddChild(button)
			c.named[b.Name] = button
		case ctl.Note != "":
			label(ctl.Note, r)
		case ctl.Text != "":
			// A paragraph, wrapped into the rest of the card.
			lineH := paragraphLineH * s
			for j, line := range paint.Wrap(lang.T(ctl.Text), *st.body, r.W) {
				label(line, geom.Rect{X: r.X, Y: r.Y + float64(j)*lineH, W: r.W, H: lineH})
			}
		}
	}
}
