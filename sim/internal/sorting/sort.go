package sorting

import "slices"

// SortedCopy returns src's values in ascending order, in *buf (grown as
// needed, with the room past the values that sortBuckets uses); src is left
// as it was. Points are uniform 32-bit values, which suits distribution
// sorts: up to DealMax values one bucket pass (Dealt) and a short clean-up,
// above it an LSD radix sort. Tiny inputs go to slices.Sort.
func SortedCopy(buf *[]uint32, src []uint32) []uint32 {
	out, _ := SortedCopyStep(buf, nil, src, nil)
	return out
}

// Step is told, between pieces of a long job, how many units of work the
// piece just finished did; it returns false to stop the job there.
type Step func(units int) bool

// StepUnits is the most units a job does between two calls of its Step.
const StepUnits = 1 << 16

// SortWork is the units SortedCopyStep reports for n values: one per value
// and pass over them, so 5n for the radix sort (a counting pass and four
// digit passes) and n for the others, which take one piece.
func SortWork(n int) int {
	if n > DealMax {
		return 5 * n
	}
	return n
}

// SortedCopyStep is SortedCopy that keeps the radix sort's scratch in *tmp
// (grown as needed) rather than allocating it afresh, unless tmp is nil,
// and calls step (unless nil) after every piece of at most StepUnits
// units, SortWork(len(src)) in all. If step returns false it stops at once
// and reports false; *buf then holds nothing useful.
func SortedCopyStep(buf, tmp *[]uint32, src []uint32, step Step) ([]uint32, bool) {
	out := sortedCopy(buf, tmp, src, step)
	if out == nil {
		return nil, false
	}
	if step != nil && len(src) <= DealMax {
		return out, step(len(src)) // the short sorts go in one piece
	}
	return out, true
}

// sortedCopy is SortedCopyStep's work; it returns nil when step stopped it.
func sortedCopy(buf, tmp *[]uint32, src []uint32, step Step) []uint32 {
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
		var scratch []uint32
		if tmp == nil {
			scratch = make([]uint32, n)
		} else {
			*tmp = grow(*tmp, n)
			scratch = *tmp
		}
		if !radixSortPoints(out, src, scratch, step) {
			return nil
		}
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

// radixSortPoints copies src to a and sorts it there with four stable
// 8-bit passes through tmp. With a step it goes through the copy and each
// pass in pieces of StepUnits values and calls step after each (see
// SortedCopyStep); without one, each is a single piece, so the loops are
// those of a plain radix sort.
func radixSortPoints(a, src, tmp []uint32, step Step) bool {
	piece := len(a)
	if step != nil {
		piece = StepUnits
	}
	var counts [4][256]int
	for lo := 0; lo < len(a); lo += piece {
		hi := min(lo+piece, len(a))
		copy(a[lo:hi], src[lo:hi]) // the counting pass copies as it goes
		countDigits(&counts, a[lo:hi], 0)
		if step != nil && !step(hi-lo) {
			return false
		}
	}
	return digitPasses(a, tmp, &counts, 0, piece, step)
}

// digitPasses is the four stable 8-bit passes of an LSD radix sort of a
// (through tmp), on the digits from bit shift0 up, whose histograms counts
// holds. It goes through each pass in pieces of piece values and calls step
// (unless nil) after each; a pass whose digit every value shares moves
// nothing but reports its units all the same, so the total is known before
// the sort. It reports false if step stopped it.
func digitPasses[T uint32 | uint64](a, tmp []T, counts *[4][256]int, shift0 uint, piece int, step Step) bool {
	n := len(a)
	src, dst := a, tmp[:n]
	for pass := range 4 {
		shift := shift0 + uint(pass*8)
		c := &counts[pass]
		if n == 0 || c[src[0]>>shift&0xff] == n {
			for lo := 0; step != nil && lo < n; lo += piece {
				if !step(min(piece, n-lo)) {
					return false
				}
			}
			continue
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for lo := 0; lo < n; lo += piece {
			hi := min(lo+piece, n)
			for _, x := range src[lo:hi] {
				d := x >> shift & 0xff
				dst[c[d]] = x
				c[d]++
			}
			if step != nil && !step(hi-lo) {
				return false
			}
		}
		src, dst = dst, src
	}
	if n > 0 && &src[0] != &a[0] {
		copy(a, src)
	}
	return true
}

// countDigits adds the four bytes of each value, from bit shift0 up, to
// the histograms of the four radix passes.
func countDigits[T uint32 | uint64](counts *[4][256]int, xs []T, shift0 uint) {
	for _, x := range xs {
		counts[0][x>>shift0&0xff]++
		counts[1][x>>(shift0+8)&0xff]++
		counts[2][x>>(shift0+16)&0xff]++
		counts[3][x>>(shift0+24)&0xff]++
	}
}

// SortWithOwners sorts points in place, carrying owners[i] along with
// points[i] (a stable LSD radix sort: equal points keep their order),
// through tmpPoints and tmpOwners of the same length. With a step it calls
// it after every piece of at most StepUnits values, 5·len(points) units in
// all as SortWork counts a radix sort; it reports false if step stopped it.
func SortWithOwners(points []uint32, owners []uint16, tmpPoints []uint32, tmpOwners []uint16, step Step) bool {
	n := len(points)
	piece := max(n, 1)
	if step != nil {
		piece = StepUnits
	}
	var counts [4][256]int
	for lo := 0; lo < n; lo += piece {
		hi := min(lo+piece, n)
		countDigits(&counts, points[lo:hi], 0)
		if step != nil && !step(hi-lo) {
			return false
		}
	}
	src, dst := points, tmpPoints[:n]
	srcO, dstO := owners[:n], tmpOwners[:n]
	for pass := range 4 {
		shift := uint(pass * 8)
		c := &counts[pass]
		if n == 0 || c[src[0]>>shift&0xff] == n {
			for lo := 0; step != nil && lo < n; lo += piece {
				if !step(min(piece, n-lo)) {
					return false
				}
			}
			continue // every value shares this digit
		}
		sum := 0
		for i := range c {
			c[i], sum = sum, sum+c[i]
		}
		for lo := 0; lo < n; lo += piece {
			hi := min(lo+piece, n)
			for i, x := range src[lo:hi] {
				d := x >> shift & 0xff
				dst[c[d]], dstO[c[d]] = x, srcO[lo+i]
				c[d]++
			}
			if step != nil && !step(hi-lo) {
				return false
			}
		}
		src, dst = dst, src
		srcO, dstO = dstO, srcO
	}
	if n > 0 && &src[0] != &points[0] {
		copy(points, src)
		copy(owners, srcO)
	}
	return true
}
