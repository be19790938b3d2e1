package sim

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"vnodes/sim/internal/pyrand"
)

// Other ways to hash: the ring beside three algorithms that need no
// tokens, on the same keys. For each, the keys per node, and the share of
// the keys whose node changes when a node joins or one leaves.
//
// The model, exactly:
//   - Keys: key j is the j-th value of random.Random(seed + 1_000_000)
//     .getrandbits(64) (two outputs a key, the first the low word).
//   - ring: the exercise's ring for the seed; a key sits at key >> 32 and
//     belongs to the owner of the last token at or before it (the last
//     token of all when none is).
//   - jump: Lamping and Veach's jump consistent hash.
//   - rendezvous: the node i (0..N−1) with the highest mix(key ^ mix(i+1)),
//     the lower i on a tie.
//   - Maglev: a table of MaglevSize entries; node i's offset is
//     mix(2i+1) mod M and its skip mix(2i+2) mod (M−1) + 1, and the nodes
//     take turns in order of i, each taking its next preferred empty entry
//     (Eisenbud et al., Pseudocode 1); a key goes to table[key mod M].
//   - A join adds node N (for the ring, its V tokens are the next V draws
//     of the ring's generator, as in RunChange). A leave takes node L out:
//     the ring loses L's tokens, rendezvous and Maglev leave L out and the
//     others keep their numbers. Jump has buckets 0..N−2 left and two ways
//     to close the gap (Renumber): shift, every node above L takes the
//     bucket below its own (node b is bucket b below L and b−1 above it);
//     or last, node N−1 takes bucket L and the others keep theirs.
//
// mix is SplitMix64's finaliser.

// HashAlgorithm is a way to place keys on nodes.
type HashAlgorithm uint8

const (
	RingHash HashAlgorithm = iota
	JumpHash
	RendezvousHash
	MaglevHash
	NumHashAlgorithms = 4
)

var hashNames = enum[HashAlgorithm]{kind: "hash", typ: "HashAlgorithm", names: []string{"ring", "jump", "rendezvous", "maglev"},
	aliases: map[string]HashAlgorithm{"tokens": RingHash, "consistent": RingHash, "hrw": RendezvousHash}}

// String is the algorithm's name, which ParseHashAlgorithm reads back.
func (a HashAlgorithm) String() string { return hashNames.String(a) }

// ParseHashAlgorithm reads an algorithm's name (case and spaces aside;
// hrw is rendezvous).
func ParseHashAlgorithm(s string) (HashAlgorithm, error) { return hashNames.Parse(s) }

// Limits of the keys placed, and Maglev's table size (a prime).
const (
	MinHashKeys, MaxHashKeys, DefaultHashKeys = 1000, 1_000_000, 20_000
	MaglevSize                                = 65537
	// hashKeySeed is added to a seed to seed the keys' generator.
	hashKeySeed = 1_000_000
)

// HashParams are a ring's parameters, the keys placed, the node that
// leaves and how jump closes the gap it leaves.
type HashParams struct {
	Params
	Keys     int
	Leave    int // the node that leaves, 0..Nodes-1
	Renumber Renumber
}

// Renumber is how jump hash closes the gap a node leaving makes in its
// bucket numbers 0..N−1: only the last bucket can go.
type Renumber uint8

const (
	// RenumberShift: every node above the leaver takes the number below
	// its own, so their keys move too.
	RenumberShift Renumber = iota
	// RenumberLast: the last node takes the leaver's number and the
	// others keep theirs; the last node's keys move with the leaver's.
	RenumberLast
	NumRenumbers = 2
)

var renumbers = enum[Renumber]{kind: "renumbering", typ: "Renumber", names: []string{"shift", "last"}}

// String is the way's name, which ParseRenumber reads back.
func (r Renumber) String() string { return renumbers.String(r) }

// ParseRenumber reads a way to renumber by its name (case and spaces
// aside).
func ParseRenumber(s string) (Renumber, error) { return renumbers.Parse(s) }

// JumpNode is the node that jump's bucket b (of N−1 left) stands for once
// node leave of n has left, renumbered by r.
func JumpNode(b, leave, n int, r Renumber) int {
	if r == RenumberLast {
		if b == leave { // never, when the leaver is the last node
			return n - 1
		}
		return b
	}
	if b >= leave {
		return b + 1
	}
	return b
}

