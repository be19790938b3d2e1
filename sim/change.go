package sim

import (
	"fmt"
	"slices"
	"sync"

	"vnodes/sim/internal/sorting"
)

// ChangeKind says what happens to the cluster: a node joins, leaves or
// fails, and part of the ring changes owner. The model, one seed at a time:
//
//   - It starts from the seed's ring (Run's Ring for the same Params).
//   - A joining node gets V tokens: the next V RingPoint draws of the seed's
//     generator after the ring (GeneratorAfterRing), in Python
//     [rng.randrange(2**32) for _ in range(V)]. It is node N, after the N
//     that were there.
//   - Old tokens keep their owners, and a token still starts the range that
//     runs up to the next token. So a new token takes [itself, next token)
//     from whoever owned that stretch: the owner of the nearest older token
//     before it, going back past 0 to the last token if need be. A new token
//     at the same position as an old one sorts after it, so the old token's
//     range shrinks to nothing and the newcomer takes the rest of it.
//   - A leaving node's tokens disappear, so each of its ranges merges into
//     the range before it: the owner of the nearest remaining token before
//     it (again wrapping) receives it. A failing node loses its data the
//     same way; the model is identical and Fail exists so that the app can
//     say "absorbs its traffic" rather than "receives its data".
//
// Only the newcomer gains in a join and only the leaver loses in a leave,
// so the moved width is exactly the newcomer's load after, or the leaver's
// load before.
//
// With the round-robin assignment the owners go round 0, 1, ..., N-1 in
// ring order, so every range of node i follows one of node i-1: a leaving
// node hands everything to that one neighbour, whatever V. Only the random
// assignment spreads a leave over many receivers. A join spreads either
// way, since the newcomer's tokens land anywhere.
//
// The comparison is hash mod N: a key k in [0, 2**32) lives on node k mod N,
// so going from N to N+1 nodes moves every key with k mod N != k mod (N+1),
// and going from N to N-1 those with k mod N != k mod (N-1). Consecutive
// sizes a and a+1 agree exactly on the first a keys of every a(a+1) keys, so
// about a/(a+1) of the keys move; Change.ModNMoved is the exact count over
// the ring, as a fraction.
type ChangeKind uint8

const (
	NoChange ChangeKind = iota
	Join                // a node joins with V new tokens
	Leave               // a node leaves; its ranges go to their predecessors
	Fail                // a node fails: the same as Leave, worded as traffic absorbed
)

var changeKinds = enum[ChangeKind]{kind: "change", typ: "ChangeKind", names: []string{"", "join", "leave", "fail"},
	aliases: map[string]ChangeKind{"none": NoChange}}

// String is the kind's name in links, flags and JSON ("" for NoChange),
// which ParseChangeKind reads back.
func (k ChangeKind) String() string { return changeKinds.String(k) }

// MarshalText and UnmarshalText let a ChangeKind travel as its name in JSON.
func (k ChangeKind) MarshalText() ([]byte, error) { return changeKinds.MarshalText(k) }

func (k *ChangeKind) UnmarshalText(b []byte) error { return changeKinds.UnmarshalText(k, b) }

// ParseChangeKind reads a kind's name; "" and "none" are NoChange.
func ParseChangeKind(s string) (ChangeKind, error) { return changeKinds.Parse(s) }

// BusiestNode as ChangeParams.Node makes the busiest node leave: the one
// with the largest load (the lowest index on ties, as Stats.Busiest), chosen
// afresh for each seed.
const BusiestNode = -1

// ChangeParams asks for one change to the ring of Params.
type ChangeParams struct {
	Params
	Kind ChangeKind
	// Node is the node that leaves or fails, 0..Nodes-1, or BusiestNode.
	// A join ignores it: the newcomer is always node Nodes.
	Node int
}

