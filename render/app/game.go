package app

import (
	"image"
	"slices"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render"
	"vnodes/render/geom"
	"vnodes/render/view"
	"vnodes/sim"
)

// Game is the ebiten program. Update turns input into intents, applies them
// to the model, and re-runs the simulation when the wanted settings differ
// from what is shown; Draw hands the result to the scene.
type Game struct {
	model   view.Model    // what the person asked for
	shown   view.Settings // what result, table and curve were computed for
	intents []view.Intent // asked for this tick, applied in Update

	result sim.Result
	rows   rowCache

	scene    *render.Scene
	ui       *ebitenui.UI
	controls *controls
	builtFor uiKey // what the widgets were built for
	layout   geom.Layout
	screenW  int
	screenH  int
	dsf      float64 // device pixels per CSS/logical pixel

	slider  vSlider
	hover   hoverInfo
	chars   []rune // typed characters this tick, reused
	notices noticeBoard
	timing  timing
}

// New makes the game for the settings a link or the flags asked for;
// notices say what was changed on the way in.
func New(s view.Settings, notices []string) *Game {
	g := &Game{model: view.NewModel(s), dsf: 1, hover: hoverInfo{node: -1}, slider: newVSlider()}
	g.layout = geom.NewLayout(geom.DesignW, geom.DesignH)
	g.scene = render.NewScene(g.layout, paletteFor(g.model.Want.Theme))
	g.timing.paintsSoFar = g.scene.Repaints
	g.notices.show(notices, g.model.Want)
	g.resimulate()
	g.rebuildUI()
	return g
}

// emit queues an intent from a widget or a key.
func (g *Game) emit(in view.Intent) { g.intents = append(g.intents, in) }

// resimulate brings the result up to date with the wanted settings, and the
// table and curve too unless N or the assignment is still changing.
func (g *Game) resimulate() {
	start := time.Now()
	w := g.model.Want
	res, err := sim.Run(w.Params())
	if err != nil { // settings are clamped to sim's limits: this is a bug, keep the old view
		g.notices.show([]string{"could not simulate: " + err.Error()}, g.shown)
		g.model.Want = g.shown
		return
	}
	g.result = res
	if g.shown.Theme != w.Theme {
		g.scene.SetPalette(paletteFor(w.Theme))
	}
	g.shown = w
	g.rows.follow(w)
	g.updateRows()
	g.showRows(true)
	g.timing.sim = time.Since(start)
}

// updateRows sweeps the table and curve when they are due, and says
// whether it did.
func (g *Game) updateRows() bool {
	swept, err := g.rows.update(g.shown)
	if err != nil { // settings are clamped to sim's limits: a bug, shown rather than a crash
		g.notices.show([]string{"could not sweep V: " + err.Error()}, g.shown)
	}
	return swept
}

// showRows hands the result, table and curve to the scene when any changed.
func (g *Game) showRows(changed bool) {
	if !changed {
		return // nothing new: keep the scene's cached frame
	}
	table, curve := g.rows.current()
	g.scene.SetResult(&g.result, tableWith(table, g.shown.V, g.result.Average), curve)
}

// tableWith returns the exercise's rows with the current V added in order
// when it is not one of them. Its figures are the result's own average,
// which equals the sweep's row for that V.
func tableWith(rows []sim.Row, v int, avg sim.Average) []sim.Row {
	if slices.ContainsFunc(rows, func(r sim.Row) bool { return r.V == v }) {
		return rows
	}
	out := append(slices.Clone(rows), sim.Row{V: v, Average: avg})
	slices.SortFunc(out, func(a, b sim.Row) int { return a.V - b.V })
	return out
}

// uiKey is what the widgets depend on: when it changes they are rebuilt.
type uiKey struct {
	theme    view.Theme
	step     int
	revealed bool
	scale    float64
}

func (g *Game) currentUIKey() uiKey {
	return uiKey{g.model.Want.Theme, g.model.Want.Step, g.model.Lesson.Revealed, g.layout.Scale}
}

func (g *Game) Update() error {
	start := time.Now()
	defer func() { g.timing.update = time.Since(start) }()
	g.ui.Update() // widgets emit intents
	if v, ok := g.slider.update(g.layout, g.model.Want.V); ok {
		g.emit(view.Intent{Action: view.ActionSetV, Value: v})
	}
	g.readKeys()
	for _, in := range g.intents {
		g.apply(in)
	}
	g.intents = g.intents[:0]
	if g.model.Want != g.shown {
		g.resimulate()
	} else {
		g.showRows(g.updateRows())
	}
	if g.currentUIKey() != g.builtFor {
		g.rebuildUI()
	}
	g.scene.SetView(render.View{Concealed: g.model.Concealed(), Lesson: g.model.Want.Step > 0,
		Average: g.model.AverageView, SliderMax: view.MaxSliderV})
	g.updateHover()
	g.controls.sync(&g.model, g.shown, g.result.Average)
	g.notices.expire(g.model.Want)
	afterUpdate(g)
	return nil
}

// apply carries out one intent; full screen is the platform's business.
func (g *Game) apply(in view.Intent) {
	if in.Action == view.ActionFullscreen {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
		return
	}
	g.model.Apply(in)
}

func (g *Game) Draw(screen *ebiten.Image) {
	start := time.Now()
	defer func() { g.timing.draw = time.Since(start); g.timing.frameDone() }()
	g.scene.Draw(screen)
	g.scene.DrawVSlider(screen, g.slider.scale.Pos(g.model.Want.V), g.slider.scale.Max(), g.slider.hot, g.slider.dragging)
	g.ui.Draw(screen)
	if g.hover.node >= 0 {
		g.scene.DrawTooltip(screen, g.hover.x, g.hover.y, g.hover.text)
	}
	g.scene.DrawNotices(screen, g.notices.list)
	if g.model.ShowHelp {
		g.scene.DrawHelp(screen, view.HelpRows())
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
		g.layout = geom.NewLayout(float64(w), float64(h))
		g.scene.SetLayout(g.layout)
		g.rebuildUI()
	}
	return w, h
}

func (g *Game) rebuildUI() {
	g.ui, g.controls = buildWidgets(widgetSpec{
		layout:  g.layout,
		palette: g.scene.Palette(),
		fonts:   g.scene.Fonts(),
		model:   g.model,
		shown:   g.shown,
		avg:     g.result.Average,
	}, g.emit)
	g.builtFor = g.currentUIKey()
}

// regions names the on-screen rectangle of every control and drawing area,
// in logical pixels, for window.vnodes.layout() and tests.
func (g *Game) regions() map[string]image.Rectangle {
	out := g.controls.rects()
	rect := func(r geom.Rect) image.Rectangle {
		return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
	}
	l := g.layout
	out["vSlider"] = rect(l.VSlider)
	out["ring"] = image.Rect(int(l.Ring.X-l.Ring.R), int(l.Ring.Y-l.Ring.R), int(l.Ring.X+l.Ring.R), int(l.Ring.Y+l.Ring.R))
	out["bars"] = rect(l.Bars)
	out["numbers"] = rect(l.Numbers)
	out["table"] = rect(l.Table)
	out["chart"] = rect(l.Chart)
	return out
}
