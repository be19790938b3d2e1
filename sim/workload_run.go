package sim

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"vnodes/sim/internal/sorting"
)

// How a seed's requests are worked out, in the order the code does it:
//
//  1. The ring is drawn as for Run; a node's data load is the width it owns.
//  2. Uniform requests: the request load is the data load, figure for figure.
//  3. HotKey: the uniform rest, 1-Hot of the requests, stays spread over the
//     ring, so a node first gets (1-Hot) times its data load. Then S key
//     positions are drawn, key#0 first; key#j is draw j. key#0 is where the
//     unsalted key hashes, so S = 1 is no salting at all, and raising S adds
//     sub-keys without moving those already drawn. Each sub-key carries
//     Hot/S of the requests, placed in the order key#0, key#1, ...
//  4. Zipf: K key positions are drawn; the key of rank r is draw r, so the
//     heaviest key comes first. Key r carries (1/r^s) / sum(1/k^s) of the
//     requests, placed in rank order.
//  5. The fix acts on the keys only, each in the order it was drawn:
//     - none: a key is served by the node owning the range it falls in;
//     - Bounded: it goes to the first node clockwise from its range whose
//     load so far is below the cap, (1+Eps) times the mean load. For Zipf,
//     draw order is rank order, so "in key order" and "heaviest first" are
//     the same choice here, and the right one: the heavy keys come while
//     every node has room and stay where they hash, and by the time nodes
//     fill up the keys are light, so a node ends over the cap by at most a
//     light key. Light keys first would fill nodes and leave the heaviest
//     keys to wander and overshoot by their whole weight. For HotKey the
//     uniform rest is on the nodes before the sub-keys come and is never
//     moved: it stands for countless tiny keys that bounded loads would
//     only shuffle between neighbours, and leaving it alone keeps the data
//     skew (what vnodes fix) apart from the request skew (what the fixes
//     are for). A node whose uniform part alone is over the cap is full
//     from the start.
//     - Replicate: its requests are split equally between the first R
//     distinct nodes clockwise from its range, its own node first. (Keys
//     in the same range share their replicas, so their requests are
//     added up and split together, range by range in the order of each
//     range's first key.)
//
// Request loads are in fair shares: N times a node's share of all requests,
// so they sum to N and their mean is 1.

// KeyPlacement is where one key of the workload lands on the selected
// seed's ring and who serves it.
type KeyPlacement struct {
	// Index is the key's draw after the ring: the salted sub-key key#Index,
	// or the Zipf key of rank Index+1.
	Index    int
	Position uint32  // where it hashes on the ring
	Range    int     // the range holding Position
	Owner    int     // the node owning that range, where plain consistent hashing sends it
	Weight   float64 // its requests, in fair shares (1 = 1/N of all requests)
	// Served are the nodes that serve its requests, sharing them equally:
	// Owner alone with no fix, the node bounded loads chose, or the first
	// R distinct nodes clockwise with replication.
	Served []int
}

// Displaced reports whether bounded loads sent the key away from its owner.
func (k KeyPlacement) Displaced() bool { return len(k.Served) == 1 && k.Served[0] != k.Owner }

// ShownZipfKeys is how many of the heaviest Zipf keys SeedWorkload.Keys
// lists; the rest are in the loads but not listed one by one.
const ShownZipfKeys = 16

// SeedWorkload is one seed's workload in full: what the app draws.
type SeedWorkload struct {
	Seed int
	// Data is each node's data load (the width it owns) and Request its
	// request load, both in fair shares (1 = 1/N of all), node 0 first.
	// Each sums to N.
	Data, Request []float64
	// DataStats are the ring's own figures, as Run gives them. RequestStats
	// are the same figures of the request loads: the busiest node's load
	// (the mean is 1) and the CV.
	DataStats, RequestStats Stats
	// Keys are the hot key's sub-keys key#0..key#S-1, or the ShownZipfKeys
	// heaviest Zipf keys, in draw order; nil for uniform requests.
	Keys []KeyPlacement
	// Cap is bounded loads' capacity in fair shares, 1+Eps; 0 without
	// bounded loads (or without keys to bound).
	Cap float64
	// Displaced counts the keys that bounded loads served from a node other
	// than their owner: all of them, not only those in Keys.
	Displaced int
}

