package sim

import (
	"fmt"
	"slices"
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
// the seed's stream, so one sort of the longest prefix, each point tagged
// with its draw index, gives the ring order of every shorter prefix too:
// going from the largest V down, each prefix is filtered out of the last.
func (ws *workspace) sweepRoundRobin(seed, nodes int, vs, byV []int, perSeed [][]Stats) {
	total := nodes * vs[byV[0]]
	ws.rng.reseed(uint64(seed))
	ws.points = grow(ws.points, total)
	ws.rng.ringPoints(ws.points)
	ws.keys = grow(ws.keys, total)
	for i, p := range ws.points {
		ws.keys[i] = uint64(p)<<32 | uint64(i)
	}
	ws.keysTmp = grow(ws.keysTmp, total)
	sortKeys(ws.keys, ws.keysTmp)
	ws.loads = grow(ws.loads, nodes)
	keys, spare := ws.keys, ws.keysTmp
	var stats Stats
	for j, i := range byV {
		if j == 0 || vs[i] != vs[byV[j-1]] {
			if m := nodes * vs[i]; m < len(keys) {
				keys, spare = keepDrawnBefore(spare, keys, m), keys[:cap(keys)]
			}
			stats = statsOf(sortedLoads(keys, nodes, ws.loads))
		}
		perSeed[i][seed] = stats
	}
}
