//go:build amd64 && gc && !purego

package sorting

import (
	"slices"
	"testing"
)

// The vector odd-even transposition must do what oddEvenPasses does, round
// for round, over whole vectors plus the one value the odd rounds reach.
func TestOETMatchesOddEvenPasses(t *testing.T) {
	if !haveAVX2 {
		t.Skip("no AVX2")
	}
	for vecs := 1; vecs <= 5; vecs++ {
		for rounds := range 6 {
			for seed := range uint64(20) {
				a := uniform(seed, 8*vecs+1)
				for i := range a {
					a[i] >>= 28 // many ties
				}
				want := slices.Clone(a)
				oddEvenPasses(want, rounds)
				oetAVX2(&a[0], vecs, rounds)
				if !slices.Equal(a, want) {
					t.Fatalf("vecs %d rounds %d seed %d: %v, want %v", vecs, rounds, seed, a, want)
				}
			}
		}
	}
}
