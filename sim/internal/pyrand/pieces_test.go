package pyrand

import (
	"slices"
	"testing"
)

// Drawing in pieces, as a long draw that pauses does, must give the stream
// of one draw, whatever the piece sizes (odd ones included), and leave the
// generator at the same place.
func TestRingPointsInPiecesDrawTheSameStream(t *testing.T) {
	const n = 5000
	whole := make([]uint32, n)
	ref := newRandom(7)
	ref.RingPoints(whole)
	for _, piece := range []int{1, 3, 311, 624, 1000, 4096} {
		got := make([]uint32, n)
		r := newRandom(7)
		for lo := 0; lo < n; lo += piece {
			r.RingPoints(got[lo:min(lo+piece, n)])
		}
		if !slices.Equal(got, whole) {
			t.Fatalf("pieces of %d: stream differs", piece)
		}
		if a, b := r.RingPoint(), newRandomAt(ref).RingPoint(); a != b {
			t.Fatalf("pieces of %d: next draw %d, want %d", piece, a, b)
		}
	}
}

// newRandomAt copies r, so that drawing from the copy leaves r alone.
func newRandomAt(r *Random) *Random {
	c := *r
	return &c
}

func TestShuffleStepsInPiecesShuffleAlike(t *testing.T) {
	const n = 3001
	want := make([]int, n)
	for i := range want {
		want[i] = i
	}
	got := slices.Clone(want)
	Shuffle(newRandom(9), want)
	r := newRandom(9)
	for from := n - 1; from > 0; from -= 250 {
		ShuffleSteps(r, got, from, max(from-250, 0))
	}
	if !slices.Equal(got, want) {
		t.Fatal("a shuffle in pieces differs from one in one go")
	}
}
