package view_test

import (
	"math/bits"
	"testing"

	"vnodes/render/view"
)

func isPowerOfTwo(v int) bool { return v > 0 && bits.OnesCount(uint(v)) == 1 }

// The up arrow walks 1, 2, 4, ... 256 and stays at 256; the down arrow walks back.
func TestPowerOfTwoChains(t *testing.T) {
	want := []int{1, 2, 4, 8, 16, 32, 64, 128, 256}
	v := 1
	for i := 1; i < len(want); i++ {
		v = view.NextPowerOfTwo(v)
		if v != want[i] {
			t.Fatalf("step %d up: got %d, want %d", i, v, want[i])
		}
	}
	if got := view.NextPowerOfTwo(256); got != 256 {
		t.Fatalf("NextPowerOfTwo(256) = %d, want 256 (capped)", got)
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
	next := map[int]int{0: 1, 1: 2, 2: 4, 3: 4, 5: 8, 100: 128, 128: 256, 200: 256, 255: 256, 256: 256, 257: 256, 1000: 256}
	for in, want := range next {
		if got := view.NextPowerOfTwo(in); got != want {
			t.Errorf("NextPowerOfTwo(%d) = %d, want %d", in, got, want)
		}
	}
	prev := map[int]int{0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 4, 8: 4, 9: 8, 100: 64, 129: 128, 256: 128, 257: 256}
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
		if !isPowerOfTwo(n) || n < view.MinV || n > view.MaxV {
			t.Fatalf("NextPowerOfTwo(%d) = %d: not a power of two in range", v, n)
		}
		if v < view.MaxV && (n <= v || n/2 > v) {
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
