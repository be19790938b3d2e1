package sim

import "vnodes/sim/internal/sorting"

// greedyRing builds the GreedyTokens ring for one seed into ws.points
// (sorted) and ws.owners. The rule is in the spirit of Cassandra's token
// allocator, which needs the current ring to place a newcomer's tokens.
// Node 0 takes V tokens drawn from the seed's generator (the same V draws
// that start the random ring) and owns the whole ring. Nodes 1, 2, ...,
// N-1 then join one at a time, and node k, which aims at its fair share
// t = floor(2**32/(k+1)) of the k+1 nodes, places its V tokens one by one.
// For each token, the donor d is the most loaded of nodes 0..k-1 (the
// lowest index on ties), the range cut is d's widest (the oldest on ties),
// and the newcomer takes the last x positions of it, its token going x
// positions before the range's end, with
//
//	x = min(need/(tokens left), load(d)/2, width-1)
//
// where need = t - load(k) (0 once reached) and the tokens left count this
// one, but at least 1, so that no two tokens share a position. Spreading the need over the tokens left makes the newcomer end at
// its share without overshooting, taking a little from many nodes; half
// the donor's load at most means that with one token the newcomer halves
// the range rather than leave the donor poorer than itself; width-1 keeps
// the cut inside the range. Tokens never move once placed: each new token
// only shrinks its donor's range, as when a node joins a real cluster.
//
// Everything is integer arithmetic on the draws, so the ring is the same
// on every machine. Each token costs a heap step over the nodes and one
// over the donor's ranges, so a ring takes O(N·V·(log N + log V)) time
// and about 30 bytes per token.
func (ws *workspace) greedyRing(seed int, p Params) {
	n, v := p.Nodes, p.V
	ws.batch.Seed(&ws.rng, uint64(seed))
	ws.drawn = grow(ws.drawn, v)
	ws.rng.RingPoints(ws.drawn) // v <= MaxV < TickUnits: one piece
	if !ws.m.add(v) {
		return
	}
	first, ok := sorting.SortedCopyStep(&ws.points, nil, ws.drawn, ws.m.step())
	if !ok {
		return
	}
	if ws.greedy == nil {
		ws.greedy = new(greedyScratch)
	}
	g := ws.greedy
	g.reset(first, n, v)
	for k := 1; k < n; k++ {
		if !g.join(k, v, ws.m) {
			return
		}
	}
	ws.points, ws.owners = g.inRingOrder(ws.points, ws.owners, v, ws.m)
}

// greedyScratch is greedyRing's state, kept in the workspace between rings.
// Ranges are numbered in the order they are made: node 0's V in ring
// order, then each newcomer's V as it places its tokens, so range r
// belongs to node r/V. Range r starts at token start[r].
type greedyScratch struct {
	start []uint32
	// byWidth holds node k's ranges as a max-heap of rangeKeys at
	// byWidth[k·V : (k+1)·V] (every node has exactly V ranges). The width
	// lives in the key alone, so a heap step reads one short stretch of
	// memory and nothing else.
	byWidth []uint64
	byLoad  []uint64 // the nodes that have joined, as nodeKeys in a max-heap
	owners  []uint16 // owners of start, for the final sort
}

// A range's heap key packs its width (up to 2**32, 33 bits) above its
// number (below 2**rangeBits), the number inverted so that of two ranges
// of the same width the older one has the larger key. A node's key packs
// its load above its index, inverted likewise.
const (
	rangeBits = 22
	nodeBits  = 10
)

// Every range number and node index fits: N·V is at most 1000·4096 < 2**22,
// and N at most 1000 < 2**10.
var (
	_ = [1]struct{}{}[MaxNodes*MaxV>>rangeBits]
	_ = [1]struct{}{}[MaxNodes>>nodeBits]
)

func rangeKey(width uint64, r int) uint64 {
	return width<<rangeBits | (1<<rangeBits - 1 - uint64(r))
}

func keyWidth(key uint64) uint64 { return key >> rangeBits }

func keyRangeNumber(key uint64) int { return int(1<<rangeBits - 1 - key&(1<<rangeBits-1)) }

func nodeKey(load uint64, node int) uint64 {
	return load<<nodeBits | (1<<nodeBits - 1 - uint64(node))
}

func keyLoad(key uint64) uint64 { return key >> nodeBits }

