package sorting

// shellGaps are Ciura's gaps, smallest last; longer inputs start further up.
var shellGaps = [...]int{1750, 701, 301, 132, 57, 23, 10, 4, 1}

// descending sorts one seed's loads (at most a few thousand) largest first,
// by Shell sort. The browser build then carries this small sort instead of
// the slices package's generic pdqsort for these types: about 9 kB of
// compressed download each. Floats must not be NaN.
func descending[T uint64 | float64](xs []T) {
	for _, gap := range shellGaps {
		for i := gap; i < len(xs); i++ {
			v, j := xs[i], i
			for ; j >= gap && xs[j-gap] < v; j -= gap {
				xs[j] = xs[j-gap]
			}
			xs[j] = v
		}
	}
}

// DescendingUint64 sorts xs largest first.
func DescendingUint64(xs []uint64) { descending(xs) }

// DescendingFloat64 sorts xs largest first (they must not be NaN).
func DescendingFloat64(xs []float64) { descending(xs) }
