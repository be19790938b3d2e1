package view_test

import (
	"math/bits"
	"testing"

	"vnodes/render/view"
)

func isPowerOfTwo(v int) bool { return v > 0 && bits.OnesCount(uint(v)) == 1 }

// For every V a link can hold (and 0), the arrows land on the nearest
// power of two strictly beyond it and never leave the range: the up arrow
// walks 1, 2, 4, … 1024 and stays at the slider's top, the down arrow walks
// back to 1.
func TestPowerOfTwoSteps(t *testing.T) {
	for v := 0; v <= view.MaxV; v++ {
		n := view.NextPowerOfTwo(v)
		if v >= view.MaxSliderV {
			if n != v {
				t.Fatalf("NextPowerOfTwo(%d) = %d: past the slider's top V should stay", v, n)
			}
		} else if !isPowerOfTwo(n) || n > view.MaxSliderV || n <= v || n/2 > v {
			t.Fatalf("NextPowerOfTwo(%d) = %d: not the smallest power of two above", v, n)
		}
		p := view.PrevPowerOfTwo(v)
		if !isPowerOfTwo(p) || p < view.MinV || p > view.MaxV {
			t.Fatalf("PrevPowerOfTwo(%d) = %d: not a power of two in range", v, p)
		}
		if v > view.MinV && (p >= v || p*2 < v) {
			t.Fatalf("PrevPowerOfTwo(%d) = %d: not the largest power of two below", v, p)
		}
	}
}
