// Package widgets builds the app's controls with ebitenui from the model:
// buttons and rows of them, knobs, the V slider, the view's controls card
// and the lesson card, laid out by ebitenui's layouts in the places the
// scene's layout gives. Widgets never reach into the game: they report
// what the person asked for as intents.
package widgets

import (
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui"
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

// Spec is everything the widgets are built from: where they go, how they
// look, and the state they open with.
type Spec struct {
	Layout   geom.Layout
	Palette  *panel.Palette
	Fonts    paint.Fonts
	Model    model.Model
	Shown    view.Settings
	Result   view.Shown     // what the view computed for Shown (nil before the first result)
	Controls []view.Control // the shown view's own controls
}

// Set is one build of the widgets: ebitenui's UI to update and draw, the
// layout they were placed in, and the handles the app needs to show the
// current settings and to find each control.
type Set struct {
	UI *ebitenui.UI
	// Layout is Spec's, with the view's controls card as high as its
	// controls need and the view's figures in what is left.
	Layout geom.Layout
	// Named are the controls by name: window.vnodes.layout(), the
	// keyboard's focus, tests.
	Named  map[string]widget.HasWidget
	Labels []Label // every label, for tests that check its text fits
	// LessonCard and LessonText are the lesson card and the stack of its
	// texts (nil outside the lesson), for tests that check they fit.
	LessonCard, LessonText *widget.Container
	// SmallestText is the size of the smallest text a row of buttons
	// draws, in layout pixels (0 before any): a crowded row draws its
	// labels smaller.
	SmallestText float64

	seedValue, nodesValue *widget.Text
	assign                *choiceGroup
	measured              *widget.Text     // the lesson card's measurement, kept current
	measuredH             int              // …and its height when the card was sized for it
	outgrown              bool             // the measurement now needs another height: build the card again
	choices               []*widget.Button // the lesson card's answers, checked to match the state
	syncedWant            view.Settings    // the labels were last written for these settings…
	syncedShown           view.Settings    // …and this result…
	syncedRows            view.Rows        // …with these rows of the view's
	synced                bool
	built                 bool // the widgets themselves, not only their layout (Arrange)
}

// Build builds every widget from spec; their handlers only emit intents.
func Build(spec Spec, emit func(view.Intent)) *Set {
	set := &Set{Named: map[string]widget.HasWidget{}, built: true}
	b := newBuilder(spec, emit, set)
	want := spec.Model.Want
	a := b.arrange(spec)
	l, lessonCard, card := a.layout, a.lessonCard, a.viewCard
	root := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewAnchorLayout()),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.TrackHover(false)),
	)

	// V: the slider itself is the game's (VSlider) and the scene's; fine
	// steps either side.
	vMinus := b.button("−", b.bold, b.px(8), b.asks(view.Intent{Action: view.ActionVDown, Fine: true}), at(l.VMinus))
	vPlus := b.button("+", b.bold, b.px(8), b.asks(view.Intent{Action: view.ActionVUp, Fine: true}), at(l.VPlus))
	root.AddChild(vMinus, vPlus)
	set.Named["vMinus"], set.Named["vPlus"] = vMinus, vPlus

	// A compact layout shows one page of the rest at a time: each part
	// below is built only where the layout shows it.
	if !l.Pager.Empty() {
		root.AddChild(b.pager(l, want.Step > 0))
	}
	stepper := knobParts{label: b.px(80), button: b.reach(44), value: b.px(60)}
	if l.Compact() {
		stepper.label = 0 // the label takes what the buttons and the value leave
	}
	if !l.Seed.Empty() {
		seed, seedValue := b.knob("seed", lang.T("Seed"), "", stepper,
			b.asks(view.Intent{Action: view.ActionSeedPrev}), b.asks(view.Intent{Action: view.ActionSeedNext}), at(l.Seed))
		nodes, nodesValue := b.knob("nodes", lang.T("Nodes"), "", stepper,
			b.asks(view.Intent{Action: view.ActionNodesDown}), b.asks(view.Intent{Action: view.ActionNodesUp}), at(l.Nodes))
		root.AddChild(seed, nodes)
		set.seedValue, set.nodesValue = seedValue, nodesValue
	}

	// Assignment: two toggle buttons acting as one choice.
	if !l.Assign.Empty() {
		var assign *widget.Container
		assign, set.assign = b.choiceRow(int(l.Assign.W), int(l.Assign.H), b.px(10), []view.Choice{
			{Name: "assignRoundRobin", Label: panel.AssignLabel(sim.RoundRobin), On: want.Assign == sim.RoundRobin,
				Intent: view.Intent{Action: view.ActionSetAssign, Value: int(sim.RoundRobin)}},
			{Name: "assignRandom", Label: panel.AssignLabel(sim.Random), On: want.Assign == sim.Random,
				Intent: view.Intent{Action: view.ActionSetAssign, Value: int(sim.Random)}},
		}, at(l.Assign))
		root.AddChild(assign)
	}
	if !l.Presets.Empty() {
		root.AddChild(b.presets(l.Presets))
	}
	if !want.Embed && !l.TopRight.Empty() { // inside another page: no title bar (the keys still work)
		root.AddChild(b.topButtons(l.TopRight, want.Step > 0))
	}

	switch {
	case want.Step > 0:
		if lessonCard != nil {
			for _, place := range at(l.Lesson) {
				place(lessonCard.GetWidget())
			}
			root.AddChild(lessonCard)
		}
	default:
		if !l.Tabs.Empty() {
			root.AddChild(b.tabs(spec.Model.Views, want.View, l.Tabs))
		}
		if len(spec.Controls) > 0 && !l.ViewControls.Empty() {
			for _, place := range at(l.ViewControls) {
				place(card.GetWidget())
			}
			root.AddChild(card)
		}
	}
	set.Layout = l
	set.syncedWant = want
	set.UI = &ebitenui.UI{Container: root, DisableDefaultFocus: true}
	return set
}

