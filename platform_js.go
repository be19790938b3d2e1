//go:build js

package main

import (
	"fmt"
	"github.com/hajimehoshi/ebiten/v2"
	"math"
	"syscall/js"
	"time"

	"vnodes/render/geom"
	"vnodes/sim/view"
)

// startupSettings reads the settings from the page address (?v=16&n=10...).
func startupSettings() (view.Settings, []string) {
	return view.ParseQuery(js.Global().Get("location").Get("search").String())
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
}

// queryDelay is how long settings must stay put before the address bar is
// rewritten: browsers limit how often replaceState may be called, and a
// drag changes the settings every frame.
const queryDelay = 300 * time.Millisecond

// afterUpdate keeps the address bar in step with the settings (without
// reloading), removes the loading screen once the app runs, and installs
// window.vnodes for tests and curious engineers.
func afterUpdate(g *Game) {
	browser.game = g
	if !browser.hooked {
		browser.hooked = true
		installHooks()
		if el := js.Global().Get("document").Call("getElementById", "loading"); el.Truthy() {
			el.Call("remove")
		}
	}
	if !browser.seen || g.shown != browser.lastShown {
		browser.lastShown, browser.seen = g.shown, true
		browser.pendingQuery, browser.pendingSince = g.shown.Query(), time.Now()
	}
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

// pointerInside is false after the mouse has left the page.
func pointerInside() bool { return !browser.outside }

func installHooks() {
	doc := js.Global().Get("document").Get("documentElement") // mouseleave fires on elements, not on document
	doc.Call("addEventListener", "mouseleave", js.FuncOf(func(js.Value, []js.Value) any { browser.outside = true; return nil }))
	doc.Call("addEventListener", "mouseenter", js.FuncOf(func(js.Value, []js.Value) any { browser.outside = false; return nil }))
	doc.Call("addEventListener", "mousemove", js.FuncOf(func(js.Value, []js.Value) any { browser.outside = false; return nil }))
	api := js.Global().Get("Object").New()
	api.Set("state", js.FuncOf(func(js.Value, []js.Value) any { return stateObject(browser.game) }))
	api.Set("layout", js.FuncOf(func(js.Value, []js.Value) any { return layoutObject(browser.game) }))
	js.Global().Set("vnodes", api)
}

// stateObject describes what is on screen, as plain JS values.
func stateObject(g *Game) any {
	r := g.result
	loads := make([]any, r.Ring.Nodes)
	for i := range loads {
		loads[i] = r.Ring.Share(i)
	}
	return map[string]any{
		"v":            g.shown.V,
		"nodes":        g.shown.Nodes,
		"seed":         g.shown.Seed,
		"assign":       r.Params.Assign.String(),
		"step":         g.shown.Step,
		"theme":        g.shown.Theme.String(),
		"imbalance":    r.Ring.Stats.Imbalance,
		"cv":           r.Ring.Stats.CV,
		"busiest":      geom.NodeLabel(r.Ring.Stats.Busiest),
		"avgImbalance": r.Average.Imbalance,
		"avgCV":        r.Average.CV,
		"loads":        loads,
		"frames":       g.frames,
		"notices":      stringsToAny(g.notices),
		"simMillis":    float64(g.simTime.Microseconds()) / 1000,
		"colors":       nodeColors(g),
		"query":        g.shown.Query(),
		"revealed":     g.lesson.revealed,
		"choice":       g.lesson.choice,
		"typed":        g.lesson.typed,
		"concealed":    g.concealed(),
		"averageView":  g.averageView,
		"help":         g.showHelp,
		"hoverNode":    hoverLabel(g),
		"tooltip":      g.hover.text,
		"lessonText":   lessonText(g),
		"keys":         keyList(),
		"ranked":       floatsToAny(r.RankedShares),
		"fullscreen":   ebiten.IsFullscreen(),
		"updateMillis": float64(g.updateTime.Microseconds()) / 1000,
		"drawMillis":   float64(g.drawTime.Microseconds()) / 1000,
	}
}

// layoutObject gives each control's rectangle in CSS pixels.
func layoutObject(g *Game) any {
	out := map[string]any{}
	for name, r := range g.regions() {
		out[name] = map[string]any{
			"x": round2(float64(r.Min.X) / g.dsf), "y": round2(float64(r.Min.Y) / g.dsf),
			"w": round2(float64(r.Dx()) / g.dsf), "h": round2(float64(r.Dy()) / g.dsf),
		}
	}
	return out
}

// nodeColors lists each node's colour as #rrggbb, so tests can find them on screen.
func nodeColors(g *Game) []any {
	out := make([]any, g.shown.Nodes)
	for i := range out {
		c := g.scene.Palette().NodeColor(i)
		out[i] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return out
}

func hoverLabel(g *Game) string {
	if g.hover.node < 0 {
		return ""
	}
	return geom.NodeLabel(g.hover.node)
}

// lessonText is what the lesson card says now, or "" outside the lesson.
func lessonText(g *Game) string {
	if g.want.Step == 0 {
		return ""
	}
	step := view.Lesson[g.want.Step-1]
	if !g.lesson.revealed {
		return step.Title + "\n" + step.Question
	}
	return step.Title + "\n" + g.predictionText(step) + "\n" + g.measuredText() + "\n" + step.Explain
}

// keyList is the help overlay's content, for tests that press every key.
func keyList() []any {
	var out []any
	for _, b := range keyBindings {
		out = append(out, map[string]any{"name": b.name, "label": b.label, "does": b.does})
	}
	return out
}

func floatsToAny(xs []float64) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func stringsToAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
