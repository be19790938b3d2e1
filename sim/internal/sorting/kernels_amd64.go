//go:build amd64 && gc && !purego

package sorting

import "golang.org/x/sys/cpu"

// Sorting's hot loops as AVX2 kernels (kernels_amd64.s): dealing into
// buckets, cleaning the buckets up with vector compare-exchanges, dropping
// the points drawn after a prefix, and summing rank classes. Every kernel
// has a plain Go twin (sortBucketsGeneric, the loops of Dealt.deal,
// compactDrawnBeforeGeneric, sumRankClassesGeneric), and kernels_test.go
// checks each pair against each other.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT

// oetAVX2 runs rounds of odd-even transposition (see oddEvenPasses in
// kernels_test.go) over a[0 : 8*vecs+1], 8 values at a time: even rounds on
// a[0:], odd rounds on a[1:], so every vector holds whole pairs.
//
//go:noescape
func oetAVX2(a *uint32, vecs, rounds int)

// oetSlack is the room sortBuckets needs past the values: up to 7 to fill
// the last vector and one more for the odd rounds, all set to the largest
// value, which an exchange never moves.
const oetSlack = 8

// cleanRounds is how many rounds of odd-even transposition sortBuckets
// runs. Three sort every bucket of up to three values, which with one or
// two buckets per value is all but a handful; those few are found by
// findDescentAVX2 and put in place one at a time.
const cleanRounds = 3

// findDescentAVX2 returns the first k >= from with a[k] > a[k+1], checking
// 8 pairs at a time, or n if there is none before n-1 (a k >= n-1 may also
// come back, from the padding, and means none).
//
//go:noescape
func findDescentAVX2(a *uint32, from, n int) int

// sortBuckets sorts a, in which values are only out of order within their
// own bucket and no bucket holds more than fullest values. Its capacity
// must leave oetSlack past the values.
func sortBuckets(a []uint32, fullest int) {
	n := len(a)
	if !haveAVX2 || n < 16 {
		sortBucketsGeneric(a)
		return
	}
	pad := a[n : n+oetSlack]
	for i := range pad {
		pad[i] = ^uint32(0)
	}
	rounds := min(fullest, cleanRounds)
	oetAVX2(&a[0], (n+7)/8, rounds)
	if fullest <= rounds {
		return
	}
	a = a[:n+oetSlack]
	for k := findDescentAVX2(&a[0], 0, n); k < n-1; k = findDescentAVX2(&a[0], k, n) {
		x, j := a[k+1], k+1 // a[:k+1] is sorted: insert a[k+1] into it
		for j > 0 && a[j-1] > x {
			a[j] = a[j-1]
			j--
		}
		a[j] = x
	}
}

// compactBelowAVX2 moves the values of vals[:8*vecs] whose idx is below m
// to the front, with their idx, in order, 8 at a time; it returns how many.
//
//go:noescape
func compactBelowAVX2(vals, idx *uint32, vecs int, m uint32, order *[256]uint64) int

func compactDrawnBefore(vals, idx []uint32, m uint32) int {
	vecs := len(vals) / 8
	if !haveAVX2 || vecs == 0 {
		return compactDrawnBeforeGeneric(vals, idx, m)
	}
	n := compactBelowAVX2(&vals[0], &idx[0], vecs, m, &laneOrder)
	rest := vals[vecs*8:]
	copy(vals[n:], rest) // the last few, through the Go loop
	copy(idx[n:], idx[vecs*8:len(vals)])
	return n + compactDrawnBeforeGeneric(vals[n:n+len(rest)], idx[n:n+len(rest)], m)
}

// laneOrder[mask] lists, one byte each, the lanes set in mask, in order.
var laneOrder = func() (t [256]uint64) {
	for mask := range t {
		k := 0
		for lane := range 8 {
			if mask>>lane&1 == 1 {
				t[mask] |= uint64(lane) << (8 * k)
				k++
			}
		}
	}
	return t
}()

// countBuckets adds one to counts[x>>shift] for each x in src[:n].
//
//go:noescape
func countBuckets(src *uint32, n int, counts *uint16, shift uint)

// startsAVX2 turns counts[:16*vecs] into bucket starts (exclusive prefix
// sums) and returns the largest count.
//
//go:noescape
func startsAVX2(counts *uint16, vecs int) uint16

// dealIndexed deals src[:n]: p = next[x>>shift]++, vals[p] = x, idx[p] = i.
//
//go:noescape
func dealIndexed(src *uint32, n int, next *uint16, shift uint, vals, idx *uint32)

// dealFast is Dealt.deal's loops in assembly, for 16 or more buckets and
// with draw indexes; it reports false when it does not apply.
func dealFast(d *Dealt, src []uint32, counts *[bucketsPerDeal]uint16, b, shift uint) bool {
	if !haveAVX2 || b < 4 {
		return false
	}
	countBuckets(&src[0], len(src), &counts[0], shift)
	d.fullest = int(startsAVX2(&counts[0], 1<<b/16))
	dealIndexed(&src[0], len(src), &counts[0], shift, &d.vals[0], &d.idx[0])
	return true
}

// sumClassesAVX2 adds points[j] to acc[j mod accLen] for j < 4*quads;
// accLen is a multiple of 4.
//
//go:noescape
func sumClassesAVX2(points *uint32, quads int, acc *uint64, accLen int)

// sumRankClasses adds to sums[o] every point whose rank is o mod N (sums
// has N entries, zeroed); scratch holds the vector accumulators.
func sumRankClasses(points []uint32, sums []uint64, scratch *[]uint64) {
	nodes := len(sums)
	accLen := nodes * 4 / gcd(nodes, 4) // whole vectors of 4 and whole rows of N
	quads := len(points) / 4
	if !haveAVX2 || quads == 0 {
		sumRankClassesGeneric(points, sums)
		return
	}
	if cap(*scratch) < accLen {
		*scratch = make([]uint64, accLen)
	}
	a := (*scratch)[:accLen]
	clear(a)
	sumClassesAVX2(&points[0], quads, &a[0], accLen)
	for t, v := range a {
		sums[t%nodes] += v
	}
	for j := quads * 4; j < len(points); j++ {
		sums[j%nodes] += uint64(points[j])
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
