package app

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/ebitenui/ebitenui"
	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/model"
	"vnodes/sim"
)

// widgetSpec is everything the widgets are built from: where they go, how
// they look, and the state they open with. Widgets never reach into the
// game: they report what the person asked for through emit.
type widgetSpec struct {
	layout   geom.Layout
	palette  *panel.Palette
	fonts    paint.Fonts
	model    model.Model
	shown    view.Settings
	result   view.Shown     // what the view computed for shown (nil before the first result)
	controls []view.Control // the view's own controls
}

// controls are the widget handles the game needs after building: to show
// the current settings and to report where each control is.
type controls struct {
	seedValue, nodesValue *widget.Text
	assign                *choiceGroup
	named                 map[string]widget.HasWidget // for window.vnodes.layout()
	measured              *widget.Text                // the lesson card's measurement, kept current
	choices               []*widget.Button            // the lesson card's answers, checked to match the state
	syncedWant            view.Settings               // labels were last written for these settings…
	syncedShown           view.Settings               // …and this result…
	syncedRows            view.Rows                   // …with these rows of the view's
	synced                bool
	labels                []placedLabel // every label, for tests that check its text fits
}

// placedLabel is a label with the face and box it was given.
type placedLabel struct {
	label *widget.Text
	face  text.Face
	box   geom.Rect
}

// uiStyle is the widgets' look, derived from the scene's palette and fonts.
type uiStyle struct {
	pal             *panel.Palette
	body, bold, big *text.Face
	scale           float64
	button          *widget.ButtonImage // every button and toggle
	buttonText      *widget.ButtonTextColor
	labels          []placedLabel // made so far
}

func newUIStyle(pal *panel.Palette, f paint.Fonts, scale float64) *uiStyle {
	body, bold, big := f.Small, f.BodyBold, f.Heading
	flat := func(c color.Color) *eimage.NineSlice { return eimage.NewNineSliceColor(c) }
	edged := func(c color.Color) *eimage.NineSlice {
		return eimage.NewBorderedNineSliceColor(c, pal.PanelEdge, max(1, int(scale)))
	}
	return &uiStyle{
		pal: pal, body: &body, bold: &bold, big: &big, scale: scale,
		button: &widget.ButtonImage{
			Idle: edged(pal.Panel), Hover: edged(pal.Highlight), Pressed: flat(pal.Accent),
			PressedHover: flat(pal.Accent), Disabled: flat(pal.Background),
		},
		buttonText: &widget.ButtonTextColor{Idle: pal.Text, Hover: pal.Text, Pressed: pal.Background, Disabled: pal.Muted},
	}
}

// at places a widget at a rectangle of the layout, inside an anchor layout.
func at(r geom.Rect) []widget.WidgetOpt {
	return []widget.WidgetOpt{
		widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			HorizontalPosition: widget.AnchorLayoutPositionStart,
			VerticalPosition:   widget.AnchorLayoutPositionStart,
			Padding:            &widget.Insets{Left: int(r.X), Top: int(r.Y)},
		}),
		widget.WidgetOpts.MinSize(int(r.W), int(r.H)),
	}
}

// newButton is the one way buttons are made. place puts it in its parent's
// layout (at(rect) for the main screen, row or grid data in the card).
func (st *uiStyle) newButton(label string, face *text.Face, onClick func(), place []widget.WidgetOpt, extra ...widget.ButtonOpt) *widget.Button {
	return widget.NewButton(append([]widget.ButtonOpt{
		widget.ButtonOpts.Image(st.button),
		widget.ButtonOpts.Text(label, face, st.buttonText),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: int(8 * st.scale), Right: int(8 * st.scale)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.WidgetOpts(place...),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) {
			if onClick != nil {
				onClick()
			}
		}),
	}, extra...)...)
}

