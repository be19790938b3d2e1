package sim

import "vnodes/sim/internal/sorting"

// Result is everything the app shows for one set of parameters, computed
// once so that drawing never has to simulate.
type Result struct {
	Params  Params
	Ring    Ring    // the selected seed (Params.Seed), in full
	PerSeed []Stats // seeds 0..Params.Seeds-1, in order
	Average Average // the mean of PerSeed: the exercise's figures
	// RankedShares[k] is the (k+1)-th largest load, in fair shares, averaged
	// over the seeds: RankedShares[0] is the mean busiest node, so it equals
	// Average.Imbalance.
	RankedShares []float64
}

// Run simulates the ring for every seed 0..p.Seeds-1 and returns the
// selected seed's ring with the per-seed and averaged statistics.
func Run(p Params) (Result, error) { return RunWith(p, Options{}) }

// RunWith is Run that can be stopped and followed through o (see Options);
// it returns ErrStopped if stopped. Its result is Run's, bit for bit.
func RunWith(p Params, o Options) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	m := newMeter(o, runWork(p))
	if err := m.start(); err != nil {
		return Result{}, err
	}
	perSeed := make([]Stats, p.Seeds)
	ranked := make([]uint64, p.Seeds*p.Nodes) // each seed's loads, largest first
	forEachSeed(p.Seeds, m, func(ws *workspace, seed int) {
		ws.drawRing(seed, p)
		if m.isStopped() {
			return
		}
		loads := ws.measureLoads(p.Nodes)
		perSeed[seed] = statsOf(loads)
		rankInto(ranked, seed, loads)
	})
	if err := m.err(); err != nil {
		return Result{}, err
	}
	ws := getWorkspace(m)
	defer putWorkspace(ws)
	ws.drawRing(p.Seed, p)
	if err := m.err(); err != nil {
		return Result{}, err
	}
	ring := ws.ring(p.Seed, p.Nodes)
	if err := m.finish(); err != nil {
		return Result{}, err
	}
	return resultOf(p, ring, perSeed, ranked), nil
}

// resultOf puts a run's parts together: the selected seed's ring, each
// seed's statistics, and each seed's loads ranked (see rankInto).
func resultOf(p Params, ring Ring, perSeed []Stats, ranked []uint64) Result {
	return Result{
		Params:       p,
		Ring:         ring,
		PerSeed:      perSeed,
		Average:      averageOf(perSeed),
		RankedShares: rankedShares(ranked, p.Nodes, p.Seeds),
	}
}

// rankInto writes seed's loads, largest first, into its row of ranked.
func rankInto(ranked []uint64, seed int, loads []uint64) {
	mine := ranked[seed*len(loads) : (seed+1)*len(loads)]
	copy(mine, loads)
	sorting.DescendingUint64(mine)
}

// rankedShares averages the k-th largest load over seeds, in seed order,
// converting each to fair shares the same way statsOf does.
func rankedShares(ranked []uint64, nodes, seeds int) []float64 {
	out := make([]float64, nodes)
	mean := float64(RingSize) / float64(nodes)
	for s := range seeds {
		for k := range nodes {
			out[k] += float64(ranked[s*nodes+k]) / mean
		}
	}
	for k := range out {
		out[k] /= float64(seeds)
	}
	return out
}

// Loads returns the integer load of every node for the seed p.Seed alone.
func Loads(p Params) ([]uint64, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
	ws.drawRing(p.Seed, p)
	return append([]uint64(nil), ws.measureLoads(p.Nodes)...), nil
}