// Arrange works out what of the layout Build would place the widgets in
// the first frame needs: its Set has that layout and no widget, and the
// first frame is drawn with it (see render/app). The widgets' cards move
// only what that frame does not show (geom.Layout.SameOpening), so the
// layout is spec's as it is, unless a lesson card may move the ring; then
// what decides it is built and measured: the lesson card, the view's
// controls card and the tabs' names.
func Arrange(spec Spec) *Set {
	set := &Set{Named: map[string]widget.HasWidget{}, Layout: spec.Layout}
	if spec.Model.Want.Step > 0 && spec.Layout.LessonCardMovesTheRing() {
		set.Layout = newBuilder(spec, func(view.Intent) {}, &Set{Named: map[string]widget.HasWidget{}}).arrange(spec).layout
	}
	set.UI = &ebitenui.UI{Container: widget.NewContainer(), DisableDefaultFocus: true}
	return set
}

// Built reports whether the set holds the widgets, not only their layout
// (Arrange).
func (s *Set) Built() bool { return s.built }

// arranged is the layout the widgets are placed in, and the two cards
// whose heights decided it.
type arranged struct {
	layout     geom.Layout
	lessonCard *widget.Container // nil outside the lesson
	viewCard   *widget.Container // nil for a view without controls of its own
}

// arrange builds the cards that decide the layout and works it out.
func (b *builder) arrange(spec Spec) arranged {
	l, want := spec.Layout, spec.Model.Want
	var a arranged
	// The lesson card first: how high its texts make it decides the
	// layout the rest is placed in (see geom.Layout.WithLessonCard).
	needs := 0
	if want.Step > 0 && !l.Lesson.Empty() {
		a.lessonCard, needs = b.lessonCard(spec)
	}
	l = l.WithLessonCard(float64(needs)) // 0: the chart's place again, after a lesson card that grew over it
	// The view's own controls are measured even when the lesson card
	// covers them, so that the view's figures keep one place.
	h := 0
	if len(spec.Controls) > 0 {
		a.viewCard = b.viewCard(spec.Controls, int(l.ViewControls.W))
		_, h = a.viewCard.PreferredSize()
	}
	a.layout = l.WithViewControls(float64(h)).WithTabs(b.tabsWidth(spec.Model.Views))
	return a
}

