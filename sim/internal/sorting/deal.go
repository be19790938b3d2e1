package sorting

import "math/bits"

// Dealing points into buckets by their top bits is the first half of every
// sort here: with one or two buckets per point, uniform points mostly land
// alone or in twos and threes, and sortBuckets finishes the job.
const (
	// DealMax is the most points dealt at once.
	DealMax        = 1 << 14
	maxBucketBits  = 13
	bucketsPerDeal = 1 << maxBucketBits
)

// Dealt is one draw dealt into buckets: vals in bucket order (each bucket
// in draw order) and, for a sweep, idx[i] the draw index of vals[i]. Its
// buffers are kept from one deal to the next.
type Dealt struct {
	vals, idx []uint32
	fullest   int // the most values in one bucket
}

// Deal deals src (len(src) <= DealMax) into d, recording each value's draw
// index, its position in src.
func (d *Dealt) Deal(src []uint32) { d.deal(src, true) }

// deal deals src (len <= DealMax) into d; withIndex also records idx.
func (d *Dealt) deal(src []uint32, withIndex bool) {
	n := len(src)
	d.vals = growWithSlack(d.vals, n)
	var counts [bucketsPerDeal]uint16                // DealMax fits in a uint16
	b := min(uint(bits.Len(uint(n))), maxBucketBits) // 1 to 2 buckets per value
	shift := (32 - b) & 31                           // 0 for b = 0: one bucket
	if withIndex {
		d.idx = growWithSlack(d.idx, n)
		if dealFast(d, src, &counts, b, shift) {
			return
		}
	}
	for _, x := range src {
		counts[bucketOf(x, b, shift)]++
	}
	var sum, fullest uint16
	for i, c := range counts[:1<<b] {
		counts[i], sum = sum, sum+c
		fullest = max(fullest, c)
	}
	d.fullest = int(fullest)
	vals := d.vals[:n]
	if !withIndex {
		for _, x := range src {
			k := bucketOf(x, b, shift)
			vals[counts[k]] = x
			counts[k]++
		}
		d.idx = d.idx[:0]
		return
	}
	idx := d.idx[:n]
	for i, x := range src {
		k := bucketOf(x, b, shift)
		p := counts[k]
		vals[p] = x
		idx[p] = uint32(i)
		counts[k] = p + 1
	}
}

// bucketOf is x's bucket among 1<<b; shift is 32-b, or 0 when b is 0.
func bucketOf(x uint32, b, shift uint) uint32 {
	return x >> shift & (1<<b - 1)
}

// KeepDrawnBefore drops every value drawn at index m or later, keeping the
// others in order, so they stay dealt into the same buckets. It needs the
// draw indexes that Deal records.
func (d *Dealt) KeepDrawnBefore(m int) {
	if m >= len(d.vals) {
		return
	}
	n := compactDrawnBefore(d.vals, d.idx, uint32(m))
	d.vals, d.idx = d.vals[:n], d.idx[:n]
}

// compactDrawnBeforeGeneric moves the values with idx < m to the front, in
// order, and returns how many there are. Every value is written and the
// write position only moves past those kept, so nothing branches on them.
func compactDrawnBeforeGeneric(vals, idx []uint32, m uint32) int {
	n := 0
	idx = idx[:len(vals)]
	for i, x := range idx {
		vals[n], idx[n] = vals[i], x
		n += int((x - m) >> 31) // draw indexes are far below 2**31
	}
	return n
}

// Sorted returns the dealt values in ascending order, in *buf (grown as
// needed). d itself is left as it was.
func (d *Dealt) Sorted(buf *[]uint32) []uint32 {
	*buf = growWithSlack(*buf, len(d.vals))
	out := (*buf)[:len(d.vals)]
	copy(out, d.vals)
	sortBuckets(out, d.fullest)
	return out
}

// growWithSlack returns s with length n and room for oetSlack more.
func growWithSlack(s []uint32, n int) []uint32 {
	if cap(s) < n+oetSlack {
		return make([]uint32, n, n+oetSlack)
	}
	return s[:n]
}

// grow returns s with length n, reallocated only if too short.
func grow(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	return s[:n]
}
