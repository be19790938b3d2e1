//go:build js

package app

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"runtime"
	"strings"
	"syscall/js"
	"time"

	"github.com/ebitenui/ebitenui/input"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/view/state"
	"vnodes/render/views"
	"vnodes/sim"
)

// StartupSettings reads the settings from the page address (?v=16&n=10...).
// Without a theme in the link, the reader's own preference for light or
// dark pages picks it.
//
// The language is settled first (the link's, else the browser's), so that
// the notices and the first frame are in it.
func StartupSettings() (view.Settings, []string) {
	search := js.Global().Get("location").Get("search").String()
	var prefs []string
	if nav := js.Global().Get("navigator"); nav.Truthy() {
		if list := nav.Get("languages"); list.Truthy() {
			for i := range list.Length() {
				prefs = append(prefs, list.Index(i).String())
			}
		} else if one := nav.Get("language"); one.Truthy() {
			prefs = append(prefs, one.String())
		}
	}
	asked, ok := link.LangOf(search)
	failed := startLanguage(asked, ok, prefs)
	s, notices := link.ParseQuery(views.All, search)
	notices = append(notices, failed...)
	if q, err := url.ParseQuery(strings.TrimPrefix(search, "?")); err == nil && !q.Has("theme") && prefers("(prefers-color-scheme: light)") {
		s.Theme = view.Light
	}
	return s, notices
}

// prefers reports whether a CSS media query matches the reader's settings.
func prefers(query string) bool {
	mm := js.Global().Get("matchMedia")
	return mm.Truthy() && js.Global().Call("matchMedia", query).Get("matches").Bool()
}

// browser holds what the page-side hooks need between frames.
var browser struct {
	game         *Game
	lastQuery    string // what the address bar shows
	pendingQuery string // the settings' query, once it differs
	lastShown    view.Settings
	seen         bool
	pendingSince time.Time // when pendingQuery last changed
	hooked       bool
	outside      bool // the pointer has left the page
	pointerX     float64
	pointerY     float64 // the latest pointer event's position, in CSS pixels
	pointerSeen  bool
	choresDue    bool    // pageChores is waiting to run
	choresFunc   js.Func // runs pageChores from a timer
	size         struct {
		dpr, w, h float64 // as pixelRatioAndSize last read them
		ticks     int
		stale     bool // a resize came since
	}
}

// queryDelay is how long settings must stay put before the address bar is
// rewritten: browsers limit how often replaceState may be called, a drag
// changes the settings every frame, and on a slow machine frames come
// hundreds of milliseconds apart, when each rewrite (several milliseconds
// in Chromium) would land inside the drag.
const queryDelay = time.Second

// afterUpdate removes the loading screen once the app runs, installs
// window.vnodes for tests and curious engineers, and has the page's own
// copy of the app brought up to date after the frame (pageChores).
func afterUpdate(g *Game) {
	browser.game = g
	if !browser.hooked {
		browser.hooked = true
		installHooks()
		browser.choresFunc = js.FuncOf(func(js.Value, []js.Value) any {
			browser.choresDue = false
			pageChores(browser.game)
			return nil
		})
		if el := js.Global().Get("document").Call("getElementById", "loading"); el.Truthy() {
			el.Call("remove")
		}
	}
	if !browser.choresDue {
		browser.choresDue = true
		js.Global().Call("setTimeout", browser.choresFunc, 0)
	}
}

// pageChores keeps the page's own copy of the app (the screen reader's
// text and controls, the address bar) in step. It runs from a timer just
// after the frame rather than inside it: nothing in it is drawn, and the
// frames of a drag should not wait for it.
func pageChores(g *Game) {
	if resumeGC(g) {
		return
	}
	if !a11y.installed() {
		// Building the screen reader's page is tens of milliseconds of DOM
		// work: a task of its own, after the first frame, rather than part
		// of it. Its text follows at the next chores.
		a11y.install(g.model.Views)
		return
	}
	if a11y.lang != lang.Current() { // the language changed: the page is built again in it
		a11y.rebuild(g.model.Views)
		return
	}
	if !browser.seen || g.shown != browser.lastShown {
		browser.lastShown, browser.seen = g.shown, true
		browser.pendingQuery, browser.pendingSince = link.Query(g.model.Views, g.shown), time.Now()
	}
	a11y.update(g)
	q := browser.pendingQuery
	if q != browser.lastQuery && time.Since(browser.pendingSince) >= queryDelay {
		browser.lastQuery = q
		replaceQuery(q)
	}
}