// presets are the three cases the lesson is about, in a row.
func (b *builder) presets(r geom.Rect) *widget.Container {
	presets := []struct {
		name, label string
		v           int
	}{{"preset1", lang.T("one range (V=1)"), 1}, {"preset16", lang.T("Cassandra (V=16)"), 16}, {"preset256", lang.T("ScyllaDB (V=256)"), 256}}
	row, buttons := b.row(int(r.W), int(r.H), b.px(10), func(pad int, face *text.Face) []*widget.Button {
		out := make([]*widget.Button, len(presets))
		for i, p := range presets {
			out[i] = b.button(p.label, face, pad, b.asks(view.Intent{Action: view.ActionSetV, Value: p.v}), nil)
		}
		return out
	}, at(r))
	for i, p := range presets {
		b.set.Named[p.name] = buttons[i]
	}
	return row
}

// topButtons are the buttons at the top right: each does what its key
// does, so that touch screens reach every feature.
func (b *builder) topButtons(r geom.Rect, inLesson bool) *widget.Container {
	top := []struct {
		name, label string
		action      view.Action
	}{
		{"lesson", lang.T("lesson"), view.ActionLesson}, {"help", lang.T("keys ?"), view.ActionHelp},
		{"fullscreen", lang.T("full screen"), view.ActionFullscreen}, {"theme", lang.T("colours"), view.ActionTheme},
		{"reset", lang.T("reset"), view.ActionReset}, {"picture", lang.T("picture"), view.ActionSavePicture},
		{"figures", lang.T("figures"), view.ActionCopyFigures},
		{"language", languageCode(lang.Current()), view.ActionLanguage}, // with a globe
	}
	if inLesson {
		top[0].label = lang.T("leave lesson")
	}
	size := max(1, int(math.Round(1.2*text.Advance("M", *b.body))))
	globe := globeIcon(size, b.text, b.muted)
	row, buttons := b.row(int(r.W), int(r.H), b.px(8), func(pad int, face *text.Face) []*widget.Button {
		out := make([]*widget.Button, len(top))
		for i, t := range top {
			var extra []widget.ButtonOpt
			if t.name == "language" {
				extra = append(extra, widget.ButtonOpts.TextAndImage(t.label, face, globe, b.buttonText))
			}
			out[i] = b.button(t.label, face, pad, b.asks(view.Intent{Action: t.action}), nil, extra...)
		}
		return out
	}, at(r))
	for i, t := range top {
		b.set.Named[t.name] = buttons[i]
	}
	return row
}

// PageNames are the pager's buttons, in the order of geom.Pages: "page"
// and the page's name ("pageLoads").
func PageName(page string) string { return "page" + strings.ToUpper(page[:1]) + page[1:] }

// pager is a compact layout's row of pages: the bars, the figures (the
// lesson card during the lesson), the chart, the controls and the views.
func (b *builder) pager(l geom.Layout, inLesson bool) *widget.Container {
	labels := map[string]string{geom.PageLoads: lang.T("[page: the bars] loads"), geom.PageFigures: lang.T("[page: the figures and the table] numbers"),
		geom.PageChart: lang.T("[page] chart"), geom.PageControls: lang.T("[page: seed, nodes, presets] settings"), geom.PageViews: lang.T("[page: the view tabs and the title bar's buttons] more")}
	if inLesson {
		labels[geom.PageFigures] = lang.T("lesson")
	}
	var pages []view.Choice
	for i, p := range geom.Pages {
		pages = append(pages, view.Choice{Name: PageName(p), Label: labels[p], On: p == l.Page,
			Intent: view.Intent{Action: view.ActionPage, Value: i}})
	}
	row, _ := b.choiceRow(int(l.Pager.W), int(l.Pager.H), b.px(6), pages, at(l.Pager))
	return row
}

