package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// zoomView is the part of a zoomed scene the window shows: the design
// point at the window's middle. It is the game's, not the link's: the
// wheel moves it, the keyboard focus brings what it lands on into view,
// and a change of zoom keeps the point under the pointer where it is.
type zoomView struct {
	zoom         float64 // the zoom the layout was made for
	lookX, lookY float64 // design point at the middle of the window
}

// browserZoom tells the browser's own zoom (Ctrl/⌘ +) from a move to
// another screen. Zooming the page changes the device pixel ratio while the
// window keeps its size in device pixels; moving the window to a denser
// screen changes both. The canvas always fills the window, so without this
// the browser's zoom would change nothing on it.
type browserZoom struct {
	base   float64 // the device pixel ratio at the browser's 100 % (the first one seen, as far as we know)
	factor float64 // the browser's zoom: the ratio now over base
	dpr    float64 // the ratio last seen, and the window's size in device pixels then
	w, h   float64
}

// observe takes the device pixel ratio and the window's size in device
// pixels, read together (the browser changes both before telling the page).
func (b *browserZoom) observe(dpr, w, h float64) {
	switch {
	case dpr <= 0:
		return
	case b.base == 0:
		b.base, b.factor = dpr, 1
	case dpr != b.dpr:
		near := func(a, b float64) bool { return math.Abs(a-b) <= max(2, b/50) }
		if near(w, b.w) && near(h, b.h) {
			b.factor = dpr / b.base
		} else {
			b.base = dpr / b.factor
		}
	}
	b.dpr, b.w, b.h = dpr, w, h
}

// zoomWanted is the zoom the scene should have: the app's own times the
// browser's, within the limits (zooming the browser out leaves the scene
// fitted to the window, which it already fills).
func (g *Game) zoomWanted() float64 {
	f := g.pageZoom.factor
	if f <= 0 {
		f = 1
	}
	return geom.ClampZoom(g.model.Want.ZoomFactor() * f)
}

// wheelStep is how far one notch of the wheel moves a zoomed scene, in
// screen pixels.
const wheelStep = 60

// relayout places the scene for the window, the zoom and the point looked
// at, and rebuilds the widgets (whose places depend on it).
func (g *Game) relayout() {
	w, h := float64(g.screenW), float64(g.screenH)
	win := geom.Window{W: w, H: h, DSF: g.dsf}
	g.layout = geom.NewLayoutFor(win, g.page, g.zoomed.zoom, g.zoomed.lookX, g.zoomed.lookY)
	if !g.layout.Compact() {
		g.zoomed.lookX, g.zoomed.lookY = g.layout.DesignAt(w/2, h/2) // as near as the edges allow
	}
	g.scene.SetZoomedLayout(g.layout, geom.NewLayoutFor(win, g.page, 1, geom.DesignW/2, geom.DesignH/2))
	g.rebuildUI()
}

// followZoom applies a new zoom from the keys (about the pointer, or the
// middle) and moves a zoomed scene with the wheel.
func (g *Game) followZoom() {
	w, h := float64(g.screenW), float64(g.screenH)
	moved := false
	if z := g.zoomWanted(); z != g.zoomed.zoom {
		px, py := w/2, h/2
		if x, y, inside := g.host.Pointer(g.dsf); inside && x >= 0 && y >= 0 && x < w && y < h {
			px, py = x, y
		}
		// Keep the design point under (px, py) there: the middle moves
		// towards it as the zoom grows.
		ax, ay := g.layout.DesignAt(px, py)
		r := g.zoomed.zoom / z
		g.zoomed.lookX, g.zoomed.lookY = ax+(g.zoomed.lookX-ax)*r, ay+(g.zoomed.lookY-ay)*r
		g.zoomed.zoom, moved = z, true
	}
	if dx, dy := ebiten.Wheel(); g.zoomed.zoom > 1 && (dx != 0 || dy != 0) {
		if ebiten.IsKeyPressed(ebiten.KeyShift) && dx == 0 {
			dx, dy = dy, 0
		}
		g.zoomed.lookX -= dx * wheelStep / g.layout.Scale
		g.zoomed.lookY -= dy * wheelStep / g.layout.Scale
		moved = true
	}
	if moved {
		g.relayout()
	}
}

// bringIntoView moves a zoomed scene so that the screen rectangle from
// (x0, y0) to (x1, y1), the control the keyboard just moved to, is on
// screen (its middle, when it is larger than the window).
func (g *Game) bringIntoView(x0, y0, x1, y1 float64) {
	if g.zoomed.zoom <= 1 || (x0 >= 0 && y0 >= 0 && x1 <= float64(g.screenW) && y1 <= float64(g.screenH)) {
		return
	}
	g.zoomed.lookX, g.zoomed.lookY = g.layout.DesignAt((x0+x1)/2, (y0+y1)/2)
	g.relayout()
}

// shownPage is the page a compact layout shows, "" in the wide one.
func (g *Game) shownPage() string {
	if g.layout.Compact() {
		return g.layout.Page
	}
	return ""
}

// smallestTextCSS is the smallest text drawn, in CSS pixels: the scene's
// smallest size, or a crowded row of buttons' smaller one.
func (g *Game) smallestTextCSS() float64 {
	px := geom.SizeSmall * g.layout.Scale
	if g.widgets != nil && g.widgets.SmallestText > 0 {
		px = min(px, g.widgets.SmallestText)
	}
	return px / g.dsf
}
