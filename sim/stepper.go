package sim

import (
	"slices"
	"sync"

	"vnodes/sim/internal/sorting"
)

// Stepper runs one ring after another at different V, as the V slider
// does, faster than Run when only V changes. With round-robin ownership and
// random tokens the ring at V is the sorted first N·V points of each seed's
// stream, so a Stepper keeps each seed's draws for the largest V it has
// needed (its capacity), sorted once with their draw indexes. A run at a V
// within them only keeps the points drawn before N·V: one linear pass, no
// drawing and no sorting. So that the pass costs about N·V and not the
// capacity, it also keeps thinner copies: the draws made before half the
// capacity, a quarter, and so on, each in the same order; a run goes
// through the thinnest copy that holds its V, at most twice its points.
// It hands the call to Run instead for other assignments and schemes, for
// a capacity that would not fit in stepperMaxPoints, and, for a call
// without options, while another goroutine is using it.
//
// Its results are Run's, bit for bit. A Stepper is safe for concurrent use;
// its zero value is ready.
type Stepper struct {
	mu    sync.Mutex
	key   stepperKey
	capV  int          // V of the draws kept; 0 before the first
	drawn [][][]uint64 // per seed, per level k: sorting.Keyed(point, index) of the draws before N·(capV>>k), by point
}

// stepperKey is what the kept draws depend on, besides their number.
type stepperKey struct{ nodes, seeds int }

// stepperMaxPoints bounds the draws a Stepper keeps (8 bytes each): 16 MB,
// and as much again in the thinner copies.
const stepperMaxPoints = 1 << 21

// stepperMinCapV is the fewest ranges per node it keeps, so that the first
// steps of a drag from V = 1 do not each draw again.
const stepperMinCapV = 16

// Run is sim.Run(p), reusing the draws of earlier runs where it can.
func (st *Stepper) Run(p Params) (Result, error) { return st.RunWith(p, Options{}) }

// RunWith is Run that can be stopped and followed through o, as sim.RunWith.
// A call without options never waits for another goroutine's (it is a
// frame, which must not wait for background work): it hands the call to
// RunWith. A call with options waits its turn.
func (st *Stepper) RunWith(p Params, o Options) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if !handles(p) {
		return RunWith(p, o)
	}
	if o.Stop == nil && o.Progress == nil {
		if !st.mu.TryLock() {
			return RunWith(p, o)
		}
	} else {
		st.mu.Lock()
	}
	defer st.mu.Unlock()
	capV, ok := st.plan(p)
	if !ok {
		return RunWith(p, o)
	}
	key := stepperKey{p.Nodes, p.Seeds}
	filling := capV != st.capV || key != st.key
	m := newMeter(o, stepperWork(p, capV, filling))
	if err := m.start(); err != nil {
		return Result{}, err
	}
	if filling && !st.fill(key, capV, m) {
		return Result{}, m.err()
	}
	res, ok := st.run(p, m)
	if !ok {
		return Result{}, m.err()
	}
	if err := m.finish(); err != nil {
		return Result{}, err
	}
	return res, nil
}

