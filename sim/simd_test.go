package sim

import (
	"math/bits"
	"slices"
	"testing"
)

// randomState fills a generator state with arbitrary words (not a state a
// seed would give, which makes no difference to the twist).
func randomState(r *pyRandom) *[mtN]uint32 {
	var s [mtN]uint32
	for i := range s {
		s[i] = r.mt.Uint32()
	}
	return &s
}

// twistState (vectorised where the CPU allows) must equal the plain twist.
func TestTwistStateMatchesGeneric(t *testing.T) {
	r := newPyRandom(3)
	for round := range 300 {
		fast := randomState(r)
		if round%50 == 0 {
			for i := range fast { // all bits set: every mask and carry path
				fast[i] = ^uint32(0)
			}
		}
		plain := *fast
		twistState(fast)
		twistGeneric(&plain)
		if i := firstDifference(fast[:], plain[:]); i >= 0 {
			t.Fatalf("round %d: word %d is %#x, want %#x", round, i, fast[i], plain[i])
		}
	}
}

// acceptPairs must keep the same points, stop at the same word and fill
// exactly as much of dst as the plain loop, from any even start word and
// for any room left in dst.
func TestAcceptPairsMatchesGeneric(t *testing.T) {
	r := newPyRandom(8)
	for round := range 200 {
		state := randomState(r)
		for _, k := range []int{0, 2, 16, 94, 606, 608, 610, 622} {
			for _, room := range []int{1, 7, 8, 9, 64, 200, 311, 400} {
				fast := make([]uint32, room)
				plain := make([]uint32, room)
				n, next := 0, k
				for n < room && next < mtN-1 {
					n, next = acceptPairs(state, next, fast, n)
				}
				pn, pnext := acceptPairsGeneric(state, k, plain, 0)
				if n != pn || next != pnext || !slices.Equal(fast[:n], plain[:pn]) {
					t.Fatalf("round %d k %d room %d: kept %d up to word %d, want %d up to %d",
						round, k, room, n, next, pn, pnext)
				}
			}
		}
	}
}

func firstDifference(a, b []uint32) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func BenchmarkTwist(b *testing.B) {
	state := randomState(newPyRandom(1))
	for b.Loop() {
		twistState(state)
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

// sortedCopy, whichever clean-up the CPU gets, must agree with slices.Sort
// at every size band, including unlucky data with crowded buckets.
func TestSortedCopyMatchesSlicesSort(t *testing.T) {
	r := newPyRandom(21)
	var buf []uint32
	for _, n := range []int{1, 2, 63, 64, 65, 100, 160, 640, 2560, 4095, dealMax, dealMax + 1, 20000} {
		for _, crowd := range []uint32{0, 0xfff00000, 0xffff0000} {
			src := make([]uint32, n)
			r.ringPoints(src)
			for i := range src {
				if i%3 == 0 {
					src[i] |= crowd // many values in the top buckets
				}
			}
			want := slices.Clone(src)
			slices.Sort(want)
			orig := slices.Clone(src)
			got := sortedCopy(&buf, src)
			if !slices.Equal(got, want) {
				t.Fatalf("n=%d crowd=%#x: not sorted like slices.Sort", n, crowd)
			}
			if !slices.Equal(src, orig) {
				t.Fatalf("n=%d: sortedCopy changed its input", n)
			}
		}
	}
}

// Seeding a batch (a vector lane per seed where the CPU allows) must give
// each seed exactly the state that seeding it alone gives.
func TestSeedBatchMatchesSeedKey(t *testing.T) {
	var b seedBatch
	for _, first := range []int{0, 1, 13, 999, 1<<32 - 3, 1 << 40} {
		for n := 1; n <= seedLanes; n++ {
			b.prepare(first, n)
			for k := range n {
				var g mt19937
				g.seedKey(seedKey(uint64(first + k)))
				if i := firstDifference(b.states[k][:], g.state[:]); i >= 0 {
					t.Fatalf("seed %d in a batch of %d: word %d is %#x, want %#x",
						first+k, n, i, b.states[k][i], g.state[i])
				}
			}
		}
	}
}

// Dealing with draw indexes (in assembly where the CPU allows) must give
// the buckets in order, each in draw order, and the true fullest bucket.
func TestDealMatchesStableBucketOrder(t *testing.T) {
	r := newPyRandom(30)
	var d dealt
	for _, n := range []int{64, 65, 100, 640, 2560, 4097, dealMax} {
		for _, crowd := range []uint32{0, 0xffc00000} {
			src := make([]uint32, n)
			r.ringPoints(src)
			for i := range src {
				if i%5 == 0 {
					src[i] |= crowd
				}
			}
			d.deal(src, true)
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
