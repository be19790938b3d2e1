package geom

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomRing is m random sorted points, owned in turn by nodes nodes.
func randomRing(r *rand.Rand, m, nodes int) ([]uint32, []uint16) {
	points := make([]uint32, m)
	owners := make([]uint16, m)
	for i := range points {
		points[i] = r.Uint32()
		owners[i] = uint16(i % nodes)
	}
	slices.Sort(points)
	return points, owners
}

// A bin inside one range belongs to that range's owner; a bin shared by
// several ranges belongs to the owner of the widest piece.
func TestOwnerStripFollowsTheRanges(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, m := range []int{1, 2, 10, 2560, 100000} {
		points, owners := randomRing(r, m, 7)
		strip := make([]uint16, StripBins)
		OwnerStrip(points, owners, strip)
		const binWidth = 1 << (32 - StripBits)
		for b := range StripBins {
			lo := uint64(b) * binWidth
			// The widest piece of any range within [lo, lo+binWidth).
			var widest uint64
			var want []uint16
			for i, p := range points {
				end := uint64(points[0]) + 1<<32
				if i+1 < m {
					end = uint64(points[i+1])
				}
				for _, shift := range []uint64{0, 1 << 32} { // the last range also covers the start of the ring
					s, e := uint64(p)+0, end
					s, e = max(s, lo+shift), min(e, lo+shift+binWidth)
					if e <= s {
						continue
					}
					switch w := e - s; {
					case w > widest:
						widest, want = w, []uint16{owners[i]}
					case w == widest:
						want = append(want, owners[i])
					}
				}
			}
			if !slices.Contains(want, strip[b]) {
				t.Fatalf("m=%d bin %d: owner %d, want one of %v", m, b, strip[b], want)
			}
			if m > 10000 && b > 40 {
				break // the brute force is quadratic: a few bins are enough for the large case
			}
		}
	}
}

// Equal points (an empty range) are skipped, and a ring with one point is
// all one owner's.
func TestOwnerStripEdgeCases(t *testing.T) {
	strip := make([]uint16, StripBins)
	OwnerStrip([]uint32{5}, []uint16{3}, strip)
	for b, o := range strip {
		if o != 3 {
			t.Fatalf("one point: bin %d owned by %d, want 3", b, o)
		}
	}
	OwnerStrip([]uint32{0, 0, 1 << 31}, []uint16{1, 2, 3}, strip)
	if strip[0] != 2 || strip[StripBins/2] != 3 || strip[StripBins-1] != 3 {
		t.Fatalf("equal points: bins %d %d %d, want 2 3 3", strip[0], strip[StripBins/2], strip[StripBins-1])
	}
}

// Binned in pieces of any size, a ring gives the strip OwnerStrip gives
// in one go.

func TestStripBuilderInPiecesIsOwnerStrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, m := range []int{1, 3, 1000, 70000} {
		points, owners := randomRing(r, m, 50)
		want := make([]uint16, StripBins)
		OwnerStrip(points, owners, want)
		for _, piece := range []int{1, 7, 4096, m} {
			b := NewStripBuilder(points, owners)
			steps := 0
			for !b.Step(piece) {
				if b.Strip() != nil {
					t.Fatalf("m=%d piece=%d: a strip before the last range", m, piece)
				}
				steps++
			}
			if wantSteps := (m+piece-1)/piece - 1; steps != wantSteps {
				t.Errorf("m=%d piece=%d: %d steps before done, want %d", m, piece, steps, wantSteps)
			}
			if !slices.Equal(b.Strip(), want) {
				t.Errorf("m=%d piece=%d: the strip differs from OwnerStrip's", m, piece)
			}
		}
	}
}

// The binning's cost per change: one pass over the ranges, so the largest
// ring (N = 1000, V = 4096) is what the background binning is for.
func BenchmarkOwnerStrip(b *testing.B) {
	for _, m := range []int{10 * 256, 100 * 1024, 1000 * 4096} {
		r := rand.New(rand.NewPCG(5, 6))
		points, owners := randomRing(r, m, 1000)
		strip := make([]uint16, StripBins)
		b.Run(fmt.Sprintf("ranges=%d", m), func(b *testing.B) {
			for b.Loop() {
				OwnerStrip(points, owners, strip)
			}
		})
	}
}
