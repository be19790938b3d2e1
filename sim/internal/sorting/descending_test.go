package sorting

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Both sorts agree with the slices package's, sorted the other way, on
// lengths either side of every gap and with repeated values.
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
			wantU, wantF := slices.Clone(u), slices.Clone(f)
			slices.Sort(wantU)
			slices.Reverse(wantU)
			slices.Sort(wantF)
			slices.Reverse(wantF)
			DescendingUint64(u)
			DescendingFloat64(f)
			if !slices.Equal(u, wantU) || !slices.Equal(f, wantF) {
				t.Fatalf("n=%d, values below %d: not sorted largest first", n, spread)
			}
		}
	}
}
