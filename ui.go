package main

import (
	"fmt"
	"image"
	"image/color"

	"github.com/ebitenui/ebitenui"
	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render"
	"vnodes/render/geom"
	"vnodes/sim"
	"vnodes/sim/view"
)

// controls are the widget handles the game needs after building the UI:
// to show the current settings and to report where each control is.
type controls struct {
	vSlider               *widget.Slider
	sliderMap             geom.Slider
	dragging              bool
	seedValue, nodesValue *widget.Label
	assign                *widget.RadioGroup
	assignButtons         map[sim.Assignment]*widget.Button
	named                 map[string]widget.HasWidget // for window.vnodes.layout()
	measured              *widget.Text                // the lesson card's measurement, kept current
	choices               []*widget.Button            // the lesson card's answers, checked to match the state
	syncedWant            view.Settings               // labels were last written for these settings…
	syncedShown           view.Settings               // …and this result
	synced                bool
}

// uiStyle is the widgets' look, derived from the scene's palette and fonts.
type uiStyle struct {
	pal             *render.Palette
	body, bold, big *text.Face
	scale           float64
	button, toggle  *widget.ButtonImage
	buttonText      *widget.ButtonTextColor
}

func newUIStyle(pal *render.Palette, f render.Fonts, scale float64) *uiStyle {
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
		toggle: &widget.ButtonImage{
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

func (st *uiStyle) newButton(label string, r geom.Rect, face *text.Face, onClick func(), extra ...widget.ButtonOpt) *widget.Button {
	return widget.NewButton(append([]widget.ButtonOpt{
		widget.ButtonOpts.Image(st.button),
		widget.ButtonOpts.Text(label, face, st.buttonText),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: int(8 * st.scale), Right: int(8 * st.scale)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.WidgetOpts(at(r)...),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	}, extra...)...)
}

func (st *uiStyle) newLabel(s string, r geom.Rect, face *text.Face, align widget.TextPosition) *widget.Label {
	return widget.NewLabel(
		widget.LabelOpts.Text(s, face, &widget.LabelColor{Idle: st.pal.Text, Disabled: st.pal.Muted}),
		widget.LabelOpts.TextOpts(
			widget.TextOpts.Position(align, widget.TextPositionCenter),
			widget.TextOpts.WidgetOpts(at(r)...),
		),
	)
}

// sliderImages draws the V slider: a thick rail with a tall handle, easy to
// grab with a finger or from across a room.
func (st *uiStyle) sliderImages(h int) (*widget.SliderTrackImage, *widget.ButtonImage) {
	h = max(h, 8) // a tiny window must not ask for an empty image
	rail := max(6, h/4)
	track := func(c color.Color) *eimage.NineSlice {
		img := ebiten.NewImage(3, h)
		img.SubImage(image.Rect(0, (h-rail)/2, 3, (h+rail)/2)).(*ebiten.Image).Fill(c)
		return eimage.NewNineSlice(img, [3]int{1, 1, 1}, [3]int{(h - rail) / 2, rail, h - (h-rail)/2 - rail})
	}
	return &widget.SliderTrackImage{Idle: track(st.pal.Grid), Hover: track(st.pal.Muted)},
		&widget.ButtonImage{
			Idle:    eimage.NewBorderedNineSliceColor(st.pal.Accent, st.pal.Text, max(1, int(st.scale*2))),
			Hover:   eimage.NewBorderedNineSliceColor(st.pal.Text, st.pal.Accent, max(1, int(st.scale*2))),
			Pressed: eimage.NewNineSliceColor(st.pal.Text),
		}
}

// stepper builds "name [-] value [+]" in r and returns the value label.
func (st *uiStyle) stepper(root *widget.Container, c *controls, key, name string, r geom.Rect, dec, inc func()) *widget.Label {
	s := st.scale
	nameW, btn, valW := 80*s, 44*s, 60*s
	root.AddChild(st.newLabel(name, geom.Rect{X: r.X, Y: r.Y, W: nameW, H: r.H}, st.body, widget.TextPositionStart))
	minus := st.newButton("−", geom.Rect{X: r.X + nameW, Y: r.Y, W: btn, H: r.H}, st.bold, dec)
	value := st.newLabel("", geom.Rect{X: r.X + nameW + btn, Y: r.Y, W: valW, H: r.H}, st.bold, widget.TextPositionCenter)
	plus := st.newButton("+", geom.Rect{X: r.X + nameW + btn + valW, Y: r.Y, W: btn, H: r.H}, st.bold, inc)
	root.AddChild(minus, value, plus)
	c.named[key+"Minus"], c.named[key+"Plus"], c.named[key+"Value"] = minus, plus, value
	return value
}

// createUI builds every widget. Handlers only change the wanted settings;
// the game re-simulates and the scene redraws.
func createUI(g *Game) (*ebitenui.UI, *controls) {
	l := g.layout
	st := newUIStyle(g.scene.Palette(), g.scene.Fonts(), l.Scale)
	c := &controls{
		sliderMap:     geom.Slider{VMax: view.MaxV},
		named:         map[string]widget.HasWidget{},
		assignButtons: map[sim.Assignment]*widget.Button{},
	}
	root := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewAnchorLayout()),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.TrackHover(false)),
	)
	change := func(edit func(s *view.Settings)) func() { return func() { g.change(edit) } }

	// V: a slider with fine steps either side.
	track, handle := st.sliderImages(int(l.VSlider.H))
	c.vSlider = widget.NewSlider(
		widget.SliderOpts.Orientation(widget.DirectionHorizontal),
		widget.SliderOpts.MinMax(0, c.sliderMap.Max()),
		widget.SliderOpts.InitialCurrent(c.sliderMap.Pos(g.want.V)),
		widget.SliderOpts.Images(track, handle),
		widget.SliderOpts.FixedHandleSize(int(geom.SliderHandle*l.Scale)),
		widget.SliderOpts.PageSizeFunc(func() int { return 1 }),
		widget.SliderOpts.DisableDefaultKeys(true), // the game's own keys move V
		widget.SliderOpts.WidgetOpts(at(l.VSlider)...),
		widget.SliderOpts.ChangedHandler(func(args *widget.SliderChangedEventArgs) {
			// Detents apply to a drag (and its release). Any other change is
			// the echo of sync setting the handle for a V chosen elsewhere
			// (−/+, keys, presets), which must not be snapped away.
			v := c.sliderMap.Nearest(args.Current)
			if args.Dragging || c.dragging {
				v = c.sliderMap.V(args.Current)
			}
			c.dragging = args.Dragging
			if v != g.want.V {
				g.change(func(s *view.Settings) { s.V = v })
			}
		}),
	)
	root.AddChild(c.vSlider)
	c.named["vSlider"] = c.vSlider
	vMinus := st.newButton("−", l.VMinus, st.bold, change(func(s *view.Settings) { s.V-- }))
	vPlus := st.newButton("+", l.VPlus, st.bold, change(func(s *view.Settings) { s.V++ }))
	root.AddChild(vMinus, vPlus)
	c.named["vMinus"], c.named["vPlus"] = vMinus, vPlus

	c.seedValue = st.stepper(root, c, "seed", "Seed", l.Seed,
		change(func(s *view.Settings) { s.Seed = (s.Seed + view.Seeds - 1) % view.Seeds }),
		change(func(s *view.Settings) { s.Seed = (s.Seed + 1) % view.Seeds }))
	c.nodesValue = st.stepper(root, c, "nodes", "Nodes", l.Nodes,
		change(func(s *view.Settings) { s.Nodes-- }),
		change(func(s *view.Settings) { s.Nodes++ }))

	// Assignment: two toggle buttons acting as one choice.
	half := (l.Assign.W - 10*l.Scale) / 2
	rr := widget.NewButton(widget.ButtonOpts.Image(st.toggle), widget.ButtonOpts.Text("round-robin", st.body, st.buttonText),
		widget.ButtonOpts.DisableDefaultKeys(), widget.ButtonOpts.WidgetOpts(at(geom.Rect{X: l.Assign.X, Y: l.Assign.Y, W: half, H: l.Assign.H})...))
	rnd := widget.NewButton(widget.ButtonOpts.Image(st.toggle), widget.ButtonOpts.Text("random", st.body, st.buttonText),
		widget.ButtonOpts.DisableDefaultKeys(), widget.ButtonOpts.WidgetOpts(at(geom.Rect{X: l.Assign.X + half + 10*l.Scale, Y: l.Assign.Y, W: half, H: l.Assign.H})...))
	root.AddChild(rr, rnd)
	c.assignButtons[sim.RoundRobin], c.assignButtons[sim.Random] = rr, rnd
	c.named["assignRoundRobin"], c.named["assignRandom"] = rr, rnd
	initial := rr
	if g.want.Assign == sim.Random {
		initial = rnd
	}
	c.assign = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(rr, rnd),
		widget.RadioGroupOpts.InitialElement(initial),
		widget.RadioGroupOpts.ChangedHandler(func(args *widget.RadioGroupChangedEventArgs) {
			a := sim.RoundRobin
			if args.Active == rnd {
				a = sim.Random
			}
			change(func(s *view.Settings) { s.Assign = a })()
		}),
	)

	// Presets: the three cases the lesson is about.
	presets := []struct {
		key, label string
		v          int
	}{{"preset1", "one range (V=1)", 1}, {"preset16", "Cassandra (V=16)", 16}, {"preset256", "ScyllaDB (V=256)", 256}}
	pw := (l.Presets.W - 2*10*l.Scale) / 3
	for i, p := range presets {
		r := geom.Rect{X: l.Presets.X + float64(i)*(pw+10*l.Scale), Y: l.Presets.Y, W: pw, H: l.Presets.H}
		b := st.newButton(p.label, r, st.body, change(func(s *view.Settings) { s.V = p.v }))
		root.AddChild(b)
		c.named[p.key] = b
	}
	addTopRight(g, st, root, c)
	if g.want.Step > 0 {
		addLessonCard(g, st, root, c)
	}
	return &ebitenui.UI{Container: root, DisableDefaultFocus: true}, c
}

// sync shows the wanted settings on the widgets (they may have changed by
// key, link or lesson step). The slider is left alone while it is dragged.
func (c *controls) sync(g *Game) {
	if pos := c.sliderMap.Pos(g.want.V); !c.dragging && c.vSlider.Current != pos {
		c.vSlider.Current = pos // also settles the handle on a detent after a drag
	}
	if !c.synced || c.syncedWant != g.want || c.syncedShown != g.shown { // not every frame: the texts allocate
		c.seedValue.Label = fmt.Sprint(g.want.Seed)
		c.nodesValue.Label = fmt.Sprint(g.want.Nodes)
		if c.measured != nil {
			c.measured.Label = g.measuredText()
		}
		c.syncedWant, c.syncedShown, c.synced = g.want, g.shown, true
	}
	if b := c.assignButtons[g.want.Assign]; c.assign.Active() != b {
		c.assign.SetActive(b)
	}
	for i, b := range c.choices {
		want := widget.WidgetUnchecked
		if i == g.lesson.choice {
			want = widget.WidgetChecked
		}
		if b.State() != want {
			b.SetState(want)
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
