package sorting

import (
	"cmp"
	"slices"
	"testing"
)

// SortKeyed must order by point and keep equal points in draw order, as a
// stable sort does, also with crowded and repeated digits; the filter must
// keep exactly the points drawn before m, in order.
func TestSortKeyedAndFilter(t *testing.T) {
	for i, n := range []int{0, 1, 2, 3, 100, 2560, 40000} {
		for _, mask := range []uint32{0xffffffff, 0xff00ff00, 0x0000000f} {
			src := uniform(uint64(i+7), n)
			keys := make([]uint64, n)
			for j := range src {
				src[j] &= mask // mask 0xf: many equal points
				keys[j] = Keyed(src[j], j)
			}
			want := slices.Clone(keys)
			slices.SortStableFunc(want, func(a, b uint64) int { return cmp.Compare(a>>32, b>>32) })
			SortKeyed(keys, make([]uint64, n))
			if !slices.Equal(keys, want) {
				t.Fatalf("n=%d mask %#x: SortKeyed differs from a stable sort by point", n, mask)
			}
			for _, m := range []int{0, 1, n / 3, n} {
				var kept []uint32
				for _, k := range want {
					if int(uint32(k)) < m {
						kept = append(kept, uint32(k>>32))
					}
				}
				got := PointsDrawnBefore(keys, m, make([]uint32, n))
				if !slices.Equal(got, kept) || !slices.IsSorted(got) {
					t.Fatalf("n=%d mask %#x m=%d: kept %d points, want %d", n, mask, m, len(got), len(kept))
				}
			}
		}
	}
}

// In pieces, the sort reports 5 units a key, none over StepUnits at once,
// and sorts as it does in one go; stopped, it says so.
func TestSortKeyedStepReportsItsWork(t *testing.T) {
	n := 3*StepUnits + 5
	src := uniform(3, n)
	keys, want := make([]uint64, n), make([]uint64, n)
	for i, x := range src {
		keys[i] = Keyed(x, i)
	}
	copy(want, keys)
	SortKeyed(want, make([]uint64, n))
	total := 0
	ok := SortKeyedStep(keys, make([]uint64, n), func(u int) bool {
		if u < 1 || u > StepUnits {
			t.Fatalf("a piece of %d units", u)
		}
		total += u
		return true
	})
	if !ok || total != 5*n || !slices.Equal(keys, want) {
		t.Fatalf("ok %v, %d units for %d keys (want %d), sorted alike: %v", ok, total, n, 5*n, slices.Equal(keys, want))
	}
	if SortKeyedStep(keys, make([]uint64, n), func(int) bool { return false }) {
		t.Fatal("a stopped sort reported that it finished")
	}
}
