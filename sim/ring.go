package sim

import (
	"vnodes/sim/internal/pyrand"
	"vnodes/sim/internal/sorting"
)

// Ring is one seed's ring in full: everything needed to draw every arc.
type Ring struct {
	Seed  int
	Nodes int
	// Boundaries are the N*V tokens in ascending order: the drawn points,
	// or those of another Scheme. Range i runs from Boundaries[i] up to
	// Boundaries[i+1]; the last range wraps past 2**32 back to
	// Boundaries[0].
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
	radixTmp  []uint32       // scratch for the radix sort of more than DealMax points
	keyedTmp  []uint64       // scratch for a Stepper's sort of its draws
	greedy    *greedyScratch // GreedyTokens only, made on first use
	// m is the current call's progress and cancellation (see Options), nil
	// for a call without options. A ring whose work m stopped is left
	// unfinished: callers check ws.m.isStopped() before using it.
	m *meter
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// drawRing builds the ring of p (its Nodes, V, Assign and Scheme) for one
// seed into ws.points (sorted) and ws.owners. For RandomTokens it follows
// the reference recipe exactly:
//
//	rng = random.Random(seed)
//	points = sorted(rng.randrange(2**32) for _ in range(N*V))
//
// and, for the Random assignment, continues with the same generator:
//
//	owners = [i % N for i in range(N*V)]; rng.shuffle(owners)
//
// so range i belongs to owners[i]. Each node still owns exactly V ranges.
// The other schemes are built by equalRing and greedyRing. ws.rng is left
// just after the ring's draws.
func (ws *workspace) drawRing(seed int, p Params) {
	switch p.Scheme {
	case EqualTokens:
		ws.equalRing(seed, p)
		return
	case GreedyTokens:
		ws.greedyRing(seed, p)
		return
	}
	m := p.Nodes * p.V
	ws.batch.Seed(&ws.rng, uint64(seed))
	ws.drawn = grow(ws.drawn, m)
	if !ws.drawPoints(ws.drawn) {
		return
	}
	ws.dealOwners(m, p.Nodes, p.Assign)
	if ws.m.isStopped() {
		return
	}
	ws.points, _ = sorting.SortedCopyStep(&ws.points, &ws.radixTmp, ws.drawn, ws.m.step())
}

// drawPoints fills dst with ring points from ws.rng, in pieces of
// TickUnits when metered (the same stream: see pyrand.RingPoints). It
// reports false if the work was cancelled.
func (ws *workspace) drawPoints(dst []uint32) bool {
	if ws.m == nil {
		ws.rng.RingPoints(dst)
		return true
	}
	for lo := 0; lo < len(dst); lo += TickUnits {
		hi := min(lo+TickUnits, len(dst))
		ws.rng.RingPoints(dst[lo:hi])
		if !ws.m.add(hi - lo) {
			return false
		}
	}
	return true
}

// measureLoads adds up the width of each node's ranges for the ring in ws.
// Metered, it goes in pieces and may stop early (the loads are then
// meaningless).
func (ws *workspace) measureLoads(nodes int) []uint64 {
	ws.loads = grow(ws.loads, nodes)
	clear(ws.loads)
	points, owners := ws.points, ws.owners
	last := len(points) - 1
	if ws.m == nil {
		for i := 0; i < last; i++ {
			ws.loads[owners[i]] += uint64(points[i+1] - points[i])
		}
	} else {
		for lo := 0; lo < last; lo += TickUnits {
			hi := min(lo+TickUnits, last)
			for i := lo; i < hi; i++ {
				ws.loads[owners[i]] += uint64(points[i+1] - points[i])
			}
			if !ws.m.add(hi - lo) {
				return ws.loads
			}
		}
	}
	ws.loads[owners[last]] += uint64(points[0]) + RingSize - uint64(points[last])
	ws.m.add(1) // the last range's unit
	return ws.loads
}

// ring copies the workspace's current ring out into a value the caller
// owns. Metered, it copies in pieces (one unit per token) and measures the
// loads in pieces; the ring is then meaningless if the work was stopped.
func (ws *workspace) ring(seed, nodes int) Ring {
	var boundaries []uint32
	var owners []uint16
	if ws.m == nil {
		boundaries = append([]uint32(nil), ws.points...)
		owners = append([]uint16(nil), ws.owners...)
	} else {
		m := len(ws.points)
		boundaries, owners = make([]uint32, m), make([]uint16, m)
		for lo := 0; lo < m; lo += TickUnits {
			hi := min(lo+TickUnits, m)
			copy(boundaries[lo:hi], ws.points[lo:hi])
			copy(owners[lo:hi], ws.owners[lo:hi])
			if !ws.m.add(hi - lo) {
				break
			}
		}
	}
	loads := ws.measureLoads(nodes)
	return Ring{
		Seed:       seed,
		Nodes:      nodes,
		Boundaries: boundaries,
		Owners:     owners,
		Loads:      append([]uint64(nil), loads...),
		Stats:      statsOf(loads),
	}
}
