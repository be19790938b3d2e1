// Package app is the running program, its frame loop and its background
// work: it turns input into intents, applies them to the model
// (render/view/model), has the shown view compute (in the background when
// the work is large), and hands what it computed to the scene (render) to
// paint. It never asks which view is shown: it asks the view. The widgets
// are render/app/widgets; the browser and the desktop, render/app/host.
//
// Where a change goes:
//   - a new view: a folder of its own under render/views and one line in
//     the registry (render/views/views.go); nothing here changes;
//   - a new common setting (a link parameter and a desktop flag):
//     render/view and render/view/link;
//   - a new common key or button: an Action in render/view (and a
//     Shortcut row for a key), what it does in model.Apply, its key in
//     input.go, its button in widgets (buttons only emit intents); a
//     view's own controls are declared by the view (view.Controller) and
//     built by widgets/viewcontrols.go and, for screen readers,
//     host/a11y_js.go;
//   - something only the browser or the desktop does: the host.Host
//     interface and its two implementations;
//   - something new drawn on the screen outside the scene and the widgets
//     (an overlay): its inputs go into frameKey (frames.go), or a frame
//     with nothing else new leaves the old picture standing.
package app

import (
	"errors"
	"image"
	"reflect"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/assets/lang"
	"vnodes/render"
	"vnodes/render/app/host"
	"vnodes/render/app/widgets"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/model"
	"vnodes/render/view/state"
	"vnodes/render/views"
	"vnodes/sim"
)

// Game is the ebiten program. Update turns input into intents, applies them
// to the model, and re-runs the simulation when the wanted settings differ
// from what is shown; Draw hands the result to the scene.
//
// Its fields come in groups by what they serve, one struct each, embedded
// so that a group's fields read as the game's own.
type Game struct {
	showing    // the model and what is shown for it
	background // the work that brings what is shown up to date
	display    // the scene and where everything is on the screen
	controls   // the widgets
	pointing   // the pointer, the keys and the keyboard's focus
	framing    // which frames are drawn, and what they cost
	hosting    // where the app runs
}

// showing is the model and what is shown for it.
type showing struct {
	model   model.Model   // what the person asked for
	intents []view.Intent // asked for this tick, applied in Update
	shown   view.Settings // what the result, table and curve were computed for
	result  view.Shown    // what the view computed for shown (nil before the first result)
	notices noticeBoard
	lang    string // the language the scene was last handed the result in
}

// background is the work that brings what is shown up to date with the
// model (compute.go, rows.go, language.go).
type background struct {
	rows        rowCache
	job         *job         // work running in the background, if any
	keptDraws   sim.Stepper  // each seed's draws, kept for the next step of V
	reserving   *reservation // draws being made ahead of a drag, if any
	reservedFor sim.Params   // what they were last made for
	language    languageSwitch
}

// display is the scene and where everything is on the screen (zoom.go).
type display struct {
	scene            *render.Scene
	paletteTheme     view.Theme // the theme of the scene's palette
	layout           geom.Layout
	screenW, screenH int
	dsf              float64 // device pixels per CSS/logical pixel
	zoomed           zoomView
	pageZoom         browserZoom
	page             string // the page a compact layout shows (geom.Pages)
	inLesson         bool   // the page followed a lesson's start (followLesson)
}

// controls is the widgets (render/app/widgets), and what they were built
// for.
type controls struct {
	widgets      *widgets.Set
	builtFor     uiKey // what the widgets were built for
	viewControls viewControls
	uiGen        int // counts widget rebuilds, so the kept drawing knows a new set
	uiLayer      uiLayer
	slider       widgets.VSlider
}

// pointing is the pointer, the keys and the keyboard's focus (input.go,
// focus.go).
type pointing struct {
	hover hoverInfo
	focus keyFocus
	chars []rune       // typed characters this tick, reused
	keys  []keyBinding // the keys and what they do
}

// framing is which frames are drawn, and what they cost (frames.go).
type framing struct {
	quiet       quietFrames
	timing      timing
	frame       frameCalls
	paintBudget time.Duration // see paintBudget
	capture     bool          // save the next whole frame as a picture
	wholeDrawn  bool          // a frame with the widgets has been drawn (the first has none)
}

// hosting is where the app runs.
type hosting struct {
	host    host.Host
	ambient string // the language settings without one show (host.Opening)
}

// frameCalls are Update's and Draw's bodies as functions made once, so
// that handing them to the host's RunFrame allocates nothing per frame.
type frameCalls struct {
	update, draw func()
	err          error         // update's result
	screen       *ebiten.Image // draw's argument
}

