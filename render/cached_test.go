package render

import (
	"testing"

	"vnodes/render/panel"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

// chartDrawn is when the kept chart was last drawn afresh (in repaints).
func (s *Scene) chartDrawn() int {
	for _, k := range s.kept {
		return k.drawn
	}
	return -1
}

// During a drag along V the chart's axes and curves come from the kept
// image, and the picture is the one drawn afresh: the marker at the new V,
// nothing missing, nothing left over. New rows draw it afresh.
func TestKeptChartIsTheChartDrawnAfresh(t *testing.T) {
	for name, pal := range map[string]*panel.Palette{"dark": panel.DarkPalette(), "projector": panel.ProjectorPalette()} {
		p := sim.Params{Nodes: 10, V: 16, Seeds: 3, Seed: 1}
		s, _ := newTestScene(t, p, pal)
		paintScene(s)
		drawn := s.chartDrawn()
		p.V = 40
		res, err := sim.Run(p)
		if err != nil {
			t.Fatal(err)
		}
		s.SetShown(spread.NewShown(res), &res) // V moved: the same rows
		got := paintScene(s)
		if s.chartDrawn() != drawn {
			t.Errorf("%s: the chart was drawn again for a new V", name)
		}
		fresh, _ := newTestScene(t, p, pal)
		fresh.log = &paintLog{} // a logged paint draws every part directly
		want := paintScene(fresh)
		// The kept image holds the chart's smooth edges in 8 bits before
		// they are laid over the background: a level or two of rounding.
		if n := countDiffering(want.pixels, got.pixels, 2); n > 0 {
			t.Errorf("%s: %d pixels differ by more than 2 levels between the kept chart and one drawn afresh", name, n)
		}
		rows := append([]sim.Row(nil), s.look.Curve...)
		s.SetRows(s.look.Table, rows, nil)
		paintScene(s)
		if s.chartDrawn() == drawn {
			t.Errorf("%s: new rows did not draw the chart again", name)
		}
	}
}

// countDiffering counts pixels with a channel more than tol apart. Two
// scenes painted alike can differ by one level where the ring's image is
// filtered (it lands at another place of ebiten's texture atlas).
func countDiffering(a, b []byte, tol int) int {
	n := 0
	for i := 0; i < len(a); i += 4 {
		for c := range 4 {
			if d := int(a[i+c]) - int(b[i+c]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}