// DefaultLeave is the node that leaves unless another is asked for: the
// middle one.
func DefaultLeave(nodes int) int { return nodes / 2 }

// Validate reports the first parameter that is out of range.
func (hp HashParams) Validate() error {
	if err := hp.Params.Validate(); err != nil {
		return err
	}
	if hp.Nodes+1 > MaxNodes {
		return fmt.Errorf("a node cannot join %d nodes: at most %d nodes", hp.Nodes, MaxNodes)
	}
	if hp.Nodes < 2 {
		return fmt.Errorf("a node cannot leave when it is the only one")
	}
	if err := checkRange("keys", hp.Keys, MinHashKeys, MaxHashKeys); err != nil {
		return err
	}
	if hp.Renumber >= NumRenumbers {
		return fmt.Errorf("renumber = %d: want shift or last", hp.Renumber)
	}
	return checkRange("leave", hp.Leave, 0, hp.Nodes-1)
}

// HashFigures are one algorithm's figures for one ring of keys.
type HashFigures struct {
	Imbalance, CV         float64 // of the keys per node: busiest over the mean, std over the mean
	MovedJoin, MovedLeave float64 // the share of the keys whose node changes
	// MovedLeaveBy is, for jump only, MovedLeave for each way to renumber,
	// so that both can be set side by side (zero for the others).
	MovedLeaveBy [NumRenumbers]float64
}

// HashResult is every algorithm's figures for the selected seed and as the
// means over the seeds, and the selected seed's keys per node.
type HashResult struct {
	Params HashParams
	Seed   [NumHashAlgorithms]HashFigures
	Mean   [NumHashAlgorithms]HashFigures
	// Counts are the selected seed's keys per node for each algorithm:
	// before, after the join (N+1 nodes) and after the leave (the leaver's
	// count 0).
	Counts, JoinCounts, LeaveCounts [NumHashAlgorithms][]int
	// Ring is the selected seed's ring, for the ring algorithm's picture.
	Ring Ring
	// Strip is, for each of 2^HashStripBits angular bins (by key >> 32),
	// the node of the first key there (in draw order), or -1 for none, for
	// each algorithm, before, after the join and after the leave: the
	// confetti of where keys land.
	Strip, JoinStrip, LeaveStrip [NumHashAlgorithms][]int16
}

// HashStripBits is log2 of the bins of HashResult.Strip.
const HashStripBits = 14

// MemoryBytes is what an algorithm's lookup structure holds for n nodes
// with v tokens each: the ring's tokens (4 bytes) and their owners (2);
// nothing for jump; rendezvous's list of node identifiers (8 bytes a
// node); Maglev's table of 2-byte node numbers.
func MemoryBytes(a HashAlgorithm, n, v int) int {
	switch a {
	case RingHash:
		return 6 * n * v
	case RendezvousHash:
		return 8 * n
	case MaglevHash:
		return 2 * MaglevSize
	}
	return 0
}

// LookupCost is what a lookup by a costs, as its order of growth: the
// ring's binary search over its N·V tokens, jump's O(log N) steps,
// rendezvous's score for every node, Maglev's one read of its table.
func LookupCost(a HashAlgorithm) string {
	return [NumHashAlgorithms]string{"O(log N·V)", "O(log N)", "O(N)", "O(1)"}[min(int(a), NumHashAlgorithms-1)]
}

// RandomCV is the CV that K keys thrown at N nodes independently at
// random have, root-mean-square over the throws: √((N−1)/K). It is not a
// floor: an algorithm that places keys with less than random noise
// (Maglev's table, jump's buckets) comes out below it.
func RandomCV(nodes, keys int) float64 { return math.Sqrt(float64(nodes-1) / float64(keys)) }

// mix is SplitMix64's finaliser.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Jump is Lamping and Veach's jump consistent hash: the bucket, 0..n−1,
// of key among n buckets.
func Jump(key uint64, n int) int {
	b, j := int64(-1), int64(0)
	for j < int64(n) {
		b = j
		key = key*2862933555777941757 + 1
		j = int64(float64(b+1) * (float64(int64(1)<<31) / float64((key>>33)+1)))
	}
	return int(b)
}

// rendezvousWeights are mix(i+1) for nodes 0..n−1.
func rendezvousWeights(n int, dst []uint64) []uint64 {
	dst = grow(dst, n)
	for i := range dst {
		dst[i] = mix(uint64(i) + 1)
	}
	return dst
}