// Open has h settle the language and read the settings the app starts
// with.
func Open(h host.Host) host.Opening { return h.Open(views.All) }

// New makes the game, in h, for what h opened with; the opening's notices
// say what was changed on the way in.
func New(h host.Host, o host.Opening) *Game {
	h.Mark("new")
	g := &Game{}
	g.host, g.ambient = h, o.Ambient
	g.model, g.lang = model.NewModel(views.All, o.Settings), lang.Current()
	g.dsf, g.hover.node, g.slider, g.paintBudget = 1, -1, widgets.NewVSlider(), paintBudget
	g.frame.update = func() { g.frame.err = g.update() }
	g.frame.draw = func() { g.draw(g.frame.screen) }
	g.zoomed.zoom = g.model.Want.ZoomFactor() // a zoomed link opens on the top left: the title, then the ring
	g.layout = geom.NewLayout(geom.DesignW, geom.DesignH)
	g.scene = render.NewScene(g.layout, paletteFor(g.model.Want.Theme))
	g.paletteTheme = g.model.Want.Theme
	g.timing.paintsSoFar = g.scene.Repaints
	g.notices.show(o.Notices, g.model.Want)
	g.timing.asked = time.Now()
	h.Mark("scene")
	g.bringUpToDate()
	h.Mark("simulated")
	// The widgets are built by the first Layout, for the window's own size
	// (ebiten calls it before the first Update): built here as well, for the
	// design's size, they would be built twice before the first frame.
	return g
}

// ensureWidgets builds the widgets for the current layout if no Layout
// has built them yet (a caller that runs frames without one), or only
// arranged them for the first frame (see rebuildUI).
func (g *Game) ensureWidgets() {
	if g.widgets == nil || !g.widgets.Built() && g.timing.frames > 0 {
		g.rebuildUI()
	}
}

// emit queues an intent from a widget, a key or the host.
func (g *Game) emit(in view.Intent) { g.intents = append(g.intents, in) }

// bringUpToDate makes what is shown follow what is wanted: at once when
// the work is small, else in the background (see compute.go), taking the
// background work's result when it is ready.
func (g *Game) bringUpToDate() {
	if g.job != nil {
		if w, ok := g.job.poll(); ok {
			g.job = nil
			g.take(w)
		}
	}
	want := g.model.Want
	g.restyle(want)
	g.rows.follow(want)
	n := g.rows.due(want)
	n.result = want != g.shown
	if g.job != nil {
		if g.job.covers(want, n) || g.job.nearlyFor(want) {
			return // already working on it, or on a step the hand has just passed
		}
		g.job.cancel() // asked for something else meanwhile
		g.job = nil
	}
	if n.result && inlineResult(want, &g.keptDraws, g.shown.Nodes == 0) { // small: show it at once
		g.take(compute(nil, want, need{result: true}, nil, &g.keptDraws))
		n.result = false
	}
	switch {
	case !n.any():
	case !n.result && cost(want, n) <= inlineCost:
		g.take(compute(nil, want, n, nil, &g.keptDraws))
	default:
		g.job = startJob(want, n, &g.keptDraws, g.host.Yield)
	}
	g.reserveAhead(g.job != nil || want != g.shown)
}

// restyle shows want's looks at once when that is all that changed (or
// nothing is shown yet), and keeps the scene's palette on the shown theme,
// so that a change of colours never waits for, or restarts, a simulation.
func (g *Game) restyle(want view.Settings) {
	if view.SameWork(want, g.shown) {
		g.shown.Theme, g.shown.Embed = want.Theme, want.Embed
	}
	theme := g.shown.Theme
	if g.shown.Nodes == 0 {
		theme = want.Theme // the progress box, before the first result
	}
	if theme != g.paletteTheme {
		g.scene.SetPalette(paletteFor(theme))
		g.paletteTheme = theme
	}
}

// take shows finished work.
func (g *Game) take(w work) {
	if errors.Is(w.err, sim.ErrStopped) {
		return
	}
	if w.err != nil { // settings are clamped to sim's limits: a bug, shown rather than a crash
		g.notices.show([]string{lang.Sprintf("could not simulate: %v", w.err)}, g.shown)
		g.model.Want = g.shown
		return
	}
	if w.done.result {
		g.result = w.result
		g.shown = w.settings
		// The ring's slices are now g's too, which is how the scene knows the strip.
		g.scene.SetOwnerStrip(shownRingOf(w.result), w.strip)
		g.restyle(g.model.Want) // the colours may have changed while the work ran
		g.timing.sim = time.Since(g.timing.asked)
	}
	g.rows.take(w)
	g.showResult()
}

