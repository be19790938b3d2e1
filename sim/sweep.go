package sim

import (
	"fmt"
	"sort"

	"vnodes/sim/internal/sorting"
)

// ExerciseVs are the rows of the exercise's table.
var ExerciseVs = []int{1, 2, 4, 16, 64, 256}

// SweepParams asks for seed-averaged statistics at several values of V.
type SweepParams struct {
	Nodes  int
	Seeds  int
	Assign Assignment
	Scheme Scheme
	Vs     []int // each in MinV..MaxV; duplicates and order are kept
}

// params are the Params of sp's ring at v (Seed 0).
func (sp SweepParams) params(v int) Params {
	return Params{Nodes: sp.Nodes, V: v, Seeds: sp.Seeds, Assign: sp.Assign, Scheme: sp.Scheme}
}

// validate checks sp as Sweep needs it.
func (sp SweepParams) validate() error {
	if len(sp.Vs) == 0 {
		return fmt.Errorf("no values of v to sweep")
	}
	for _, v := range sp.Vs {
		if err := sp.params(v).Validate(); err != nil {
			return err
		}
	}
	return nil
}

// Row is one V's seed-averaged statistics.
type Row struct {
	V int
	Average
}

// Sweep measures the seed-averaged imbalance and CV for every V in sp.Vs,
// returning the rows in the order asked.
func Sweep(sp SweepParams) ([]Row, error) { return SweepWith(sp, Options{}) }

// SweepWith is Sweep that can be stopped and followed through o (see
// Options); it returns ErrStopped if stopped. Its rows are Sweep's, bit
// for bit.
func SweepWith(sp SweepParams, o Options) ([]Row, error) {
	if err := sp.validate(); err != nil {
		return nil, err
	}
	m := newMeter(o, sweepWork(sp))
	if err := m.start(); err != nil {
		return nil, err
	}
	perSeed := make([][]Stats, len(sp.Vs)) // [v index][seed]
	for i := range perSeed {
		perSeed[i] = make([]Stats, sp.Seeds)
	}
	byV := largestFirst(sp.Vs)
	forEachSeed(sp.Seeds, m, func(ws *workspace, seed int) {
		if sp.Assign == RoundRobin && sp.Scheme == RandomTokens {
			ws.sweepRoundRobin(seed, sp.Nodes, sp.Vs, byV, perSeed)
			return
		}
		for i, v := range sp.Vs {
			ws.drawRing(seed, sp.params(v))
			if m.isStopped() {
				return
			}
			perSeed[i][seed] = statsOf(ws.measureLoads(sp.Nodes))
		}
	})
	if err := m.finish(); err != nil {
		return nil, err
	}
	rows := make([]Row, len(sp.Vs))
	for i, v := range sp.Vs {
		rows[i] = Row{V: v, Average: averageOf(perSeed[i])}
	}
	return rows, nil
}

// largestFirst returns the indexes of vs ordered by decreasing value.
func largestFirst(vs []int) []int {
	order := make([]int, len(vs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return vs[order[i]] > vs[order[j]] })
	return order
}

// sweepRoundRobin measures every V for one seed from a single draw. With
// round-robin ownership the ring for V uses exactly the first N*V points of
// the seed's stream, so the points are drawn once, for the largest V, and
// dealt into buckets once, each with its draw index. Going from the largest
// V down, each shorter prefix is the previous one without the points drawn
// after it, still dealt into the same buckets, so sorting it only needs the
// short clean-up within buckets (sorting.Dealt.Sorted).
func (ws *workspace) sweepRoundRobin(seed, nodes int, vs, byV []int, perSeed [][]Stats) {
	total := nodes * vs[byV[0]]
	ws.batch.Seed(&ws.rng, uint64(seed))
	ws.drawn = grow(ws.drawn, total)
	if !ws.drawPoints(ws.drawn) {
		return
	}
	ws.loads = grow(ws.loads, nodes)
	byBucket := total <= sorting.DealMax
	if byBucket {
		ws.dealt.Deal(ws.drawn)
		if !ws.m.add(total) {
			return
		}
	}
	var stats Stats
	for j, i := range byV {
		if j > 0 && vs[i] == vs[byV[j-1]] {
			perSeed[i][seed] = stats
			continue
		}
		m := nodes * vs[i]
		var points []uint32
		switch {
		case ws.m != nil:
			var ok bool
			if byBucket {
				ws.dealt.KeepDrawnBefore(m)
				points, ok = ws.dealt.Sorted(&ws.points), ws.m.add(m)
			} else {
				points, ok = sorting.SortedCopyStep(&ws.points, &ws.radixTmp, ws.drawn[:m], ws.m.step())
			}
			if !ok {
				return
			}
			loads := sorting.RoundRobinLoadsStep(points, nodes, ws.loads, &ws.classSums, ws.m.step())
			if loads == nil {
				return
			}
			stats = statsOf(loads)
		case byBucket:
			ws.dealt.KeepDrawnBefore(m)
			points = ws.dealt.Sorted(&ws.points)
			stats = statsOf(sorting.RoundRobinLoads(points, nodes, ws.loads, &ws.classSums))
		default:
			points, _ = sorting.SortedCopyStep(&ws.points, &ws.radixTmp, ws.drawn[:m], nil)
			stats = statsOf(sorting.RoundRobinLoads(points, nodes, ws.loads, &ws.classSums))
		}
		perSeed[i][seed] = stats
	}
}

// point is one point of a sweep other than Sweep's own: it draws its ring
// for a seed into a workspace, and knows what one seed's figures of it
// cost, in the meter's units.
type point interface {
	draw(ws *workspace, seed int)
	work() int64
}

// sweepPoints is the driver of every sweep but Sweep's: it checks each
// point, meters their work over every seed, measures each point on each
// seed's ring (measure is called with the ring just drawn into ws) and
// averages each point's figures over the seeds, in seed order, with mean.
func sweepPoints[P point, S, R any](points []P, seeds int, o Options, check func(P) error,
	measure func(ws *workspace, seed int, p P) S, mean func(p P, perSeed []S) R) ([]R, error) {
	if len(points) == 0 {
		return nil, fmt.Errorf("no values of v to sweep")
	}
	var work int64
	for _, p := range points {
		if err := check(p); err != nil {
			return nil, err
		}
		work += int64(seeds) * p.work()
	}
	m := newMeter(o, work)
	if err := m.start(); err != nil {
		return nil, err
	}
	perSeed := make([][]S, len(points)) // [point][seed]
	for i := range perSeed {
		perSeed[i] = make([]S, seeds)
	}
	forEachSeed(seeds, m, func(ws *workspace, seed int) {
		for i, p := range points {
			p.draw(ws, seed)
			if m.isStopped() {
				return
			}
			perSeed[i][seed] = measure(ws, seed, p)
		}
	})
	if err := m.finish(); err != nil {
		return nil, err
	}
	out := make([]R, len(points))
	for i, p := range points {
		out[i] = mean(p, perSeed[i])
	}
	return out, nil
}
