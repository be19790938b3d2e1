package sim

import (
	"math"
	"math/bits"
)

// This file places a workload's keys on a ring: which range a position
// falls in, and where the fixes send a key from there.

// keyRange returns the range that holds position x on the ring cut at the
// sorted points: the last point at or before x, or the last range (which
// wraps past 2**32) when x lies below every point. Equal points make empty
// ranges, which this never returns, as uniform keys never land in them.
func keyRange(points []uint32, x uint32) int {
	lo, hi := 0, len(points) // count the points <= x by bisection
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if points[mid] <= x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return len(points) - 1
	}
	return lo - 1
}

// maxIndexBits caps the buckets of a rangeIndex at 2**20 (4 MiB), which
// still leaves about four points a bucket on the largest rings.
const maxIndexBits = 20

// rangeIndex finds the range of many keys quickly: it buckets the ring by
// the top bits of a position, about one point per bucket, so that a lookup
// steps over a point or two from the start of the key's bucket instead of
// bisecting all N·V points. The first two steps are arithmetic, without
// the mispredicted branches that make bisection slow.
type rangeIndex struct {
	shift uint
	// first[b] is how many points lie below bucket b's first position.
	first []uint32
	// points are the ring's points and then math.MaxUint32, which stops
	// every scan: only a key at that very position could pass it, and that
	// one is looked up by bisection.
	points []uint32
}

// build indexes the sorted points, reusing ix's buffers.
func (ix *rangeIndex) build(points []uint32) {
	b := min(bits.Len(uint(len(points))), maxIndexBits) // 2**b buckets
	ix.shift = uint(32 - b)
	ix.first = grow(ix.first, 1<<b+1)
	clear(ix.first)
	for _, p := range points {
		ix.first[p>>ix.shift+1]++
	}
	for i := 1; i < len(ix.first); i++ {
		ix.first[i] += ix.first[i-1]
	}
	ix.points = append(append(ix.points[:0], points...), math.MaxUint32)
}

// keyRange is the package's keyRange for the points build was given.
func (ix *rangeIndex) keyRange(x uint32) int {
	m := len(ix.points) - 1
	if x == math.MaxUint32 {
		return keyRange(ix.points[:m], x)
	}
	// Every point before i is below x's bucket; those from i on that are
	// <= x are in it, and the stop value ends the run.
	i := int(ix.first[x>>ix.shift])
	pts := ix.points
	i += notAbove(pts[i], x)
	i += notAbove(pts[i], x)
	for pts[i] <= x {
		i++
	}
	if i == 0 {
		return m - 1
	}
	return i - 1
}

// notAbove is 1 if p <= x and 0 if not, by arithmetic: the compiler
// turns the obvious if into a branch.
func notAbove(p, x uint32) int {
	return int((uint64(x)-uint64(p))>>63) ^ 1
}

// placeBounded gives a key of weight w, which hashes to range i, to the
// first node clockwise from there whose load is still below limit (the
// key's own node first), adds w to that node's load and returns it.
//
// "Below the limit" rather than "room for the whole key" is the rule of
// Mirrokni, Thorup and Zadimoghaddam: it always finds a node while the
// loads placed so far are below N·limit, so even a key heavier than the
// limit is placed, and a node ends at most one key's weight over the limit.
// If rounding leaves no node below the limit, the key stays where it hashes.
func placeBounded(owners []uint16, loads []float64, i int, w, limit float64) int {
	m := len(owners)
	for step := 0; step < m; step++ {
		if node := int(owners[i]); loads[node] < limit {
			loads[node] += w
			return node
		}
		if i++; i == m {
			i = 0
		}
	}
	node := int(owners[i]) // i has come round to the key's own range
	loads[node] += w
	return node
}

// replicaNodes appends to dst the first r distinct nodes that own a range
// clockwise from range i, the key's own node first. r must be at most the
// number of nodes, each of which owns at least one range.
func replicaNodes(dst []int, owners []uint16, i, r int) []int {
	start := len(dst)
	for len(dst)-start < r {
		node := int(owners[i])
		seen := false
		for _, n := range dst[start:] {
			if n == node {
				seen = true
				break
			}
		}
		if !seen {
			dst = append(dst, node)
		}
		if i++; i == len(owners) {
			i = 0
		}
	}
	return dst
}

