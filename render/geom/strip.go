package geom

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
	const shift = 32 - StripBits
	var best [StripBins]uint32 // the widest piece seen so far in each bin
	n := len(boundaries)
	if n == 0 {
		clear(dst)
		return
	}
	claim := func(bin uint64, width uint32, owner uint16) {
		b := bin % StripBins
		if width > best[b] {
			best[b], dst[b] = width, owner
		}
	}
	for i, start := range boundaries {
		var end uint64
		if i+1 < n {
			end = uint64(boundaries[i+1])
		} else {
			end = uint64(boundaries[0]) + 1<<32
		}
		s := uint64(start)
		if end == s {
			continue // two equal points: an empty range
		}
		o := owners[i]
		first, last := s>>shift, (end-1)>>shift
		if first == last {
			claim(first, uint32(end-s), o)
			continue
		}
		claim(first, uint32((first+1)<<shift-s), o)
		for b := first + 1; b < last; b++ {
			best[b%StripBins], dst[b%StripBins] = 1<<shift, o
		}
		claim(last, uint32(end-last<<shift), o)
	}
}
