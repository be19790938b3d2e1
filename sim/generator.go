package sim

import (
	"fmt"

	"vnodes/sim/internal/pyrand"
)

// Generator is a seed's random number generator: Python's
// random.Random(seed), draw for draw. Every seed's ring is drawn from it
// (see the package comment), and anything a view adds for that seed draws
// from the same generator after the ring, as a Python model would go on
// with the same rng:
//
//	rng = random.Random(seed)
//	points = sorted(rng.randrange(2**32) for _ in range(N*V))
//	owners = [i % N for i in range(N*V)]; rng.shuffle(owners)  # Random only
//	joined = [rng.randrange(2**32) for _ in range(V)]           # a node joins
//	key = rng.randrange(2**32)                                  # a hot key
//
// GeneratorAfterRing returns the generator at that point. A Generator is
// not safe for concurrent use.
type Generator struct {
	r pyrand.Random
}

// NewGenerator returns random.Random(seed), before any draw. Like Python,
// it seeds with the seed's absolute value.
func NewGenerator(seed int) *Generator {
	g := new(Generator)
	abs := uint64(seed)
	if seed < 0 {
		abs = -abs
	}
	g.r.Seed(abs)
	return g
}

// GeneratorAfterRing returns seed's generator positioned just after what
// the ring for p drew: its p.Nodes·p.V points and, for the Random
// assignment, the shuffle of the owners (for the other schemes, see
// Scheme). It uses p's Nodes, V, Assign and Scheme; seed takes the place
// of p.Seed and need not be below p.Seeds. The next
// RingPoint is what Python's rng.randrange(2**32) would return next.
func GeneratorAfterRing(p Params, seed int) (*Generator, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if seed < 0 {
		return nil, fmt.Errorf("seed %d is negative", seed)
	}
	ws := getWorkspace(nil)
	defer putWorkspace(ws)
	ws.drawRing(seed, p)
	return &Generator{r: ws.rng}, nil
}

// RingPoint draws a position on the ring: randrange(2**32).
func (g *Generator) RingPoint() uint32 { return g.r.RingPoint() }

// RingPoints fills dst with successive RingPoint draws, faster than one at
// a time.
func (g *Generator) RingPoints(dst []uint32) { g.r.RingPoints(dst) }

// Below draws an integer in [0, n): randrange(n), for 1 <= n <= 2**32.
// Like Python it rejects values of bit_length(n) bits that are too big, so
// it takes a varying number of draws. It panics if n is out of range, where
// Python raises ValueError.
func (g *Generator) Below(n int) int {
	switch {
	case n < 1 || uint64(n) > RingSize:
		panic(fmt.Sprintf("sim: Generator.Below(%d): n must be between 1 and 2**32", n))
	case uint64(n) == RingSize:
		return int(g.r.RingPoint())
	}
	return int(g.r.Below(uint32(n)))
}