// replaceQuery rewrites the address bar; a browser that refuses (too many
// calls, a sandboxed frame) must not stop the app.
func replaceQuery(q string) {
	defer func() { _ = recover() }()
	js.Global().Get("history").Call("replaceState", nil, "", "?"+q)
}

// pointerPosition is where the mouse or finger last was, in screen pixels.
func pointerPosition() (float64, float64) {
	if !browser.pointerSeen || browser.game == nil {
		x, y := input.CursorPosition()
		return float64(x), float64(y)
	}
	return browser.pointerX * browser.game.dsf, browser.pointerY * browser.game.dsf
}

// pixelRatioAndSize is the page's device pixel ratio and the window's size
// in device pixels (ebiten keeps the ratio it first saw). They are read
// again after a resize event (the browser's zoom sends one) and every
// sizeRereadTicks ticks in case a move to another screen sent none; each
// read is three calls into JavaScript, which every tick would pay for.
func pixelRatioAndSize() (dpr, w, h float64) {
	b := &browser.size
	if b.stale || b.ticks%sizeRereadTicks == 0 {
		win := js.Global()
		b.dpr = win.Get("devicePixelRatio").Float()
		b.w, b.h = win.Get("innerWidth").Float()*b.dpr, win.Get("innerHeight").Float()*b.dpr
		b.stale = false
	}
	b.ticks++
	return b.dpr, b.w, b.h
}

const sizeRereadTicks = 30

// pointerInside is false after the mouse has left the page.
func pointerInside() bool { return !browser.outside }

func installHooks() {
	doc := js.Global().Get("document").Get("documentElement") // mouseleave fires on elements, not on document
	js.Global().Call("addEventListener", "resize", js.FuncOf(func(js.Value, []js.Value) any { browser.size.stale = true; return nil }))
	doc.Call("addEventListener", "mouseleave", js.FuncOf(func(js.Value, []js.Value) any { browser.outside = true; return nil }))
	doc.Call("addEventListener", "mouseenter", js.FuncOf(func(js.Value, []js.Value) any { browser.outside = false; return nil }))
	doc.Call("addEventListener", "mousemove", js.FuncOf(func(js.Value, []js.Value) any { browser.outside = false; return nil }))
	// The pointer's position from the events themselves: a release that
	// comes before any frame has seen the last move still says where it
	// happened (ebiten forgets a finger's position once it is lifted).
	track := js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if t := e.Get("changedTouches"); t.Truthy() {
			if t.Length() == 0 {
				return nil
			}
			e = t.Index(0)
		}
		browser.pointerX, browser.pointerY, browser.pointerSeen = e.Get("clientX").Float(), e.Get("clientY").Float(), true
		return nil
	})
	capture := map[string]any{"capture": true, "passive": true}
	for _, ev := range []string{"mousedown", "mousemove", "mouseup", "touchstart", "touchmove", "touchend"} {
		js.Global().Call("addEventListener", ev, track, capture)
	}
	api := js.Global().Get("Object").New()
	api.Set("state", js.FuncOf(func(js.Value, []js.Value) any { return pageValue(stateOf(browser.game)) }))
	api.Set("layout", js.FuncOf(func(js.Value, []js.Value) any { return pageValue(layoutOf(browser.game)) }))
	api.Set("resetTiming", js.FuncOf(func(js.Value, []js.Value) any { browser.game.timing.reset(); return nil }))
	js.Global().Set("vnodes", api)
}

// pageValue hands a Go value to the page as JSON would give it: as text
// parsed there in one call. Handing the tree to syscall/js value by value
// would cross into JavaScript thousands of times for a thousand nodes.
func pageValue(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return js.Global().Get("JSON").Call("parse", string(b))
}

