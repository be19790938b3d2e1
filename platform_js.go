//go:build js

package main

import (
	"fmt"
	"math"
	"syscall/js"

	"vnodes/render/geom"
	"vnodes/sim/view"
)

// startupSettings reads the settings from the page address (?v=16&n=10...).
func startupSettings() (view.Settings, []string) {
	return view.ParseQuery(js.Global().Get("location").Get("search").String())
}

// browser holds what the page-side hooks need between frames.
var browser struct {
	game      *Game
	lastQuery string
	hooked    bool
}

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
	if q := g.shown.Query(); q != browser.lastQuery {
		browser.lastQuery = q
		js.Global().Get("history").Call("replaceState", nil, "", "?"+q)
	}
}

func installHooks() {
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

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func stringsToAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
