package sim

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

var allSchemes = []Scheme{RandomTokens, EqualTokens, GreedyTokens}

func TestSchemeNames(t *testing.T) {
	for _, s := range allSchemes {
		got, err := ParseScheme(" " + s.String() + " ")
		if err != nil || got != s {
			t.Fatalf("ParseScheme(%q) = %v, %v", s.String(), got, err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Scheme
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Fatalf("%s through JSON (%s): %v, %v", s, b, back, err)
		}
	}
	if s, err := ParseScheme("GREEDY"); err != nil || s != GreedyTokens {
		t.Fatalf("ParseScheme(GREEDY) = %v, %v", s, err)
	}
	if _, err := ParseScheme("consistent"); err == nil {
		t.Fatal("ParseScheme accepted an unknown name")
	}
	if _, err := json.Marshal(Scheme(9)); err == nil {
		t.Fatal("an unknown scheme marshalled")
	}
	p := defaultParams()
	p.Scheme = GreedyTokens + 1
	if err := p.Validate(); err == nil {
		t.Fatal("Validate accepted an unknown scheme")
	}
	if (Params{}).Scheme != RandomTokens {
		t.Fatal("the zero Params must keep the exercise's random tokens")
	}
}

// Every scheme's ring satisfies the ring invariants (V ranges a node,
// sorted boundaries, loads that add up), for both assignments.
func TestSchemeRingInvariants(t *testing.T) {
	for _, scheme := range allSchemes {
		for _, assign := range []Assignment{RoundRobin, Random} {
			for _, nodes := range []int{1, 2, 3, 10, 37} {
				for _, v := range []int{1, 2, 5, 64, 300} {
					p := Params{Nodes: nodes, V: v, Seeds: 2, Seed: nodes + v, Assign: assign, Scheme: scheme}
					res, err := Run(p)
					if err != nil {
						t.Fatal(err)
					}
					checkRing(t, p, res.Ring)
					loads, err := Loads(p)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(loads, res.Ring.Loads) {
						t.Fatalf("%+v: Loads %v, Run's ring %v", p, loads, res.Ring.Loads)
					}
				}
			}
		}
	}
}

// Equal partitions: boundary i at floor(i·2**32/Q), every range within one
// position of 2**32/Q, so any two loads differ by at most V positions and
// each is within V of the fair share; imbalance and CV are 1 and 0 up to
// that rounding (at most N·V/2**32, under 0.001 at the largest ring).
func TestEqualPartitionsAreEvenUpToRounding(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, c := range [][2]int{{1, 1}, {3, 1}, {10, 1}, {10, 16}, {10, 256}, {7, 3}, {100, 64}, {1000, 40}} {
			p := Params{Nodes: c[0], V: c[1], Seeds: 3, Seed: 1, Assign: assign, Scheme: EqualTokens}
			res, err := Run(p)
			if err != nil {
				t.Fatal(err)
			}
			q := uint64(p.Nodes * p.V)
			for i, b := range res.Ring.Boundaries {
				if want := uint32(uint64(i) * RingSize / q); b != want {
					t.Fatalf("%+v: boundary %d = %d, want floor(i·2**32/Q) = %d", p, i, b, want)
				}
			}
			fair := float64(RingSize) / float64(p.Nodes)
			lo, hi := slices.Min(res.Ring.Loads), slices.Max(res.Ring.Loads)
			if hi-lo > uint64(p.V) || float64(hi)-fair > float64(p.V) || fair-float64(lo) > float64(p.V) {
				t.Fatalf("%+v: loads from %d to %d, fair share %.1f: more than V apart", p, lo, hi, fair)
			}
			bound := float64(q) / float64(RingSize)
			for seed, s := range res.PerSeed {
				if s.Imbalance-1 > bound || s.CV > bound {
					t.Fatalf("%+v seed %d: imbalance %v, CV %v; want within %v of 1 and 0", p, seed, s.Imbalance, s.CV, bound)
				}
			}
		}
	}
}

// The same parameters give the same greedy ring, through Run, Loads and a
// second Run, and different seeds give different rings.
func TestGreedyIsDeterministic(t *testing.T) {
	p := Params{Nodes: 13, V: 9, Seeds: 20, Seed: 5, Scheme: GreedyTokens}
	a, err := Run(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(p)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two greedy runs differ")
	}
	if a.Ring.Stats != a.PerSeed[p.Seed] {
		t.Fatalf("selected ring %+v, per-seed %+v", a.Ring.Stats, a.PerSeed[p.Seed])
	}
	p.Seed = 6
	c, _ := Run(p)
	if slices.Equal(a.Ring.Boundaries, c.Ring.Boundaries) {
		t.Fatal("seeds 5 and 6 give the same greedy ring")
	}
}

