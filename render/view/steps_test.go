package view_test

import (
	"math/bits"
	"testing"

	"vnodes/render/view"
)

func isPowerOfTwo(v int) bool { return v > 0 && bits.OnesCount(uint(v)) == 1 }

// The up arrow walks 1, 2, 4, ... 1024 and stays at the slider's top; the
// down arrow walks back.
func TestPowerOfTwoChains(t *testing.T) {
	want := []int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}
	v := 1
	for i := 1; i < len(want); i++ {
		v = view.NextPowerOfTwo(v)
		if v != want[i] {
			t.Fatalf("step %d up: got %d, want %d", i, v, want[i])
		}
	}
	if got := view.NextPowerOfTwo(view.MaxSliderV); got != view.MaxSliderV {
		t.Fatalf("NextPowerOfTwo(%d) = %d, want it to stay (capped)", view.MaxSliderV, got)
	}
	for i := len(want) - 2; i >= 0; i-- {
		v = view.PrevPowerOfTwo(v)
		if v != want[i] {
			t.Fatalf("down to index %d: got %d, want %d", i, v, want[i])
		}
	}
	if got := view.PrevPowerOfTwo(1); got != 1 {
		t.Fatalf("PrevPowerOfTwo(1) = %d, want 1", got)
	}
}

func TestPowerOfTwoCases(t *testing.T) {
	next := map[int]int{0: 1, 1: 2, 2: 4, 3: 4, 5: 8, 100: 128, 128: 256, 200: 256, 255: 256, 256: 512, 257: 512, 1000: 1024, 1024: 1024, 3000: 3000}
	for in, want := range next {
		if got := view.NextPowerOfTwo(in); got != want {
			t.Errorf("NextPowerOfTwo(%d) = %d, want %d", in, got, want)
		}
	}
	prev := map[int]int{0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 4, 8: 4, 9: 8, 100: 64, 129: 128, 256: 128, 257: 256, 4096: 2048}
	for in, want := range prev {
		if got := view.PrevPowerOfTwo(in); got != want {
			t.Errorf("PrevPowerOfTwo(%d) = %d, want %d", in, got, want)
		}
	}
}

// For every V the slider can show, the arrows land on the nearest power of
// two strictly beyond it, and never leave the range.
func TestPowerOfTwoProperties(t *testing.T) {
	for v := view.MinV; v <= view.MaxV; v++ {
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