// showResult hands the view's figures and the rows to the scene.
func (g *Game) showResult() {
	if g.result == nil {
		return // nothing computed yet
	}
	res := g.result.Sim()
	table, curve := g.rows.current(g.shown)
	g.scene.SetRows(tableWith(table, g.shown.V, res.Average), curve, g.rows.currentOverlays(g.shown))
	g.scene.SetShown(g.withRows(), res)
}

// withRows is the view's figures with its own rows, when they are in.
func (g *Game) withRows() view.Shown { return view.WithRows(g.result, g.rows.currentView(g.shown)) }

// tableWith returns the exercise's rows with the current V added in order
// when it is not one of them. Its figures are the result's own average,
// which equals the sweep's row for that V.
func tableWith(rows []sim.Row, v int, avg sim.Average) []sim.Row {
	return panel.WithRow(rows, sim.Row{V: v, Average: avg}, func(r sim.Row) int { return r.V })
}

// Update runs update through the host (see host.Host.RunFrame).
func (g *Game) Update() error {
	g.host.RunFrame(g.frame.update)
	return g.frame.err
}

func (g *Game) update() error {
	start := time.Now()
	g.timing.updateStart = start
	if g.timing.updates++; g.timing.updates == 1 {
		g.host.Mark("running") // ebiten has started: the first Update
		defer g.host.Mark("updated")
	}
	defer func() { g.timing.update = time.Since(start) }()
	g.ensureWidgets()
	g.widgets.UI.Update() // widgets emit intents (none before the second frame: see draw)
	g.host.Sync(hostView{g})
	x, y, _ := g.host.Pointer(g.dsf)
	if v, ok := g.slider.Update(g.layout, g.model.Want.V, x, y); ok {
		g.emit(view.Intent{Action: view.ActionSetV, Value: v})
	}
	g.scene.SetDraftRing(g.slider.Dragging) // smooth again once the hand lets go
	g.readKeys()
	g.click()
	for _, in := range g.intents {
		g.apply(in)
	}
	g.intents = g.intents[:0]
	g.pageZoom.observe(g.host.PageZoom())
	g.followZoom()
	if !view.SameWork(g.model.Want, g.shown) && (g.job == nil || !view.SameWork(g.job.settings, g.model.Want)) {
		g.timing.asked = time.Now()
	}
	g.bringUpToDate()
	g.followLanguage()
	g.followLesson()
	if tag := lang.Current(); tag != g.lang { // the language changed: the scene's texts and the chart's labels follow
		g.lang = tag
		ebiten.SetWindowTitle(WindowTitle())
		g.showResult()
	}
	if g.currentUIKey() != g.builtFor {
		g.rebuildUI()
	}
	g.scene.SetDisplay(render.Display{Concealed: g.model.Concealed(), Lesson: g.model.Want.Step > 0,
		Average: g.model.AverageView, SliderMax: view.MaxSliderV, Chart: g.shown.Chart, NoHeader: g.shown.Embed})
	g.updateHover()
	g.widgets.Sync(&g.model, g.shown, g.withRows(), g.rows.currentView(g.shown))
	if g.widgets.Outgrown() {
		g.rebuildUI()
	}
	g.notices.expire(g.model.Want)
	return nil
}

// apply carries out one intent; full screen, pictures and the figures
// leave the model alone.
func (g *Game) apply(in view.Intent) {
	switch in.Action {
	case view.ActionFullscreen:
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
		return
	case view.ActionSavePicture:
		g.capture = true          // at the end of the next whole frame
		g.quiet.last = frameKey{} // which must be drawn, even if nothing changed
		return
	case view.ActionCopyFigures:
		if g.result != nil {
			table, _ := g.rows.current(g.shown)
			text := state.FiguresTSV(g.model.Views, g.shown, g.withRows(), tableWith(table, g.shown.V, g.result.Sim().Average))
			g.host.SaveFigures(text, state.ExportName(g.model.Views, g.shown)+".tsv", g.say)
		}
		return
	case view.ActionPage:
		if in.Value >= 0 && in.Value < len(geom.Pages) {
			g.showPage(geom.Pages[in.Value])
		}
		return
	case view.ActionReset:
		before := g.model.Want
		g.model.Apply(in)
		g.say(model.ResetNotice(g.model.Views, before))
		return
	}
	g.model.Apply(in)
}

