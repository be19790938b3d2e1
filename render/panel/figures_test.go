package panel

import (
	"testing"

	"vnodes/render/geom"
)

// widthCanvas measures text as 7 px a character, at scale 1.
type widthCanvas struct{ Canvas }

func (widthCanvas) Layout() geom.Layout                { return geom.Layout{Scale: 1} }
func (widthCanvas) TextWidth(s string, _ Font) float64 { return 7 * float64(len([]rune(s))) }

// A table whose figures are too wide for its columns at the usual gap
// (a language's "100 %" in every cell of a narrow window) still sets
// every figure clear of the one before it, with a narrower gap, rather
// than keeping columns where the figures run into each other.
func TestFigureColumnsNeverRunIntoEachOther(t *testing.T) {
	row := []string{"100 %", "38,9 %", "2,0", "100 %", "38,9 %", "2,0"}
	f := Figures{
		Heads: []string{"P", "w", "p", "P", "w", "p"}, // short: the figures are what does not fit
		Cols:  []float64{0.29, 0.435, 0.589, 0.70, 0.838, 1},
		Rows:  []FigureRow{{Label: "V=256", Cells: row}},
	}
	c := widthCanvas{}
	tightest := 7.0*5 + 2 + 7*(5+6+3+5+6+3) + 5*2 // the label, then every cell 2 px apart
	for _, w := range []float64{tightest + 1, tightest + 20, 400} {
		inner := geom.Rect{X: 0, W: w}
		xs := fitColumns(c, f, inner)
		for i := 1; i < len(xs); i++ {
			if left := xs[i] - c.TextWidth(row[i], Small); left < xs[i-1] {
				t.Errorf("width %.0f: column %d's %q starts at %.0f, before column %d ends at %.0f", w, i, row[i], left, i-1, xs[i-1])
			}
		}
		if xs[len(xs)-1] > inner.X+inner.W+0.001 {
			t.Errorf("width %.0f: the last column ends at %.0f, past the table", w, xs[len(xs)-1])
		}
	}
}