// rendezvous is the node with the highest score for key, skipping skip
// (−1 for none); the lower node on a tie.
func rendezvous(key uint64, weights []uint64, skip int) int {
	best, top := -1, uint64(0)
	for i, w := range weights {
		if i == skip {
			continue
		}
		if s := mix(key ^ w); best < 0 || s > top {
			best, top = i, s
		}
	}
	return best
}

// MaglevTable fills a Maglev table for nodes 0..n−1 without skip (−1 for
// none) into dst (MaglevSize entries).
func MaglevTable(n, skip int, dst []uint16) []uint16 {
	const m = MaglevSize
	dst = grow(dst, m)
	filled := make([]bool, m)
	offset, step, next := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for i := range n {
		offset[i] = mix(2*uint64(i)+1) % m
		step[i] = mix(2*uint64(i)+2)%(m-1) + 1
	}
	count := 0
	for {
		for i := range n {
			if i == skip {
				continue
			}
			c := (offset[i] + next[i]*step[i]) % m
			for filled[c] {
				next[i]++
				c = (offset[i] + next[i]*step[i]) % m
			}
			dst[c], filled[c] = uint16(i), true
			next[i]++
			if count++; count == m {
				return dst
			}
		}
	}
}

// hashScratch is what one seed's figures need, kept between seeds.
type hashScratch struct {
	keyRng               pyrand.Random
	keys                 []uint64
	before, joined, left []int32 // a piece of keys' nodes
	weights              []uint64
	maglev, maglevJoin   []uint16
	maglevLeave          []uint16
	// The ring before (the workspace's), after the join and after the leave.
	points                 []uint32
	owners                 []uint16
	joinTokens, joinSorted []uint32
	joinPoints, leftPoints []uint32
	joinOwners, leftOwners []uint16
}

var hashScratches = sync.Pool{New: func() any { return new(hashScratch) }}

// hashCost is the work of placing one key by algorithm a among n nodes,
// before, after a join and after a leave, in the meter's units.
func hashCost(a HashAlgorithm, n int) int {
	switch a {
	case RendezvousHash:
		return n + 2
	case JumpHash:
		return 4 // and the leave again, both ways to renumber
	}
	return 3
}

// hashWork is what one seed's figures report.
func hashWork(hp HashParams) int64 {
	w := ringWork(hp.Params) + int64(hp.V) + int64(hp.Keys)
	for a := range HashAlgorithm(NumHashAlgorithms) {
		w += int64(hp.Keys) * int64(hashCost(a, hp.Nodes))
	}
	return w + 3*MaglevSize
}

// RunHashes works out every algorithm's figures for every seed.
func RunHashes(hp HashParams) (HashResult, error) { return RunHashesWith(hp, Options{}) }

// RunHashesWith is RunHashes that can be stopped and followed through o
// (see Options): the rings are metered as in RunWith, a key one unit per
// algorithm (one per node it scores for rendezvous).
func RunHashesWith(hp HashParams, o Options) (HashResult, error) {
	if err := hp.Validate(); err != nil {
		return HashResult{}, err
	}
	m := newMeter(o, int64(hp.Seeds+1)*hashWork(hp)+ringCopyWork(hp.Params)+loadsWork(hp.Params))
	if err := m.start(); err != nil {
		return HashResult{}, err
	}
	perSeed := make([][NumHashAlgorithms]HashFigures, hp.Seeds)
	forEachSeed(hp.Seeds, m, func(ws *workspace, seed int) {
		ws.drawRing(seed, hp.Params)
		if !m.isStopped() {
			ws.hashFigures(hp, seed, &perSeed[seed], nil)
		}
	})
	if err := m.err(); err != nil {
		return HashResult{}, err
	}
	res := HashResult{Params: hp}
	ws := getWorkspace(m)
	defer putWorkspace(ws)
	ws.drawRing(hp.Seed, hp.Params)
	ws.hashFigures(hp, hp.Seed, &res.Seed, &res)
	if err := m.err(); err != nil {
		return HashResult{}, err
	}
	res.Ring = ws.ring(hp.Seed, hp.Nodes)
	if err := m.finish(); err != nil {
		return HashResult{}, err
	}
	res.Mean = meanHashes(perSeed)
	return res, nil
}

