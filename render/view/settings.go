package view

import (
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/sim"
)

// Limits of the settings. A link or a flag may ask for anything up to MaxV
// and MaxNodes (sim's own limits); the slider, the steppers and the keys
// stop at MaxSliderV and MaxStepperNodes, where every change still
// re-simulates within a frame or two in a browser. Larger settings are
// worked out in the background while the page keeps drawing.
const (
	MinV, MaxV         = 1, sim.MaxV
	MaxSliderV         = 1024
	MinNodes, MaxNodes = 2, sim.MaxNodes
	MaxStepperNodes    = 100
	Seeds              = sim.DefaultSeeds // seeds 0..19 are averaged and selectable
)

// Theme is the colour scheme.
type Theme uint8

const (
	Dark      Theme = iota
	Light           // for bright rooms
	Projector       // black and white, thicker lines, bold text: for washed-out projectors
)

// Next is the theme the T key switches to: dark, light, projector, dark…
func (t Theme) Next() Theme { return (t + 1) % 3 }

// ThemeNames are the themes' names in links, in order.
var ThemeNames = []string{"dark", "light", "projector"}

func (t Theme) String() string {
	if int(t) < len(ThemeNames) {
		return ThemeNames[t]
	}
	return ThemeNames[0]
}

// Settings is everything a link or a set of flags can carry.
type Settings struct {
	V, Nodes, Seed int
	Assign         sim.Assignment
	Step           int // lesson step (1-based); 0 is the free sandbox
	Theme          Theme
	View           View // the view shown, holding its own settings

	Chart   panel.Chart // which chart the right column shows
	Overlay Overlay     // other curves on the chart
	Embed   bool        // inside another page (slides, a course page): no title bar
	// Lang is the language asked for by the link, the -lang flag or the
	// globe ("es", "pt-BR"); "" follows the browser's (the desktop's
	// locale), and leaves the link without one.
	Lang string
	// Zoom enlarges the whole scene (text, ring and controls alike) this
	// many times its fitted size, up to 3; the wheel and Tab move around
	// it. 0 is the fitted size (see ZoomFactor).
	Zoom float64
}

// ZoomFactor is how many times its fitted size the scene is drawn.
func (s Settings) ZoomFactor() float64 { return geom.ClampZoom(s.Zoom) }

// ZoomSteps are the zooms the + and − keys go through.
var ZoomSteps = []float64{1, 1.25, 1.5, 2, 2.5, 3}

// NextZoom is the zoom step after z (dir > 0) or before it (dir < 0).
func NextZoom(z float64, dir int) float64 {
	z = geom.ClampZoom(z)
	if dir > 0 {
		for _, s := range ZoomSteps {
			if s > z+1e-9 {
				return s
			}
		}
		return ZoomSteps[len(ZoomSteps)-1]
	}
	for i := len(ZoomSteps) - 1; i >= 0; i-- {
		if ZoomSteps[i] < z-1e-9 {
			return ZoomSteps[i]
		}
	}
	return ZoomSteps[0]
}

// Params are the simulation parameters of s.
func (s Settings) Params() sim.Params {
	p := sim.Params{Nodes: s.Nodes, V: s.V, Seeds: Seeds, Seed: s.Seed, Assign: s.Assign}
	if t, ok := s.View.(Tuner); ok {
		p = t.Params(p)
	}
	return p
}

// Clamp brings every field into range (the lesson step only as far as it
// can know: Registry.Clamp knows how many steps there are).
func (s Settings) Clamp() Settings {
	s.V = min(max(s.V, MinV), MaxV)
	s.Nodes = min(max(s.Nodes, MinNodes), MaxNodes)
	s.Seed = min(max(s.Seed, 0), Seeds-1)
	s.Step = max(s.Step, 0)
	if s.Assign != sim.Random {
		s.Assign = sim.RoundRobin
	}
	if s.Theme > Projector {
		s.Theme = Dark
	}
	if s.Zoom = geom.ClampZoom(s.Zoom); s.Zoom == 1 {
		s.Zoom = 0 // one way to write the fitted size, so that equal settings compare equal
	}
	if s.Chart > panel.ChartLaw {
		s.Chart = panel.ChartCV
	}
	if s.Overlay > OverlayAssign {
		s.Overlay = OverlayNone
	}
	if c, ok := s.View.(Clamper); ok {
		s = c.Clamp(s)
	}
	return s
}

// WithView is s showing v (the view's own settings), clamped.
func (s Settings) WithView(v View) Settings {
	s.View = v
	return s.Clamp()
}

// SameWork reports whether a and b differ at most in how things look (the
// colours, the title bar, the language): nothing to simulate again.
func SameWork(a, b Settings) bool {
	a.Theme, a.Embed, a.Lang = b.Theme, b.Embed, b.Lang
	return a == b
}

// Overlay is a set of other curves drawn on the chart for comparison.
type Overlay uint8

const (
	OverlayNone   Overlay = iota
	OverlayNodes          // the curves for 3, 10 and 100 nodes
	OverlayAssign         // the other assignment, same N
)

var OverlayNames = []string{"none", "nodes", "assign"}

func (o Overlay) String() string {
	if int(o) < len(OverlayNames) {
		return OverlayNames[o]
	}
	return OverlayNames[0]
}

// OverlayNodeCounts are the cluster sizes OverlayNodes compares.
var OverlayNodeCounts = []int{3, 10, 100}
