package sim

import (
	"fmt"
	"slices"
	"sync"
)

// Replication and failures: the price of V. Every range is kept on RF
// nodes, and some nodes may be down at once. Many tokens per node even out
// the load, but they also make every node share ranges with every other,
// so that any few nodes down together hold all the copies of some range.
//
// The model (Cassandra's SimpleStrategy): the replicas of range i are the
// owners of tokens i, i+1, i+2, … (wrapping), the first RF distinct nodes
// (all N when RF ≥ N), in that order. With a set D of k nodes down, range i
// is unavailable when at least ⌊RF/2⌋+1 of its replicas are in D (a quorum
// read or write fails), and lost when all of them are. The figures go over
// every one of the C(N, k) sets D, exactly.

// Limits of replication and failures.
const (
	MinRF, MaxRF, DefaultRF       = 1, 5, 3
	MinDown, MaxDown, DefaultDown = 1, 3, 2
	// MaxFailureSets bounds the sets of nodes down that a ring's figures
	// go through: C(200, 3), three nodes down among 200.
	MaxFailureSets = 1313400
)

// ReplicaParams are a ring's parameters with replication and failures.
type ReplicaParams struct {
	Params
	RF   int // how many nodes keep each range
	Down int // how many nodes are down at once (k)
}

// Quorum is how many of a range's replicas being down make it unavailable.
func (rp ReplicaParams) Quorum() int { return rp.RF/2 + 1 }

// Validate reports the first parameter that is out of range.
func (rp ReplicaParams) Validate() error {
	if err := rp.Params.Validate(); err != nil {
		return err
	}
	if err := checkRange("rf", rp.RF, MinRF, MaxRF); err != nil {
		return err
	}
	if err := checkRange("down", rp.Down, MinDown, min(MaxDown, rp.Nodes-1)); err != nil {
		return err
	}
	if sets := FailureSets(rp.Nodes, rp.Down); sets > MaxFailureSets {
		return fmt.Errorf("down = %d of %d nodes makes %d sets of nodes down, more than the %d worked through: use fewer nodes or fewer down",
			rp.Down, rp.Nodes, sets, MaxFailureSets)
	}
	return nil
}

// FailureSets is C(n, k), the number of ways k of n nodes can be down.
func FailureSets(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	c := int64(1)
	for i := 1; i <= k; i++ {
		c = c * int64(n-k+i) / int64(i)
	}
	return c
}

// ReplicaStats are one ring's failure figures over every set of Down
// nodes down at once.
type ReplicaStats struct {
	// QuorumLostP is the fraction of the sets under which some range is
	// unavailable.
	QuorumLostP float64
	// UnavailableMean is the mean over the sets of the share of the ring
	// that is unavailable, UnavailableMax the largest.
	UnavailableMean, UnavailableMax float64
	// DataLostP is the fraction of the sets under which some range has
	// every copy down.
	DataLostP float64
	// Peers is the mean over nodes of how many other nodes share at least
	// one range's replicas with it: how many can help rebuild it.
	Peers float64
	// Worst is the first set (in order of node numbers) with the largest
	// unavailable share (the first of all when no set leaves a range
	// without its quorum); nil in a mean.
	Worst []int
}

// ReplicaRing is one ring with every range's replicas.
type ReplicaRing struct {
	Ring
	RF       int
	Replicas [][]uint16 // range i's replicas, in order: the owner of token i first
}

// ReplicaResult is the figures of every seed's ring and the selected
// seed's in full.
type ReplicaResult struct {
	Params  ReplicaParams
	Seed    ReplicaRing
	Stats   ReplicaStats   // the selected seed's
	PerSeed []ReplicaStats // seeds 0..Seeds-1, in order
	Mean    ReplicaStats
}

// RunReplicas works out the failure figures of every seed's ring.
func RunReplicas(rp ReplicaParams) (ReplicaResult, error) { return RunReplicasWith(rp, Options{}) }

