package sim

import "testing"

// Outputs of Python's random.Random(seed).getrandbits(32), recorded once
// from CPython; getrandbits(32) is exactly one MT19937 output.
func TestPyRandomMatchesCPythonStream(t *testing.T) {
	cases := []struct {
		seed   uint64
		first  [3]uint32
		nth702 uint32 // output #702 (0-based), after the first re-twist
	}{
		{0, [3]uint32{3626764237, 1654615998, 3255389356}, 2141670794},
		{1, [3]uint32{577090037, 2444712010, 3639700191}, 3878734632},
		{5489, [3]uint32{3382763572, 956215839, 417760592}, 1768539984},
		{1<<32 + 1, [3]uint32{991850117, 2151679444, 2200792185}, 4013172784}, // a two-word key
	}
	for _, c := range cases {
		r := newPyRandom(c.seed)
		for i, want := range c.first {
			if got := r.mt.Uint32(); got != want {
				t.Fatalf("seed %d output %d = %d, want %d", c.seed, i, got, want)
			}
		}
		var got uint32
		for range 700 {
			got = r.mt.Uint32()
		}
		if got != c.nth702 {
			t.Errorf("seed %d output 702 = %d, want %d", c.seed, got, c.nth702)
		}
	}
}

// random.Random(0).randrange(2**32) four times, from CPython.
func TestRingPointMatchesRandrange(t *testing.T) {
	want := []uint32{3626764237, 1806341205, 2195908194, 2046968324}
	r := newPyRandom(0)
	for i, w := range want {
		if got := r.ringPoint(); got != w {
			t.Fatalf("draw %d = %d, want %d", i, got, w)
		}
	}
}

// x = list(range(10)); random.Random(3).shuffle(x), from CPython.
func TestShuffleMatchesCPython(t *testing.T) {
	want := []int{1, 5, 6, 0, 9, 4, 7, 2, 8, 3}
	got := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	shuffle(newPyRandom(3), got)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("shuffle = %v, want %v", got, want)
		}
	}
}

func TestReseedRestartsTheStream(t *testing.T) {
	r := newPyRandom(42)
	a := r.ringPoint()
	r.ringPoint()
	r.reseed(42)
	if b := r.ringPoint(); a != b {
		t.Fatalf("after reseed first draw = %d, want %d", b, a)
	}
}