func (st *uiStyle) newLabel(s string, r geom.Rect, face *text.Face, align widget.TextPosition) *widget.Text {
	l := widget.NewText(
		widget.TextOpts.Text(s, face, st.pal.Text),
		widget.TextOpts.Position(align, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(at(r)...),
	)
	st.labels = append(st.labels, placedLabel{l, *face, r})
	return l
}

// stepper builds "name [-] value [+]" in r and returns the value label.
func (st *uiStyle) stepper(root *widget.Container, c *controls, key, name string, r geom.Rect, dec, inc func()) *widget.Text {
	s := st.scale
	nameW, btn, valW := 80*s, 44*s, 60*s
	root.AddChild(st.newLabel(name, geom.Rect{X: r.X, Y: r.Y, W: nameW, H: r.H}, st.body, widget.TextPositionStart))
	minus := st.newButton("−", st.bold, dec, at(geom.Rect{X: r.X + nameW, Y: r.Y, W: btn, H: r.H}))
	value := st.newLabel("", geom.Rect{X: r.X + nameW + btn, Y: r.Y, W: valW, H: r.H}, st.bold, widget.TextPositionCenter)
	plus := st.newButton("+", st.bold, inc, at(geom.Rect{X: r.X + nameW + btn + valW, Y: r.Y, W: btn, H: r.H}))
	root.AddChild(minus, value, plus)
	c.named[key+"Minus"], c.named[key+"Plus"], c.named[key+"Value"] = minus, plus, value
	return value
}

// buildWidgets builds every widget from the spec. Handlers only emit
// intents; the game applies them, re-simulates and redraws.
func buildWidgets(spec widgetSpec, emit func(view.Intent)) (*ebitenui.UI, *controls) {
	l := spec.layout
	st := newUIStyle(spec.palette, spec.fonts, l.Scale)
	c := &controls{
		named: map[string]widget.HasWidget{},
	}
	root := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewAnchorLayout()),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.TrackHover(false)),
	)
	do := func(in view.Intent) func() { return func() { emit(in) } }
	want := spec.model.Want

	// V: the slider itself is drawn and driven by the game (slider.go);
	// fine steps either side.
	vMinus := st.newButton("−", st.bold, do(view.Intent{Action: view.ActionVDown, Fine: true}), at(l.VMinus))
	vPlus := st.newButton("+", st.bold, do(view.Intent{Action: view.ActionVUp, Fine: true}), at(l.VPlus))
	root.AddChild(vMinus, vPlus)
	c.named["vMinus"], c.named["vPlus"] = vMinus, vPlus

	c.seedValue = st.stepper(root, c, "seed", lang.T("Seed"), l.Seed,
		do(view.Intent{Action: view.ActionSeedPrev}), do(view.Intent{Action: view.ActionSeedNext}))
	c.nodesValue = st.stepper(root, c, "nodes", lang.T("Nodes"), l.Nodes,
		do(view.Intent{Action: view.ActionNodesDown}), do(view.Intent{Action: view.ActionNodesUp}))

	// Assignment: two toggle buttons acting as one choice.
	half := (l.Assign.W - 10*l.Scale) / 2
	rr := st.newButton(panel.AssignLabel(sim.RoundRobin), st.body, nil, at(geom.Rect{X: l.Assign.X, Y: l.Assign.Y, W: half, H: l.Assign.H}))
	rnd := st.newButton(panel.AssignLabel(sim.Random), st.body, nil, at(geom.Rect{X: l.Assign.X + half + 10*l.Scale, Y: l.Assign.Y, W: half, H: l.Assign.H}))
	root.AddChild(rr, rnd)
	c.named["assignRoundRobin"], c.named["assignRandom"] = rr, rnd
	c.assign = newChoiceGroup([]*widget.Button{rr, rnd}, int(want.Assign), func(i int) {
		emit(view.Intent{Action: view.ActionSetAssign, Value: i})
	})

	// Presets: the three cases the lesson is about.
	presets := []struct {
		key, label string
		v          int
	}{{"preset1", lang.T("one range (V=1)"), 1}, {"preset16", lang.T("Cassandra (V=16)"), 16}, {"preset256", lang.T("ScyllaDB (V=256)"), 256}}
	pw := (l.Presets.W - 2*10*l.Scale) / 3
	for i, p := range presets {
		r := geom.Rect{X: l.Presets.X + float64(i)*(pw+10*l.Scale), Y: l.Presets.Y, W: pw, H: l.Presets.H}
		b := st.newButton(p.label, st.body, do(view.Intent{Action: view.ActionSetV, Value: p.v}), at(r))
		root.AddChild(b)
		c.named[p.key] = b
	}

	// Top right: each button does what its key does, so touch screens reach
	// every feature.
	top := []struct {
		key, label string
		action     view.Action
	}{
		{"lesson", lang.T("lesson"), view.ActionLesson}, {"help", lang.T("keys ?"), view.ActionHelp},
		{"fullscreen", lang.T("full screen"), view.ActionFullscreen}, {"theme", lang.T("colours"), view.ActionTheme},
		{"reset", lang.T("reset"), view.ActionReset}, {"picture", lang.T("picture"), view.ActionSavePicture},
		{"figures", lang.T("figures"), view.ActionCopyFigures},
		{"language", languageCode(lang.Current()), view.ActionLanguage}, // with a globe: see below
	}
	if want.Step > 0 {
		top[0].label = lang.T("leave lesson")
	}
	if want.Embed {
		top = nil // inside another page: no title bar (the keys still work)
	}
	labels := make([]view.Choice, len(top))
	for i, b := range top {
		labels[i].Label = b.label
		if b.key == "language" {
			labels[i].Label = "MM" + b.label // room for the globe
		}
	}
	gap, pad := st.choiceSpacing(l.TopRight.W, labels)
	widths := st.choiceWidths(l.TopRight.W-gap*float64(max(len(top), 1)-1), pad, labels)
	x := l.TopRight.X
	for i, b := range top {
		r := geom.Rect{X: x, Y: l.TopRight.Y, W: widths[i], H: l.TopRight.H}
		x += widths[i] + gap
		opts := []widget.ButtonOpt{widget.ButtonOpts.TextPadding(&widget.Insets{Left: int(pad), Right: int(pad)})}
		if b.key == "language" {
			size := max(1, int(math.Round(1.2*text.Advance("M", *st.body))))
			opts = append(opts, widget.ButtonOpts.TextAndImage(b.label, st.body, globeIcon(size, st.pal.Text, st.pal.Muted), st.buttonText))
		}
		button := st.newButton(b.label, st.body, do(view.Intent{Action: b.action}), at(r), opts...)
		root.AddChild(button)
		c.named[b.key] = button
	}

	if want.Step > 0 {
		addLessonCard(spec, st, root, c, emit)
	} else {
		addTabs(spec, st, root, c, emit)
		addViewControls(spec, st, root, c, emit)
	}
	c.syncedWant = want
	c.labels = st.labels
	return &ebitenui.UI{Container: root, DisableDefaultFocus: true}, c
}

