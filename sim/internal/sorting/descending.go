package sorting

// DescendingUint64 and DescendingFloat64 sort one seed's loads (at most a
// few thousand) largest first, by Shell sort. They are written out per type
// so that the browser build carries neither of the slices package's
// generic sorts for these types: about 9 kB of compressed download each.

// shellGaps are Ciura's gaps, smallest last; longer inputs start further up.
var shellGaps = [...]int{1750, 701, 301, 132, 57, 23, 10, 4, 1}

// DescendingUint64 sorts xs largest first.
func DescendingUint64(xs []uint64) {
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

// DescendingFloat64 sorts xs largest first (they must not be NaN).
func DescendingFloat64(xs []float64) {
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
