package geom

import "sync"

// StripBits sets how finely the ring drawing resolves angles: 2^StripBits
// bins around the circle. 16384 bins are about a quarter of a pixel each
// on a 4K projector's ring, so a bin never shows as a step.
const StripBits = 14

// StripBins is the number of angular bins, 2^StripBits.
const StripBins = 1 << StripBits

// OwnerStrip fills dst (len StripBins) with the owner of each angular bin
// of a ring: bin b covers positions [b·2^32/StripBins, (b+1)·2^32/StripBins).
// A bin that holds several ranges gets the owner of the widest piece in it,
// not a blend of colours: blends of neighbours' colours would read as
// colours of nodes that do not exist, while a bin is far below a pixel, so
// which piece wins cannot be seen, and a range wider than a bin always owns
// the bins it covers whole. It is one pass over the ranges plus one over
// the bins, however many ranges there are.
//
// boundaries are sorted; range i runs from boundaries[i] to the next one
// and the last wraps round to boundaries[0]. Owners[i] owns range i.
func OwnerStrip(boundaries []uint32, owners []uint16, dst []uint16) {
	if len(boundaries) == 0 {
		clear(dst)
		return
	}
	// The widest piece seen so far in each bin: 64 kB, kept off the stack,
	// which would grow to hold it and be shrunk again by the collector,
	// a copy of the stack each time (in a browser, on every change).
	best := bestPool.Get().(*[StripBins]uint32)
	defer bestPool.Put(best)
	clear(best[:])
	binRanges(best, boundaries, owners, dst, 0, len(boundaries))
}

var bestPool = sync.Pool{New: func() any { return new([StripBins]uint32) }}

// StripBuilder works out an OwnerStrip in pieces, so that a ring of
// millions of ranges can be binned between frames instead of inside one:
// Step bins the next ranges, and once Done, Strip is what OwnerStrip
// gives for the same ring.
type StripBuilder struct {
	best       [StripBins]uint32
	strip      []uint16
	boundaries []uint32
	owners     []uint16
	next       int
}

// NewStripBuilder starts binning the ring of boundaries and owners (as for
// OwnerStrip), which must not change until it is done.
func NewStripBuilder(boundaries []uint32, owners []uint16) *StripBuilder {
	return &StripBuilder{strip: make([]uint16, StripBins), boundaries: boundaries, owners: owners}
}

// Step bins at most the next n ranges and reports whether all are done.
func (b *StripBuilder) Step(n int) bool {
	end := min(b.next+max(n, 1), len(b.boundaries))
	binRanges(&b.best, b.boundaries, b.owners, b.strip, b.next, end)
	b.next = end
	return b.Done()
}

// Done reports whether every range has been binned.
func (b *StripBuilder) Done() bool { return b.next >= len(b.boundaries) }

// Strip is the finished strip (nil until Done): StripBins owners.
func (b *StripBuilder) Strip() []uint16 {
	if !b.Done() {
		return nil
	}
	return b.strip
}

// binRanges claims the bins of ranges [from, to) of a ring for their
// owners, where best holds the widest piece each bin has seen.
//
// The ranges are disjoint, so a bin that one range covers whole holds no
// other piece: it is written without a comparison, and its best is left
// alone (nothing will compare against it). Only a range's two end bins
// are contested. The loop is written out by hand: the browser build
// compiles this package without inlining, where a helper closure cost a
// call per bin.
func binRanges(best *[StripBins]uint32, boundaries []uint32, owners []uint16, dst []uint16, from, to int) {
	const shift = 32 - StripBits
	const mask = StripBins - 1
	dst = dst[:StripBins]
	n := len(boundaries)
	for i := from; i < to; i++ {
		s := uint64(boundaries[i])
		var end uint64
		if i+1 < n {
			end = uint64(boundaries[i+1])
		} else {
			end = uint64(boundaries[0]) + 1<<32
		}
		if end == s {
			continue // two equal points: an empty range
		}
		o := owners[i]
		first, last := s>>shift, (end-1)>>shift
		if first == last {
			if b, w := first&mask, uint32(end-s); w > best[b] {
				best[b], dst[b] = w, o
			}
			continue
		}
		if b, w := first&mask, uint32((first+1)<<shift-s); w > best[b] {
			best[b], dst[b] = w, o
		}
		// The bins between, in at most two runs (the last range may wrap).
		lo, hi := first+1, last
		if hi > StripBins {
			whole := dst[:hi-StripBins]
			for j := range whole {
				whole[j] = o
			}
			hi = StripBins
		}
		if lo < hi {
			whole := dst[lo:hi]
			for j := range whole {
				whole[j] = o
			}
		}
		if b, w := last&mask, uint32(end-last<<shift); w > best[b] {
			best[b], dst[b] = w, o
		}
	}
}