// stateOf describes what is on screen.
func stateOf(g *Game) state.State {
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	p50, p95, most := g.timing.changedFrameMillis()
	shown, mode := g.shown, g.model.Views.First()
	if shown.View != nil {
		mode = shown.View
	}
	hover := ""
	if g.hover.node >= 0 {
		hover = sim.NodeName(g.hover.node)
	}
	st := state.State{
		V: shown.V, Nodes: shown.Nodes, Seed: shown.Seed, Assign: shown.Assign.String(), Step: shown.Step,
		Theme: g.paletteTheme.String(), Lang: lang.Current(), Mode: mode.Name(),
		Frames: g.timing.frames, Notices: g.notices.list, Query: link.Query(g.model.Views, shown),
		Lesson: state.Lesson{Revealed: g.model.Lesson.Revealed, Choice: g.model.Lesson.Choice, Typed: g.model.Lesson.Typed,
			Concealed: g.model.Concealed(), Text: g.model.LessonText(shown, g.withRows())},
		Display: state.Display{AverageView: g.model.AverageView, Chart: shown.Chart.String(), Overlay: shown.Overlay.String(),
			Help: g.model.ShowHelp, HoverNode: hover, Tooltip: g.hover.text, Fullscreen: ebiten.IsFullscreen(),
			Embed: shown.Embed, Zoom: g.zoomed.zoom, Upright: g.upright(), Focus: g.focus.name, Keys: state.KeyList(g.model.Views)},
		Timing: state.Timing{SimMillis: millis(g.timing.sim), UpdateMillis: millis(g.timing.update), DrawMillis: millis(g.timing.draw),
			GoMillisP50: p50, GoMillisP95: p95, GoMillisMax: most, ChangedFrames: g.timing.changedN, DrawnFrames: g.quiet.drawn,
			HeapBytes: mem.HeapAlloc, GCCycles: int(mem.NumGC), StartupGCCycles: -1},
	}
	if n, back := startupGCCycles(); back {
		st.Timing.StartupGCCycles = int(n)
	}
	for _, o := range g.rows.currentOverlays(shown) {
		st.Display.Overlays = append(st.Display.Overlays, o.Label)
	}
	if g.job != nil {
		st.Working, st.Progress = true, g.job.progress()
	}
	if g.result == nil {
		return st // nothing is shown before the first result
	}
	r := g.result.Sim()
	st.Assign = r.Params.Assign.String()
	st.Imbalance, st.CV, st.Busiest = r.Ring.Stats.Imbalance, r.Ring.Stats.CV, sim.NodeName(r.Ring.Stats.Busiest)
	st.AvgImbalance, st.AvgCV, st.Ranked = r.Average.Imbalance, r.Average.CV, r.RankedShares
	st.Loads = make([]float64, r.Ring.Nodes)
	for i := range st.Loads {
		st.Loads[i] = r.Ring.Share(i)
	}
	st.Colors = make([]string, shownRingOf(g.result).Nodes) // the newcomer of a join too
	for i := range st.Colors {
		c := g.scene.Palette().NodeColor(i)
		st.Colors[i] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	st.ViewID, st.View = shown.View.ID(), view.StateOf(g.withRows())
	return st
}

// box is a rectangle in CSS pixels.
type box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// layoutOf gives each control's rectangle in CSS pixels.
func layoutOf(g *Game) map[string]box {
	out := map[string]box{}
	for name, r := range g.regions() {
		out[name] = box{round2(float64(r.Min.X) / g.dsf), round2(float64(r.Min.Y) / g.dsf),
			round2(float64(r.Dx()) / g.dsf), round2(float64(r.Dy()) / g.dsf)}
	}
	return out
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// lastPause is when background work last gave way to the page.
var lastPause time.Time

// pause gives way to the page now and then: the browser runs Go on one
// thread, so background work must let the frames through. The work waits
// for a setTimeout of its own and so goes on in a task of its own. (After
// time.Sleep it could go on inside a frame's task: Go's scheduler runs a
// goroutine whose timer is due before it hands the thread back, and the
// frame's task, already the longest, grew by a piece of work.)
func pause() {
	if time.Since(lastPause) >= 8*time.Millisecond {
		js.Global().Call("setTimeout", resumeWork, 0)
		<-workResumes
		lastPause = time.Now()
	}
}

// workResumes gets one value per setTimeout that pause asked for; more
// than one piece of work may be waiting.
var workResumes = make(chan struct{})

var resumeWork = js.FuncOf(func(js.Value, []js.Value) any {
	go func() { workResumes <- struct{}{} }() // a callback must not block
	return nil
})

// pageIntents hands over what the page's own controls asked for, and the
// messages of exports that finished since (they finish in browser
// callbacks, between frames).
func pageIntents(g *Game) {
	a11y.drain(g)
	for _, msg := range exported.messages {
		g.say(msg)
	}
	exported.messages = exported.messages[:0]
}

// MarkStartup leaves a User Timing mark ("vnodes:" + name) for the steps
// of start-up, so the browser's performance tools (and browserbench) can
// tell where the time to the first frame goes.
func MarkStartup(name string) {
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Truthy() {
		p.Call("mark", "vnodes:"+name)
	}
}
