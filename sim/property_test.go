package sim

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// checkRing asserts the invariants every ring must satisfy.
func checkRing(t testing.TB, p Params, r Ring) {
	t.Helper()
	if len(r.Boundaries) != p.Nodes*p.V || len(r.Owners) != p.Nodes*p.V {
		t.Fatalf("%+v: %d boundaries and %d owners, want %d", p, len(r.Boundaries), len(r.Owners), p.Nodes*p.V)
	}
	if !slices.IsSorted(r.Boundaries) {
		t.Fatalf("%+v: boundaries not sorted", p)
	}
	ranges := make([]int, p.Nodes)
	widths := make([]uint64, p.Nodes)
	for i, o := range r.Owners {
		ranges[o]++
		widths[o] += r.Width(i)
	}
	var sum uint64
	for node, l := range r.Loads {
		if ranges[node] != p.V {
			t.Fatalf("%+v: node %d owns %d ranges, want %d", p, node, ranges[node], p.V)
		}
		if widths[node] != l {
			t.Fatalf("%+v: node %d load %d, but its ranges add up to %d", p, node, l, widths[node])
		}
		sum += l
	}
	if sum != RingSize {
		t.Fatalf("%+v: loads sum to %d, want 2**32", p, sum)
	}
	checkStats(t, p, r.Stats)
	if r.Loads[r.Stats.Busiest] != slices.Max(r.Loads) {
		t.Fatalf("%+v: busiest node %d is not the one with the largest load", p, r.Stats.Busiest)
	}
}

func checkStats(t testing.TB, p Params, s Stats) {
	t.Helper()
	const eps = 1e-12
	if s.Imbalance < 1-eps || s.Imbalance > float64(p.Nodes)+eps {
		t.Fatalf("%+v: imbalance %v outside [1, N]", p, s.Imbalance)
	}
	if s.CV < 0 || math.IsNaN(s.CV) || s.CV > math.Sqrt(float64(p.Nodes-1))+eps {
		t.Fatalf("%+v: CV %v outside [0, sqrt(N-1)]", p, s.CV)
	}
}

func TestRingInvariants(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, nodes := range []int{1, 2, 3, 10, 37} {
			for _, v := range []int{1, 2, 5, 64, 300} {
				p := Params{Nodes: nodes, V: v, Seeds: 3, Seed: nodes + v, Assign: assign}
				res, err := Run(p)
				if err != nil {
					t.Fatal(err)
				}
				checkRing(t, p, res.Ring)
				for _, s := range res.PerSeed {
					checkStats(t, p, s)
				}
			}
		}
	}
}

