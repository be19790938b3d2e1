//go:build !js

package app

import (
	"math"
	"testing"

	"vnodes/render/geom"
	"vnodes/render/view"
	"vnodes/render/views"
)

// The desktop's -zoom and the keys enlarge the layout the scene and the
// widgets are placed with; the keyboard focus brings its control into view.
func TestZoomLaysTheSceneOutLarger(t *testing.T) {
	s := views.All.Default()
	s.Zoom = 2
	g := newTestGame(t, s)
	fit := geom.NewLayout(1600, 900)
	if math.Abs(g.layout.Scale-2*fit.Scale) > 1e-9 {
		t.Fatalf("zoom 2: layout scale %v, want %v", g.layout.Scale, 2*fit.Scale)
	}
	if g.layout.Screen.X != 0 || g.layout.Screen.Y != 0 {
		t.Errorf("a zoomed start shows %v, want the top left corner", g.layout.Screen)
	}
	if r := g.widgets.Named["preset256"]; r == nil || r.GetWidget().Rect.Min.X < 1600 {
		t.Errorf("at zoom 2 the last preset is at %v: the widgets were not enlarged", r.GetWidget().Rect)
	}
	g.focus.name = ""
	g.bringIntoView(g.layout.VSlider.X, g.layout.VSlider.Y, g.layout.VSlider.X+g.layout.VSlider.W, g.layout.VSlider.Y+g.layout.VSlider.H)
	if cy := g.layout.VSlider.CenterY(); cy < 0 || cy > 900 {
		t.Errorf("the slider was brought to y=%v, off the 900-pixel screen", cy)
	}
	g.emit(view.Intent{Action: view.ActionZoom, Value: -1})
	tick(t, g, 1)
	if math.Abs(g.layout.Scale-1.5*fit.Scale) > 1e-9 {
		t.Errorf("zoomed out once: layout scale %v, want %v", g.layout.Scale, 1.5*fit.Scale)
	}
	for range 4 {
		g.emit(view.Intent{Action: view.ActionZoom, Value: -1})
		tick(t, g, 1)
	}
	if g.layout != fit {
		t.Errorf("zoomed all the way out, the layout is not the fitted one")
	}
}

// The browser's zoom changes the pixel ratio but not the window's size in
// device pixels; a denser screen changes both, and is not a zoom.
func TestBrowserZoomIsToldFromAnotherScreen(t *testing.T) {
	var b browserZoom
	b.observe(1, 1600, 900) // the first look
	b.observe(1, 1500, 900) // a narrower window: no zoom
	b.observe(1.25, 1500, 900)
	if b.factor != 1.25 {
		t.Fatalf("Ctrl+ to 125 %%: zoom %v, want 1.25", b.factor)
	}
	b.observe(2.5, 3000, 1800) // the window moves to a screen twice as dense
	if b.factor != 1.25 {
		t.Fatalf("a move to a denser screen changed the zoom to %v", b.factor)
	}
	b.observe(2, 2999, 1800) // Ctrl− back to 100 % there (a pixel lost to rounding)
	if b.factor != 1 {
		t.Fatalf("back to 100 %% on the dense screen: zoom %v, want 1", b.factor)
	}
	b.observe(0, 0, 0) // no page (the desktop)
	if b.factor != 1 {
		t.Fatalf("no reading changed the zoom to %v", b.factor)
	}
}