// sync shows the model on the widgets (it may have changed by key, link or
// lesson step).
func (c *controls) sync(m *model.Model, shown view.Settings, result view.Shown, rows view.Rows) {
	want := m.Want
	if !c.synced || c.syncedWant != want || c.syncedShown != shown || c.syncedRows != rows { // not every frame: the texts allocate
		c.seedValue.Label = fmt.Sprint(want.Seed)
		c.nodesValue.Label = fmt.Sprint(want.Nodes)
		if c.measured != nil && want.Step > 0 {
			c.measured.Label = lang.T(lesson.MeasuredText(shown, result, lesson.Of(m.Views)[want.Step-1]))
		}
		c.syncedWant, c.syncedShown, c.syncedRows, c.synced = want, shown, rows, true
	}
	c.assign.set(int(want.Assign))
	for i, b := range c.choices {
		state := widget.WidgetUnchecked
		if i == m.Lesson.Choice {
			state = widget.WidgetChecked
		}
		if b.State() != state {
			b.SetState(state)
		}
	}
}

// rects reports where each named control is on screen, in logical pixels.
func (c *controls) rects() map[string]image.Rectangle {
	out := make(map[string]image.Rectangle, len(c.named))
	for k, w := range c.named {
		out[k] = w.GetWidget().Rect
	}
	return out
}

// languageCode is how the globe button names a language: its two letters,
// as language menus write them (EN, ES, DE, FR, PT).
func languageCode(tag string) string {
	base, _, _ := strings.Cut(tag, "-")
	return strings.ToUpper(base)
}