// boundedPlacer is placeBounded for many keys. placeBounded's check of the
// key's own node is a branch that the processor mispredicts whenever
// nodes fill up (for 10,000 Zipf keys it doubled the cost of a seed), so
// the placer keeps dest[i] pointing at the first range clockwise from
// range i (i included) whose node is still below the limit, or at -1 when
// none is, and a key just goes to dest of its range. Nodes only fill up,
// each at most once, and dest changes only then. Its choices are
// placeBounded's exactly.
type boundedPlacer struct {
	dest []int32
	full []bool
	// byNode lists each node's ranges in ring order, node x's at
	// byNode[first[x]:first[x+1]]; listed says whether they are made yet
	// for this ring (only needed once a node fills).
	first, byNode []int32
	listed        bool
}

// reset prepares the placer for a ring with the given owners and the
// nodes' loads so far.
func (b *boundedPlacer) reset(owners []uint16, loads []float64, limit float64) {
	m := len(owners)
	b.full = grow(b.full, len(loads))
	anyFull := false
	for x, l := range loads {
		b.full[x] = l >= limit
		anyFull = anyFull || b.full[x]
	}
	b.dest = grow(b.dest, m)
	b.listed = false
	if !anyFull {
		for i := range b.dest {
			b.dest[i] = int32(i)
		}
		return
	}
	// Two passes counter-clockwise: the first finds where the ring's end
	// leads, past the wrap.
	next := int32(-1)
	for pass := 0; pass < 2; pass++ {
		for i := m - 1; i >= 0; i-- {
			if !b.full[owners[i]] {
				next = int32(i)
			}
			b.dest[i] = next
		}
	}
}

// placeAll places the keys that fall in ranges, of the given weights, in
// order, as placeBounded would one by one. It returns how many went to a
// node other than their own, and notes in chosen where the first
// len(chosen) went.
func (b *boundedPlacer) placeAll(owners []uint16, loads []float64, ranges []int32, weights []float64, limit float64, chosen []int32) (displaced int) {
	for j, r := range ranges {
		t := b.dest[r]
		if t < 0 { // no node has room (rounding only): stay where it hashes
			t = r
		}
		node := owners[t]
		loads[node] += weights[j]
		if loads[node] >= limit {
			b.fill(owners, int(node))
		}
		if node != owners[r] {
			displaced++
		}
		if j < len(chosen) {
			chosen[j] = int32(node)
		}
	}
	return displaced
}

// fill marks node x full, if it is not yet, and points every range that
// led to one of x's ranges on to where the range after it leads. x's
// ranges are done in counter-clockwise order, starting from one whose next
// range leads to another node, so that the range after each one already
// leads past x.
func (b *boundedPlacer) fill(owners []uint16, x int) {
	if b.full[x] {
		return
	}
	b.full[x] = true
	if !b.listed {
		b.list(owners, len(b.full))
	}
	m := len(owners)
	after := func(q int32) int32 { // the range after q
		if q++; int(q) == m {
			return 0
		}
		return q
	}
	ranges := b.byNode[b.first[x]:b.first[x+1]]
	k := len(ranges)
	start := -1
	for j := k - 1; j >= 0; j-- {
		if t := b.dest[after(ranges[j])]; t >= 0 && int(owners[t]) != x {
			start = j
			break
		}
	}
	if start < 0 { // x was the last node with room
		for i := range b.dest {
			b.dest[i] = -1
		}
		return
	}
	for c := range k {
		j := start - c
		if j < 0 {
			j += k
		}
		q := ranges[j]
		t := b.dest[after(q)]
		for i := q; b.dest[i] == q; {
			b.dest[i] = t
			if i--; i < 0 {
				i = int32(m - 1)
			}
		}
	}
}

// list sorts the ranges by node, keeping ring order within each node.
func (b *boundedPlacer) list(owners []uint16, nodes int) {
	b.first = grow(b.first, nodes+1)
	clear(b.first)
	for _, o := range owners {
		b.first[o+1]++
	}
	for x := 1; x <= nodes; x++ {
		b.first[x] += b.first[x-1]
	}
	b.byNode = grow(b.byNode, len(owners))
	for i, o := range owners {
		b.byNode[b.first[o]] = int32(i)
		b.first[o]++ // first[o] walks to the start of node o+1's ranges
	}
	for x := nodes; x > 0; x-- {
		b.first[x] = b.first[x-1]
	}
	b.first[0] = 0
	b.listed = true
}