// WorkloadResult is Run's result with the requests of a workload on top.
type WorkloadResult struct {
	// Result is exactly what Run(p) returns: the selected ring and the
	// data figures (Average is the seed-averaged data imbalance and CV).
	Result
	Workload Workload     // as run: zero knobs replaced by their defaults
	Selected SeedWorkload // the seed Params.Seed
	// Requests are the request figures of seeds 0..Seeds-1, and
	// RequestAverage their mean, beside Result.PerSeed and Average.
	Requests       []Stats
	RequestAverage Average
	// RankedRequests[k] is the (k+1)-th largest request load, in fair
	// shares, averaged over the seeds, like Result.RankedShares.
	RankedRequests []float64
	MeanDisplaced  float64 // keys displaced by bounded loads, averaged over the seeds
}

// RunWorkload is Run with the requests of w: for every seed 0..p.Seeds-1 it
// measures the data and request loads, and returns the selected seed in
// full with the seed-averaged figures. With uniform requests the request
// figures are the data figures exactly.
func RunWorkload(p Params, w Workload) (WorkloadResult, error) {
	return RunWorkloadWith(p, w, Options{})
}

// RunWorkloadWith is RunWorkload that can be stopped and followed through o
// (see Options). The rings are metered as in RunWith; each seed's requests
// are worked out between two pieces, in one go.
func RunWorkloadWith(p Params, w Workload, o Options) (WorkloadResult, error) {
	if err := p.Validate(); err != nil {
		return WorkloadResult{}, err
	}
	if err := w.Validate(); err != nil {
		return WorkloadResult{}, err
	}
	m := newMeter(o, runWork(p))
	if err := m.start(); err != nil {
		return WorkloadResult{}, err
	}
	w = w.withDefaults()
	zt := zipfTableFor(w)
	n := p.Nodes
	perSeed := make([]Stats, p.Seeds)
	requests := make([]Stats, p.Seeds)
	displaced := make([]int, p.Seeds)
	ranked := make([]uint64, p.Seeds*n) // each seed's data loads, largest first
	rankedReq := make([]float64, p.Seeds*n)
	forEachSeed(p.Seeds, m, func(ws *workspace, seed int) {
		ws.drawRing(seed, p)
		if m.isStopped() {
			return
		}
		loads := ws.measureLoads(n)
		if m.isStopped() {
			return
		}
		perSeed[seed] = statsOf(loads)
		rankInto(ranked, seed, loads)

		sc := workloadScratches.Get().(*workloadScratch)
		requests[seed], displaced[seed] = sc.requests(ws, loads, &w, zt, nil)
		mineReq := rankedReq[seed*n : (seed+1)*n]
		copy(mineReq, sc.req)
		sorting.DescendingFloat64(mineReq)
		workloadScratches.Put(sc)
	})

	if err := m.err(); err != nil {
		return WorkloadResult{}, err
	}
	ws := getWorkspace(m)
	defer putWorkspace(ws)
	ws.drawRing(p.Seed, p)
	if err := m.err(); err != nil {
		return WorkloadResult{}, err
	}
	ring := ws.ring(p.Seed, n)
	if err := m.finish(); err != nil {
		return WorkloadResult{}, err
	}
	sel := SeedWorkload{Seed: p.Seed, DataStats: ring.Stats, Data: make([]float64, n)}
	for i := range sel.Data {
		sel.Data[i] = ring.Share(i)
	}
	sc := workloadScratches.Get().(*workloadScratch)
	sel.RequestStats, sel.Displaced = sc.requests(ws, ring.Loads, &w, zt, &sel)
	sel.Request = slices.Clone(sc.req)
	workloadScratches.Put(sc)
	if w.Fix == Bounded && w.Kind != Uniform {
		sel.Cap = 1 + w.Eps
	}

	out := WorkloadResult{
		Result: Result{
			Params:       p,
			Ring:         ring,
			PerSeed:      perSeed,
			Average:      averageOf(perSeed),
			RankedShares: rankedShares(ranked, n, p.Seeds),
		},
		Workload:       w,
		Selected:       sel,
		Requests:       requests,
		RequestAverage: averageOf(requests),
		RankedRequests: make([]float64, n),
	}
	for s := range p.Seeds {
		for k := range n {
			out.RankedRequests[k] += rankedReq[s*n+k]
		}
		out.MeanDisplaced += float64(displaced[s])
	}
	for k := range n {
		out.RankedRequests[k] /= float64(p.Seeds)
	}
	out.MeanDisplaced /= float64(p.Seeds)
	return out, nil
}

