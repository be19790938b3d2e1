package geom

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomSpans cuts the ring at m random points and keeps every other
// stretch, so the spans are disjoint and the last may wrap.
func randomSpans(r *rand.Rand, m int) []Span {
	points := make([]uint64, m)
	for i := range points {
		points[i] = uint64(r.Uint32())
	}
	slices.Sort(points)
	var spans []Span
	for i := 0; i+1 < m; i += 2 {
		spans = append(spans, Span{points[i], points[i+1]})
	}
	if m%2 == 1 {
		spans = append(spans, Span{points[m-1], points[0] + 1<<32})
	}
	return spans
}

// Without widening, a bin is marked exactly when the spans cover at least
// half of it, and then by the span with the widest piece.
func TestSpanStripMarksBinsHalfCovered(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const binWidth = 1 << (32 - StripBits)
	for _, m := range []int{1, 2, 3, 9, 200, 40001} {
		spans := randomSpans(r, m)
		dst := make([]int32, StripBins)
		SpanStrip(spans, 0, dst)
		cover := make([]uint64, StripBins)
		widest := make([]uint64, StripBins)
		want := make([]int32, StripBins)
		for b := range want {
			want[b] = -1
		}
		for i, sp := range spans {
			for b := sp.Start / binWidth; b*binWidth < sp.End; b++ {
				w := min(sp.End, (b+1)*binWidth) - max(sp.Start, b*binWidth)
				k := b % StripBins
				cover[k] += w
				if w > widest[k] {
					widest[k], want[k] = w, int32(i)
				}
			}
		}
		for b := range want {
			if 2*cover[b] < binWidth {
				want[b] = -1
			}
			if dst[b] != want[b] {
				t.Fatalf("m=%d bin %d: got span %d, want %d (cover %d of %d)", m, b, dst[b], want[b], cover[b], binWidth)
			}
		}
	}
}

// A sliver far thinner than a bin still gets minBins bins, around itself;
// wide spans are not widened.
func TestSpanStripWidensSlivers(t *testing.T) {
	const binWidth = 1 << (32 - StripBits)
	spans := []Span{
		{Start: 1000 * binWidth, End: 1000*binWidth + 3},            // a sliver
		{Start: 1<<32 - 1, End: 1<<32 + 1},                          // a sliver across the top
		{Start: 5000 * binWidth, End: 5100 * binWidth},              // 100 bins
		{Start: 9000*binWidth + binWidth/4, End: 9000*binWidth + 5}, // End before Start: nothing
	}
	dst := make([]int32, StripBins)
	SpanStrip(spans, 7, dst)
	count := map[int32]int{}
	for _, s := range dst {
		count[s]++
	}
	if count[0] != 7 || count[1] != 7 || count[2] != 100 || count[3] != 0 {
		t.Fatalf("bins per span: %v, want 7, 7, 100, 0", count)
	}
	for b := 997; b <= 1003; b++ {
		if dst[b] != 0 {
			t.Errorf("bin %d: %d, want the sliver at bin 1000", b, dst[b])
		}
	}
	for _, b := range []int{StripBins - 3, StripBins - 1, 0, 3} {
		if dst[b] != 1 {
			t.Errorf("bin %d: %d, want the sliver across the top", b, dst[b])
		}
	}
}

// Widening never takes a bin that a real span holds.
func TestSpanStripWideningYields(t *testing.T) {
	const binWidth = 1 << (32 - StripBits)
	spans := []Span{{Start: 100 * binWidth, End: 110 * binWidth}, {Start: 110 * binWidth, End: 110*binWidth + 1}}
	dst := make([]int32, StripBins)
	SpanStrip(spans, 9, dst)
	for b := 100; b < 110; b++ {
		if dst[b] != 0 {
			t.Errorf("bin %d went to the sliver", b)
		}
	}
	for b := 110; b < 115; b++ {
		if dst[b] != 1 {
			t.Errorf("bin %d: %d, want the sliver", b, dst[b])
		}
	}
}
