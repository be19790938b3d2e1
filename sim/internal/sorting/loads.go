package sorting

// ringSize is the number of positions on the hash ring, 2**32.
const ringSize = 1 << 32

// RoundRobinLoads computes round-robin loads for a ring whose points are
// sorted and number a multiple of nodes (range r, from point r to point
// r+1, belongs to node r mod nodes). It writes them to loads[:nodes] and
// returns that; scratch is kept between calls.
//
// Rather than widths, it sums the positions of the points of each rank
// class: with T[o] the sum over ranks r = o (mod N), node o's load is
// T[o+1] - T[o], and the last node's ranges end at the wrapped points,
// T[0] + 2**32 - T[N-1]. The loop then has no branch at all.
func RoundRobinLoads(points []uint32, nodes int, loads []uint64, scratch *[]uint64) []uint64 {
	sums := loads[:nodes]
	clear(sums)
	sumRankClasses(points, sums, scratch)
	return differences(sums)
}

// RoundRobinLoadsStep is RoundRobinLoads that calls step (unless nil)
// after every piece of at most StepUnits points, one unit per point. If
// step returns false it stops there and returns nil.
func RoundRobinLoadsStep(points []uint32, nodes int, loads []uint64, scratch *[]uint64, step Step) []uint64 {
	if step == nil {
		return RoundRobinLoads(points, nodes, loads, scratch)
	}
	sums := loads[:nodes]
	clear(sums)
	// Whole rows of N, so that every piece starts at rank 0 mod N.
	piece := max(StepUnits/nodes, 1) * nodes
	for lo := 0; lo < len(points); lo += piece {
		hi := min(lo+piece, len(points))
		sumRankClasses(points[lo:hi], sums, scratch)
		if !step(hi - lo) {
			return nil
		}
	}
	return differences(sums)
}

// differences turns rank-class sums into loads (see RoundRobinLoads).
func differences(sums []uint64) []uint64 {
	nodes := len(sums)
	first := sums[0]
	for o := range nodes - 1 {
		sums[o] = sums[o+1] - sums[o]
	}
	sums[nodes-1] = first + ringSize - sums[nodes-1]
	return sums
}

// sumRankClassesGeneric adds each point to sums[rank mod N].
func sumRankClassesGeneric(points []uint32, sums []uint64) {
	nodes := len(sums)
	for base := 0; base+nodes <= len(points); base += nodes {
		for o, p := range points[base : base+nodes] {
			sums[o] += uint64(p)
		}
	}
}
