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
// (all N when RF ≥ N), in that order: r = min(RF, N) copies. A quorum read
// or write needs a majority of them up, ⌊r/2⌋+1; so with a set D of k
// nodes down, range i is unavailable once r − ⌊r/2⌋ = ⌈r/2⌉ of its
// replicas are in D (one of 2, two of 3 or 4, three of 5), and lost when
// all of them are. The figures go over every one of the C(N, k) sets D,
// exactly.

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
	// Failed are the nodes down in the selected seed's picture (counted
	// from 0, distinct, at most Down of them); none: the seed's worst set.
	Failed []int
}

// Copies is how many nodes keep each range: RF, or every node when there
// are fewer.
func (rp ReplicaParams) Copies() int { return min(rp.RF, rp.Nodes) }

// Quorum is how many of a range's copies must be up to read or write it:
// a majority of them.
func (rp ReplicaParams) Quorum() int { return Quorum(rp.Copies()) }

// Quorum is a majority of r copies, ⌊r/2⌋+1.
func Quorum(r int) int { return r/2 + 1 }

// DownToLoseQuorum is how many of r copies down leave a range without its
// quorum: ⌈r/2⌉.
func DownToLoseQuorum(r int) int { return r - Quorum(r) + 1 }

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
	if len(rp.Failed) > rp.Down {
		return fmt.Errorf("%d nodes chosen down, more than the %d down at once", len(rp.Failed), rp.Down)
	}
	for i, n := range rp.Failed {
		if n < 0 || n >= rp.Nodes || slices.Contains(rp.Failed[:i], n) {
			return fmt.Errorf("failed: node %d is not one of %d distinct nodes", n, rp.Nodes)
		}
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

// ReplicaRing is the selected seed's ring with some nodes down: each
// range's state, what each node keeps and what it streams to rebuild.
type ReplicaRing struct {
	Ring
	RF   int
	Down []int // the nodes down: Params.Failed, or the seed's worst set
	// States are each range's state with Down down.
	States []RangeState
	// Stored is the width each node keeps a copy of (its share of the RF
	// copies of the ring).
	Stored []uint64
	// Rebuild is what each node streams to make again the copies the nodes
	// down kept: each range's lost copies come from the first of its
	// replicas (in ring order) that is up; a range with every copy down
	// cannot be rebuilt.
	Rebuild []uint64
	// Unavailable is the width of the ranges without a quorum.
	Unavailable uint64
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
// o (see Options): the rings are metered as in RunWith, their ranges'
// replicas one unit each, and the sets of nodes down one unit each.
func RunReplicasWith(rp ReplicaParams, o Options) (ReplicaResult, error) {
	if err := rp.Validate(); err != nil {
		return ReplicaResult{}, err
	}
	m := newMeter(o, int64(rp.Seeds+1)*replicaWork(rp)+ringCopyWork(rp.Params)+loadsWork(rp.Params)+pictureWork(rp))
	if err := m.start(); err != nil {
		return ReplicaResult{}, err
	}
	perSeed := make([]ReplicaStats, rp.Seeds)
	forEachSeed(rp.Seeds, m, func(ws *workspace, seed int) {
		ws.drawRing(seed, rp.Params)
		if !m.isStopped() {
			perSeed[seed] = ws.replicaStats(rp)
		}
	})
	if err := m.err(); err != nil {
		return ReplicaResult{}, err
	}
	ws := getWorkspace(m)
	defer putWorkspace(ws)
	ws.drawRing(rp.Seed, rp.Params)
	stats := ws.replicaStats(rp)
	if err := m.err(); err != nil {
		return ReplicaResult{}, err
	}
	down := slices.Clone(rp.Failed)
	if len(down) == 0 {
		down = slices.Clone(stats.Worst)
	}
	seed := ReplicaRing{Ring: ws.ring(rp.Seed, rp.Nodes), RF: rp.RF, Down: down}
	seed.picture(m)
	if err := m.finish(); err != nil {
		return ReplicaResult{}, err
	}
	return ReplicaResult{Params: rp, Seed: seed, Stats: stats, PerSeed: perSeed, Mean: meanReplicas(perSeed)}, nil
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
	return sweepVs(sp, o, func(p Params) ReplicaParams { return ReplicaParams{Params: p, RF: rf, Down: down} },
		ReplicaParams.Validate,
		func(ws *workspace, _ int, rp ReplicaParams) ReplicaStats { return ws.replicaStats(rp) },
		func(rp ReplicaParams, perSeed []ReplicaStats) ReplicaRow {
			return ReplicaRow{V: rp.V, ReplicaStats: meanReplicas(perSeed)}
		})
}

func (rp ReplicaParams) work() int64 { return replicaWork(rp) }

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
// one unit per range for its replicas (two with three nodes down), and
// one per set of nodes down.
func replicaWork(rp ReplicaParams) int64 {
	ranges := int64(rp.Nodes * rp.V)
	if rp.Down == 3 {
		ranges *= 2
	}
	return ringWork(rp.Params) + ranges + FailureSets(rp.Nodes, rp.Down)
}

// pictureWork is the selected seed's picture: one unit per range.
func pictureWork(rp ReplicaParams) int64 { return int64(rp.Nodes * rp.V) }

// replicasOf are range i's replicas: the owners of tokens i, i+1, … (wrapping),
// the first r distinct ones, in that order, appended to buf[:0].
func replicasOf(owners []uint16, i, r int, buf []uint16) []uint16 {
	got := buf[:0]
	m := len(owners)
	for j := i; len(got) < r; j++ {
		if j == m {
			j = 0
		}
		if o := owners[j]; !slices.Contains(got, o) {
			got = append(got, o)
		}
	}
	return got
}

// Replicas are range i's replicas, in order: the owner of token i first.
func (r *ReplicaRing) Replicas(i int) []uint16 {
	return replicasOf(r.Owners, i, min(r.RF, r.Nodes), make([]uint16, 0, MaxRF))
}

// replicaScratch is what working out one ring's figures needs, kept
// between seeds.
type replicaScratch struct {
	w1 []int64 // each node's: the width of the ranges it keeps
	w2 []int64 // each pair's (a < b, a*N + b): the width both keep
	// With three nodes down: every range's replicas, sorted (r each), the
	// ranges each node keeps (byNode[start[a]:start[a+1]]), and each
	// pair's width kept with a given first node (w3, b*N + c).
	sorted []uint16
	start  []int32
	byNode []int32
	w3     []int64
}

var replicaScratches = sync.Pool{New: func() any { return new(replicaScratch) }}

// replicaStats works out the figures of the ring just drawn into ws.
func (ws *workspace) replicaStats(rp ReplicaParams) ReplicaStats {
	sc := replicaScratches.Get().(*replicaScratch)
	defer replicaScratches.Put(sc)
	n, k := rp.Nodes, rp.Down
	r := min(rp.RF, n)
	if !sc.weigh(ws.points, ws.owners, n, r, k, ws.m) {
		return ReplicaStats{}
	}
	stats := ReplicaStats{Peers: sc.peers(n)}
	sc.failures(ws.points, n, k, r, DownToLoseQuorum(r), ws.m, &stats)
	return stats
}

// weigh finds every range's replicas and adds up, for every node and
// pair of nodes, the width of the ranges all of them keep; with three
// down it also keeps every range's replicas, sorted, and which ranges
// each node keeps. It reports whether the work should go on.
func (sc *replicaScratch) weigh(points []uint32, owners []uint16, n, r, k int, m *meter) bool {
	sc.w1 = grow(sc.w1, n)
	clear(sc.w1)
	sc.w2 = grow(sc.w2, n*n)
	clear(sc.w2)
	count := len(points)
	if k == 3 {
		sc.sorted = grow(sc.sorted, count*r)
	}
	var buf [MaxRF]uint16
	for lo := 0; lo < count; lo += TickUnits {
		hi := min(lo+TickUnits, count)
		for i := lo; i < hi; i++ {
			reps := replicasOf(owners, i, r, buf[:])
			slices.Sort(reps)
			width := int64(rangeWidth(points, i))
			for x, a := range reps {
				sc.w1[a] += width
				for _, b := range reps[x+1:] {
					sc.w2[int(a)*n+int(b)] += width
				}
			}
			if k == 3 {
				copy(sc.sorted[i*r:], reps)
			}
		}
		if !m.add(hi - lo) {
			return false
		}
	}
	if k < 3 {
		return true
	}
	// Index the ranges by the nodes that keep them.
	sc.start = grow(sc.start, n+1)
	clear(sc.start)
	for _, a := range sc.sorted[:count*r] {
		sc.start[a+1]++
	}
	for a := range n {
		sc.start[a+1] += sc.start[a]
	}
	sc.byNode = grow(sc.byNode, count*r)
	next := append([]int32(nil), sc.start[:n]...)
	for lo := 0; lo < count; lo += TickUnits {
		hi := min(lo+TickUnits, count)
		for i := lo; i < hi; i++ {
			for _, a := range sc.sorted[i*r : (i+1)*r] {
				sc.byNode[next[a]] = int32(i)
				next[a]++
			}
		}
		if !m.add(hi - lo) {
			return false
		}
	}
	return true
}

// peers is the mean over nodes of how many others share a range's
// replicas with it.
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
// least q of S are in D (q = DownToLoseQuorum(r)), and lost when all r are. With w(T) the width of
// the ranges whose replicas include every node of T, the width whose
// replicas meet D in exactly j nodes is, for |D| ≤ 3,
//
//	e3 = w(abc)
//	e2 = Σ w(pairs) − 3·w(abc)
//	e1 = Σ w(nodes) − 2·Σ w(pairs) + 3·w(abc)
//
// (inclusion and exclusion over the subsets of D), so a set D costs a few
// additions whatever the number of ranges. w(abc) is added up for one
// first node a at a time, from the ranges a keeps.
func (sc *replicaScratch) failures(points []uint32, n, k, r, q int, m *meter, stats *ReplicaStats) {
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
		sc.w3 = grow(sc.w3, n*n)
		for a := range n {
			clear(sc.w3)
			ranges := sc.byNode[sc.start[a]:sc.start[a+1]]
			for _, i := range ranges {
				reps := sc.sorted[int(i)*r : int(i+1)*r]
				width := int64(rangeWidth(points, int(i)))
				for x, b := range reps {
					if int(b) <= a {
						continue
					}
					for _, c := range reps[x+1:] {
						sc.w3[int(b)*n+int(c)] += width
					}
				}
			}
			if !m.addAll(len(ranges)) {
				return
			}
			for b := a + 1; b < n; b++ {
				ab := w2(a, b)
				for c := b + 1; c < n; c++ {
					abc := sc.w3[b*n+c]
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

var rangeStates = enum[RangeState]{kind: "range state", typ: "RangeState", names: []string{"fine", "degraded", "no quorum", "lost"}}

// String is the state's name for people.
func (s RangeState) String() string { return rangeStates.String(s) }

// picture works out each range's state with r.Down down, what each node
// keeps and what it streams to rebuild, in metered pieces.
func (r *ReplicaRing) picture(m *meter) {
	count := len(r.Boundaries)
	reps := min(r.RF, r.Nodes)
	q := DownToLoseQuorum(reps)
	r.States = make([]RangeState, count)
	r.Stored, r.Rebuild = make([]uint64, r.Nodes), make([]uint64, r.Nodes)
	var buf [MaxRF]uint16
	for lo := 0; lo < count; lo += TickUnits {
		hi := min(lo+TickUnits, count)
		for i := lo; i < hi; i++ {
			width := r.Width(i)
			gone, from := 0, -1
			for _, o := range replicasOf(r.Owners, i, reps, buf[:]) {
				r.Stored[o] += width
				if slices.Contains(r.Down, int(o)) {
					gone++
				} else if from < 0 {
					from = int(o)
				}
			}
			switch {
			case gone == reps:
				r.States[i] = Lost
			case gone >= q:
				r.States[i] = NoQuorum
			case gone > 0:
				r.States[i] = Degraded
			}
			if gone >= q {
				r.Unavailable += width
			}
			if gone > 0 && from >= 0 {
				r.Rebuild[from] += uint64(gone) * width
			}
		}
		if !m.add(hi - lo) {
			return
		}
	}
}
