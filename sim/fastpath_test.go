package sim

import (
	"slices"
	"testing"
)

// The shortcut in temperedTopBit must agree with full tempering.
func TestTemperedTopBit(t *testing.T) {
	r := newPyRandom(11)
	for i := range 200000 {
		w := r.mt.Uint32()
		if i%3 == 0 {
			w = uint32(i) * 0x9e3779b9
		}
		if got, want := temperedTopBit(w), temper(w)>>31; got != want {
			t.Fatalf("temperedTopBit(%#x) = %d, want %d", w, got, want)
		}
	}
}

// ringPoints must draw what repeated ringPoint draws, from any stream
// position (fresh, mid-block, odd), and leave the generator at the same
// place.
func TestRingPointsMatchesScalar(t *testing.T) {
	for seed := range uint64(40) {
		for _, n := range []int{0, 1, 2, 155, 156, 157, 311, 312, 1000, 2560, 5001} {
			for _, skip := range []int{0, 1, 2, 623, 624, 625} {
				bulk, scalar := newPyRandom(seed), newPyRandom(seed)
				for range skip {
					bulk.mt.Uint32()
					scalar.mt.Uint32()
				}
				got := make([]uint32, n)
				bulk.ringPoints(got)
				for i := range got {
					if want := scalar.ringPoint(); got[i] != want {
						t.Fatalf("seed %d n %d skip %d: point %d = %d, want %d", seed, n, skip, i, got[i], want)
					}
				}
				if a, b := bulk.mt.Uint32(), scalar.mt.Uint32(); a != b {
					t.Fatalf("seed %d n %d skip %d: generator left at a different place", seed, n, skip)
				}
			}
		}
	}
}

// sortedLoads must agree with adding up range widths one by one.
func TestSortedLoadsMatchesWidths(t *testing.T) {
	r := newPyRandom(8)
	for _, nodes := range []int{1, 2, 10, 37} {
		for _, v := range []int{1, 3, 64} {
			m := nodes * v
			points := make([]uint32, m)
			for i := range points {
				points[i] = r.mt.Uint32() >> (i % 3 * 8) // some repeats and small values
			}
			slices.Sort(points)
			want := make([]uint64, nodes)
			for i := range points {
				want[i%nodes] += rangeWidth(points, i)
			}
			got := sortedLoads(points, nodes, make([]uint64, nodes), new([]uint64))
			if !slices.Equal(got, want) {
				t.Fatalf("N %d V %d: loads %v, want %v", nodes, v, got, want)
			}
		}
	}
}