// RunReplicasWith is RunReplicas that can be stopped and followed through
// o (see Options): the rings are metered as in RunWith, and the sets of
// nodes down one unit each.
func RunReplicasWith(rp ReplicaParams, o Options) (ReplicaResult, error) {
	if err := rp.Validate(); err != nil {
		return ReplicaResult{}, err
	}
	m := newMeter(o, int64(rp.Seeds+1)*replicaWork(rp)+ringCopyWork(rp.Params)+loadsWork(rp.Params))
	if err := m.start(); err != nil {
		return ReplicaResult{}, err
	}
	perSeed := make([]ReplicaStats, rp.Seeds)
	forEachSeed(rp.Seeds, m, func(ws *workspace, seed int) {
		ws.drawRing(seed, rp.Params)
		if !m.isStopped() {
			perSeed[seed] = ws.replicaStats(rp, nil)
		}
	})
	if err := m.err(); err != nil {
		return ReplicaResult{}, err
	}
	ws := getWorkspace(m)
	defer putWorkspace(ws)
	ws.drawRing(rp.Seed, rp.Params)
	var sets [][]uint16
	stats := ws.replicaStats(rp, &sets)
	if err := m.err(); err != nil {
		return ReplicaResult{}, err
	}
	ring := ws.ring(rp.Seed, rp.Nodes)
	if err := m.finish(); err != nil {
		return ReplicaResult{}, err
	}
	return ReplicaResult{Params: rp, Seed: ReplicaRing{Ring: ring, RF: rp.RF, Replicas: sets},
		Stats: stats, PerSeed: perSeed, Mean: meanReplicas(perSeed)}, nil
}

// ReplicaRow is one V's failure figures averaged over the seeds.
type ReplicaRow struct {
	V int
	ReplicaStats
}

// ReplicaSweep averages the failure figures over seeds 0..sp.Seeds-1 for
// every V in sp.Vs, in the order asked.
func ReplicaSweep(sp SweepParams, rf, down int) ([]ReplicaRow, error) {
	return ReplicaSweepWith(sp, rf, down, Options{})
}

// ReplicaSweepWith is ReplicaSweep that can be stopped and followed
// through o (see Options).
func ReplicaSweepWith(sp SweepParams, rf, down int, o Options) ([]ReplicaRow, error) {
	if len(sp.Vs) == 0 {
		return nil, fmt.Errorf("no values of v to sweep")
	}
	var work int64
	for _, v := range sp.Vs {
		rp := ReplicaParams{Params: sp.params(v), RF: rf, Down: down}
		if err := rp.Validate(); err != nil {
			return nil, err
		}
		work += int64(sp.Seeds) * replicaWork(rp)
	}
	m := newMeter(o, work)
	if err := m.start(); err != nil {
		return nil, err
	}
	perSeed := make([][]ReplicaStats, len(sp.Vs)) // [v index][seed]
	for i := range perSeed {
		perSeed[i] = make([]ReplicaStats, sp.Seeds)
	}
	forEachSeed(sp.Seeds, m, func(ws *workspace, seed int) {
		for i, v := range sp.Vs {
			rp := ReplicaParams{Params: sp.params(v), RF: rf, Down: down}
			ws.drawRing(seed, rp.Params)
			if m.isStopped() {
				return
			}
			perSeed[i][seed] = ws.replicaStats(rp, nil)
		}
	})
	if err := m.finish(); err != nil {
		return nil, err
	}
	rows := make([]ReplicaRow, len(sp.Vs))
	for i, v := range sp.Vs {
		rows[i] = ReplicaRow{V: v, ReplicaStats: meanReplicas(perSeed[i])}
	}
	return rows, nil
}

// meanReplicas averages per-seed figures, summing in seed order.
func meanReplicas(perSeed []ReplicaStats) ReplicaStats {
	var m ReplicaStats
	for _, s := range perSeed {
		m.QuorumLostP += s.QuorumLostP
		m.UnavailableMean += s.UnavailableMean
		m.UnavailableMax += s.UnavailableMax
		m.DataLostP += s.DataLostP
		m.Peers += s.Peers
	}
	n := float64(len(perSeed))
	m.QuorumLostP /= n
	m.UnavailableMean /= n
	m.UnavailableMax /= n
	m.DataLostP /= n
	m.Peers /= n
	return m
}

// replicaWork is what one seed's ring and its figures report: the ring,
// one unit per range for its replicas and one per set of nodes down.
func replicaWork(rp ReplicaParams) int64 {
	return ringWork(rp.Params) + int64(rp.Nodes*rp.V) + FailureSets(rp.Nodes, rp.Down)
}

// replicaScratch is what working out one ring's figures needs, kept
// between seeds.
type replicaScratch struct {
	sets    []replicaSet
	byKey   map[uint64]int // a set's nodes, packed, to its place in sets
	w1      []int64        // each node's: the width of the ranges it keeps
	w2      []int64        // each pair's (a < b, a*N + b): the width both keep
	triples []tripleWidth  // each triple's, a < b < c, when three nodes may be down
	rows    []int          // for each pair a*N+b, where its triples start in triples (CSR)
}

// replicaSet is a set of nodes that keep the same ranges, and their width.
type replicaSet struct {
	nodes [MaxRF]uint16 // sorted, the first r in use
	width int64
}

