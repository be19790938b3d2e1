package sim

import (
	"slices"
	"strings"
	"testing"
)

// sortedUnion returns a's and b's values together in ascending order.
func sortedUnion(a, b []uint32) []uint32 {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return out
}

func ringOf(t *testing.T, p Params) Ring {
	t.Helper()
	res, err := Run(p)
	if err != nil {
		t.Fatal(err)
	}
	return res.Ring
}

// With round-robin ownership a ring is the first N·V points of its seed's
// stream, so the points drawn after the ring for (N, V) are the ones the
// ring for N+1 nodes (V more: a node joining) and for V+1 (N more) add.
func TestGeneratorAfterRingContinuesTheStream(t *testing.T) {
	for _, c := range []struct{ nodes, v, seed int }{{10, 1, 0}, {10, 16, 7}, {3, 5, 1}, {1, 1, 9}, {37, 64, 123456}} {
		p := Params{Nodes: c.nodes, V: c.v, Seeds: 1, Seed: c.seed}
		ring := ringOf(t, p)

		fresh := NewGenerator(c.seed)
		stream := make([]uint32, (c.nodes+1)*(c.v+1))
		fresh.RingPoints(stream)
		m := c.nodes * c.v
		if got := sortedUnion(stream[:m], nil); !slices.Equal(got, ring.Boundaries) {
			t.Fatalf("%+v: the first N·V draws of a fresh generator are not the ring", c)
		}

		g, err := GeneratorAfterRing(p, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		next := make([]uint32, c.v)
		for i := range next {
			next[i] = g.RingPoint()
		}
		if !slices.Equal(next, stream[m:m+c.v]) {
			t.Fatalf("%+v: the V draws after the ring are not the stream's next V", c)
		}
		joined := p
		joined.Nodes++
		if !slices.Equal(sortedUnion(ring.Boundaries, next), ringOf(t, joined).Boundaries) {
			t.Fatalf("%+v: ring plus the next V draws is not the ring of N+1 nodes", c)
		}

		g, _ = GeneratorAfterRing(p, c.seed)
		more := make([]uint32, c.nodes)
		g.RingPoints(more)
		deeper := p
		deeper.V++
		if !slices.Equal(sortedUnion(ring.Boundaries, more), ringOf(t, deeper).Boundaries) {
			t.Fatalf("%+v: ring plus the next N draws is not the ring of V+1", c)
		}
	}
}

// For the Random assignment the ring goes on to shuffle the owners with the
// same generator; replaying the recipe of drawRing with a fresh generator
// must give Run's ring, and leave it where GeneratorAfterRing starts.
func TestGeneratorAfterRingFollowsTheShuffle(t *testing.T) {
	for _, c := range []struct{ nodes, v, seed int }{{10, 4, 0}, {13, 7, 11}, {2, 1, 5}, {50, 256, 4}} {
		p := Params{Nodes: c.nodes, V: c.v, Seeds: 1, Seed: c.seed, Assign: Random}
		ring := ringOf(t, p)

		fresh := NewGenerator(c.seed)
		m := c.nodes * c.v
		points := make([]uint32, m)
		fresh.RingPoints(points)
		owners := make([]uint16, m)
		for i := range owners {
			owners[i] = uint16(i % c.nodes)
		}
		for i := m - 1; i > 0; i-- { // random.shuffle
			j := fresh.Below(i + 1)
			owners[i], owners[j] = owners[j], owners[i]
		}
		if !slices.Equal(sortedUnion(points, nil), ring.Boundaries) || !slices.Equal(owners, ring.Owners) {
			t.Fatalf("%+v: replaying the recipe does not give Run's ring", c)
		}

		g, err := GeneratorAfterRing(p, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 * c.v {
			if a, b := g.RingPoint(), fresh.RingPoint(); a != b {
				t.Fatalf("%+v: draw %d after the ring = %d, want %d", c, i, a, b)
			}
		}
		if a, b := g.Below(1000), fresh.Below(1000); a != b {
			t.Fatalf("%+v: randrange(1000) after the ring = %d, want %d", c, a, b)
		}
	}
}

// GeneratorAfterRing uses its seed argument, not p.Seed, and is not limited
// to the seeds a run averages over.
func TestGeneratorAfterRingUsesItsSeed(t *testing.T) {
	p := Params{Nodes: 10, V: 2, Seeds: 3, Seed: 0}
	a, err := GeneratorAfterRing(p, 1000)
	if err != nil {
		t.Fatal(err)
	}
	want := NewGenerator(1000)
	want.RingPoints(make([]uint32, 20))
	if x, y := a.RingPoint(), want.RingPoint(); x != y {
		t.Fatalf("seed 1000: draw after the ring %d, want %d", x, y)
	}
}

func TestGeneratorAfterRingRejectsBadParams(t *testing.T) {
	good := Params{Nodes: 10, V: 2, Seeds: 3}
	for _, c := range []struct {
		p    Params
		seed int
		want string
	}{
		{Params{Nodes: 0, V: 2, Seeds: 3}, 0, "nodes"},
		{Params{Nodes: 10, V: 5000, Seeds: 3}, 0, "v = 5000"},
		{Params{Nodes: 10, V: 2, Seeds: 3, Assign: 7}, 0, "assignment"},
		{good, -1, "negative"},
	} {
		if _, err := GeneratorAfterRing(c.p, c.seed); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("GeneratorAfterRing(%+v, %d) error = %v, want one mentioning %q", c.p, c.seed, err, c.want)
		}
	}
}

// random.Random(-5) is random.Random(5): Python seeds with the absolute
// value (from CPython: both first draw randrange(2**32) = 2675342405).
func TestNewGeneratorTakesTheAbsoluteSeed(t *testing.T) {
	if a, b := NewGenerator(-5).RingPoint(), NewGenerator(5).RingPoint(); a != 2675342405 || b != 2675342405 {
		t.Fatalf("seeds -5 and 5: first points %d and %d, want 2675342405", a, b)
	}
}

func TestBelowBounds(t *testing.T) {
	g := NewGenerator(3)
	for range 100 {
		if x := g.Below(1); x != 0 {
			t.Fatalf("Below(1) = %d", x)
		}
		if x := g.Below(7); x < 0 || x >= 7 {
			t.Fatalf("Below(7) = %d", x)
		}
	}
	for _, n := range []int{0, -1, 1<<32 + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Below(%d) did not panic", n)
				}
			}()
			g.Below(n)
		}()
	}
}
