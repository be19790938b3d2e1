package main

import (
	"fmt"
	"image"
	"slices"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render"
	"vnodes/render/geom"
	"vnodes/sim"
	"vnodes/sim/view"
)

// Game wires the pieces together: widgets and keys change the wanted
// settings, Update re-runs the simulation when they differ from what is
// shown, and Draw hands the result to the render layer.
type Game struct {
	want  view.Settings // what the controls ask for
	shown view.Settings // what result, table and curve were computed for

	result sim.Result
	table  []sim.Row // the exercise's V values for the shown N and assignment
	curve  []sim.Row // many V values, for the chart
	rowsOf struct {  // the N and assignment that table and curve belong to
		nodes  int
		assign sim.Assignment
		ok     bool
	}
	rowsChanged time.Time // when N or the assignment last changed, while rows are due

	scene    *render.Scene
	ui       *ebitenui.UI
	controls *controls
	layout   geom.Layout
	screenW  int
	screenH  int
	dsf      float64 // device pixels per CSS/logical pixel

	lesson      lessonState
	averageView bool // bars show the mean of 20 seeds, busiest first
	showHelp    bool // the keyboard overlay is up
	hover       hoverInfo
	chars       []rune // typed characters this tick, reused
	builtFor    uiKey  // what the widgets were built for

	notices      []string
	noticesUntil time.Time
	noticedFor   view.Settings // the settings the notices describe
	frames       int
	simTime      time.Duration // time of the last re-simulation, for the state hook
	updateTime   time.Duration // Go time spent in the last Update
	drawTime     time.Duration // Go time spent in the last Draw (GPU work excluded)
}

// curveVs are the V values plotted on the CV chart: every V up to 16, then
// a geometric grid up to 256.
var curveVs = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256}

// noticeDuration is how long a notice about a clamped setting stays up.
const noticeDuration = 45 * time.Second

func newGame(s view.Settings, notices []string) *Game {
	g := &Game{want: s.Clamp(), dsf: 1, lesson: lessonState{choice: -1}, hover: hoverInfo{node: -1}}
	g.layout = geom.NewLayout(geom.DesignW, geom.DesignH)
	g.scene = render.NewScene(g.layout, g.want.Theme)
	g.showNotices(notices)
	g.resimulate()
	g.rebuildUI()
	return g
}

func (g *Game) showNotices(notices []string) {
	if len(notices) == 0 {
		return
	}
	g.notices = notices
	g.noticesUntil = time.Now().Add(noticeDuration)
	g.noticedFor = g.want
}

// resimulate brings the result up to date with want, and the table and
// curve too unless N or the assignment is still changing (see rowsDue).
func (g *Game) resimulate() {
	start := time.Now()
	w := g.want
	res, err := sim.Run(w.Params())
	if err != nil { // cannot happen after Clamp; keep the old result rather than crash
		g.showNotices([]string{"could not simulate: " + err.Error()})
		g.want = g.shown
		return
	}
	g.result = res
	if g.rowsOf.ok && (g.rowsOf.nodes != w.Nodes || g.rowsOf.assign != w.Assign) {
		g.rowsOf.ok = false
		g.rowsChanged = time.Now()
	}
	if g.shown.Theme != w.Theme {
		g.scene.SetTheme(w.Theme)
	}
	g.shown = w
	g.updateRows(!g.rowsOf.ok && g.rowsChanged.IsZero(), true)
	g.simTime = time.Since(start)
}

// sweepDelay: the table and chart sweep many values of V, which takes tens
// of milliseconds in a browser, so while N or the assignment keeps changing
// (a held key, repeated clicks) they wait until it has settled.
const sweepDelay = 250 * time.Millisecond

// updateRows recomputes the table and curve when due (or now, if forced)
// and hands everything to the scene. Rows for another N are never shown:
// until the sweep runs the table holds only the current V.
func (g *Game) updateRows(force, resultChanged bool) {
	w := g.shown
	swept := false
	if !g.rowsOf.ok && (force || time.Since(g.rowsChanged) >= sweepDelay) {
		swept = true
		g.table = mustSweep(w, sim.ExerciseVs)
		g.curve = mustSweep(w, curveVs)
		g.rowsOf.nodes, g.rowsOf.assign, g.rowsOf.ok = w.Nodes, w.Assign, true
		g.rowsChanged = time.Time{}
	}
	if !swept && !resultChanged {
		return // nothing new: keep the scene's cached frame
	}
	table, curve := []sim.Row(nil), []sim.Row(nil)
	if g.rowsOf.ok {
		table, curve = g.table, g.curve
	}
	g.scene.SetResult(&g.result, tableWith(table, w.V, g.result.Average), curve)
}

func mustSweep(w view.Settings, vs []int) []sim.Row {
	rows, err := sim.Sweep(sim.SweepParams{Nodes: w.Nodes, Seeds: view.Seeds, Assign: w.Assign, Vs: vs})
	if err != nil {
		panic(fmt.Sprintf("sweep with clamped settings failed: %v", err)) // settings are clamped to sim's limits
	}
	return rows
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
	return uiKey{g.want.Theme, g.want.Step, g.lesson.revealed, g.layout.Scale}
}

func (g *Game) Update() error {
	start := time.Now()
	defer func() { g.updateTime = time.Since(start) }()
	g.ui.Update()
	g.handleKeys()
	if g.want != g.shown {
		g.resimulate()
	} else if !g.rowsOf.ok {
		g.updateRows(false, false)
	}
	if g.currentUIKey() != g.builtFor {
		g.rebuildUI()
	}
	g.scene.SetView(render.View{Concealed: g.concealed(), Lesson: g.want.Step > 0, Average: g.averageView})
	g.updateHover()
	g.controls.sync(g)
	// A notice stays until the user changes something, or for a while.
	if len(g.notices) > 0 && (time.Now().After(g.noticesUntil) || g.want != g.noticedFor) {
		g.notices = nil
	}
	afterUpdate(g)
	return nil
}

func (g *Game) Draw(screen *ebiten.Image) {
	start := time.Now()
	defer func() { g.drawTime = time.Since(start) }()
	g.scene.Draw(screen)
	g.ui.Draw(screen)
	if g.hover.node >= 0 {
		render.DrawTooltip(screen, g.layout, g.scene, g.hover.x, g.hover.y, g.hover.text)
	}
	render.DrawNotices(screen, g.layout, g.scene, g.notices)
	if g.showHelp {
		render.DrawHelp(screen, g.layout, g.scene, helpLines())
	}
	g.frames++
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
	g.ui, g.controls = createUI(g)
	g.builtFor = g.currentUIKey()
}

// helpLines are the overlay's rows, straight from the key bindings.
func helpLines() [][2]string {
	var out [][2]string
	for _, b := range keyBindings {
		if b.label != "" {
			out = append(out, [2]string{b.label, b.does})
		}
	}
	return out
}

// regions names the on-screen rectangle of every control and drawing area,
// in logical pixels, for window.vnodes.layout() and tests.
func (g *Game) regions() map[string]image.Rectangle {
	out := g.controls.rects()
	rect := func(r geom.Rect) image.Rectangle {
		return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
	}
	l := g.layout
	out["ring"] = image.Rect(int(l.Ring.X-l.Ring.R), int(l.Ring.Y-l.Ring.R), int(l.Ring.X+l.Ring.R), int(l.Ring.Y+l.Ring.R))
	out["bars"] = rect(l.Bars)
	out["numbers"] = rect(l.Numbers)
	out["table"] = rect(l.Table)
	out["chart"] = rect(l.Chart)
	return out
}