type tripleWidth struct {
	pair  int32 // a*N + b
	c     uint16
	width int64
}

var replicaScratches = sync.Pool{New: func() any { return new(replicaScratch) }}

// replicaStats works out the figures of the ring just drawn into ws. With
// sets not nil it also keeps every range's replicas there, in order.
func (ws *workspace) replicaStats(rp ReplicaParams, sets *[][]uint16) ReplicaStats {
	sc := replicaScratches.Get().(*replicaScratch)
	defer replicaScratches.Put(sc)
	n, k := rp.Nodes, rp.Down
	r := min(rp.RF, n)
	sc.group(ws.points, ws.owners, r, n, sets)
	if !ws.m.addAll(len(ws.points)) {
		return ReplicaStats{}
	}
	sc.weigh(n, r, k)
	stats := ReplicaStats{Peers: sc.peers(n)}
	sc.failures(n, k, r, rp.Quorum(), ws.m, &stats)
	return stats
}

// group finds every range's replicas and adds up the width of the ranges
// each set of nodes keeps.
func (sc *replicaScratch) group(points []uint32, owners []uint16, r, n int, keep *[][]uint16) {
	m := len(points)
	sc.sets = sc.sets[:0]
	if sc.byKey == nil {
		sc.byKey = map[uint64]int{}
	}
	clear(sc.byKey)
	if keep != nil {
		*keep = make([][]uint16, m)
	}
	var set replicaSet
	for i := range m {
		got := set.nodes[:0]
		for j := i; len(got) < r; j++ {
			o := owners[j%m]
			if !slices.Contains(got, o) {
				got = append(got, o)
			}
		}
		if keep != nil {
			(*keep)[i] = slices.Clone(got)
		}
		slices.Sort(got)
		key := uint64(0)
		for _, o := range got {
			key = key<<12 | uint64(o)
		}
		width := int64(rangeWidth(points, i))
		if at, ok := sc.byKey[key]; ok {
			sc.sets[at].width += width
			continue
		}
		set.width = width
		sc.byKey[key] = len(sc.sets)
		sc.sets = append(sc.sets, set)
	}
}

// weigh adds up, for every node, pair and (with three down) triple of
// nodes, the width of the ranges all of them keep.
func (sc *replicaScratch) weigh(n, r, k int) {
	sc.w1 = grow(sc.w1, n)
	clear(sc.w1)
	sc.w2 = grow(sc.w2, n*n)
	clear(sc.w2)
	sc.triples = sc.triples[:0]
	for _, s := range sc.sets {
		nodes := s.nodes[:r]
		for x, a := range nodes {
			sc.w1[a] += s.width
			for y := x + 1; y < len(nodes); y++ {
				b := nodes[y]
				sc.w2[int(a)*n+int(b)] += s.width
				if k < 3 {
					continue
				}
				for _, c := range nodes[y+1:] {
					sc.triples = append(sc.triples, tripleWidth{int32(int(a)*n + int(b)), c, s.width})
				}
			}
		}
	}
	if k < 3 {
		return
	}
	slices.SortFunc(sc.triples, func(x, y tripleWidth) int {
		if x.pair != y.pair {
			return int(x.pair - y.pair)
		}
		return int(x.c) - int(y.c)
	})
	// Merge equal triples, then index them by pair.
	out := sc.triples[:0]
	for _, t := range sc.triples {
		if l := len(out); l > 0 && out[l-1].pair == t.pair && out[l-1].c == t.c {
			out[l-1].width += t.width
			continue
		}
		out = append(out, t)
	}
	sc.triples = out
	sc.rows = grow(sc.rows, n*n+1)
	at := 0
	for p := range n * n {
		sc.rows[p] = at
		for at < len(out) && int(out[at].pair) == p {
			at++
		}
	}
	sc.rows[n*n] = at
}

// peers is the mean over nodes of how many others share a replica set
// with it.
func (sc *replicaScratch) peers(n int) float64 {
	count := 0
	for a := range n {
		for b := a + 1; b < n; b++ {
			if sc.w2[a*n+b] > 0 {
				count += 2
			}
		}
	}
	return float64(count) / float64(n)
}

