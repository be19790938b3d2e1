package sim

import (
	"fmt"
)

// RingSize is the number of positions on the hash ring, 2**32.
const RingSize uint64 = 1 << 32

// Limits on the parameters. They keep a single run within memory and time
// that a laptop or a browser tab can spare.
const (
	MinNodes, MaxNodes = 1, 1000
	MinV, MaxV         = 1, 4096
	MinSeeds, MaxSeeds = 1, 1000
)

// Defaults of the exercise: 10 nodes, averaged over seeds 0..19.
const (
	DefaultNodes = 10
	DefaultSeeds = 20
)

// Assignment says which node owns each range of the sorted ring.
type Assignment uint8

const (
	// RoundRobin gives range i (in ring order) to node i mod N.
	RoundRobin Assignment = iota
	// Random deals the same N*V owner tickets (V per node) in an order
	// shuffled by the seed's own generator, after it drew the points.
	Random
)

var assignments = enum[Assignment]{kind: "assignment", typ: "Assignment", names: []string{"roundrobin", "random"},
	aliases: map[string]Assignment{"round-robin": RoundRobin, "rr": RoundRobin, "rand": Random}}

// String is the assignment's name as links, flags and JSON spell it, which
// ParseAssignment reads back.
func (a Assignment) String() string { return assignments.String(a) }

// ParseAssignment accepts the names used by flags and URLs.
func ParseAssignment(s string) (Assignment, error) { return assignments.Parse(s) }

// Params is everything a run depends on.
type Params struct {
	Nodes  int        // N, how many nodes share the ring
	V      int        // ranges ("virtual nodes") per node
	Seeds  int        // statistics are averaged over seeds 0..Seeds-1
	Seed   int        // the seed whose ring is returned in full
	Assign Assignment // how ranges are dealt to nodes
	// Scheme says where the tokens come from; the zero value, RandomTokens,
	// is the exercise's ring.
	Scheme Scheme
}

// Validate reports the first parameter that is out of range.
func (p Params) Validate() error {
	if err := checkRange("nodes", p.Nodes, MinNodes, MaxNodes); err != nil {
		return err
	}
	if err := checkRange("v", p.V, MinV, MaxV); err != nil {
		return err
	}
	if err := checkRange("seeds", p.Seeds, MinSeeds, MaxSeeds); err != nil {
		return err
	}
	if p.Seed < 0 {
		return fmt.Errorf("seed %d is negative", p.Seed)
	}
	if p.Assign != RoundRobin && p.Assign != Random {
		return fmt.Errorf("unknown assignment %d", p.Assign)
	}
	if p.Scheme > GreedyTokens {
		return fmt.Errorf("unknown scheme %d", p.Scheme)
	}
	return nil
}

func checkRange(name string, got, lo, hi int) error {
	if got < lo || got > hi {
		return fmt.Errorf("%s = %d is out of range: it must be between %d and %d", name, got, lo, hi)
	}
	return nil
}
