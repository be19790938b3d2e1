package pyrand

import (
	"slices"
	"testing"
)

// newRandom behaves like random.Random(seed) for an integer seed >= 0.
func newRandom(seed uint64) *Random {
	r := new(Random)
	r.Seed(seed)
	return r
}

// Outputs of Python's random.Random(seed).getrandbits(32), recorded once
// from CPython; getrandbits(32) is exactly one MT19937 output.
func TestRandomMatchesCPythonStream(t *testing.T) {
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
		r := newRandom(c.seed)
		for i, want := range c.first {
			if got := r.mt.genrand(); got != want {
				t.Fatalf("seed %d output %d = %d, want %d", c.seed, i, got, want)
			}
		}
		var got uint32
		for range 700 {
			got = r.mt.genrand()
		}
		if got != c.nth702 {
			t.Errorf("seed %d output 702 = %d, want %d", c.seed, got, c.nth702)
		}
	}
}

// random.Random(0).randrange(2**32) four times, from CPython.
func TestRingPointMatchesRandrange(t *testing.T) {
	want := []uint32{3626764237, 1806341205, 2195908194, 2046968324}
	r := newRandom(0)
	for i, w := range want {
		if got := r.RingPoint(); got != w {
			t.Fatalf("draw %d = %d, want %d", i, got, w)
		}
	}
}

// x = list(range(10)); random.Random(3).shuffle(x), from CPython.
func TestShuffleMatchesCPython(t *testing.T) {
	want := []int{1, 5, 6, 0, 9, 4, 7, 2, 8, 3}
	got := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	Shuffle(newRandom(3), got)
	if !slices.Equal(got, want) {
		t.Fatalf("shuffle = %v, want %v", got, want)
	}
}

func TestSeedRestartsTheStream(t *testing.T) {
	r := newRandom(42)
	a := r.RingPoint()
	r.RingPoint()
	r.Seed(42)
	if b := r.RingPoint(); a != b {
		t.Fatalf("after Seed first draw = %d, want %d", b, a)
	}
}

// The shortcut in temperedTopBit must agree with full tempering.
func TestTemperedTopBit(t *testing.T) {
	r := newRandom(11)
	for i := range 200000 {
		w := r.mt.genrand()
		if i%3 == 0 {
			w = uint32(i) * 0x9e3779b9
		}
		if got, want := temperedTopBit(w), temper(w)>>31; got != want {
			t.Fatalf("temperedTopBit(%#x) = %d, want %d", w, got, want)
		}
	}
}

// RingPoints must draw what repeated RingPoint draws, from any stream
// position (fresh, mid-block, odd), and leave the generator at the same
// place.
func TestRingPointsMatchesScalar(t *testing.T) {
	for seed := range uint64(40) {
		for _, n := range []int{0, 1, 2, 155, 156, 157, 311, 312, 1000, 2560, 5001} {
			for _, skip := range []int{0, 1, 2, 623, 624, 625} {
				bulk, scalar := newRandom(seed), newRandom(seed)
				for range skip {
					bulk.mt.genrand()
					scalar.mt.genrand()
				}
				got := make([]uint32, n)
				bulk.RingPoints(got)
				for i := range got {
					if want := scalar.RingPoint(); got[i] != want {
						t.Fatalf("seed %d n %d skip %d: point %d = %d, want %d", seed, n, skip, i, got[i], want)
					}
				}
				if a, b := bulk.mt.genrand(), scalar.mt.genrand(); a != b {
					t.Fatalf("seed %d n %d skip %d: generator left at a different place", seed, n, skip)
				}
			}
		}
	}
}

// Seeding from a batch must give each seed exactly the generator that
// seeding it alone gives, and a seed the batch does not hold must still be
// seeded.
func TestBatchSeedMatchesSeed(t *testing.T) {
	var b Batch
	b.Prepare(100, 3)
	for _, seed := range []uint64{100, 102, 103, 7} {
		var fromBatch Random
		b.Seed(&fromBatch, seed)
		alone := newRandom(seed)
		for i := range 1000 {
			if x, y := fromBatch.RingPoint(), alone.RingPoint(); x != y {
				t.Fatalf("seed %d: draw %d = %d from the batch, %d alone", seed, i, x, y)
			}
		}
	}
	b.Reset()
	var r Random
	b.Seed(&r, 101)
	if r.mt.state != newRandom(101).mt.state {
		t.Fatal("seed 101 after Reset: wrong state")
	}
}

func BenchmarkRingPoint(b *testing.B) {
	r := newRandom(1)
	for b.Loop() {
		r.RingPoint()
	}
}