// followLesson shows a compact layout's lesson card when a lesson starts,
// by a button, a key or a link.
func (g *Game) followLesson() {
	in := g.model.Want.Step > 0
	if in && !g.inLesson {
		g.showPage(geom.PageFigures)
	}
	g.inLesson = in
}

// showPage shows page of a compact layout (the wide design shows them all).
func (g *Game) showPage(page string) {
	if page != g.page {
		g.page = page
		g.relayout()
	}
}

// say shows a message about what was just done, as a notice.
func (g *Game) say(msg string) { g.notices.show([]string{msg}, g.model.Want) }

// takePicture saves screen, just drawn whole, as a PNG named after what
// it shows.
func (g *Game) takePicture(screen *ebiten.Image) {
	b := screen.Bounds()
	px := make([]byte, 4*b.Dx()*b.Dy())
	screen.ReadPixels(px)
	g.host.SavePicture(px, b.Dx(), b.Dy(), state.ExportName(g.model.Views, g.shown)+".png", g.say)
}

// Draw runs draw through the host (see host.Host.RunFrame).
func (g *Game) Draw(screen *ebiten.Image) {
	g.frame.screen = screen
	g.host.RunFrame(g.frame.draw)
	g.frame.screen = nil
}

func (g *Game) draw(screen *ebiten.Image) {
	start := time.Now()
	frameStart := g.timing.frameStart(start)
	defer func() { g.timing.draw = time.Since(start); g.timing.frameDone() }()
	if g.timing.frames == 0 {
		defer g.host.Mark("first-draw")
		if g.job != nil {
			g.job.started = time.Now() // the loading screen stood for it until now: count from the first frame
		}
	}
	b := screen.Bounds()
	g.ensureWidgets()
	ui := g.widgets.UI
	// The first frame is the title, the ring, V and the bars, and the
	// widgets and the rest of the scene come with the next: building and drawing
	// them the first time (their glyphs, their images, and the code run
	// for the first time) is a tenth of a second in a browser without a
	// GPU, and one frame later no hand has reached them yet.
	withWidgets := g.timing.frames > 0
	sum, ok := uint64(0), true
	if withWidgets {
		sum, ok = look(ui.Container, g.uiGen, currentPointer())
	}
	key, now := g.frameKey(screen), time.Now()
	if !g.quiet.needed(key, g.scene.Current(b.Dx(), b.Dy()), !withWidgets || g.uiLayer.current(b.Size(), sum, ok), now) {
		return // the screen still shows this picture
	}
	budget := g.paintBudget
	if !g.wholeDrawn {
		// The first picture, and the second, which finishes it: there is
		// none to keep showing meanwhile, and every frame costs the page.
		budget = -1
	}
	if g.quiet.shows(screen) && !g.scene.PaintWithin(b.Dx(), b.Dy(), frameStart, budget) {
		// A large paint goes on next frame, and the last picture stands
		// meanwhile; new widgets are laid out, and clickable, all the same.
		g.uiLayer.refresh(b.Size(), ui, sum, ok)
		return
	}
	g.quiet.mark(key, now)
	if withWidgets {
		g.scene.Draw(screen)
	} else {
		g.scene.DrawOpening(screen) // the right column and the chart come with the widgets
	}
	g.scene.DrawVSlider(screen, g.slider.Scale.Pos(g.model.Want.V), g.slider.Scale.Max(), g.slider.Hot, g.slider.Dragging)
	if withWidgets {
		g.uiLayer.draw(screen, ui, sum, ok)
		g.drawFocus(screen)
		if !g.wholeDrawn {
			g.wholeDrawn = true
			defer g.host.Mark("whole-draw")
		}
	}
	if g.hover.node >= 0 {
		g.scene.DrawTooltip(screen, g.hover.x, g.hover.y, g.hover.text)
	}
	if g.job != nil && time.Since(g.job.started) > progressDelay {
		g.scene.DrawProgress(screen, progressShown(g.job.progress()), workingText(g.job.settings))
	}
	g.scene.DrawNotices(screen, g.notices.list)
	if g.zoomed.zoom > 1 && !g.layout.Compact() {
		g.scene.DrawZoomBadge(screen, g.zoomed.zoom)
	}
	if g.model.ShowHelp {
		g.scene.DrawHelp(screen, helpRows(g.model.Views))
	}
	if g.capture {
		g.capture = false
		g.takePicture(screen)
	}
}