// Validate reports the first parameter that makes no sense for the change.
func (cp ChangeParams) Validate() error {
	if err := cp.Params.Validate(); err != nil {
		return err
	}
	switch cp.Kind {
	case Join:
		if cp.Nodes+1 > MaxNodes {
			return fmt.Errorf("a node cannot join %d nodes: at most %d nodes can share the ring", cp.Nodes, MaxNodes)
		}
	case Leave, Fail:
		if cp.Nodes < 2 {
			return fmt.Errorf("a node cannot %s when it is the only one", cp.Kind)
		}
		if cp.Node != BusiestNode && (cp.Node < 0 || cp.Node >= cp.Nodes) {
			return fmt.Errorf("node %d cannot %s: nodes are numbered 0..%d", cp.Node, cp.Kind, cp.Nodes-1)
		}
	case NoChange:
		return fmt.Errorf("no change asked for: want join, leave or fail")
	default:
		return fmt.Errorf("unknown change %d", cp.Kind)
	}
	return nil
}

// MovedPiece is a stretch of the ring [Start, End) that changes owner. Start
// is below 2**32; a piece that runs past 2**32 back to the start of the
// ring has End above 2**32 (End-2**32 on the ring), so no piece is split
// and End-Start is always its width.
type MovedPiece struct {
	Start, End uint64
	From, To   uint16
}

// Width is the number of ring positions in the piece.
func (p MovedPiece) Width() uint64 { return p.End - p.Start }

// Change is one seed's change in full: enough to draw the ring before and
// after, highlight what moved, and show each node's load before and after.
type Change struct {
	Kind ChangeKind
	// Node is the newcomer (Before.Nodes, one past the old nodes) or the node
	// that left.
	Node int
	// Tokens are the newcomer's tokens in the order drawn, or the leaver's
	// in ring order.
	Tokens []uint32
	// Before is the ring as it was. After has Before.Nodes+1 nodes after a
	// join. After a leave it keeps Before.Nodes so that node indexes (and
	// colours) stay the same: the leaver owns no range and its load is 0.
	// After.Stats measure only the nodes that own part of the ring, so after
	// a leave they compare loads with the mean over the N-1 that remain.
	Before, After Ring
	// Members is how many nodes own part of the ring after the change: N+1
	// after a join, N-1 after a leave (for a Run ring of N nodes).
	Members int
	// Moved is the ring width that changed owner, MovedFraction the same
	// over 2**32.
	Moved         uint64
	MovedFraction float64
	// Gift[i] is the width old node i gave the newcomer (join) or was given
	// by the leaver (leave, fail); they add up to Moved. It has one entry per
	// old node; the leaver's own is 0.
	Gift []uint64
	// Donors counts the nodes with a non-zero Gift: those who gave (join) or
	// received (leave, fail).
	Donors int
	// Ideal is what a move to fair shares takes: the newcomer's fair share
	// 1/(N+1) for a join, and for a leave the leaver's fair share 1/N. It
	// is the expected move, not a floor: a random newcomer may take (and
	// end with) less, as a leaver that held less moves less.
	Ideal float64
	// NodeShare is the moving node's load in fair shares: the newcomer's
	// after the join (of N+1), the leaver's before it left (of N). It equals
	// MovedFraction/Ideal.
	NodeShare float64
	// ModNMoved is the fraction of keys hash mod N would move for the same
	// change of cluster size.
	ModNMoved float64
	// Pieces are the stretches that changed owner, by Start, adjacent ones
	// with the same From and To merged; their widths add up to Moved.
	Pieces []MovedPiece
}

// ShareAfter is node's load after the change in fair shares of the nodes
// that own part of the ring then (1 = 1/Members of the ring). After.Share
// counts in shares of After.Nodes instead, which after a leave includes the
// node that left.
func (c *Change) ShareAfter(node int) float64 {
	return float64(c.After.Loads[node]) * float64(c.Members) / float64(RingSize)
}

// ChangeStats is one seed's change in brief.
type ChangeStats struct {
	Node   int    // the newcomer or the node that left
	Moved  uint64 // ring width that changed owner
	Donors int    // nodes that gave (join) or received (leave, fail)
}

// ChangeMean is a change's figures averaged over seeds 0..Seeds-1.
type ChangeMean struct {
	Moved     float64 // mean moved fraction of the ring
	Donors    float64 // mean number of donors (join) or receivers (leave, fail)
	NodeShare float64 // mean Change.NodeShare: Moved/Ideal
	Ideal     float64 // Change.Ideal, the same for every seed
	ModN      float64 // Change.ModNMoved, the same for every seed
}

