package pyrand

// Seeding is one long chain of dependent multiplications per seed (MT's
// init_by_array walks the 624-word state twice), so on its own a seed
// leaves most of the CPU idle. A worker therefore seeds a batch of seeds at
// once, where the CPU allows one seed per vector lane, and then draws from
// each of them in turn.

// BatchSize is how many seeds one Batch holds.
const BatchSize = seedLanes

const seedLanes = 8

// Batch holds the freshly seeded generator states of up to BatchSize
// consecutive seeds. The zero value holds none.
type Batch struct {
	seeds  [seedLanes]uint64
	n      int
	states [seedLanes][mtN]uint32
}

// Prepare seeds seeds first, first+1, ..., first+n-1 (0 <= first, and
// n <= BatchSize), replacing what b held.
func (b *Batch) Prepare(first, n int) {
	b.n = n
	for k := range n {
		b.seeds[k] = uint64(first + k)
	}
	seedStates(b)
}

// Reset empties b.
func (b *Batch) Reset() { b.n = 0 }

// Seed is r.Seed(seed), copying the state from b when b holds that seed.
func (b *Batch) Seed(r *Random, seed uint64) {
	for k, s := range b.seeds[:b.n] {
		if s == seed {
			r.mt.state = b.states[k]
			r.mt.next = mtN
			return
		}
	}
	r.Seed(seed)
}

// seedStatesGeneric seeds each state on its own: the reference for the
// vector version, and the path for seeds of more than one 32-bit word.
func seedStatesGeneric(b *Batch) {
	var g mt19937
	for k, s := range b.seeds[:b.n] {
		g.seedKey(seedKey(s))
		b.states[k] = g.state
	}
}