// meanHashes averages per-seed figures, summing in seed order.
func meanHashes(perSeed [][NumHashAlgorithms]HashFigures) [NumHashAlgorithms]HashFigures {
	var m [NumHashAlgorithms]HashFigures
	for _, s := range perSeed {
		for a := range m {
			m[a].Imbalance += s[a].Imbalance
			m[a].CV += s[a].CV
			m[a].MovedJoin += s[a].MovedJoin
			m[a].MovedLeave += s[a].MovedLeave
			for r := range m[a].MovedLeaveBy {
				m[a].MovedLeaveBy[r] += s[a].MovedLeaveBy[r]
			}
		}
	}
	n := float64(len(perSeed))
	for a := range m {
		m[a].Imbalance /= n
		m[a].CV /= n
		m[a].MovedJoin /= n
		m[a].MovedLeave /= n
		for r := range m[a].MovedLeaveBy {
			m[a].MovedLeaveBy[r] /= n
		}
	}
	return m
}

// HashRow is one number of nodes' figures, averaged over the seeds.
type HashRow struct {
	Nodes   int
	Figures [NumHashAlgorithms]HashFigures
}

// HashSweep averages every algorithm's figures over seeds 0..hp.Seeds-1
// for each number of nodes in nodes (hp.Nodes and hp.Leave aside), the
// middle node leaving.
func HashSweep(hp HashParams, nodes []int) ([]HashRow, error) {
	return HashSweepWith(hp, nodes, Options{})
}

// HashSweepWith is HashSweep that can be stopped and followed through o.
func HashSweepWith(hp HashParams, nodes []int, o Options) ([]HashRow, error) {
	points := make([]HashParams, len(nodes))
	for i, n := range nodes {
		points[i] = hp
		points[i].Nodes, points[i].Leave = n, DefaultLeave(n)
	}
	return sweepPoints(points, hp.Seeds, o, HashParams.Validate,
		func(ws *workspace, seed int, p HashParams) [NumHashAlgorithms]HashFigures {
			var f [NumHashAlgorithms]HashFigures
			ws.hashFigures(p, seed, &f, nil)
			return f
		},
		func(p HashParams, perSeed [][NumHashAlgorithms]HashFigures) HashRow {
			return HashRow{Nodes: p.Nodes, Figures: meanHashes(perSeed)}
		})
}

func (hp HashParams) work() int64 { return hashWork(hp) }

// hashFigures places the seed's keys by every algorithm on the ring just
// drawn into ws (its generator still just after the ring), before, after
// a join and after a leave, and fills out; with keep, the counts and
// strips of the picture too. It stops early once the work is stopped.
func (ws *workspace) hashFigures(hp HashParams, seed int, out *[NumHashAlgorithms]HashFigures, keep *HashResult) {
	sc := hashScratches.Get().(*hashScratch)
	defer hashScratches.Put(sc)
	n, k := hp.Nodes, hp.Keys
	// The newcomer's tokens come from the ring's generator, before anything else.
	sc.joinTokens = grow(sc.joinTokens, hp.V)
	ws.rng.RingPoints(sc.joinTokens)
	if !ws.m.add(hp.V) {
		return
	}
	sc.keys = grow(sc.keys, k)
	sc.keyRng.Seed(uint64(seed) + hashKeySeed)
	for lo := 0; lo < k; lo += TickUnits {
		hi := min(lo+TickUnits, k)
		for i := lo; i < hi; i++ {
			sc.keys[i] = sc.keyRng.Bits64()
		}
		if !ws.m.add(hi - lo) {
			return
		}
	}
	sc.prepareRings(ws.points, ws.owners, hp)
	sc.weights = rendezvousWeights(n+1, sc.weights)
	sc.maglev = MaglevTable(n, -1, sc.maglev)
	sc.maglevJoin = MaglevTable(n+1, -1, sc.maglevJoin)
	sc.maglevLeave = MaglevTable(n, hp.Leave, sc.maglevLeave)
	if !ws.m.add(3 * MaglevSize) {
		return
	}
	for a := range HashAlgorithm(NumHashAlgorithms) {
		// Keys are placed a piece at a time and counted as they go, so that
		// no step of the work is longer than a piece.
		piece := max(1, TickUnits/hashCost(a, n))
		sc.before, sc.joined, sc.left = grow(sc.before, piece), grow(sc.joined, piece), grow(sc.left, piece)
		t := newTally(n, keep != nil)
		for lo := 0; lo < k; lo += piece {
			hi := min(lo+piece, k)
			m := hi - lo
			sc.place(a, hp, sc.keys[lo:hi], sc.before[:m], sc.joined[:m], sc.left[:m])
			t.add(sc.keys[lo:hi], sc.before[:m], sc.joined[:m], sc.left[:m])
			if a == JumpHash {
				t.addJumpWays(sc.keys[lo:hi], sc.before[:m], hp.Leave, n)
			}
			if !ws.m.add(m * hashCost(a, n)) {
				return
			}
		}
		out[a] = t.figures(k)
		if keep != nil {
			keep.Counts[a], keep.JoinCounts[a], keep.LeaveCounts[a] = t.before, t.joined, t.left
			keep.Strip[a], keep.JoinStrip[a], keep.LeaveStrip[a] = t.strips[0], t.strips[1], t.strips[2]
		}
	}
}

