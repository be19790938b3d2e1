package sim

import (
	"vnodes/sim/internal/pyrand"
)

// Scheme says where a ring's N·V tokens come from. Random tokens are what
// the exercise measures; the other two are what careful systems do. Each
// trades something for evenness:
//
//   - RandomTokens needs nothing but many tokens: the spread falls like
//     1/√V (see TheoryCV).
//   - EqualTokens fixes the number of ranges, Q = N·V, up front: the ring is
//     cut into Q equal ranges (boundary i at floor(i·2**32/Q)), dealt to
//     the nodes by the Assignment, as Dynamo's third strategy and Riak's
//     ring do. Every range is floor(2**32/Q) or one more positions wide, so
//     the loads are equal up to rounding: any two differ by at most V
//     positions, and the imbalance is 1 to within N·V/2**32. Changing N means
//     moving whole ranges between nodes, not drawing new tokens.
//   - GreedyTokens needs the current ring when a node joins: nodes join one
//     at a time and place each token where it takes load from the busiest
//     node (see greedyRing for the rule). It is far more even than random
//     tokens at small V, without fixing Q.
//
// The seed's generator is used as follows, so that views that go on
// drawing (GeneratorAfterRing) know where they start: RandomTokens draws
// the N·V points, then shuffles for the Random assignment; EqualTokens
// draws nothing for the boundaries, so the Random assignment's shuffle is
// the generator's first use; GreedyTokens draws the first node's V tokens,
// the same draws as the random ring's first V points, and nothing more.
// Greedy tokens belong to the node that placed them, so the Assignment
// plays no part there.
type Scheme uint8

const (
	RandomTokens Scheme = iota // N·V random points: the exercise
	EqualTokens                // Q = N·V equal ranges
	GreedyTokens               // tokens placed to relieve the busiest node
)

var schemes = enum[Scheme]{kind: "scheme", typ: "Scheme", names: []string{"random", "equal", "greedy"},
	aliases: map[string]Scheme{"rand": RandomTokens, "equal-partitions": EqualTokens, "partitions": EqualTokens, "allocator": GreedyTokens}}

// String is the scheme's name as links, flags and JSON spell it, which
// ParseScheme reads back.
func (s Scheme) String() string { return schemes.String(s) }

// ParseScheme reads the names that flags and links use.
func ParseScheme(s string) (Scheme, error) { return schemes.Parse(s) }

// MarshalText and UnmarshalText let a Scheme travel as its name in JSON.
func (s Scheme) MarshalText() ([]byte, error) { return schemes.MarshalText(s) }

func (s *Scheme) UnmarshalText(b []byte) error { return schemes.UnmarshalText(s, b) }

// equalRing builds the ring of Q = N·V equal ranges into ws.points and
// ws.owners: boundary i at floor(i·2**32/Q), owners dealt as in drawRing.
func (ws *workspace) equalRing(seed int, p Params) {
	m := p.Nodes * p.V
	ws.batch.Seed(&ws.rng, uint64(seed))
	ws.points = grow(ws.points, m)
	q := uint64(m)
	for lo := 0; lo < m; lo += TickUnits {
		hi := min(lo+TickUnits, m)
		for i := lo; i < hi; i++ {
			ws.points[i] = uint32(uint64(i) << 32 / q) // i·2**32 < 2**54: no overflow
		}
		if !ws.m.add(hi - lo) {
			return
		}
	}
	ws.dealOwners(m, p.Nodes, p.Assign)
}

// dealRoundRobin gives range i to node i mod nodes.
func dealRoundRobin(owners []uint16, nodes int) {
	owner := 0
	for i := range owners {
		owners[i] = uint16(owner)
		if owner++; owner == nodes {
			owner = 0
		}
	}
}

// dealOwners fills ws.owners with the owners of m ranges: round-robin, or
// for the Random assignment the same tickets shuffled by ws.rng. Metered,
// it reports one unit per owner dealt and one per step of the shuffle.
func (ws *workspace) dealOwners(m, nodes int, assign Assignment) {
	ws.owners = grow(ws.owners, m)
	owner := 0
	if ws.m == nil {
		dealRoundRobin(ws.owners, nodes)
	} else {
		for lo := 0; lo < m; lo += TickUnits {
			hi := min(lo+TickUnits, m)
			for i := lo; i < hi; i++ {
				ws.owners[i] = uint16(owner)
				if owner++; owner == nodes {
					owner = 0
				}
			}
			if !ws.m.add(hi - lo) {
				return
			}
		}
	}
	if assign != Random {
		return
	}
	if ws.m == nil {
		pyrand.Shuffle(&ws.rng, ws.owners)
		return
	}
	// Shuffle's steps go from the last index down; a draw per step, so
	// pieces of TickUnits steps.
	for from := m - 1; from > 0; from -= TickUnits {
		to := max(from-TickUnits, 0)
		pyrand.ShuffleSteps(&ws.rng, ws.owners, from, to)
		if !ws.m.add(from - to) {
			return
		}
	}
}