// Greedy starts from the random ring's first V draws: node 0 keeps those
// tokens, and the generator continues right after them.
func TestGreedyStartsFromTheSeedsDraws(t *testing.T) {
	for _, c := range [][2]int{{1, 5}, {4, 1}, {10, 16}, {3, 300}} {
		p := Params{Nodes: c[0], V: c[1], Seeds: 1, Seed: 3, Scheme: GreedyTokens}
		res, err := Run(p)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGenerator(p.Seed)
		want := make([]uint32, p.V)
		g.RingPoints(want)
		var got []uint32
		for i, o := range res.Ring.Owners {
			if o == 0 {
				got = append(got, res.Ring.Boundaries[i])
			}
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%+v: node 0's tokens %v, want the first V draws %v", p, got, want)
		}
		after, err := GeneratorAfterRing(p, p.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := after.RingPoint(), g.RingPoint(); a != b {
			t.Fatalf("%+v: the generator after the ring draws %d, want %d", p, a, b)
		}
	}
}

// Equal partitions draw nothing for the ring: the generator after it is
// the fresh one, or the one after the Random assignment's shuffle.
func TestEqualPartitionsLeaveTheGeneratorAlone(t *testing.T) {
	p := Params{Nodes: 6, V: 7, Seeds: 1, Scheme: EqualTokens}
	after, _ := GeneratorAfterRing(p, 4)
	if a, b := after.RingPoint(), NewGenerator(4).RingPoint(); a != b {
		t.Fatalf("round-robin: next draw %d, want the seed's first %d", a, b)
	}
	p.Assign = Random
	after, _ = GeneratorAfterRing(p, 4)
	g := NewGenerator(4)
	for i := p.Nodes*p.V - 1; i > 0; i-- { // the shuffle's draws
		g.Below(i + 1)
	}
	if a, b := after.RingPoint(), g.RingPoint(); a != b {
		t.Fatalf("random: next draw %d, want %d", a, b)
	}
}

// Greedy must beat random tokens by a wide margin at every V up to 16 on
// the exercise's 20 seeds: half the excess imbalance (imbalance-1) and half
// the CV at most. (At N=10 it does much better than that: 1.25 against 2.80
// at V=1, 1.02 against 1.38 at V=16.) With three nodes of one token each
// no scheme whose tokens stay put can do that well: the second node halves
// the ring at best, and the third can only split one of the halves, so one
// node keeps 1/2 (imbalance 1.5, against random's 1.97). There greedy must
// only be better.
func TestGreedyBeatsRandomAtSmallV(t *testing.T) {
	vs := make([]int, 16)
	for i := range vs {
		vs[i] = i + 1
	}
	for _, nodes := range []int{3, 10, 100} {
		rows := map[Scheme][]Row{}
		for _, s := range []Scheme{RandomTokens, GreedyTokens} {
			var err error
			rows[s], err = Sweep(SweepParams{Nodes: nodes, Seeds: DefaultSeeds, Scheme: s, Vs: vs})
			if err != nil {
				t.Fatal(err)
			}
		}
		for i, v := range vs {
			r, g := rows[RandomTokens][i], rows[GreedyTokens][i]
			margin := 0.5
			if nodes == 3 && v == 1 {
				margin = 1
			}
			if g.Imbalance-1 >= (r.Imbalance-1)*margin || g.CV >= r.CV*margin {
				t.Errorf("N=%d V=%d: greedy imbalance %.3f CV %.3f, random %.3f and %.3f: not a wide margin",
					nodes, v, g.Imbalance, g.CV, r.Imbalance, r.CV)
			}
		}
	}
}

// A change and a workload work on any scheme's ring (the joining node's
// tokens still come from the generator after the ring).
func TestChangesAndWorkloadsTakeTheScheme(t *testing.T) {
	for _, scheme := range allSchemes {
		p := Params{Nodes: 10, V: 8, Seeds: 3, Scheme: scheme}
		base, err := Run(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := RunChange(ChangeParams{Params: p, Kind: Leave, Node: BusiestNode})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(c.Seed.Before, base.Ring) {
			t.Fatalf("%v: the change starts from another ring", scheme)
		}
		w, err := RunWorkload(p, Workload{Kind: Uniform})
		if err != nil {
			t.Fatal(err)
		}
		if w.Average != base.Average {
			t.Fatalf("%v: workload data figures %+v, Run's %+v", scheme, w.Average, base.Average)
		}
	}
}

func BenchmarkGreedyRing(b *testing.B) {
	for _, c := range [][2]int{{10, 256}, {100, 1024}, {1000, 1024}} {
		p := Params{Nodes: c[0], V: c[1], Seeds: 1, Scheme: GreedyTokens}
		b.Run(fmt.Sprintf("N%dV%d", c[0], c[1]), func(b *testing.B) {
			var ws workspace
			for b.Loop() {
				ws.drawRing(0, p)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(p.Nodes*p.V), "ns/token")
		})
	}
}