// prepareRings builds the ring after the join (the newcomer's tokens
// merged in, after any old token at the same point) and after the leave
// (the leaver's tokens taken out).
func (sc *hashScratch) prepareRings(points []uint32, owners []uint16, hp HashParams) {
	sc.points, sc.owners = points, owners
	sc.joinSorted = append(sc.joinSorted[:0], sc.joinTokens...)
	slices.Sort(sc.joinSorted)
	m := len(points)
	sc.joinPoints = grow(sc.joinPoints, m+hp.V)[:0]
	sc.joinOwners = grow(sc.joinOwners, m+hp.V)[:0]
	i, j := 0, 0
	for i < m || j < len(sc.joinSorted) {
		if j == len(sc.joinSorted) || (i < m && points[i] <= sc.joinSorted[j]) {
			sc.joinPoints, sc.joinOwners = append(sc.joinPoints, points[i]), append(sc.joinOwners, owners[i])
			i++
		} else {
			sc.joinPoints, sc.joinOwners = append(sc.joinPoints, sc.joinSorted[j]), append(sc.joinOwners, uint16(hp.Nodes))
			j++
		}
	}
	sc.leftPoints, sc.leftOwners = sc.leftPoints[:0], sc.leftOwners[:0]
	for i, o := range owners {
		if int(o) != hp.Leave {
			sc.leftPoints, sc.leftOwners = append(sc.leftPoints, points[i]), append(sc.leftOwners, o)
		}
	}
}

// ringOwner is the owner of the last token at or before the key's
// position (the last token of all when none is).
func ringOwner(points []uint32, owners []uint16, key uint64) int32 {
	pos := uint32(key >> 32)
	i, _ := slices.BinarySearch(points, pos+1) // the first token past pos
	if pos == math.MaxUint32 {
		i = len(points)
	}
	if i == 0 {
		i = len(points)
	}
	return int32(owners[i-1])
}

// place puts keys by algorithm a: before, after the join, after the leave.
func (sc *hashScratch) place(a HashAlgorithm, hp HashParams, keys []uint64, before, joined, left []int32) {
	n, leave := hp.Nodes, hp.Leave
	for i, key := range keys {
		switch a {
		case RingHash:
			before[i] = ringOwner(sc.points, sc.owners, key)
			joined[i] = ringOwner(sc.joinPoints, sc.joinOwners, key)
			left[i] = ringOwner(sc.leftPoints, sc.leftOwners, key)
		case JumpHash:
			before[i] = int32(Jump(key, n))
			joined[i] = int32(Jump(key, n+1))
			left[i] = int32(JumpNode(Jump(key, n-1), leave, n, hp.Renumber))
		case RendezvousHash:
			w := sc.weights[:n]
			r := rendezvous(key, w, -1)
			before[i], joined[i], left[i] = int32(r), int32(r), int32(r)
			if mix(key^sc.weights[n]) > mix(key^w[r]) {
				joined[i] = int32(n)
			}
			if r == leave {
				left[i] = int32(rendezvous(key, w, leave))
			}
		case MaglevHash:
			at := key % MaglevSize
			before[i], joined[i], left[i] = int32(sc.maglev[at]), int32(sc.maglevJoin[at]), int32(sc.maglevLeave[at])
		}
	}
}

