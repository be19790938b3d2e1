package pyrand

import (
	"slices"
	"testing"
)

// The kernels (vectorised where the CPU allows) against their plain Go
// twins. Under the purego tag, or off amd64, each pair is the same code and
// these tests check only that the wrappers pass their arguments through.

// randomState fills a generator state with arbitrary words (not a state a
// seed would give, which makes no difference to the twist).
func randomState(r *Random) *[mtN]uint32 {
	var s [mtN]uint32
	for i := range s {
		s[i] = r.mt.genrand()
	}
	return &s
}

// twistState must equal the plain twist.
func TestTwistStateMatchesGeneric(t *testing.T) {
	r := newRandom(3)
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
	r := newRandom(8)
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

// Seeding a batch (a vector lane per seed where the CPU allows) must give
// each seed exactly the state that seeding it alone gives.
func TestBatchPrepareMatchesSeedKey(t *testing.T) {
	var b Batch
	for _, first := range []int{0, 1, 13, 999, 1<<32 - 3, 1 << 40} {
		for n := 1; n <= BatchSize; n++ {
			b.Prepare(first, n)
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

func firstDifference(a, b []uint32) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func BenchmarkTwist(b *testing.B) {
	state := randomState(newRandom(1))
	for b.Loop() {
		twistState(state)
	}
}