// ChangeResult is a change for the selected seed in full and averaged over
// the seeds.
type ChangeResult struct {
	Params  ChangeParams
	Seed    Change        // the selected seed, Params.Seed
	PerSeed []ChangeStats // seeds 0..Params.Seeds-1, in order
	Mean    ChangeMean
}

// RunChange applies the change to the ring of every seed 0..Seeds-1 and to
// the selected seed's, which it returns in full.
func RunChange(cp ChangeParams) (ChangeResult, error) { return RunChangeWith(cp, Options{}) }

// RunChangeWith is RunChange that can be stopped and followed through o
// (see Options). The rings are metered as in RunWith; the change itself is
// worked out between two pieces, in one go.
func RunChangeWith(cp ChangeParams, o Options) (ChangeResult, error) {
	if err := cp.Validate(); err != nil {
		return ChangeResult{}, err
	}
	m := newMeter(o, int64(cp.Seeds)*briefChangeWork(cp)+ringWork(cp.Params)+ringCopyWork(cp.Params)+loadsWork(cp.Params))
	if err := m.start(); err != nil {
		return ChangeResult{}, err
	}
	perSeed := make([]ChangeStats, cp.Seeds)
	forEachSeed(cp.Seeds, m, func(ws *workspace, seed int) {
		ws.drawRing(seed, cp.Params)
		if !m.isStopped() {
			perSeed[seed] = ws.briefChange(cp)
		}
	})
	if err := m.err(); err != nil {
		return ChangeResult{}, err
	}

	ws := getWorkspace(m)
	defer putWorkspace(ws)
	ws.drawRing(cp.Seed, cp.Params)
	if err := m.err(); err != nil {
		return ChangeResult{}, err
	}
	before := ws.ring(cp.Seed, cp.Nodes)
	if err := m.finish(); err != nil {
		return ChangeResult{}, err
	}
	var c Change
	var err error
	if cp.Kind == Join {
		tokens := make([]uint32, cp.V)
		ws.rng.RingPoints(tokens)
		c, err = JoinRing(before, tokens)
	} else {
		node := cp.Node
		if node == BusiestNode {
			node = before.Stats.Busiest
		}
		c, err = LeaveRing(before, node)
		c.Kind = cp.Kind
	}
	if err != nil {
		return ChangeResult{}, err // cannot happen for valid parameters
	}
	return ChangeResult{Params: cp, Seed: c, PerSeed: perSeed, Mean: meanChange(perSeed, cp.Kind, cp.Nodes)}, nil
}

// ChangeRow is one V's change averaged over the seeds.
type ChangeRow struct {
	V int
	ChangeMean
}

// ChangeSweep averages the change over seeds 0..sp.Seeds-1 for every V in
// sp.Vs, in the order asked. node is as ChangeParams.Node.
func ChangeSweep(sp SweepParams, kind ChangeKind, node int) ([]ChangeRow, error) {
	return ChangeSweepWith(sp, kind, node, Options{})
}

// ChangeSweepWith is ChangeSweep that can be stopped and followed through o
// (see Options and RunChangeWith).
func ChangeSweepWith(sp SweepParams, kind ChangeKind, node int, o Options) ([]ChangeRow, error) {
	return sweepVs(sp, o, func(p Params) ChangeParams { return ChangeParams{Params: p, Kind: kind, Node: node} },
		ChangeParams.Validate,
		func(ws *workspace, _ int, cp ChangeParams) ChangeStats { return ws.briefChange(cp) },
		func(cp ChangeParams, perSeed []ChangeStats) ChangeRow {
			return ChangeRow{V: cp.V, ChangeMean: meanChange(perSeed, kind, sp.Nodes)}
		})
}

func (cp ChangeParams) work() int64 { return briefChangeWork(cp) }

// meanChange averages per-seed changes of a cluster of nodes, summing in
// seed order.
func meanChange(perSeed []ChangeStats, kind ChangeKind, nodes int) ChangeMean {
	var moved, donors float64
	for _, s := range perSeed {
		moved += float64(s.Moved) / float64(RingSize)
		donors += float64(s.Donors)
	}
	k := float64(len(perSeed))
	m := ChangeMean{Moved: moved / k, Donors: donors / k}
	m.Ideal, m.ModN = idealAndModN(kind, nodes)
	m.NodeShare = m.Moved / m.Ideal
	return m
}