// failures goes through every set of k nodes down and fills the stats'
// failure figures. A range kept by a set S is unavailable under D when at
// least q of S are in D, and lost when all r are. With w(T) the width of
// the ranges whose replicas include every node of T, the width whose
// replicas meet D in exactly j nodes is, for |D| ≤ 3,
//
//	e3 = w(abc)
//	e2 = Σ w(pairs) − 3·w(abc)
//	e1 = Σ w(nodes) − 2·Σ w(pairs) + 3·w(abc)
//
// (inclusion and exclusion over the subsets of D), so a set D costs a few
// additions whatever the number of ranges.
func (sc *replicaScratch) failures(n, k, r, q int, m *meter, stats *ReplicaStats) {
	var bad, lost, count int64
	var sum, most int64
	worst := make([]int, k)
	for i := range worst {
		worst[i] = i // the first set, until one leaves some range without its quorum
	}
	pending := 0
	consider := func(d []int, e [4]int64) bool {
		var down int64
		for j := q; j <= k && j <= 3; j++ {
			down += e[j]
		}
		if down > 0 {
			bad++
		}
		if r <= k && e[r] > 0 {
			lost++
		}
		sum += down
		if down > most {
			most = down
			copy(worst, d)
		}
		count++
		if pending++; pending == TickUnits {
			pending = 0
			return m.add(TickUnits)
		}
		return true
	}
	w2 := func(a, b int) int64 { return sc.w2[a*n+b] }
	d := make([]int, k)
	switch k {
	case 1:
		for a := range n {
			d[0] = a
			if !consider(d, [4]int64{0, sc.w1[a]}) {
				return
			}
		}
	case 2:
		for a := range n {
			for b := a + 1; b < n; b++ {
				ab := w2(a, b)
				d[0], d[1] = a, b
				if !consider(d, [4]int64{0, sc.w1[a] + sc.w1[b] - 2*ab, ab}) {
					return
				}
			}
		}
	case 3:
		for a := range n {
			for b := a + 1; b < n; b++ {
				ab := w2(a, b)
				ts := sc.triples[sc.rows[a*n+b]:sc.rows[a*n+b+1]]
				for c := b + 1; c < n; c++ {
					var abc int64
					if len(ts) > 0 && int(ts[0].c) == c {
						abc = ts[0].width
						ts = ts[1:]
					}
					pairs := ab + w2(a, c) + w2(b, c)
					e := [4]int64{0, sc.w1[a] + sc.w1[b] + sc.w1[c] - 2*pairs + 3*abc, pairs - 3*abc, abc}
					d[0], d[1], d[2] = a, b, c
					if !consider(d, e) {
						return
					}
				}
			}
		}
	}
	if !m.add(pending) {
		return
	}
	stats.QuorumLostP = float64(bad) / float64(count)
	stats.DataLostP = float64(lost) / float64(count)
	stats.UnavailableMean = float64(sum) / float64(count) / float64(RingSize)
	stats.UnavailableMax = float64(most) / float64(RingSize)
	stats.Worst = worst
}

// RangeState is how a range fares with some nodes down.
type RangeState uint8

const (
	Fine     RangeState = iota // every copy up
	Degraded                   // a copy down, but a quorum up
	NoQuorum                   // too many copies down to read or write with a quorum
	Lost                       // every copy down
)

func (s RangeState) String() string {
	return [...]string{"fine", "degraded", "no quorum", "lost"}[min(int(s), 3)]
}

// States are every range's state with the nodes in down down.
func (r *ReplicaRing) States(down []int) []RangeState {
	out := make([]RangeState, len(r.Replicas))
	q := r.RF/2 + 1
	for i, reps := range r.Replicas {
		n := 0
		for _, o := range reps {
			if slices.Contains(down, int(o)) {
				n++
			}
		}
		switch {
		case n == len(reps):
			out[i] = Lost
		case n >= q:
			out[i] = NoQuorum
		case n > 0:
			out[i] = Degraded
		}
	}
	return out
}

// Stored is the width of the ranges each node keeps a copy of.
func (r *ReplicaRing) Stored() []uint64 {
	out := make([]uint64, r.Nodes)
	for i, reps := range r.Replicas {
		for _, o := range reps {
			out[o] += r.Width(i)
		}
	}
	return out
}

// Rebuild is what each node streams to make again the copies the nodes in
// down kept: each copy of a range comes from the first of its replicas
// (in ring order) that is up; a range with every copy down cannot be
// rebuilt.
func (r *ReplicaRing) Rebuild(down []int) []uint64 {
	out := make([]uint64, r.Nodes)
	for i, reps := range r.Replicas {
		gone, from := 0, -1
		for _, o := range reps {
			if slices.Contains(down, int(o)) {
				gone++
			} else if from < 0 {
				from = int(o)
			}
		}
		if gone > 0 && from >= 0 {
			out[from] += uint64(gone) * r.Width(i)
		}
	}
	return out
}
