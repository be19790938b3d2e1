package sorting

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// uniform returns n pseudo-random 32-bit values, the same for the same seed.
func uniform(seed uint64, n int) []uint32 {
	r := rand.New(rand.NewPCG(seed, 0))
	a := make([]uint32, n)
	for i := range a {
		a[i] = r.Uint32()
	}
	return a
}

// SortedCopy, whichever clean-up the CPU gets, must agree with slices.Sort
// at every size band, including unlucky data with crowded buckets and
// repeated digits (which the radix sort's skipped passes need), and leave
// its input alone.
func TestSortedCopyMatchesSlicesSort(t *testing.T) {
	var buf []uint32
	sizes := []int{1, 2, 63, 64, 65, 100, 160, 255, 256, 640, 1000, 2560, 4095, 5000, DealMax, DealMax + 1, 20000}
	for i, n := range sizes {
		for _, crowd := range []uint32{0, 0xfff00000, 0xffff0000, 0xff00ff} {
			src := uniform(uint64(i), n)
			for i := range src {
				switch {
				case i%3 == 0 && crowd != 0xff00ff:
					src[i] |= crowd // many values in the top buckets
				case i%7 == 0 && crowd == 0xff00ff:
					src[i] &= crowd // repeated digits
				}
			}
			want := slices.Clone(src)
			slices.Sort(want)
			orig := slices.Clone(src)
			got := SortedCopy(&buf, src)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d crowd=%#x: not sorted like slices.Sort", n, crowd)
			}
			if !slices.Equal(src, orig) {
				t.Fatalf("n=%d: SortedCopy changed its input", n)
			}
		}
	}
}

// FuzzSortPoints checks SortedCopy against the invariant it promises.
func FuzzSortPoints(f *testing.F) {
	f.Add([]byte{3, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		data = data[:min(len(data), 300)] // up to 19,200 values: every sort path, quickly
		a := make([]uint32, 0, len(data)*64)
		for i := range 64 {
			for _, b := range data {
				a = append(a, uint32(b)<<(i%25)|uint32(i))
			}
		}
		if len(a) == 0 {
			return
		}
		counts := map[uint32]int{}
		for _, x := range a {
			counts[x]++
		}
		a = SortedCopy(new([]uint32), a)
		for i, x := range a {
			if i > 0 && a[i-1] > x {
				t.Fatalf("not sorted at %d", i)
			}
			counts[x]--
		}
		for x, c := range counts {
			if c != 0 {
				t.Fatalf("value %d count changed by %d", x, c)
			}
		}
	})
}

// Dealing with draw indexes (in assembly where the CPU allows) must give
// the buckets in order, each in draw order, and the true fullest bucket.
func TestDealMatchesStableBucketOrder(t *testing.T) {
	var d Dealt
	for i, n := range []int{64, 65, 100, 640, 2560, 4097, DealMax} {
		for _, crowd := range []uint32{0, 0xffc00000} {
			src := uniform(uint64(100+i), n)
			for i := range src {
				if i%5 == 0 {
					src[i] |= crowd
				}
			}
			d.Deal(src)
			b := min(uint(bits.Len(uint(n))), maxBucketBits)
			order := make([]int, n)
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(x, y int) int {
				return int(src[x]>>(32-b)) - int(src[y]>>(32-b))
			})
			fullest, run := 0, 0
			for k, i := range order {
				if d.vals[k] != src[i] || d.idx[k] != uint32(i) {
					t.Fatalf("n=%d crowd=%#x: slot %d holds draw %d (%#x), want draw %d (%#x)",
						n, crowd, k, d.idx[k], d.vals[k], i, src[i])
				}
				if k > 0 && src[i]>>(32-b) == src[order[k-1]]>>(32-b) {
					run++
				} else {
					run = 1
				}
				fullest = max(fullest, run)
			}
			if d.fullest != fullest {
				t.Fatalf("n=%d crowd=%#x: fullest bucket %d, want %d", n, crowd, d.fullest, fullest)
			}
		}
	}
}