// idealAndModN are a change's reference figures for a cluster of members
// nodes before it: see Change.Ideal and Change.ModNMoved.
func idealAndModN(kind ChangeKind, members int) (ideal, modN float64) {
	if kind == Join {
		return 1 / float64(members+1), float64(modNMoved(uint64(members), RingSize)) / float64(RingSize)
	}
	return 1 / float64(members), float64(modNMoved(uint64(members-1), RingSize)) / float64(RingSize)
}

// modNMoved counts the keys k in [0, size) with k mod a != k mod (a+1),
// for a >= 1. Writing k = q(a+1) + r within a period of a(a+1) keys, k mod a
// is (q+r) mod a, which equals r only for q = 0 and r < a: each period keeps
// exactly its first a keys, and the partial period at the end keeps up to a.
func modNMoved(a, size uint64) uint64 {
	period := a * (a + 1)
	kept := size/period*a + min(size%period, a)
	return size - kept
}

// changeScratch is the buffers a worker reuses for the brief changes of
// successive seeds.
type changeScratch struct {
	tokens []uint32 // in draw order
	sorted []uint32
	gift   []uint64
}

var changeScratches = sync.Pool{New: func() any { return new(changeScratch) }}

// briefChangeWork is what one seed's ring and briefChange report: the
// ring, and the loads when the busiest node is to leave.
func briefChangeWork(cp ChangeParams) int64 {
	work := ringWork(cp.Params)
	if cp.Kind != Join && cp.Node == BusiestNode {
		work += loadsWork(cp.Params)
	}
	return work
}

// briefChange applies cp's change to the ring just drawn into ws (whose
// generator is still just after the ring) and measures it without building
// the rings after it.
func (ws *workspace) briefChange(cp ChangeParams) ChangeStats {
	sc := changeScratches.Get().(*changeScratch)
	defer changeScratches.Put(sc)
	sc.gift = grow(sc.gift, cp.Nodes)
	clear(sc.gift)
	var s ChangeStats
	if cp.Kind == Join {
		sc.tokens = grow(sc.tokens, cp.V)
		ws.rng.RingPoints(sc.tokens)
		sorted := sorting.SortedCopy(&sc.sorted, sc.tokens)
		s.Node = cp.Nodes
		s.Moved = joinWalk(ws.points, ws.owners, sorted, uint16(cp.Nodes), sc.gift, nil)
	} else {
		s.Node = cp.Node
		if s.Node == BusiestNode {
			s.Node = statsOf(ws.measureLoads(cp.Nodes)).Busiest
		}
		s.Moved, _ = leaveWalk(ws.points, ws.owners, uint16(s.Node), sc.gift, nil)
	}
	s.Donors = giftCount(sc.gift)
	return s
}

// giftCount counts the nodes that gave or received anything.
func giftCount(gift []uint64) int {
	n := 0
	for _, x := range gift {
		if x != 0 {
			n++
		}
	}
	return n
}

// addPiece appends a piece to *pieces (if pieces is not nil), joining it to
// the last one when they touch and move between the same nodes. Empty
// pieces are left out.
func addPiece(pieces *[]MovedPiece, p MovedPiece) {
	if pieces == nil || p.End == p.Start {
		return
	}
	if n := len(*pieces); n > 0 {
		last := &(*pieces)[n-1]
		if last.End == p.Start && last.From == p.From && last.To == p.To {
			last.End = p.End
			return
		}
	}
	*pieces = append(*pieces, p)
}

