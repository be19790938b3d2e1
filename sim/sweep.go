package sim

import (
	"errors"
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
		return errNoVs
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
	points := pointsAt(sp, newRingPoint)
	each := eachPoint(points, func(ws *workspace, _ int, p ringPoint) Stats { return statsOf(ws.measureLoads(p.Nodes)) })
	if sp.Assign == RoundRobin && sp.Scheme == RandomTokens {
		byV := largestFirst(sp.Vs)
		each = func(ws *workspace, seed int, perSeed [][]Stats) {
			ws.sweepRoundRobin(seed, sp.Nodes, sp.Vs, byV, perSeed)
		}
	}
	return sweep(points, sp.Seeds, sweepWork(sp), o, each,
		func(p ringPoint, perSeed []Stats) Row { return Row{V: p.V, Average: averageOf(perSeed)} })
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

// sweep is the one driver of every sweep, generic over its points P, the
// figures S a seed has at a point and a point's row R. It meters work
// units in all, runs each of seeds 0..seeds-1 through each, which measures
// that seed at every point i into perSeed[i][seed], and averages each
// point's figures over the seeds with mean, which sums them in seed order.
// The rows follow the points; no points make no rows.
func sweep[P, S, R any](points []P, seeds int, work int64, o Options,
	each func(ws *workspace, seed int, perSeed [][]S), mean func(p P, perSeed []S) R) ([]R, error) {
	m := newMeter(o, work)
	if err := m.start(); err != nil {
		return nil, err
	}
	perSeed := make([][]S, len(points)) // [point][seed]
	for i := range perSeed {
		perSeed[i] = make([]S, seeds)
	}
	forEachSeed(seeds, m, func(ws *workspace, seed int) { each(ws, seed, perSeed) })
	if err := m.finish(); err != nil {
		return nil, err
	}
	rows := make([]R, len(points))
	for i, p := range points {
		rows[i] = mean(p, perSeed[i])
	}
	return rows, nil
}

// point is one point of a sweep that draws its own ring for each seed:
// draw puts the seed's ring into a workspace (Params.draw, unless the
// point's ring is another), and work is what one seed's ring and figures
// there report, in the meter's units.
type point interface {
	draw(ws *workspace, seed int)
	work() int64
}

// draw draws the seed's ring of p into ws.
func (p Params) draw(ws *workspace, seed int) { ws.drawRing(seed, p) }

// eachPoint measures a seed at every point in turn: it draws the point's
// ring and hands it to measure (which sees it in ws), until the work is
// stopped.
func eachPoint[P point, S any](points []P, measure func(ws *workspace, seed int, p P) S) func(*workspace, int, [][]S) {
	return func(ws *workspace, seed int, perSeed [][]S) {
		for i, p := range points {
			p.draw(ws, seed)
			if ws.m.isStopped() {
				return
			}
			perSeed[i][seed] = measure(ws, seed, p)
		}
	}
}

// sweepPoints is sweep over points that each draw their own ring: it
// checks every point in order, adds up their work over the seeds, and
// measures each seed at each point (see eachPoint).
func sweepPoints[P point, S, R any](points []P, seeds int, o Options, check func(P) error,
	measure func(ws *workspace, seed int, p P) S, mean func(p P, perSeed []S) R) ([]R, error) {
	var work int64
	for _, p := range points {
		if err := check(p); err != nil {
			return nil, err
		}
		work += int64(seeds) * p.work()
	}
	return sweep(points, seeds, work, o, eachPoint(points, measure), mean)
}

// sweepVs is sweepPoints over the V of sp, at making each V's point.
// A sweep over V needs one at least.
func sweepVs[P point, S, R any](sp SweepParams, o Options, at func(p Params) P, check func(P) error,
	measure func(ws *workspace, seed int, p P) S, mean func(p P, perSeed []S) R) ([]R, error) {
	if len(sp.Vs) == 0 {
		return nil, errNoVs
	}
	return sweepPoints(pointsAt(sp, at), sp.Seeds, o, check, measure, mean)
}

var errNoVs = errors.New("no values of v to sweep")

// pointsAt are a sweep's points, one for each V of sp, in order.
func pointsAt[P any](sp SweepParams, at func(p Params) P) []P {
	points := make([]P, len(sp.Vs))
	for i, v := range sp.Vs {
		points[i] = at(sp.params(v))
	}
	return points
}

// ringPoint is one V of Sweep or SweepWorkload: the ring and its loads.
type ringPoint struct{ Params }

func (p ringPoint) work() int64 { return ringWork(p.Params) + loadsWork(p.Params) }

func newRingPoint(p Params) ringPoint { return ringPoint{p} }
