package sorting

// Keyed packs a point and its draw index into one value that sorts by the
// point: point<<32 | index.
func Keyed(point uint32, index int) uint64 { return uint64(point)<<32 | uint64(uint32(index)) }

// SortKeyed sorts keys by their high 32 bits (the point) with four stable
// 8-bit radix passes through tmp (at least as long as keys). Keys drawn in
// index order therefore keep equal points in draw order.
func SortKeyed(keys, tmp []uint64) { SortKeyedStep(keys, tmp, nil) }

// SortKeyedStep is SortKeyed that calls step (unless nil) after every
// piece of at most StepUnits keys of each pass, 5·len(keys) units in all
// (a counting pass and four digit passes, as SortWork counts a radix
// sort). If step returns false it stops and reports false; keys are then
// in no useful order.
func SortKeyedStep(keys, tmp []uint64, step Step) bool {
	n := len(keys)
	piece := max(n, 1)
	if step != nil {
		piece = StepUnits
	}
	var counts [4][256]int
	for lo := 0; lo < n; lo += piece {
		hi := min(lo+piece, n)
		countDigits(&counts, keys[lo:hi], 32)
		if step != nil && !step(hi-lo) {
			return false
		}
	}
	return digitPasses(keys, tmp, &counts, 32, piece, step)
}

// PointsDrawnBefore writes to out, in order, the points of the sorted keys
// whose draw index is below m, and returns them. out must be as long as
// keys. Every key is written and the write position moves only past those
// kept, so nothing branches on them.
func PointsDrawnBefore(keys []uint64, m int, out []uint32) []uint32 {
	out = out[:len(keys)]
	n := 0
	limit := uint32(m)
	for _, k := range keys {
		out[n] = uint32(k >> 32)
		n += int((uint32(k) - limit) >> 31) // indexes are far below 2**31
	}
	return out[:n]
}

// KeysDrawnBefore appends to out the keys drawn before m (index below m),
// in their order in keys.
func KeysDrawnBefore(keys []uint64, m int, out []uint64) []uint64 {
	limit := uint32(m)
	for _, k := range keys {
		if uint32(k) < limit {
			out = append(out, k)
		}
	}
	return out
}

// RoundRobinLoadsDrawnBefore is RoundRobinLoads of PointsDrawnBefore(keys,
// m), in one pass and without writing the points out: m must be a
// multiple of nodes.
func RoundRobinLoadsDrawnBefore(keys []uint64, m, nodes int, loads []uint64) []uint64 {
	return RoundRobinLoadsDrawnBeforeStep(keys, m, nodes, loads, nil)
}

// RoundRobinLoadsDrawnBeforeStep is RoundRobinLoadsDrawnBefore that calls
// step (unless nil) after every piece of at most StepUnits keys, one unit
// per key. If step returns false it stops and returns nil.
func RoundRobinLoadsDrawnBeforeStep(keys []uint64, m, nodes int, loads []uint64, step Step) []uint64 {
	sums := loads[:nodes]
	clear(sums)
	limit := uint32(m)
	piece := max(len(keys), 1)
	if step != nil {
		piece = StepUnits
	}
	r := 0 // the rank class of the next point kept
	for lo := 0; lo < len(keys); lo += piece {
		hi := min(lo+piece, len(keys))
		for _, k := range keys[lo:hi] {
			if uint32(k) < limit {
				sums[r] += k >> 32
				if r++; r == nodes {
					r = 0
				}
			}
		}
		if step != nil && !step(hi-lo) {
			return nil
		}
	}
	return differences(sums)
}