// joinWalk hands the newcomer its share of the ring of points (sorted) and
// owners: tokens are its tokens, sorted. It adds to gift[i] what old node i
// gives, appends the pieces that move to *pieces if pieces is not nil, and
// returns the total width moved.
//
// A run of new tokens with no old token between them takes one stretch:
// from the first of them to the next old token, from the owner of the old
// token before them. The new tokens before the first old token and those at
// or after the last one all fall in the old ring's last range, which wraps
// past 2**32; if there are any of the latter, the piece starts at the first
// of them and covers the former too.
func joinWalk(points []uint32, owners []uint16, tokens []uint32, newcomer uint16, gift []uint64, pieces *[]MovedPiece) uint64 {
	m := len(points)
	wraps := tokens[len(tokens)-1] >= points[m-1]
	var moved uint64
	k := 0 // the number of old tokens at or before tokens[j]
	for j := 0; j < len(tokens); {
		t := tokens[j]
		k = tokensAtOrBefore(points, t, k)
		next := j + 1
		for next < len(tokens) && (k == m || tokens[next] < points[k]) {
			next++
		}
		j = next
		if k == 0 && wraps {
			continue // inside the wrapping piece, counted at the end
		}
		end, from := uint64(RingSize)+uint64(points[0]), owners[m-1]
		if k < m {
			end = uint64(points[k])
			if k > 0 {
				from = owners[k-1]
			}
		}
		w := end - uint64(t)
		gift[from] += w
		moved += w
		addPiece(pieces, MovedPiece{Start: uint64(t), End: end, From: from, To: newcomer})
	}
	return moved
}

