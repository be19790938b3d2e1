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

func TestKeepDrawnBefore(t *testing.T) {
	r := newPyRandom(5)
	for _, n := range []int{0, 1, 7, 100, 2560} {
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = uint64(r.mt.Uint32())<<32 | uint64(r.below(uint32(n)+1))
		}
		for _, m := range []int{0, 1, n / 3, n, n + 1} {
			var want []uint64
			for _, k := range keys {
				if int(uint32(k)) < m {
					want = append(want, k)
				}
			}
			got := keepDrawnBefore(make([]uint64, n), keys, m)
			if !slices.Equal(got, want) {
				t.Fatalf("n %d m %d: got %v, want %v", n, m, got, want)
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
			keys := make([]uint64, m)
			want := make([]uint64, nodes)
			for i, p := range points {
				keys[i] = uint64(p)<<32 | uint64(i)
				want[i%nodes] += rangeWidth(points, i)
			}
			got := sortedLoads(keys, nodes, make([]uint64, nodes))
			if !slices.Equal(got, want) {
				t.Fatalf("N %d V %d: loads %v, want %v", nodes, v, got, want)
			}
		}
	}
}

// sortKeys orders by position, then draw index, in every size band.
func TestSortKeysMatchesSlicesSort(t *testing.T) {
	r := newPyRandom(13)
	for _, n := range []int{1, 63, 64, 65, 1000, 2560, bucketMax, bucketMax + 1, 20000} {
		keys := make([]uint64, n)
		for i := range keys {
			p := r.mt.Uint32()
			if i%5 == 0 {
				p &= 0xff0000ff // repeated positions
			}
			keys[i] = uint64(p)<<32 | uint64(i)
		}
		want := slices.Clone(keys)
		slices.Sort(want)
		sortKeys(keys, make([]uint64, n))
		if !slices.Equal(keys, want) {
			t.Fatalf("n=%d: sortKeys disagrees with slices.Sort", n)
		}
	}
}
