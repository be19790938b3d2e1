package sorting

import "slices"

// SortedCopy returns src's values in ascending order, in *buf (grown as
// needed, with the room past the values that sortBuckets uses); src is left
// as it was. Points are uniform 32-bit values, which suits distribution
// sorts: up to DealMax values one bucket pass (Dealt) and a short clean-up,
// above it an LSD radix sort. Tiny inputs go to slices.Sort.
func SortedCopy(buf *[]uint32, src []uint32) []uint32 {
	n := len(src)
	switch {
	case n < 64:
		out := growWithSlack(*buf, n)
		*buf = out
		copy(out, src)
		slices.Sort(out)
		return out
	case n <= DealMax:
		var d Dealt
		d.vals = *buf
		d.deal(src, false)
		sortBuckets(d.vals, d.fullest)
		*buf = d.vals
		return d.vals
	default:
		out := growWithSlack(*buf, n)
		*buf = out
		copy(out, src)
		radixSortPoints(out, make([]uint32, n))
		return out
	}
}

// sortBucketsGeneric sorts a, in which no value is out of order with a value
// of another bucket. It is an insertion sort in which the newest value and
// the largest so far are ordered with min and max (conditional moves, no
// branch): a plain insertion sort's first comparison is a coin toss inside a
// bucket. Only a value that has to go back more than one place takes a
// branch, and that is rare.
func sortBucketsGeneric(a []uint32) {
	if len(a) == 0 {
		return
	}
	largest := a[0] // belongs at a[i-1] while a[i] is placed
	for i := 1; i < len(a); i++ {
		x := a[i]
		lo := min(largest, x)
		largest = max(largest, x)
		j := i - 1
		for j > 0 && a[j-1] > lo {
			a[j] = a[j-1]
			j--
		}
		a[j] = lo
	}
	a[len(a)-1] = largest
}

// radixSortPoints sorts a with four stable 8-bit passes through tmp.
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
