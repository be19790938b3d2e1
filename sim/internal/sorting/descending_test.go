package sorting

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Both sorts put the same values largest first, with and without repeats.
func TestDescendingSortsLargestFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 5, 11, 64, 300, 1000, 2048, 5000} {
		for _, spread := range []uint64{3, 1 << 40} {
			u := make([]uint64, n)
			f := make([]float64, n)
			for i := range u {
				u[i] = rng.Uint64N(spread)
				f[i] = float64(u[i]) / 7
			}
			origU, origF := slices.Clone(u), slices.Clone(f)
			DescendingUint64(u)
			DescendingFloat64(f)
			for i := 1; i < n; i++ {
				if u[i-1] < u[i] || f[i-1] < f[i] {
					t.Fatalf("n=%d, values below %d: not largest first at %d", n, spread, i)
				}
			}
			slices.Sort(u)
			slices.Sort(origU)
			slices.Sort(f)
			slices.Sort(origF)
			if !slices.Equal(u, origU) || !slices.Equal(f, origF) {
				t.Fatalf("n=%d, values below %d: the values changed", n, spread)
			}
		}
	}
}