// tokensAtOrBefore returns the number of points (sorted) at or below t,
// knowing it is at least lo. It gallops from lo before it bisects: the
// caller's successive t are sorted and as uniform as the points, so the
// answer is usually a few places on.
func tokensAtOrBefore(points []uint32, t uint32, lo int) int {
	hi := lo
	for step := 1; hi < len(points) && points[hi] <= t; step <<= 1 {
		lo = hi + 1
		hi += step
	}
	hi = min(hi, len(points))
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if points[mid] <= t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// leaveWalk hands the ranges of node leaver in the ring of points (sorted)
// and owners to their predecessors. It adds to gift[i] what node i receives,
// appends the pieces that move to *pieces if pieces is not nil, and returns
// the total width moved. ok is false if no other node owns a token, so
// there is no one to hand the ranges to.
func leaveWalk(points []uint32, owners []uint16, leaver uint16, gift []uint64, pieces *[]MovedPiece) (moved uint64, ok bool) {
	m := len(points)
	first, last := -1, -1 // the first and last tokens that stay
	for i, o := range owners {
		if o != leaver {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return 0, false
	}
	give := func(start, end uint64, to uint16) {
		gift[to] += end - start
		moved += end - start
		addPiece(pieces, MovedPiece{Start: start, End: end, From: leaver, To: to})
	}
	// The leaver's tokens before the first remaining one belong to the
	// range that wraps from the last remaining token. When tokens after it
	// are the leaver's too, the piece that starts there covers these.
	if first > 0 && last == m-1 {
		give(uint64(points[0]), uint64(points[first]), owners[last])
	}
	for i := first + 1; i <= last; i++ {
		if owners[i] != leaver || owners[i-1] == leaver {
			continue
		}
		end := i + 1 // a run of the leaver's tokens starts at i: find its end
		for owners[end] == leaver {
			end++
		}
		give(uint64(points[i]), uint64(points[end]), owners[i-1])
		i = end
	}
	if last < m-1 {
		give(uint64(points[last+1]), RingSize+uint64(points[first]), owners[last])
	}
	return moved, true
}

// JoinRing adds a node with the given tokens to r: node r.Nodes, which
// takes over from every token of its own to the next old token (see the
// model at ChangeKind). tokens may be in any order and are not modified.
func JoinRing(r Ring, tokens []uint32) (Change, error) {
	switch {
	case len(r.Boundaries) == 0:
		return Change{}, fmt.Errorf("the ring has no tokens to join")
	case len(tokens) == 0:
		return Change{}, fmt.Errorf("a joining node needs at least one token")
	case r.Nodes+1 > MaxNodes:
		return Change{}, fmt.Errorf("a node cannot join %d nodes: at most %d nodes can share the ring", r.Nodes, MaxNodes)
	}
	newcomer := r.Nodes
	var buf []uint32
	sorted := sorting.SortedCopy(&buf, tokens)
	c := Change{Kind: Join, Node: newcomer, Tokens: slices.Clone(tokens), Before: r, Gift: make([]uint64, r.Nodes)}
	c.Moved = joinWalk(r.Boundaries, r.Owners, sorted, uint16(newcomer), c.Gift, &c.Pieces)

	// The ring after: old and new tokens merged, an old token first when
	// both are at the same position.
	m := len(r.Boundaries)
	after := Ring{Seed: r.Seed, Nodes: r.Nodes + 1}
	after.Boundaries = make([]uint32, 0, m+len(sorted))
	after.Owners = make([]uint16, 0, m+len(sorted))
	i, j := 0, 0
	for i < m || j < len(sorted) {
		if j == len(sorted) || (i < m && r.Boundaries[i] <= sorted[j]) {
			after.Boundaries = append(after.Boundaries, r.Boundaries[i])
			after.Owners = append(after.Owners, r.Owners[i])
			i++
		} else {
			after.Boundaries = append(after.Boundaries, sorted[j])
			after.Owners = append(after.Owners, uint16(newcomer))
			j++
		}
	}
	after.Loads = make([]uint64, r.Nodes+1)
	for n, g := range c.Gift {
		after.Loads[n] = r.Loads[n] - g
	}
	after.Loads[newcomer] = c.Moved
	c.After = after
	c.finish()
	return c, nil
}

// LeaveRing takes node out of r: each of its ranges goes to the owner of
// the nearest remaining token before it (see the model at ChangeKind). The result
// has Kind Leave; a failure is the same change with Kind set to Fail.
func LeaveRing(r Ring, node int) (Change, error) {
	if node < 0 || node >= r.Nodes {
		return Change{}, fmt.Errorf("node %d cannot leave: nodes are numbered 0..%d", node, r.Nodes-1)
	}
	c := Change{Kind: Leave, Node: node, Before: r, Gift: make([]uint64, r.Nodes)}
	for i, o := range r.Owners {
		if int(o) == node {
			c.Tokens = append(c.Tokens, r.Boundaries[i])
		}
	}
	if len(c.Tokens) == 0 {
		return Change{}, fmt.Errorf("node %d cannot leave: it owns no part of the ring", node)
	}
	var ok bool
	c.Moved, ok = leaveWalk(r.Boundaries, r.Owners, uint16(node), c.Gift, &c.Pieces)
	if !ok {
		return Change{}, fmt.Errorf("node %d cannot leave: no other node would remain", node)
	}
	kept := len(r.Boundaries) - len(c.Tokens)
	after := Ring{Seed: r.Seed, Nodes: r.Nodes, Boundaries: make([]uint32, 0, kept), Owners: make([]uint16, 0, kept)}
	for i, o := range r.Owners {
		if int(o) != node {
			after.Boundaries = append(after.Boundaries, r.Boundaries[i])
			after.Owners = append(after.Owners, o)
		}
	}
	after.Loads = make([]uint64, r.Nodes)
	for n, g := range c.Gift {
		after.Loads[n] = r.Loads[n] + g
	}
	after.Loads[node] = 0
	c.After = after
	c.finish()
	return c, nil
}

// finish fills in what follows from the rings and the moved width.
func (c *Change) finish() {
	members := ownsPart(c.After.Owners, c.After.Nodes)
	c.Members = memberCount(members)
	c.After.Stats = statsOfMembers(c.After.Loads, members)
	c.MovedFraction = float64(c.Moved) / float64(RingSize)
	c.Donors = giftCount(c.Gift)
	before := c.Members - 1 // the members before a join
	if c.Kind != Join {
		before = c.Members + 1
	}
	c.Ideal, c.ModNMoved = idealAndModN(c.Kind, before)
	c.NodeShare = c.MovedFraction / c.Ideal
}

// ownsPart reports for each of nodes whether it owns a token.
func ownsPart(owners []uint16, nodes int) []bool {
	member := make([]bool, nodes)
	for _, o := range owners {
		member[o] = true
	}
	return member
}

func memberCount(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// statsOfMembers is statsOf over the loads of members only, so that a node
// that has left does not count as an idle one. Busiest indexes all loads.
func statsOfMembers(loads []uint64, member []bool) Stats {
	if memberCount(member) == len(loads) {
		return statsOf(loads)
	}
	var kept []uint64
	var index []int
	for i, l := range loads {
		if member[i] {
			kept = append(kept, l)
			index = append(index, i)
		}
	}
	s := statsOf(kept)
	s.Busiest = index[s.Busiest]
	return s
}