// Layout renders at device resolution so text stays crisp on high-DPI
// screens, and rebuilds the layout (and widgets, whose sizes depend on it)
// when the window size changes.
func (g *Game) Layout(outsideW, outsideH int) (int, int) {
	dsf := ebiten.Monitor().DeviceScaleFactor()
	if dsf <= 0 {
		dsf = 1
	}
	w, h := max(1, int(float64(outsideW)*dsf)), max(1, int(float64(outsideH)*dsf))
	if w != g.screenW || h != g.screenH || dsf != g.dsf {
		g.screenW, g.screenH, g.dsf = w, h, dsf
		g.relayout()
	}
	return w, h
}

// uiKey is what the widgets depend on: when it changes they are rebuilt.
type uiKey struct {
	theme    view.Theme
	step     int
	revealed bool
	offStep  lesson.Off // how the screen has left the step's settings: the card's line follows
	scale    float64
	view     string // the tab that is on
	embed    bool
	controls int    // the view's controls (see viewControls)
	page     string // the page of a compact layout
	lang     string // the language their labels are in
}

func (g *Game) currentUIKey() uiKey {
	w := g.model.Want
	return uiKey{theme: w.Theme, step: w.Step, revealed: g.model.Lesson.Revealed, offStep: g.model.Off(), scale: g.layout.Scale,
		view: w.View.ID(), embed: w.Embed, controls: g.viewControls.follow(w), lang: lang.Current(), page: g.layout.Name + g.layout.Page}
}

// viewControls keeps the shown view's controls as it declares them
// (view.ControlsOf), asking again only when a setting other than V and
// the seed changes, so that a drag along V builds nothing.
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

// rebuildUI builds the widgets for the model afresh. The view's controls
// card takes the height its controls need and the view's figures the
// rest, in the scene's layout as in the widgets'.
//
// Before the first frame they are only arranged: the scene is laid out
// as they will be, and they are built for the second frame, which is the
// first to show them (see draw).
func (g *Game) rebuildUI() {
	g.builtFor = g.currentUIKey() // which also brings the view's controls up to date
	spec := widgets.Spec{
		Layout:   g.layout,
		Palette:  g.scene.Palette(),
		Fonts:    g.scene.Fonts(),
		Model:    g.model,
		Shown:    g.shown,
		Result:   g.withRows(), // the lesson card's measured lines may quote the view's rows
		Controls: g.viewControls.list,
	}
	if g.timing.frames == 0 {
		g.widgets = widgets.Arrange(spec)
	} else {
		g.widgets = widgets.Build(spec, g.emit)
	}
	if g.widgets.Layout != g.layout {
		g.layout = g.widgets.Layout
		g.scene.SetZoomedLayout(g.layout, g.scene.Fit())
	}
	if g.uiGen++; g.uiGen == 1 {
		g.host.Mark("arranged")
	}
}

// regions names the on-screen rectangle of every control and drawing area,
// in screen pixels, for window.vnodes.layout() and tests.
func (g *Game) regions() map[string]image.Rectangle {
	g.ensureWidgets()
	out := g.widgets.Rects()
	rect := func(r geom.Rect) image.Rectangle {
		return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
	}
	l := g.layout
	out["vSlider"] = rect(l.VSlider)
	out["ring"] = image.Rect(int(l.Ring.X-l.Ring.R), int(l.Ring.Y-l.Ring.R), int(l.Ring.X+l.Ring.R), int(l.Ring.Y+l.Ring.R))
	for name, r := range map[string]geom.Rect{"bars": l.Bars, "numbers": l.Numbers, "table": l.Table, "chart": l.Chart} {
		if !r.Empty() { // a compact layout shows one page of them
			out[name] = rect(r)
		}
	}
	return out
}

// progressDelay: work that ends sooner shows no progress bar, which would
// only flash.
const progressDelay = 150 * time.Millisecond

func workingText(s view.Settings) string {
	return lang.Sprintf("Working out %s × %s × %s…", panel.Nodes(s.Nodes), lang.Count(s.V, "%d range", "%d ranges"), panel.Seeds(view.Seeds))
}

// paletteFor is the scene's colours for a theme.
func paletteFor(t view.Theme) *panel.Palette {
	switch t {
	case view.Light:
		return panel.LightPalette()
	case view.Projector:
		return panel.ProjectorPalette()
	}
	return panel.DarkPalette()
}

// helpRows are the keys overlay's rows in the current language: each key's
// name (Space, Esc…) and what it does.
func helpRows(r *view.Registry) [][2]string {
	rows := model.HelpRows(r) // a fresh slice each call
	for i := range rows {
		rows[i][0], rows[i][1] = lang.T(rows[i][0]), lang.T(rows[i][1])
	}
	return rows
}
