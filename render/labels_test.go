package render

import (
	"fmt"
	"math"
	"testing"

	"vnodes/render/geom"
	"vnodes/sim"
)

// shrink keeps a pixel's slack: glyph boxes include a little air.
func shrink(r geom.Rect, by float64) geom.Rect {
	return geom.Rect{X: r.X + by, Y: r.Y + by, W: r.W - 2*by, H: r.H - 2*by}
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
	var out []string
	controls := map[string]geom.Rect{"V −": l.VMinus, "V +": l.VPlus, "slider": l.VSlider, "seed": l.Seed,
		"nodes": l.Nodes, "assign": l.Assign, "presets": l.Presets, "top buttons": l.TopRight}
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
