package pyrand

// RingPoints fills dst with successive RingPoint draws, the same values in
// the same order, leaving the generator where RingPoint would.
//
// Each attempt of RingPoint takes exactly two outputs, so once the stream
// sits at an even word the attempts line up with word pairs and, as a block
// has an even length, never straddle a twist. That allows a block at a time
// with no branch per attempt (acceptPairs).
func (r *Random) RingPoints(dst []uint32) {
	g := &r.mt
	if g.next%2 != 0 {
		for i := range dst {
			dst[i] = r.RingPoint()
		}
		return
	}
	n := 0
	for n < len(dst) {
		if g.next >= mtN {
			g.twist()
		}
		n, g.next = acceptPairs(&g.state, g.next, dst, n)
	}
}

// acceptPairsGeneric runs attempts from state word k (even) until the block
// or dst runs out, storing the tempered low word of each accepted attempt at
// dst[n]. It returns the new n and the next unused word. The low word is
// always stored and n only advances on acceptance, so nothing branches on
// the data; acceptance needs just the top bit of the second tempered word.
func acceptPairsGeneric(state *[mtN]uint32, k int, dst []uint32, n int) (int, int) {
	for ; k < mtN-1 && n < len(dst); k += 2 {
		dst[n] = temper(state[k])
		n += int(1 ^ temperedTopBit(state[k+1]))
	}
	return n, k
}
