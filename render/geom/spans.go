package geom

// Span is a stretch [Start, End) of the ring. Start is below 2^32; a span
// that runs past the top of the ring back to its start has End above 2^32,
// so End-Start is always its width.
type Span struct{ Start, End uint64 }

// SpanStrip marks the angular bins (those of OwnerStrip) that spans cover:
// dst (len StripBins) gets, for each bin, the index of the span with the
// widest piece in it, or -1 when the spans together cover less than half
// of the bin. Half rather than any overlap: thousands of spans thinner than
// a bin would otherwise mark far more of the circle than they hold.
//
// Then every span narrower than minBins bins is widened to minBins about
// its middle, over bins that nothing marked yet, so that a sliver far
// below a pixel still shows as a mark of its own. Callers keep
// minBins·len(spans) small next to StripBins, which bounds how much wider
// than the truth the marks draw.
//
// Spans should not overlap; the work is one pass over the spans and the
// bins they cover.
func SpanStrip(spans []Span, minBins int, dst []int32) {
	const shift = 32 - StripBits
	const binWidth = 1 << shift
	var covered, best [StripBins]uint32
	for b := range dst {
		dst[b] = -1
	}
	for i, sp := range spans {
		if sp.End <= sp.Start {
			continue
		}
		first, last := sp.Start>>shift, (sp.End-1)>>shift
		for b := first; b <= last; b++ {
			w := uint32(min(sp.End, (b+1)<<shift) - max(sp.Start, b<<shift))
			k := b % StripBins
			covered[k] += w
			if w > best[k] {
				best[k], dst[k] = w, int32(i)
			}
		}
	}
	for b := range dst {
		if 2*uint64(covered[b]) < binWidth {
			dst[b] = -1
		}
	}
	if minBins <= 0 {
		return
	}
	for i, sp := range spans {
		if sp.End <= sp.Start || sp.End-sp.Start >= uint64(minBins)*binWidth {
			continue
		}
		mid := (sp.Start + (sp.End-sp.Start)/2) >> shift
		from := mid + StripBins - uint64(minBins-1)/2 // + StripBins keeps it unsigned
		for b := from; b < from+uint64(minBins); b++ {
			if k := b % StripBins; dst[k] < 0 {
				dst[k] = int32(i)
			}
		}
	}
}