// A single node owns the whole ring however it is cut.
func TestOneNodeIsPerfectlyEven(t *testing.T) {
	res, err := Run(Params{Nodes: 1, V: 7, Seeds: 4, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Average.Imbalance != 1 || res.Average.CV != 0 {
		t.Fatalf("one node: average %+v, want imbalance 1 and CV 0", res.Average)
	}
}

func TestStatsOfKnownLoads(t *testing.T) {
	// Loads of 3/4 and 1/4 of the ring: mean 1/2, max/mean 1.5, std 1/4.
	s := statsOf([]uint64{3 << 30, 1 << 30})
	if s.Imbalance != 1.5 || s.CV != 0.5 || s.Busiest != 0 {
		t.Fatalf("statsOf = %+v, want imbalance 1.5, CV 0.5, busiest 0", s)
	}
	even := statsOf([]uint64{1 << 30, 1 << 30, 1 << 30, 1 << 30})
	if even.Imbalance != 1 || even.CV != 0 {
		t.Fatalf("even loads: %+v", even)
	}
}

// The selected seed's ring agrees with its entry in the per-seed list.
func TestSelectedSeedMatchesPerSeedStats(t *testing.T) {
	for seed := range 5 {
		p := Params{Nodes: 10, V: 16, Seeds: 5, Seed: seed, Assign: Random}
		res, err := Run(p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Ring.Stats != res.PerSeed[seed] {
			t.Fatalf("seed %d: ring stats %+v, per-seed %+v", seed, res.Ring.Stats, res.PerSeed[seed])
		}
	}
}

// Sweep's shared prefixes must give what Run gives for each V alone: on
// the exercise's scheme with one node and more, for every scheme and
// assignment, and on the large sweeps that take other paths: more buckets
// than points per bucket near the limit of one deal (N=50, V=256), and
// above it each prefix sorted on its own (N=7, V=4096).
func TestSweepAgreesWithRun(t *testing.T) {
	var cases []SweepParams
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, nodes := range []int{1, 4, 11} {
			cases = append(cases, SweepParams{Nodes: nodes, Seeds: 6, Assign: assign, Vs: []int{3, 1, 8, 8, 33}})
		}
		for _, scheme := range allSchemes {
			cases = append(cases, SweepParams{Nodes: 7, Seeds: 4, Assign: assign, Scheme: scheme, Vs: []int{3, 1, 8, 8}})
		}
	}
	cases = append(cases,
		SweepParams{Nodes: 50, Seeds: 3, Vs: []int{256, 100, 1}},
		SweepParams{Nodes: 7, Seeds: 3, Vs: []int{4096, 3}})
	for _, sp := range cases {
		rows, err := Sweep(sp)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range sp.Vs {
			res, err := Run(sp.params(v))
			if err != nil {
				t.Fatal(err)
			}
			if rows[i].V != v || rows[i].Average != res.Average {
				t.Fatalf("%v %v N=%d V=%d: sweep row %+v, Run average %+v", sp.Scheme, sp.Assign, sp.Nodes, v, rows[i], res.Average)
			}
		}
	}
}

func TestRunIsDeterministic(t *testing.T) {
	p := Params{Nodes: 10, V: 64, Seeds: 20, Seed: 7, Assign: Random}
	a, _ := Run(p)
	b, _ := Run(p)
	if !slices.Equal(a.Ring.Boundaries, b.Ring.Boundaries) || !slices.Equal(a.Ring.Owners, b.Ring.Owners) ||
		!slices.Equal(a.PerSeed, b.PerSeed) || a.Average != b.Average {
		t.Fatal("two runs with the same parameters differ")
	}
}

// More ranges per node should flatten the load, and the CV should follow
// 1/sqrt(V): the product CV*sqrt(V) stays within a narrow band.
func TestCVShrinksLikeInverseSqrtV(t *testing.T) {
	rows, err := Sweep(SweepParams{Nodes: 10, Seeds: 20, Vs: ExerciseVs})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(rows); i++ {
		if rows[i].CV >= rows[i-1].CV || rows[i].Imbalance >= rows[i-1].Imbalance {
			t.Errorf("V=%d is not flatter than V=%d: %+v vs %+v", rows[i].V, rows[i-1].V, rows[i], rows[i-1])
		}
	}
	for _, r := range rows {
		if k := r.CV * math.Sqrt(float64(r.V)); k < 0.8 || k > 1.0 {
			t.Errorf("V=%d: CV*sqrt(V) = %.3f, outside 0.8..1.0", r.V, k)
		}
	}
}

func TestValidateRejectsOutOfRange(t *testing.T) {
	bad := []struct {
		p    Params
		want string
	}{
		{Params{Nodes: 0, V: 1, Seeds: 1}, "nodes"},
		{Params{Nodes: 1001, V: 1, Seeds: 1}, "nodes"},
		{Params{Nodes: 10, V: 0, Seeds: 1}, "v = 0"},
		{Params{Nodes: 10, V: 5000, Seeds: 1}, "between 1 and 4096"},
		{Params{Nodes: 10, V: 1, Seeds: 0}, "seeds"},
		{Params{Nodes: 10, V: 1, Seeds: 1001}, "seeds"},
		{Params{Nodes: 10, V: 1, Seeds: 1, Seed: -1}, "negative"},
		{Params{Nodes: 10, V: 1, Seeds: 1, Assign: 9}, "assignment"},
	}
	for _, b := range bad {
		_, err := Run(b.p)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("Run(%+v) error = %v, want one mentioning %q", b.p, err, b.want)
		}
	}
	if _, err := Sweep(SweepParams{Nodes: 10, Seeds: 2, Vs: nil}); err == nil {
		t.Error("Sweep with no Vs: no error")
	}
	if _, err := Sweep(SweepParams{Nodes: 10, Seeds: 2, Vs: []int{4, 4097}}); err == nil {
		t.Error("Sweep with V=4097: no error")
	}
}

func TestParseAssignment(t *testing.T) {
	for in, want := range map[string]Assignment{"roundrobin": RoundRobin, "rr": RoundRobin, " Random ": Random} {
		if got, err := ParseAssignment(in); err != nil || got != want {
			t.Errorf("ParseAssignment(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseAssignment("hash"); err == nil {
		t.Error(`ParseAssignment("hash"): no error`)
	}
}

// The ranked view's first bar is the mean busiest node: the table's figure.
func TestRankedSharesStartWithTheAverageImbalance(t *testing.T) {
	for _, v := range []int{1, 16} {
		res, err := Run(Params{Nodes: 10, V: v, Seeds: 20})
		if err != nil {
			t.Fatal(err)
		}
		r := res.RankedShares
		if len(r) != 10 || r[0] != res.Average.Imbalance {
			t.Fatalf("V=%d: ranked %v, average imbalance %v", v, r, res.Average.Imbalance)
		}
		sum := 0.0
		for k := range r {
			if k > 0 && r[k] > r[k-1] {
				t.Fatalf("V=%d: ranked shares not descending: %v", v, r)
			}
			sum += r[k]
		}
		if math.Abs(sum-10) > 1e-9 {
			t.Fatalf("V=%d: ranked shares add up to %v, want 10", v, sum)
		}
	}
}
