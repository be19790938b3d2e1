//go:build !amd64 || purego

package sim

// Without the amd64 vector kernels (WebAssembly, other CPUs, or the purego
// tag) the generator runs the plain Go versions.

func twistState(mt *[mtN]uint32) { twistGeneric(mt) }

func acceptPairs(state *[mtN]uint32, k int, dst []uint32, n int) (int, int) {
	return acceptPairsGeneric(state, k, dst, n)
}

// oetSlack is the spare room sortedCopy keeps past the values (none needed).
const oetSlack = 0

func sortBuckets(a []uint32, fullest int) { sortBucketsGeneric(a) }

func seedStates(b *seedBatch) { seedStatesGeneric(b) }

func compactDrawnBefore(vals, idx []uint32, m uint32) int {
	return compactDrawnBeforeGeneric(vals, idx, m)
}

func dealFast(d *dealt, src []uint32, counts *[bucketsPerDeal]uint16, b, shift uint) bool {
	return false
}

func sumRankClasses(points []uint32, sums []uint64, acc *[]uint64) {
	sumRankClassesGeneric(points, sums)
}