// Dropping the later draws from a deal and sorting what is left must give
// the sorted prefix, for every prefix length down from the whole draw, as
// a sweep uses it.
func TestKeepDrawnBeforeSortsPrefixes(t *testing.T) {
	src := uniform(7, 2560)
	var d Dealt
	d.Deal(src)
	var buf []uint32
	for _, m := range []int{5000, 2560, 2559, 1280, 640, 161, 160, 40, 20, 10, 1} {
		d.KeepDrawnBefore(m)
		want := slices.Clone(src[:min(m, len(src))])
		slices.Sort(want)
		if got := d.Sorted(&buf); !slices.Equal(got, want) {
			t.Fatalf("prefix %d: sorted dealt values differ from the sorted prefix", m)
		}
	}
}

// The kernel that drops later draws must agree with its Go twin, for every
// length around the vector width and every cut-off.
func TestCompactDrawnBeforeMatchesGeneric(t *testing.T) {
	for n := range 40 {
		vals := uniform(uint64(n), n)
		idx := make([]uint32, n)
		for i := range idx {
			idx[i] = uint32((i * 7) % max(n, 1)) // a permutation when gcd(7, n) = 1, else repeats
		}
		for m := range uint32(n + 2) {
			fv, fi := slices.Clone(vals), slices.Clone(idx)
			pv, pi := slices.Clone(vals), slices.Clone(idx)
			k := compactDrawnBefore(fv, fi, m)
			pk := compactDrawnBeforeGeneric(pv, pi, m)
			if k != pk || !slices.Equal(fv[:k], pv[:pk]) || !slices.Equal(fi[:k], pi[:pk]) {
				t.Fatalf("n=%d m=%d: kept %d, want %d", n, m, k, pk)
			}
		}
	}
}

// oddEvenPasses runs rounds of odd-even transposition on a: compare-exchange
// the pairs (0,1), (2,3), ..., then (1,2), (3,4), ..., alternately. When
// blocks are already in order with each other, no exchange ever crosses a
// block boundary, so every block is sorted on its own, and a block of k
// values is sorted after k rounds. This is the plain Go reference for the
// vector clean-up in sortBuckets (oetAVX2).
func oddEvenPasses(a []uint32, rounds int) {
	for r := range rounds {
		for i := r % 2; i+1 < len(a); i += 2 {
			a[i], a[i+1] = min(a[i], a[i+1]), max(a[i], a[i+1])
		}
	}
}

// Odd-even transposition sorts every block of k values in k rounds,
// whichever round parity the block starts on: checked for every ordering of
// up to 7 values (with ties), placed at an even and an odd offset between
// smaller and larger neighbours.
func TestOddEvenRoundsSortBlocks(t *testing.T) {
	for k := 1; k <= 7; k++ {
		block := make([]uint32, k)
		var visit func(i int)
		visit = func(i int) {
			if i == k {
				for offset := range 2 {
					a := make([]uint32, 0, k+3)
					for range offset + 1 {
						a = append(a, 0)
					}
					a = append(a, block...)
					a = append(a, 100, 100)
					oddEvenPasses(a, k)
					if !slices.IsSorted(a) {
						t.Fatalf("block %v at offset %d: %v after %d rounds", block, offset+1, a, k)
					}
				}
				return
			}
			for v := uint32(1); v <= uint32(k); v++ {
				block[i] = v
				visit(i + 1)
			}
		}
		visit(0)
	}
}

// RoundRobinLoads must agree with adding up range widths one by one.
func TestRoundRobinLoadsMatchesWidths(t *testing.T) {
	for _, nodes := range []int{1, 2, 10, 37} {
		for _, v := range []int{1, 3, 64} {
			m := nodes * v
			points := uniform(uint64(m), m)
			for i := range points {
				points[i] >>= i % 3 * 8 // some repeats and small values
			}
			slices.Sort(points)
			want := make([]uint64, nodes)
			for i := range points {
				want[i%nodes] += width(points, i)
			}
			got := RoundRobinLoads(points, nodes, make([]uint64, nodes), new([]uint64))
			if !slices.Equal(got, want) {
				t.Fatalf("N %d V %d: loads %v, want %v", nodes, v, got, want)
			}
		}
	}
}

// width is the number of ring positions from sorted[i] to the next point.
func width(sorted []uint32, i int) uint64 {
	if i == len(sorted)-1 {
		return uint64(sorted[0]) + ringSize - uint64(sorted[i])
	}
	return uint64(sorted[i+1] - sorted[i])
}