// WorkloadRow is one V's seed-averaged data and request figures.
type WorkloadRow struct {
	V         int
	Data      Average // the same figures as Sweep's row
	Request   Average
	Displaced float64 // keys displaced by bounded loads, averaged over the seeds
}

// SweepWorkload is Sweep with the requests of w: the seed-averaged data
// and request figures for every V in sp.Vs, in the order asked.
func SweepWorkload(sp SweepParams, w Workload) ([]WorkloadRow, error) {
	return SweepWorkloadWith(sp, w, Options{})
}

// SweepWorkloadWith is SweepWorkload that can be stopped and followed
// through o (see Options and RunWorkloadWith).
func SweepWorkloadWith(sp SweepParams, w Workload, o Options) ([]WorkloadRow, error) {
	// sp before w, as the errors have always come; the driver checks the
	// points again, which costs nothing to speak of.
	if err := sp.validate(); err != nil {
		return nil, err
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	w = w.withDefaults()
	zt := zipfTableFor(w)
	return sweepVs(sp, o, newRingPoint, ringPoint.Validate,
		func(ws *workspace, _ int, p ringPoint) (s seedRequests) {
			loads := ws.measureLoads(p.Nodes)
			if ws.m.isStopped() {
				return s
			}
			sc := workloadScratches.Get().(*workloadScratch)
			defer workloadScratches.Put(sc)
			s.data = statsOf(loads)
			s.request, s.displaced = sc.requests(ws, loads, &w, zt, nil)
			return s
		},
		func(p ringPoint, perSeed []seedRequests) WorkloadRow {
			row := WorkloadRow{V: p.V}
			data, requests := make([]Stats, len(perSeed)), make([]Stats, len(perSeed))
			for i, s := range perSeed {
				data[i], requests[i] = s.data, s.request
				row.Displaced += float64(s.displaced)
			}
			row.Data, row.Request = averageOf(data), averageOf(requests)
			row.Displaced /= float64(len(perSeed))
			return row
		})
}

// seedRequests are one seed's data and request figures at one V, and the
// keys bounded loads displaced.
type seedRequests struct {
	data, request Stats
	displaced     int
}

// workloadScratch is one worker's buffers for the requests, kept between
// calls (like workspace) so that a seed allocates nothing.
type workloadScratch struct {
	keys    []uint32  // key positions in draw order
	ranges  []int32   // the range each key falls in
	weights []float64 // HotKey: each sub-key's weight
	req     []float64 // request load per node
	chosen  []int32   // Bounded: the node each recorded key went to
	served  []int     // Replicate: one range's nodes
	// Replicate: the weight of the keys in each range, and the ranges
	// that have some in the order of their first key. rangeWeights is all
	// zeros between seeds, up to its capacity.
	rangeWeights []float64
	touched      []int32
	index        rangeIndex
	placer       boundedPlacer // Bounded, for Zipf's many keys
}

// growZeroed is grow for a buffer that is kept all zeros up to its
// capacity.
func growZeroed(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

var workloadScratches = sync.Pool{New: func() any { return new(workloadScratch) }}

// requests works out the request loads, in fair shares, of the ring that
// ws has just drawn (its generator right after the ring; loads are the
// ring's data loads) into sc.req, following the steps at the top of this
// file. It returns their figures and how many keys bounded loads displaced.
// With rec non-nil it also lists the keys there.
func (sc *workloadScratch) requests(ws *workspace, loads []uint64, w *Workload, zt *zipfTable, rec *SeedWorkload) (Stats, int) {
	n := len(loads)
	sc.req = grow(sc.req, n)
	noHotRequests := w.Kind == HotKey && w.Hot == 0
	if w.Kind == Uniform || noHotRequests {
		for i, l := range loads {
			sc.req[i] = share(l, n)
		}
		if noHotRequests && rec != nil {
			// Nothing to place, but the key is still shown where it hashes.
			sc.drawKeys(ws, w.Salt, false)
			sc.weights = grow(sc.weights, w.Salt)
			clear(sc.weights)
			sc.record(rec, ws.owners, NoFix, 0, sc.weights, 1)
		}
		// The requests are the uniform ones: the same figures, computed
		// the same way.
		return statsOf(loads), 0
	}

	var weights []float64
	var limit, scale float64 // the cap in the weights' unit; from that unit to fair shares
	if w.Kind == HotKey {
		for i, l := range loads {
			sc.req[i] = (1 - w.Hot) * share(l, n)
		}
		sc.drawKeys(ws, w.Salt, false)
		sc.weights = grow(sc.weights, w.Salt)
		for j := range sc.weights {
			sc.weights[j] = w.Hot * float64(n) / float64(w.Salt)
		}
		weights, limit, scale = sc.weights, 1+w.Eps, 1
	} else {
		// Zipf: add up raw weights 1/r^s and turn them into fair shares at
		// the end, which keeps s = 0 exact (whole key counts).
		clear(sc.req)
		sc.drawKeys(ws, w.Keys, true)
		weights, limit, scale = zt.weights, (1+w.Eps)*zt.total/float64(n), float64(n)/zt.total
	}

	recorded := 0
	if rec != nil {
		recorded = len(sc.keys)
		if w.Kind == Zipf {
			recorded = min(recorded, ShownZipfKeys)
		}
	}
	owners, req := ws.owners, sc.req
	displaced := 0
	switch w.Fix {
	case NoFix:
		for j, r := range sc.ranges {
			req[owners[r]] += weights[j]
		}
	case Bounded:
		sc.chosen = grow(sc.chosen, recorded)
		if w.Kind == Zipf {
			// Many keys: worth setting up a placer, which chooses alike.
			sc.placer.reset(owners, req, limit)
			displaced = sc.placer.placeAll(owners, req, sc.ranges, weights, limit, sc.chosen)
			break
		}
		for j, r := range sc.ranges {
			node := placeBounded(owners, req, int(r), weights[j], limit)
			if node != int(owners[r]) {
				displaced++
			}
			if j < recorded {
				sc.chosen[j] = int32(node)
			}
		}
	case Replicate:
		// Keys in the same range have the same replicas, so their weights
		// are added up first and each range's replicas found once: many
		// keys share a range (10,000 Zipf keys on 2560 ranges).
		sc.rangeWeights = growZeroed(sc.rangeWeights, len(owners))
		sc.touched = sc.touched[:0]
		for j, r := range sc.ranges {
			if sc.rangeWeights[r] == 0 { // every key weighs more than 0
				sc.touched = append(sc.touched, r)
			}
			sc.rangeWeights[r] += weights[j]
		}
		replicas := min(w.Replicas, n)
		for _, r := range sc.touched {
			sc.served = replicaNodes(sc.served[:0], owners, int(r), replicas)
			part := sc.rangeWeights[r] / float64(replicas)
			for _, node := range sc.served {
				req[node] += part
			}
			sc.rangeWeights[r] = 0 // zero again for the next seed
		}
	}
	if w.Kind == Zipf {
		for i := range req {
			req[i] = req[i] * float64(n) / zt.total
		}
	}
	if rec != nil {
		sc.record(rec, owners, w.Fix, min(w.Replicas, n), weights[:recorded], scale)
	}
	return requestStats(req), displaced
}

// drawKeys draws k key positions from ws's generator and finds their
// ranges, through a rangeIndex if indexed: building one pays for itself
// with many keys (Zipf), not with a few sub-keys.
func (sc *workloadScratch) drawKeys(ws *workspace, k int, indexed bool) {
	sc.keys = grow(sc.keys, k)
	ws.rng.RingPoints(sc.keys)
	sc.ranges = grow(sc.ranges, k)
	points := ws.points
	if indexed {
		sc.index.build(points)
		for j, x := range sc.keys {
			sc.ranges[j] = int32(sc.index.keyRange(x))
		}
		return
	}
	for j, x := range sc.keys {
		sc.ranges[j] = int32(keyRange(points, x))
	}
}

// record lists the first len(weights) keys in rec.Keys, with the nodes
// that serve them under fix. All their Served lists share one array.
func (sc *workloadScratch) record(rec *SeedWorkload, owners []uint16, fix FixKind, replicas int, weights []float64, scale float64) {
	perKey := 1
	if fix == Replicate {
		perKey = replicas
	}
	keys := make([]KeyPlacement, len(weights))
	served := make([]int, 0, len(weights)*perKey)
	for j := range keys {
		r := int(sc.ranges[j])
		owner := int(owners[r])
		start := len(served)
		switch fix {
		case NoFix:
			served = append(served, owner)
		case Bounded:
			served = append(served, int(sc.chosen[j]))
		case Replicate:
			served = replicaNodes(served, owners, r, replicas)
		}
		keys[j] = KeyPlacement{
			Index:    j,
			Position: sc.keys[j],
			Range:    r,
			Owner:    owner,
			Weight:   weights[j] * scale,
			Served:   served[start:len(served):len(served)],
		}
	}
	rec.Keys = keys
}

// share is a data load in fair shares, as Ring.Share computes it.
func share(load uint64, nodes int) float64 {
	return float64(load) * float64(nodes) / float64(RingSize)
}

// requestStats gives the figures of request loads in fair shares. Their
// mean is 1 by construction (they add up to all requests), so the busiest
// load is the imbalance and deviations are taken from 1.
func requestStats(req []float64) Stats {
	busiest := 0
	var sumSquares float64
	for i, x := range req {
		if x > req[busiest] {
			busiest = i
		}
		sumSquares += (x - 1) * (x - 1)
	}
	return Stats{
		Imbalance: req[busiest],
		CV:        math.Sqrt(sumSquares / float64(len(req))),
		Busiest:   busiest,
	}
}

// zipfTable holds the raw Zipf weights 1/r^s for ranks 1..keys. They are
// the same for every seed, so a call computes them once, and the last
// table is kept for the next call: a slider step over V or the seed keeps
// K and s.
type zipfTable struct {
	keys    int
	s       float64
	weights []float64 // weights[r-1] = 1/r^s; never changed once stored
	total   float64   // their sum, in rank order
}

var lastZipf atomic.Pointer[zipfTable]

// zipfTableFor returns w's Zipf weights, or nil if w is not Zipf.
func zipfTableFor(w Workload) *zipfTable {
	if w.Kind != Zipf {
		return nil
	}
	if t := lastZipf.Load(); t != nil && t.keys == w.Keys && t.s == w.Zipf {
		return t
	}
	t := &zipfTable{keys: w.Keys, s: w.Zipf, weights: make([]float64, w.Keys)}
	for r := range t.weights {
		t.weights[r] = 1 / math.Pow(float64(r+1), w.Zipf)
		t.total += t.weights[r]
	}
	lastZipf.Store(t)
	return t
}
