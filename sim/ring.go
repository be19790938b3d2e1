package sim

import (
	"vnodes/sim/internal/pyrand"
	"vnodes/sim/internal/sorting"
)

// Ring is one seed's ring in full: everything needed to draw every arc.
type Ring struct {
	Seed  int
	Nodes int
	// Boundaries are the N*V drawn points in ascending order. Range i runs
	// from Boundaries[i] up to Boundaries[i+1]; the last range wraps past
	// 2**32 back to Boundaries[0].
	Boundaries []uint32
	Owners     []uint16 // Owners[i] is the node that owns range i
	Loads      []uint64 // ring width owned by each node; they sum to RingSize
	Stats      Stats
}

// Width is the number of ring positions in range i.
func (r *Ring) Width(i int) uint64 {
	return rangeWidth(r.Boundaries, i)
}

// Share is node's load in units of its fair share (1 = exactly 1/N of the ring).
func (r *Ring) Share(node int) float64 {
	return float64(r.Loads[node]) * float64(r.Nodes) / float64(RingSize)
}

func rangeWidth(sorted []uint32, i int) uint64 {
	if i == len(sorted)-1 {
		return uint64(sorted[0]) + RingSize - uint64(sorted[i])
	}
	return uint64(sorted[i+1] - sorted[i])
}

// workspace holds the generator and buffers that a worker reuses from seed
// to seed, so measuring many seeds allocates nothing after the first.
type workspace struct {
	rng    pyrand.Random
	batch  pyrand.Batch // freshly seeded states of the seeds being worked on
	points []uint32     // sorted
	owners []uint16
	loads  []uint64
	drawn  []uint32 // points in draw order
	dealt  sorting.Dealt
	// classSums is scratch for sorting.RoundRobinLoads.
	classSums []uint64
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// drawRing builds the ring for one seed into ws.points (sorted) and
// ws.owners. It follows the reference recipe exactly:
//
//	rng = random.Random(seed)
//	points = sorted(rng.randrange(2**32) for _ in range(N*V))
//
// and, for the Random assignment, continues with the same generator:
//
//	owners = [i % N for i in range(N*V)]; rng.shuffle(owners)
//
// so range i belongs to owners[i]. Each node still owns exactly V ranges.
// ws.rng is left just after the ring's draws.
func (ws *workspace) drawRing(seed, nodes, v int, assign Assignment) {
	m := nodes * v
	ws.batch.Seed(&ws.rng, uint64(seed))
	ws.drawn = grow(ws.drawn, m)
	ws.rng.RingPoints(ws.drawn)
	ws.owners = grow(ws.owners, m)
	owner := 0
	for i := range ws.owners {
		ws.owners[i] = uint16(owner)
		if owner++; owner == nodes {
			owner = 0
		}
	}
	if assign == Random {
		pyrand.Shuffle(&ws.rng, ws.owners)
	}
	ws.points = sorting.SortedCopy(&ws.points, ws.drawn)
}

// measureLoads adds up the width of each node's ranges for the ring in ws.
func (ws *workspace) measureLoads(nodes int) []uint64 {
	ws.loads = grow(ws.loads, nodes)
	clear(ws.loads)
	points, owners := ws.points, ws.owners
	last := len(points) - 1
	for i := 0; i < last; i++ {
		ws.loads[owners[i]] += uint64(points[i+1] - points[i])
	}
	ws.loads[owners[last]] += uint64(points[0]) + RingSize - uint64(points[last])
	return ws.loads
}

// ring copies the workspace's current ring out into a value the caller owns.
func (ws *workspace) ring(seed, nodes int) Ring {
	loads := ws.measureLoads(nodes)
	return Ring{
		Seed:       seed,
		Nodes:      nodes,
		Boundaries: append([]uint32(nil), ws.points...),
		Owners:     append([]uint16(nil), ws.owners...),
		Loads:      append([]uint64(nil), loads...),
		Stats:      statsOf(loads),
	}
}
