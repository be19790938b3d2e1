package sim

import "slices"

// Boundaries are uniform 32-bit values, so an LSD radix sort with four 8-bit
// passes beats a comparison sort for every size the app uses.
const radixThreshold = 256

// sortPoints sorts a ascending, using tmp (len >= len(a)) as scratch.
func sortPoints(a, tmp []uint32) {
	if len(a) < radixThreshold {
		slices.Sort(a)
		return
	}
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

// sortKeys sorts keys by their high 32 bits (the ring position), keeping the
// low bits (the draw index) in ascending order among equal positions.
func sortKeys(a, tmp []uint64) {
	if len(a) < radixThreshold {
		slices.Sort(a)
		return
	}
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