// tally counts one algorithm's keys as they are placed: per node before,
// how many moved on the join and on the leave, and, for the picture, per
// node after each change and the strips of where keys land.
type tally struct {
	before, joined, left  []int
	movedJoin, movedLeave int
	movedBy               [NumRenumbers]int // jump's moves on the leave, each way to renumber
	strips                [3][]int16        // before, after the join, after the leave; nil unless kept
}

// addJumpWays counts the keys that jump moves on the leave, each way to
// renumber.
func (t *tally) addJumpWays(keys []uint64, before []int32, leave, n int) {
	for i, key := range keys {
		b := Jump(key, n-1)
		for r := range Renumber(NumRenumbers) {
			if int32(JumpNode(b, leave, n, r)) != before[i] {
				t.movedBy[r]++
			}
		}
	}
}

func newTally(n int, keep bool) *tally {
	t := &tally{before: make([]int, n)}
	if keep {
		t.joined, t.left = make([]int, n+1), make([]int, n)
		for i := range t.strips {
			t.strips[i] = make([]int16, 1<<HashStripBits)
			for b := range t.strips[i] {
				t.strips[i][b] = -1
			}
		}
	}
	return t
}

// add counts a piece of keys and their nodes before, after the join and
// after the leave.
func (t *tally) add(keys []uint64, before, joined, left []int32) {
	for i, b := range before {
		t.before[b]++
		if joined[i] != b {
			t.movedJoin++
		}
		if left[i] != b {
			t.movedLeave++
		}
	}
	if t.joined == nil {
		return
	}
	for i, key := range keys {
		t.joined[joined[i]]++
		t.left[left[i]]++
		bin := key >> (64 - HashStripBits) // where it lands: the strips keep the first key of each bin
		for s, nodes := range [3][]int32{before, joined, left} {
			if t.strips[s][bin] < 0 {
				t.strips[s][bin] = int16(nodes[i])
			}
		}
	}
}

// figures are the figures of k keys counted.
func (t *tally) figures(k int) HashFigures {
	n := len(t.before)
	mean := float64(k) / float64(n)
	var busiest int
	var sq float64
	for _, c := range t.before {
		busiest = max(busiest, c)
		d := float64(c) - mean
		sq += d * d
	}
	f := HashFigures{Imbalance: float64(busiest) / mean, CV: math.Sqrt(sq/float64(n)) / mean,
		MovedJoin: float64(t.movedJoin) / float64(k), MovedLeave: float64(t.movedLeave) / float64(k)}
	for r, moved := range t.movedBy {
		f.MovedLeaveBy[r] = float64(moved) / float64(k)
	}
	return f
}

// Lookups places one key at a time by each algorithm among a ring's
// nodes, as a server would: for timing a lookup.
type Lookups struct {
	ring    Ring
	weights []uint64
	maglev  []uint16
}

// NewLookups builds every algorithm's lookup structure for r's nodes.
func NewLookups(r Ring) *Lookups {
	return &Lookups{ring: r, weights: rendezvousWeights(r.Nodes, nil), maglev: MaglevTable(r.Nodes, -1, nil)}
}

// Node is key's node by algorithm a.
func (l *Lookups) Node(a HashAlgorithm, key uint64) int {
	switch a {
	case RingHash:
		return int(ringOwner(l.ring.Boundaries, l.ring.Owners, key))
	case JumpHash:
		return Jump(key, l.ring.Nodes)
	case RendezvousHash:
		return rendezvous(key, l.weights, -1)
	}
	return int(l.maglev[key%MaglevSize])
}

// StripRing is a strip of HashResult (for nodes nodes) as a ring: each bin
// with a key starts a range owned by that key's node, up to the next such
// bin. It shows where keys land for an algorithm without ranges.
func StripRing(strip []int16, nodes, seed int) Ring {
	r := Ring{Seed: seed, Nodes: nodes, Loads: make([]uint64, nodes)}
	const shift = 32 - HashStripBits
	for b, n := range strip {
		if n >= 0 {
			r.Boundaries = append(r.Boundaries, uint32(b)<<shift)
			r.Owners = append(r.Owners, uint16(n))
		}
	}
	for i := range r.Boundaries {
		r.Loads[r.Owners[i]] += r.Width(i)
	}
	r.Stats = statsOf(r.Loads)
	return r
}
