package sim

import (
	"math/bits"
	"slices"
)

// Ring points are uniform 32-bit values, which suits distribution sorts:
// below bucketMax a single bucket pass plus an insertion sort, above it an
// LSD radix sort with four 8-bit passes. Tiny inputs go to slices.Sort.
const (
	bucketMin     = 64
	bucketMax     = 1 << 13
	maxBucketBits = 12
)

// sortPoints sorts a ascending, using tmp (len >= len(a)) as scratch.
func sortPoints(a, tmp []uint32) {
	switch {
	case len(a) < bucketMin:
		slices.Sort(a)
	case len(a) <= bucketMax:
		bucketSort(a, tmp)
	default:
		radixSortPoints(a, tmp)
	}
}

// sortKeys sorts keys by their high 32 bits (the ring position), keeping the
// low bits (the draw index) in ascending order among equal positions.
func sortKeys(a, tmp []uint64) {
	switch {
	case len(a) < bucketMin:
		slices.Sort(a)
	case len(a) <= bucketMax:
		bucketSort(a, tmp) // whole-key order is position, then index
	default:
		radixSortKeys(a, tmp)
	}
}

// bucketSort sorts a (len <= bucketMax) ascending via tmp. It deals the
// values into about one bucket per element by their top bits, which for
// uniform data leaves only short runs out of order, then insertion-sorts
// them back into a. Fewer buckets than elements measured best: the bucket
// offsets cost as much to build as the extra insertion steps they save.
func bucketSort[T uint32 | uint64](a, tmp []T) {
	var counts [1 << maxBucketBits]uint32
	b := min(uint(bits.Len(uint(len(a))))-1, maxBucketBits)
	shift := uint(bits.Len64(uint64(^T(0)))) - b
	for _, x := range a {
		counts[x>>shift&(1<<maxBucketBits-1)]++
	}
	var sum uint32
	for i, c := range counts[:1<<b] {
		counts[i], sum = sum, sum+c
	}
	tmp = tmp[:len(a)]
	for _, x := range a {
		d := x >> shift & (1<<maxBucketBits - 1)
		tmp[counts[d]] = x
		counts[d]++
	}
	insertionSortInto(a, tmp)
}

// insertionSortInto copies src into dst in ascending order. It is fast only
// when src is nearly sorted.
func insertionSortInto[T uint32 | uint64](dst, src []T) {
	dst = dst[:len(src)]
	for i, x := range src {
		j := i
		for j > 0 && dst[j-1] > x {
			dst[j] = dst[j-1]
			j--
		}
		dst[j] = x
	}
}

func radixSortPoints(a, tmp []uint32) {
	var counts [4][256]int
	for _, x := range a {
		counts[0][x&0xff]++
		counts[1][x>>8&0xff]++
		counts[2][x>>16&0xff]++
		counts[3][x>>24]++
	}
	src, dst := a, tmp[:len(a)]
	for pass := range 4 {
		shift := uint(pass * 8)
		c := &counts[pass]
		if c[src[0]>>shift&0xff] == len(src) {
			continue // every value shares this digit
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for _, x := range src {
			d := x >> shift & 0xff
			dst[c[d]] = x
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &a[0] {
		copy(a, src)
	}
}

// radixSortKeys is stable, so keys with equal positions keep their order.
func radixSortKeys(a, tmp []uint64) {
	var counts [4][256]int
	for _, k := range a {
		x := uint32(k >> 32)
		counts[0][x&0xff]++
		counts[1][x>>8&0xff]++
		counts[2][x>>16&0xff]++
		counts[3][x>>24]++
	}
	src, dst := a, tmp[:len(a)]
	for pass := range 4 {
		shift := uint(32 + pass*8)
		c := &counts[pass]
		if c[src[0]>>shift&0xff] == len(src) {
			continue
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for _, k := range src {
			d := k >> shift & 0xff
			dst[c[d]] = k
			c[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &a[0] {
		copy(a, src)
	}
}
