package render

import (
	"fmt"
	"maps"
	"math"
	"testing"

	"vnodes/render/geom"
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

// labelProblems lists every text that overlaps another text, a line drawn
// through it, or a control of the layout.
func labelProblems(log *paintLog, l geom.Layout) []string {
	return labelProblemsWith(log, l, nil)
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

// No label overlaps another, sits under a control, or has a line through
// it: for small and large clusters, one range or many, in every bar view,
// with and without a hovered node.
func TestLabelsNeverCollide(t *testing.T) {
	for _, n := range []int{2, 3, 10, 26, 27, 50, 100, 1000} {
		for _, v := range []int{1, 256} {
			if n*v > 50000 {
				continue
			}
			p := sim.Params{Nodes: n, V: v, Seeds: 4, Seed: 1}
			pal := DarkPalette()
			if n%2 == 0 { // half the sizes in the projector theme, whose text is larger
				pal = ProjectorPalette()
			}
			s, res := newTestScene(t, p, pal)
			for _, mode := range []struct {
				name  string
				view  View
				hover int
			}{
				{"nodes", View{SliderMax: 1024}, -1},
				{"nodes, hovering the busiest's neighbour", View{SliderMax: 1024}, (res.Ring.Stats.Busiest + 1) % n},
				{"ranked", View{Average: true, SliderMax: 1024}, -1},
				{"law chart", View{Chart: ChartLaw, SliderMax: 1024}, -1},
				{"lesson", View{Lesson: true, Concealed: true, SliderMax: 1024}, -1},
			} {
				s.SetView(mode.view)
				s.SetHover(mode.hover)
				s.log = &paintLog{}
				paint(s)
				for _, p := range labelProblems(s.log, s.layout) {
					t.Errorf("N=%d V=%d %s: %s", n, v, mode.name, p)
				}
			}
		}
	}
}

// The join & leave view keeps every label clear too: each kind of change,
// small and large clusters (up to the 1000 nodes a join can reach), one
// range or many, a V outside the exercise's, hovering a node or the
// newcomer, and in a lesson. Nothing is drawn where the view's controls go.
// (Each paint costs a third of a second here, so the rarer views are
// painted for a few cases only.)
func TestChangeLabelsNeverCollide(t *testing.T) {
	type config struct {
		n, v int
		kind sim.ChangeKind
	}
	var configs []config
	for _, n := range []int{2, 10, 27, 100, 1000} {
		for _, v := range []int{1, 256} {
			for _, kind := range []sim.ChangeKind{sim.Join, sim.Leave, sim.Fail} {
				nodes := n
				if kind == sim.Join && n == sim.MaxNodes {
					nodes-- // the newcomer makes 1000
				}
				configs = append(configs, config{nodes, v, kind})
			}
		}
	}
	configs = append(configs, config{10, 8, sim.Join}, config{10, 8, sim.Leave})
	for _, cf := range configs {
		p := sim.Params{Nodes: cf.n, V: cf.v, Seeds: 2, Seed: 1, Assign: sim.Random}
		s := changeTestScene(t, p, cf.kind, sim.BusiestNode, DarkPalette())
		c := &s.change.Seed
		what := fmt.Sprintf("N=%d V=%d %s", cf.n, cf.v, cf.kind)
		view := View{SliderMax: 1024, Mode: ModeChange}
		checkViewLabels(t, s, view, -1, what)
		checkViewLabels(t, s, view, (c.Node+1)%c.After.Nodes, what+" hovering a neighbour")
		if cf.v == 1 {
			checkViewLabels(t, s, view, c.Node, what+" hovering the mover")
		}
		if cf.v == 1 && cf.kind != sim.Fail && (cf.n == 10 || cf.n == 100) {
			rows := s.changeRows
			s.SetChange(s.change, nil)
			checkViewLabels(t, s, view, -1, what+" rows being worked out")
			s.SetChange(s.change, rows)
			checkViewLabels(t, s, View{Lesson: true, Concealed: true, SliderMax: 1024, Mode: ModeChange}, -1, what+" lesson")
		}
	}
}

// The hot keys view keeps every label clear: each workload and fix, for
// small and large clusters, with the bars per node and ranked.
func TestLoadLabelsNeverCollide(t *testing.T) {
	hot := sim.DefaultWorkload()
	hot.Kind = sim.HotKey
	salted := hot
	salted.Salt = 256
	bounded := hot
	bounded.Salt, bounded.Fix = 8, sim.Bounded
	zipf := sim.DefaultWorkload()
	zipf.Kind = sim.Zipf
	zipfBounded := zipf
	zipfBounded.Fix = sim.Bounded
	replicate := zipf
	replicate.Fix = sim.Replicate
	workloads := []struct {
		name string
		w    sim.Workload
	}{{"uniform", sim.DefaultWorkload()}, {"hot", hot}, {"salted", salted}, {"hot bounded", bounded},
		{"zipf bounded", zipfBounded}, {"zipf replicated", replicate}}
	for _, n := range []int{2, 10, 27, 100, 1000} {
		for _, v := range []int{1, 256} {
			for i, wl := range workloads {
				if n == 1000 && v == 256 && wl.name != "hot bounded" {
					continue // the largest ring once is enough
				}
				p := sim.Params{Nodes: n, V: v, Seeds: 2, Seed: 1, Assign: sim.Random}
				s := loadTestScene(t, p, wl.w, DarkPalette())
				what := fmt.Sprintf("N=%d V=%d %s", n, v, wl.name)
				view := View{SliderMax: 1024, Mode: ModeLoad}
				checkViewLabels(t, s, view, -1, what)
				if (i+n+v)%4 == 0 { // the rarer views, for a quarter of the cases
					busiest := s.workload.Selected.RequestStats.Busiest
					checkViewLabels(t, s, view, (busiest+1)%n, what+" hovering the busiest's neighbour")
					checkViewLabels(t, s, View{Average: true, SliderMax: 1024, Mode: ModeLoad}, -1, what+" ranked")
				}
				if wl.name == "hot" && v == 256 {
					checkViewLabels(t, s, View{Lesson: true, Concealed: true, SliderMax: 1024, Mode: ModeLoad}, -1, what+" lesson")
				}
			}
		}
	}
}

// checkViewLabels paints s in a view and reports labels that collide,
// anything written where the view's controls go, and text crossing the
// edge of the figures panel.
func checkViewLabels(t *testing.T, s *Scene, v View, hover int, what string) {
	t.Helper()
	s.SetView(v)
	s.SetHover(hover)
	s.log = &paintLog{}
	paint(s)
	l := s.layout
	extra := map[string]geom.Rect{"view": l.ViewControls, "tabs": l.Tabs}
	if v.Lesson {
		extra = map[string]geom.Rect{"lesson card": l.Lesson}
	}
	for _, p := range labelProblemsWith(s.log, l, extra, l.ViewFigures) {
		t.Errorf("%s: %s", what, p)
	}
}
