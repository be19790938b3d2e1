package sorting

import "slices"

// descending sorts one seed's loads largest first: ascending with the
// slices package, which has a fast path for ordered types, then reversed.
func descending[T uint64 | float64](xs []T) {
	slices.Sort(xs)
	slices.Reverse(xs)
}

// DescendingUint64 sorts xs largest first.
func DescendingUint64(xs []uint64) { descending(xs) }

// DescendingFloat64 sorts xs largest first (NaNs, if any, last).
func DescendingFloat64(xs []float64) { descending(xs) }
