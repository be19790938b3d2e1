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
	forEachSeed(sp.Seeds, func(ws *workspace, seed int) {
		if sp.Assign == RoundRobin {
			ws.sweepRoundRobin(seed, sp.Nodes, sp.Vs, perSeed)
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

// sweepRoundRobin measures every V for one seed from a single draw. With
// round-robin ownership the ring for V uses exactly the first N*V points of
// the seed's stream, so one sort of the longest prefix, tagged with each
// point's draw index, gives the ring order of every shorter prefix too.
func (ws *workspace) sweepRoundRobin(seed, nodes int, vs []int, perSeed [][]Stats) {
	total := nodes * slices.Max(vs)
	ws.rng.reseed(uint64(seed))
	ws.keys = grow(ws.keys, total)
	for i := range ws.keys {
		ws.keys[i] = uint64(ws.rng.ringPoint())<<32 | uint64(i)
	}
	ws.keysTmp = grow(ws.keysTmp, total)
	sortKeys(ws.keys, ws.keysTmp)
	ws.loads = grow(ws.loads, nodes)
	for i, v := range vs {
		perSeed[i][seed] = statsOf(prefixLoads(ws.keys, nodes*v, nodes, ws.loads))
	}
}

// prefixLoads computes round-robin loads of the ring made by the points
// whose draw index is below m, walking keys that are sorted by position.
func prefixLoads(keys []uint64, m, nodes int, loads []uint64) []uint64 {
	clear(loads)
	var first, prev uint32
	owner, seen := 0, 0
	for _, k := range keys {
		if uint32(k) >= uint32(m) {
			continue
		}
		pos := uint32(k >> 32)
		if seen == 0 {
			first = pos
		} else {
			loads[owner] += uint64(pos - prev)
			if owner++; owner == nodes {
				owner = 0
			}
		}
		prev = pos
		if seen++; seen == m {
			break
		}
	}
	loads[owner] += uint64(first) + RingSize - uint64(prev)
	return loads
}
