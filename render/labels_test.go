package render

import (
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"testing"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/sim"
)

// shrink keeps a pixel's slack: glyph boxes include a little air.
func shrink(r geom.Rect, by float64) geom.Rect {
	return geom.Rect{X: r.X + by, Y: r.Y + by, W: r.W - 2*by, H: r.H - 2*by}
}

func inside(a, b geom.Rect) bool {
	return a.X >= b.X && a.Y >= b.Y && a.X+a.W <= b.X+b.W && a.Y+a.H <= b.Y+b.H
}

func overlaps(a, b geom.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// crosses reports whether the segment (with its width) passes through r.
func (l loggedLine) crosses(r geom.Rect) bool {
	steps := int(math.Ceil(math.Hypot(l.x1-l.x0, l.y1-l.y0)))
	half := l.width / 2
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(max(steps, 1))
		x, y := l.x0+(l.x1-l.x0)*t, l.y0+(l.y1-l.y0)*t
		if overlaps(r, geom.Rect{X: x - half, Y: y - half, W: 2 * half, H: 2 * half}) {
			return true
		}
	}
	return false
}

// labelProblemsWith is labelProblems with more controls to keep clear of;
// it also reports text that leaves the screen, or that crosses the edge
// of a panel: a panel's text stays inside it, and other text outside.
func labelProblemsWith(log *paintLog, l geom.Layout, extra map[string]geom.Rect, panels ...geom.Rect) []string {
	var out []string
	controls := map[string]geom.Rect{"V −": l.VMinus, "V +": l.VPlus, "slider": l.VSlider, "seed": l.Seed,
		"nodes": l.Nodes, "assign": l.Assign, "presets": l.Presets, "top buttons": l.TopRight}
	maps.Copy(controls, extra)
	for _, a := range log.texts {
		ra := shrink(a.r, 1)
		if !inside(ra, l.Screen) {
			out = append(out, fmt.Sprintf("%q leaves the screen", a.s))
		}
		for _, p := range panels {
			if overlaps(ra, p) && !inside(ra, p) {
				out = append(out, fmt.Sprintf("%q crosses the edge of the panel at (%.0f,%.0f)", a.s, p.X, p.Y))
			}
		}
	}
	for i, a := range log.texts {
		ra := shrink(a.r, 1)
		for _, b := range log.texts[i+1:] {
			if overlaps(ra, shrink(b.r, 1)) {
				out = append(out, fmt.Sprintf("%q overlaps %q", a.s, b.s))
			}
		}
		for _, ln := range log.lines {
			if a.boxed && ln.order < a.order {
				continue // the label's own background hides it
			}
			if ln.crosses(ra) {
				out = append(out, fmt.Sprintf("%q is crossed by a line from (%.0f,%.0f) to (%.0f,%.0f)", a.s, ln.x0, ln.y0, ln.x1, ln.y1))
			}
		}
		for name, c := range controls {
			if overlaps(ra, c) {
				out = append(out, fmt.Sprintf("%q lies under the %s control", a.s, name))
			}
		}
	}
	return out
}

// sweepSettings are the settings the labels test paints each view in:
// every setting its switches reach from its defaults (each choice, then
// each choice from there), for small and large clusters, one range per
// node or many.
func sweepSettings(v view.View) []view.Settings {
	base := views.All.Clamp(view.Settings{V: 1, Nodes: 10, Seed: 1, Assign: sim.Random, View: v})
	reached := []view.Settings{base}
	for i := 0; i < len(reached) && len(reached) < 16; i++ {
		for _, ctl := range view.ControlsOf(reached[i]) {
			for _, ch := range ctl.Choices {
				m := model.NewModel(views.All, reached[i])
				m.Apply(ch.Intent)
				if !slices.Contains(reached, m.Want) {
					reached = append(reached, m.Want)
				}
			}
		}
	}
	var out []view.Settings
	for _, s := range reached {
		for _, n := range []int{2, 3, 10, 26, 27, 100, 1000} {
			for _, v := range []int{1, 8, 256} {
				if n*v > 50000 || (v == 8 && n != 10) {
					continue // the largest ring, and a V between the exercise's, once each
				}
				s.Nodes, s.V = n, v
				out = append(out, views.All.Clamp(s))
			}
		}
	}
	return out
}

