//go:build !amd64 || !gc || purego

package sorting

// Without the amd64 vector kernels (WebAssembly, other CPUs, or the purego
// tag) sorting runs the plain Go versions.

// oetSlack is the spare room growWithSlack keeps past the values (none
// needed).
const oetSlack = 0

func sortBuckets(a []uint32, fullest int) { sortBucketsGeneric(a) }

func compactDrawnBefore(vals, idx []uint32, m uint32) int {
	return compactDrawnBeforeGeneric(vals, idx, m)
}

func dealFast(d *Dealt, src []uint32, counts *[bucketsPerDeal]uint16, b, shift uint) bool {
	return false
}

func sumRankClasses(points []uint32, sums []uint64, scratch *[]uint64) {
	sumRankClassesGeneric(points, sums)
}
