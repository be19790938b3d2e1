package sim

// keepDrawnBefore copies to dst, in order, the keys (position<<32 | draw
// index) drawn before m, and returns them. It does not branch on the data:
// every key is written, and the write position only moves past keys that
// are kept. (Filtering in place measured slower: the stores then land just
// behind the loads of the same array.) dst needs room for every key.
func keepDrawnBefore(dst, keys []uint64, m int) []uint64 {
	dst = dst[:len(keys)]
	n := 0
	for _, k := range keys {
		dst[n] = k
		// (index - m) wraps to a huge value, top bit set, when index < m.
		n += int((uint64(uint32(k)) - uint64(m)) >> 63)
	}
	return dst[:n]
}

// sortedLoads computes round-robin loads for a ring whose keys are sorted
// by position and number a multiple of nodes (range r, from point r to
// point r+1, belongs to node r mod nodes).
//
// Rather than widths, it sums the positions of the points of each rank
// class: with T[o] the sum over ranks r = o (mod N), node o's load is
// T[o+1] - T[o], and the last node's ranges end at the wrapped points,
// T[0] + 2**32 - T[N-1]. The loop then has no branch at all.
func sortedLoads(keys []uint64, nodes int, loads []uint64) []uint64 {
	sums := loads[:nodes]
	clear(sums)
	for base := 0; base+nodes <= len(keys); base += nodes {
		for o, k := range keys[base : base+nodes] {
			sums[o] += k >> 32
		}
	}
	first := sums[0]
	for o := range nodes - 1 {
		sums[o] = sums[o+1] - sums[o]
	}
	sums[nodes-1] = first + RingSize - sums[nodes-1]
	return sums
}