func keyNode(key uint64) int { return int(1<<nodeBits - 1 - key&(1<<nodeBits-1)) }

// reset starts the ring of node 0 alone, with tokens first (sorted).
func (g *greedyScratch) reset(first []uint32, n, v int) {
	m := n * v
	g.start = grow(g.start, m)[:v]
	g.byWidth = grow(g.byWidth, m)
	copy(g.start, first)
	for i := range v {
		end := RingSize + uint64(first[0]) // the last range wraps round to the first token
		if i+1 < v {
			end = uint64(first[i+1])
		}
		g.byWidth[i] = rangeKey(end-uint64(first[i]), i)
	}
	h := g.byWidth[:v]
	for i := v/2 - 1; i >= 0; i-- {
		siftDown(h, i)
	}
	g.byLoad = append(g.byLoad[:0], nodeKey(RingSize, 0))
}

// greedyPiece is how many tokens are placed between two reports: each
// costs a few heap steps, more than a point drawn, so pieces are shorter
// than TickUnits.
const greedyPiece = TickUnits / 8

// join places the V tokens of node k by the rule at greedyRing. It reports
// false if the work was cancelled.
func (g *greedyScratch) join(k, v int, mt *meter) bool {
	target := RingSize / uint64(k+1)
	mine := g.byWidth[k*v : k*v : (k+1)*v]
	var load uint64 // the newcomer's
	placed := 0
	for j := range v {
		d, dLoad := keyNode(g.byLoad[0]), keyLoad(g.byLoad[0])
		theirs := g.byWidth[d*v : (d+1)*v]
		r, w := keyRangeNumber(theirs[0]), keyWidth(theirs[0])
		need := target - min(load, target)
		// w >= 2 and dLoad >= 2: d is the busiest node, with at least
		// 2**32/k > V positions, so x >= 1 keeps every token apart.
		x := max(min(need/uint64(v-j), dLoad/2, w-1), 1)

		t := len(g.start)
		g.start = append(g.start, uint32(uint64(g.start[r])+w-x)) // wraps past 2**32 like the ring
		theirs[0] = rangeKey(w-x, r)
		siftDown(theirs, 0)
		mine = append(mine, rangeKey(x, t))
		siftUp(mine, len(mine)-1)
		load += x
		g.byLoad[0] = nodeKey(dLoad-x, d)
		siftDown(g.byLoad, 0)

		if placed++; placed == greedyPiece {
			if !mt.add(placed) {
				return false
			}
			placed = 0
		}
	}
	g.byLoad = append(g.byLoad, nodeKey(load, k))
	siftUp(g.byLoad, len(g.byLoad)-1)
	return mt.add(placed)
}

// inRingOrder sorts the tokens, with their owners, into points and owners
// (which it may swap with its own buffers). Sorting beats walking the
// ranges in ring order: that walk would jump about memory at every step.
// Tokens never share a position, but for node 0's own draws, which share
// their owner too, so the order is the ring's.
func (g *greedyScratch) inRingOrder(points []uint32, owners []uint16, v int, mt *meter) ([]uint32, []uint16) {
	m := len(g.start)
	g.owners = grow(g.owners, m)
	for k := 0; k*v < m; k++ { // node k's V ranges, a piece at a time
		mine := g.owners[k*v : (k+1)*v]
		for i := range mine {
			mine[i] = uint16(k)
		}
		if !mt.add(v) {
			return points, owners
		}
	}
	points, owners = grow(points, m), grow(owners, m)
	sorting.SortWithOwners(g.start, g.owners, points, owners, mt.step())
	// The sorted tokens are in g's buffers: hand those over, keep the others.
	g.start, points = points, g.start
	g.owners, owners = owners, g.owners
	return points, owners
}

// siftDown and siftUp keep a max-heap of keys.
func siftDown(h []uint64, i int) {
	x := h[i]
	for {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1] > h[c] {
			c++
		}
		if h[c] <= x {
			break
		}
		h[i] = h[c]
		i = c
	}
	h[i] = x
}

func siftUp(h []uint64, i int) {
	x := h[i]
	for i > 0 {
		parent := (i - 1) / 2
		if h[parent] >= x {
			break
		}
		h[i] = h[parent]
		i = parent
	}
	h[i] = x
}
