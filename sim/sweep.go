package sim

import (
	"fmt"
	"slices"

	"vnodes/sim/internal/sorting"
)

// ExerciseVs are the rows of the exercise's table.
var ExerciseVs = []int{1, 2, 4, 16, 64, 256}

// SweepParams asks for seed-averaged statistics at several values of V.
type SweepParams struct {
	Nodes  int
	Seeds  int
	Assign Assignment
	Vs     []int // each in MinV..MaxV; duplicates and order are kept
}

// Row is one V's seed-averaged statistics.
type Row struct {
	V int
	Average
}

// Sweep measures the seed-averaged imbalance and CV for every V in sp.Vs,
// returning the rows in the order asked.
func Sweep(sp SweepParams) ([]Row, error) {
	if len(sp.Vs) == 0 {
		return nil, fmt.Errorf("no values of v to sweep")
	}
	for _, v := range sp.Vs {
		p := Params{Nodes: sp.Nodes, V: v, Seeds: sp.Seeds, Assign: sp.Assign}
		if err := p.Validate(); err != nil {
			return nil, err
		}
	}
	perSeed := make([][]Stats, len(sp.Vs)) // [v index][seed]
	for i := range perSeed {
		perSeed[i] = make([]Stats, sp.Seeds)
	}
	byV := largestFirst(sp.Vs)
	forEachSeed(sp.Seeds, func(ws *workspace, seed int) {
		if sp.Assign == RoundRobin {
			ws.sweepRoundRobin(seed, sp.Nodes, sp.Vs, byV, perSeed)
			return
		}
		for i, v := range sp.Vs {
			ws.drawRing(seed, sp.Nodes, v, sp.Assign)
			perSeed[i][seed] = statsOf(ws.measureLoads(sp.Nodes))
		}
	})
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
	slices.SortStableFunc(order, func(a, b int) int { return vs[b] - vs[a] })
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
	ws.rng.RingPoints(ws.drawn)
	ws.loads = grow(ws.loads, nodes)
	byBucket := total <= sorting.DealMax
	if byBucket {
		ws.dealt.Deal(ws.drawn)
	}
	var stats Stats
	for j, i := range byV {
		if j > 0 && vs[i] == vs[byV[j-1]] {
			perSeed[i][seed] = stats
			continue
		}
		m := nodes * vs[i]
		var points []uint32
		if byBucket {
			ws.dealt.KeepDrawnBefore(m)
			points = ws.dealt.Sorted(&ws.points)
		} else {
			points = sorting.SortedCopy(&ws.points, ws.drawn[:m])
		}
		stats = statsOf(sorting.RoundRobinLoads(points, nodes, ws.loads, &ws.classSums))
		perSeed[i][seed] = stats
	}
}