// Reserve keeps the draws a later Run at any V up to p.V needs, making
// them now if they are not kept yet: idle time spent so that the steps of
// a drag are all quick, none paying for the draws. It reports whether it
// applies to p (an assignment and scheme a Stepper handles, within
// stepperMaxPoints); it waits for another goroutine's call to finish.
func (st *Stepper) Reserve(p Params, o Options) (bool, error) {
	if err := p.Validate(); err != nil {
		return false, err
	}
	if !handles(p) {
		return false, nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	capV, ok := st.plan(p)
	if !ok {
		return false, nil
	}
	key := stepperKey{p.Nodes, p.Seeds}
	if capV == st.capV && key == st.key {
		return true, nil
	}
	m := newMeter(o, int64(p.Seeds)*8*int64(p.Nodes*capV))
	if err := m.start(); err != nil {
		return true, err
	}
	if !st.fill(key, capV, m) {
		return true, m.err()
	}
	return true, m.finish()
}

// handles reports whether p's ring is a prefix of its seeds' draws.
func handles(p Params) bool { return p.Assign == RoundRobin && p.Scheme == RandomTokens }

// KeptWork is the work, in Options' units, of Run(p) from the draws kept
// now (one unit per kept draw gone through), or 0 if Run(p) would draw: it
// costs about a sixteenth of drawing and sorting the same number of points.
// It never waits for another goroutine: 0 while one is using the Stepper.
func (st *Stepper) KeptWork(p Params) int {
	if p.Validate() != nil || !handles(p) || !st.mu.TryLock() {
		return 0
	}
	defer st.mu.Unlock()
	if capV, ok := st.plan(p); !ok || capV != st.capV || (stepperKey{p.Nodes, p.Seeds}) != st.key || p.Seed >= p.Seeds {
		return 0
	}
	return int(stepperWork(p, st.capV, false))
}

// thinnest is the kept copy a run at v goes through when the draws are
// kept up to capV: level k, the draws before N·levelV (levelV = capV
// halved k times, as fill makes them), the thinnest that holds v.
func thinnest(capV, v int) (k, levelV int) {
	k, levelV = 0, capV
	for levelV/2 >= v {
		k, levelV = k+1, levelV/2
	}
	return k, levelV
}

// plan returns the capacity the draws for p need: the kept one if it
// covers p, else a larger one (or one for other N or seeds). It reports
// false when p is better handed to Run: too large to keep.
func (st *Stepper) plan(p Params) (int, bool) {
	key := stepperKey{p.Nodes, p.Seeds}
	if key == st.key && p.V <= st.capV {
		return st.capV, true
	}
	capV := max(p.V, stepperMinCapV)
	if key == st.key {
		capV = max(capV, 2*st.capV) // growing: room for the next steps too
	}
	capV = min(ceilPow2(capV), MaxV, stepperMaxPoints/(p.Nodes*p.Seeds))
	return capV, capV >= p.V
}

// stepperWork is the units RunWith reports: the draws (drawn, keyed,
// sorted and thinned: 1+1+5+1 per point) when they are made, then one per
// kept draw gone through in the thinnest copy that holds p.V, for every
// seed and once more for the selected seed's ring.
func stepperWork(p Params, capV int, filling bool) int64 {
	_, levelV := thinnest(capV, p.V)
	work := int64(p.Seeds+1) * int64(p.Nodes*levelV)
	if filling {
		work += int64(p.Seeds) * 8 * int64(p.Nodes*capV)
	}
	return work
}

// fill draws and sorts every seed's first nodes·capV points. It reports
// false, and keeps nothing (not even the draws kept before), if m stopped
// it.
func (st *Stepper) fill(key stepperKey, capV int, m *meter) bool {
	st.key, st.capV = stepperKey{}, 0 // nothing kept until the draws are whole
	n := key.nodes * capV
	if len(st.drawn) != key.seeds {
		st.drawn = make([][][]uint64, key.seeds)
	}
	forEachSeed(key.seeds, m, func(ws *workspace, seed int) {
		ws.batch.Seed(&ws.rng, uint64(seed))
		ws.drawn = grow(ws.drawn, n)
		if !ws.drawPoints(ws.drawn) {
			return
		}
		old := st.drawn[seed] // the buffers of the draws kept before, reused
		var keys []uint64
		if len(old) > 0 {
			keys = old[0]
		}
		keys = grow(keys, n)
		for i, x := range ws.drawn {
			keys[i] = sorting.Keyed(x, i)
		}
		if !m.addAll(n) { // keying is quick: one report
			return
		}
		ws.keyedTmp = grow(ws.keyedTmp, n)
		if !sorting.SortKeyedStep(keys, ws.keyedTmp, m.step()) {
			return
		}
		levels := [][]uint64{keys}
		for i, v := 1, capV/2; v >= 1; i, v = i+1, v/2 {
			var buf []uint64
			if i < len(old) {
				buf = old[i][:0]
			}
			levels = append(levels, sorting.KeysDrawnBefore(levels[i-1], key.nodes*v, buf))
		}
		st.drawn[seed] = levels
		m.addAll(n) // thinning is quick too: one report
	})
	if m.isStopped() {
		return false
	}
	st.key, st.capV = key, capV
	return true
}

// run is Run(p) from the kept draws; it reports false if m stopped it.
func (st *Stepper) run(p Params, m *meter) (Result, bool) {
	n := p.Nodes * p.V
	k, levelV := thinnest(st.capV, p.V)
	perSeed := make([]Stats, p.Seeds)
	ranked := make([]uint64, p.Seeds*p.Nodes)
	spreadSeeds(p.Seeds, m, false, func(ws *workspace, seed int) {
		ws.loads = grow(ws.loads, p.Nodes)
		loads := sorting.RoundRobinLoadsDrawnBeforeStep(st.drawn[seed][k], n, p.Nodes, ws.loads, m.step())
		if loads == nil {
			return
		}
		perSeed[seed] = statsOf(loads)
		rankInto(ranked, seed, loads)
	})
	if m.isStopped() {
		return Result{}, false
	}
	ws := getWorkspace(nil)
	defer putWorkspace(ws)
	var ring Ring
	if p.Seed < p.Seeds {
		loads := ws.keptLoads(st.drawn[p.Seed][k], n, p.Nodes)
		ring = roundRobinRing(p.Seed, p.Nodes, ws.points, loads)
	} else { // a seed beyond those averaged is drawn as Run draws it
		ws.drawRing(p.Seed, p)
		ring = ws.ring(p.Seed, p.Nodes)
	}
	m.addAll(p.Nodes * levelV) // the selected seed's ring: one piece
	return resultOf(p, ring, perSeed, ranked), !m.isStopped()
}

// keptLoads leaves in ws.points the sorted points drawn before m and
// returns their round-robin loads (in ws.loads).
func (ws *workspace) keptLoads(keys []uint64, m, nodes int) []uint64 {
	ws.points = grow(ws.points, len(keys))
	ws.points = sorting.PointsDrawnBefore(keys, m, ws.points)
	ws.loads = grow(ws.loads, nodes)
	return sorting.RoundRobinLoads(ws.points, nodes, ws.loads, &ws.classSums)
}

// roundRobinRing is the ring of sorted points whose range i belongs to
// node i mod nodes, copied out.
func roundRobinRing(seed, nodes int, points []uint32, loads []uint64) Ring {
	owners := make([]uint16, len(points))
	dealRoundRobin(owners, nodes)
	return Ring{
		Seed:       seed,
		Nodes:      nodes,
		Boundaries: slices.Clone(points),
		Owners:     owners,
		Loads:      slices.Clone(loads),
		Stats:      statsOf(loads),
	}
}

// ceilPow2 is the smallest power of two at least n (n >= 1).
func ceilPow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}
