package sim

// Seeding is one long chain of dependent multiplications per seed (MT's
// init_by_array walks the 624-word state twice), so on its own a seed
// leaves most of the CPU idle. A worker therefore seeds a batch of seeds at
// once, where the CPU allows, one seed per vector lane, and then draws from
// each of them in turn.

// seedLanes is how many seeds one batch holds.
const seedLanes = 8

// seedBatch holds the freshly seeded generator states of up to seedLanes
// seeds.
type seedBatch struct {
	seeds  [seedLanes]uint64
	n      int
	states [seedLanes][mtN]uint32
}

// prepare seeds seeds first, first+1, ..., first+n-1 (n <= seedLanes).
func (b *seedBatch) prepare(first, n int) {
	b.n = n
	for k := range n {
		b.seeds[k] = uint64(first + k)
	}
	seedStates(b)
}

// seedStatesGeneric seeds each state on its own: the reference for the
// vector version, and the path for seeds of more than one 32-bit word.
func seedStatesGeneric(b *seedBatch) {
	var g mt19937
	for k, s := range b.seeds[:b.n] {
		g.seedKey(seedKey(s))
		b.states[k] = g.state
	}
}

// restore sets g to seed's freshly seeded state if the batch holds it.
func (b *seedBatch) restore(g *mt19937, seed uint64) bool {
	for k, s := range b.seeds[:b.n] {
		if s == seed {
			g.state = b.states[k]
			g.next = mtN
			return true
		}
	}
	return false
}

// reseed seeds the workspace's generator, from the batch when it can.
func (ws *workspace) reseed(seed int) {
	if !ws.batch.restore(&ws.rng.mt, uint64(seed)) {
		ws.rng.reseed(uint64(seed))
	}
}