// No label overlaps another, sits under a control, has a line through it,
// leaves the screen or crosses the edge of the view's figures, in any view
// of the registry: in every setting its switches reach, for small and
// large clusters, one range or many, with the bars per node and ranked, a
// node pointed at, the law chart and the lesson card. (Each paint takes a
// while here, so each case paints plainly and in one of the other looks,
// in turn.)
func TestLabelsNeverCollide(t *testing.T) {
	looks := []struct {
		name    string
		display Display
		hover   bool
	}{
		{"pointing at a node", Display{SliderMax: 1024}, true},
		{"ranked", Display{Average: true, SliderMax: 1024}, false},
		{"law chart", Display{Chart: panel.ChartLaw, SliderMax: 1024}, false},
		{"lesson", Display{Lesson: true, Concealed: true, SliderMax: 1024}, false},
	}
	// Each case is painted in one of the languages, in turn, so that every
	// language meets every view (German runs a third longer than English)
	// at the cost of one language's run.
	defer lang.Use(lang.English)
	for _, tag := range lang.Tags() {
		if err := lang.Load(tag); err != nil {
			t.Fatal(err)
		}
	}
	only := os.Getenv("VNODES_LABELS_LANG") // while translating: every case in this one language
	met := map[string]bool{}
	turn := 0
	for _, v := range views.All.Views() {
		for i, set := range sweepSettings(v) {
			tag := lang.Known[(turn+i)%len(lang.Known)].Tag
			if only != "" {
				tag = only
			}
			lang.Use(tag)
			met[tag+" "+v.ID()] = true
			pal := panel.DarkPalette()
			if set.Nodes%2 == 0 { // half the sizes in the projector theme, whose text is bold
				pal = panel.ProjectorPalette()
			}
			s, shown := viewScene(t, sim.Params{Nodes: set.Nodes, V: set.V, Seeds: 2, Seed: set.Seed, Assign: set.Assign}, set.View, pal)
			what := link.Query(views.All, set) + "&lang=" + tag
			own := len(view.ControlsOf(set)) > 0 // a card of controls and one of figures take the right column
			checkViewLabels(t, s, Display{SliderMax: 1024}, -1, own, what)
			look := looks[turn%len(looks)]
			turn++
			hover := -1
			if look.hover {
				spec := panel.PainterOf(shown).Ring(&panel.Look{Hover: -1})
				hover = (spec.Key + 1) % spec.Ring.Nodes
			}
			checkViewLabels(t, s, look.display, hover, own, what+", "+look.name)
			freeScene(s)
		}
	}
	for _, v := range views.All.Views() {
		for _, tag := range lang.Tags() {
			if !met[tag+" "+v.ID()] && only == "" {
				t.Errorf("view %s was never painted in %s", v.ID(), tag)
			}
		}
	}
}

// checkViewLabels paints s as d shows it and reports labels that collide,
// anything written where the widgets go (with own, the view's card of
// controls), and text crossing the edge of a panel.
func checkViewLabels(t *testing.T, s *Scene, d Display, hover int, own bool, what string) {
	t.Helper()
	s.SetDisplay(d)
	s.SetHover(hover)
	s.log = &paintLog{}
	paintScene(s)
	l := s.layout
	extra := map[string]geom.Rect{"tabs": l.Tabs}
	var panels []geom.Rect
	if own {
		extra["view"], panels = l.ViewControls, []geom.Rect{l.ViewFigures}
	}
	if d.Lesson {
		extra = map[string]geom.Rect{"lesson card": l.Lesson}
	}
	for _, p := range labelProblemsWith(s.log, l, extra, panels...) {
		t.Errorf("%s: %s", what, p)
	}
}

// The compact layouts (a phone upright and sideways) keep every label
// whole and apart too, in every view and on each page the scene paints,
// each case in one of the languages in turn.
func TestCompactLabelsNeverCollide(t *testing.T) {
	defer lang.Use(lang.English)
	for _, tag := range lang.Tags() {
		if err := lang.Load(tag); err != nil {
			t.Fatal(err)
		}
	}
	turn := 0
	for _, win := range []geom.Window{{W: 390, H: 844, DSF: 1}, {W: 844, H: 390, DSF: 1}} {
		for _, v := range views.All.Views() {
			set := views.All.Clamp(view.Settings{V: 16, Nodes: 10, Seed: 1, Assign: sim.Random, View: v})
			s, _ := viewScene(t, sim.Params{Nodes: set.Nodes, V: set.V, Seeds: 2, Seed: set.Seed, Assign: set.Assign}, set.View, panel.DarkPalette())
			for _, page := range []string{geom.PageLoads, geom.PageFigures, geom.PageChart} {
				tag := lang.Known[turn%len(lang.Known)].Tag
				turn++
				lang.Use(tag)
				l := geom.NewLayoutFor(win, page, 1, 0, 0)
				s.SetLayout(l)
				s.log = &paintLog{}
				paintScene(s)
				extra := map[string]geom.Rect{"pager": l.Pager, "tabs": l.Tabs}
				var panels []geom.Rect
				if len(view.ControlsOf(set)) > 0 {
					extra["view"], panels = l.ViewControls, []geom.Rect{l.ViewFigures}
				}
				for _, p := range labelProblemsWith(s.log, l, extra, panels...) {
					t.Errorf("%s, %s page, %vx%v, %s: %s", v.ID(), page, win.W, win.H, tag, p)
				}
			}
			freeScene(s)
		}
	}
}