// tabs is the row that switches between the views, a tab each, named
// "tab" and the view's ID ("tabSpread").
func (b *builder) tabs(views *view.Registry, on view.View, r geom.Rect) *widget.Container {
	current := views.Index(on)
	var tabs []view.Choice
	for i, v := range views.Views() {
		id := v.ID()
		tabs = append(tabs, view.Choice{Name: "tab" + strings.ToUpper(id[:1]) + id[1:], Label: lang.T(v.Name()), On: i == current,
			Intent: view.Intent{Action: view.ActionMode, Value: i}})
	}
	row, _ := b.choiceRow(int(r.W), int(r.H), b.px(8), tabs, at(r))
	return row
}

// tabsWidth is how wide the row of tabs would be with every view's name
// at full size, with a crowded row's narrow margins and gaps (see row):
// the layout gives the row that much room where it can, and row shrinks
// the text only where it cannot.
func (b *builder) tabsWidth(views *view.Registry) float64 {
	var buttons []*widget.Button
	for _, v := range views.Views() {
		buttons = append(buttons, b.button(lang.T(v.Name()), b.body, b.px(3), nil, nil))
	}
	return float64(sum(preferredWidths(buttons)) + b.px(4)*(len(buttons)-1))
}

// Sync shows the model on the widgets (it may have changed by key, link
// or lesson step).
func (s *Set) Sync(m *model.Model, shown view.Settings, result view.Shown, rows view.Rows) {
	want := m.Want
	if !s.synced || s.syncedWant != want || s.syncedShown != shown || s.syncedRows != rows { // not every frame: the texts allocate
		if s.seedValue != nil { // not on every page of a compact layout
			s.seedValue.Label = strconv.Itoa(want.Seed)
			s.nodesValue.Label = strconv.Itoa(want.Nodes)
		}
		if s.measured != nil && want.Step > 0 {
			s.measured.Label = lang.T(lesson.MeasuredText(shown, result, lesson.Of(m.Views)[want.Step-1]))
			_, h := s.measured.PreferredSize()
			s.outgrown = h != s.measuredH // the figures came in, or a number wraps otherwise
		}
		s.syncedWant, s.syncedShown, s.syncedRows, s.synced = want, shown, rows, true
	}
	if s.assign != nil {
		s.assign.set(int(want.Assign))
	}
	for i, b := range s.choices {
		state := widget.WidgetUnchecked
		if i == m.Lesson.Choice {
			state = widget.WidgetChecked
		}
		if b.State() != state {
			b.SetState(state)
		}
	}
}

// Outgrown reports whether the lesson card's measured lines, kept
// current by Sync, no longer take the height the card was built for: the
// card must be built again, or they would run under its buttons.
func (s *Set) Outgrown() bool { return s.outgrown }

// noteText records that a widget draws text size layout pixels high.
func (s *Set) noteText(size float64) {
	if s.SmallestText == 0 || size < s.SmallestText {
		s.SmallestText = size
	}
}

// Rects reports where each named control is on screen, in layout pixels.
func (s *Set) Rects() map[string]image.Rectangle {
	out := make(map[string]image.Rectangle, len(s.Named))
	for k, w := range s.Named {
		if r := w.GetWidget().Rect; !r.Empty() { // built to be measured only, as the view's card under the lesson's
			out[k] = r
		}
	}
	return out
}

// languageCode is how the globe button names a language: its two letters,
// as language menus write them (EN, ES, DE, FR, PT).
func languageCode(tag string) string {
	base, _, _ := strings.Cut(tag, "-")
	return strings.ToUpper(base)
}
