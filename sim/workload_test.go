package sim

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func runWorkload(t testing.TB, p Params, w Workload) WorkloadResult {
	t.Helper()
	res, err := RunWorkload(p, w)
	if err != nil {
		t.Fatalf("RunWorkload(%+v, %+v): %v", p, w, err)
	}
	return res
}

// afterRing is a seed's ring and the key positions drawn after it, made
// independently of the workload code: Run's ring and GeneratorAfterRing.
func afterRing(t testing.TB, p Params, k int) (Ring, []uint32) {
	t.Helper()
	res, err := Run(p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := GeneratorAfterRing(p, p.Seed)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]uint32, k)
	for i := range keys {
		keys[i] = g.RingPoint()
	}
	return res.Ring, keys
}

// ownerByScan is the owner of position x found the slow, obvious way: the
// range whose half-open span [start, start+width) holds x.
func ownerByScan(r Ring, x uint32) int {
	for i, start := range r.Boundaries {
		if uint64(x)-uint64(start) < r.Width(i) || uint64(x)+RingSize-uint64(start) < r.Width(i) {
			return int(r.Owners[i])
		}
	}
	panic("no range holds the position")
}

func sum(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s
}

// checkConserved asserts that request loads add up to all the requests.
func checkConserved(t testing.TB, what string, n int, req []float64) {
	t.Helper()
	if len(req) != n {
		t.Fatalf("%s: %d request loads for %d nodes", what, len(req), n)
	}
	if s := sum(req); math.Abs(s-float64(n)) > 1e-9*float64(n) {
		t.Fatalf("%s: request loads sum to %v, want %d", what, s, n)
	}
}

// testdata/workload.golden was made by testdata/workload.py, the model in
// plain Python: the request loads, the keys displaced and the first key
// positions for hot keys and Zipf keys, with every fix.
func TestWorkloadMatchesPythonGolden(t *testing.T) {
	f, err := os.Open("testdata/workload.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	cases := map[string]int{}
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, tail, _ := strings.Cut(line, ":")
		var p Params
		var w Workload
		var assign, kind, fix string
		if _, err := fmt.Sscan(head, &p.Seed, &p.Nodes, &p.V, &assign, &kind, &w.Hot, &w.Salt, &w.Zipf, &w.Keys, &fix, &w.Eps, &w.Replicas); err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		p.Seeds = 1
		if p.Assign, err = ParseAssignment(assign); err != nil {
			t.Fatal(err)
		}
		if w.Kind, err = ParseLoadKind(kind); err != nil {
			t.Fatal(err)
		}
		if w.Fix, err = ParseFixKind(fix); err != nil {
			t.Fatal(err)
		}
		cases[kind+" "+fix]++
		parts := strings.Split(tail, "|")
		if len(parts) != 3 {
			t.Fatalf("%s: want three parts", head)
		}
		var want []float64
		for _, field := range strings.Fields(parts[0]) {
			x, err := strconv.ParseFloat(field, 64)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, x)
		}
		wantDisplaced, _ := strconv.Atoi(strings.TrimSpace(parts[1]))

		sel := runWorkload(t, p, w).Selected
		for i, x := range sel.Request {
			// Hot keys agree to the bit; Zipf weights may differ in the
			// last place between C's pow and math.Pow.
			if x != want[i] && (w.Kind != Zipf || math.Abs(x-want[i]) > 1e-12*want[i]) {
				t.Errorf("%s: node %d request load %v, want %v", head, i, x, want[i])
			}
		}
		if len(sel.Request) != len(want) || sel.Displaced != wantDisplaced {
			t.Errorf("%s: %d loads and %d displaced, want %d and %d", head, len(sel.Request), sel.Displaced, len(want), wantDisplaced)
		}
		for j, field := range strings.Fields(parts[2]) {
			if got := strconv.FormatUint(uint64(sel.Keys[j].Position), 10); got != field {
				t.Errorf("%s: key %d at %s, want %s", head, j, got, field)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"hot none", "hot bounded", "hot replicate", "zipf none", "zipf bounded", "zipf replicate"} {
		if cases[c] == 0 {
			t.Errorf("no golden case of %s", c)
		}
	}
}

// Uniform requests are today's figures: the Result is Run's, and the
// request figures are the data figures, bit for bit.
func TestUniformWorkloadIsRun(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, v := range []int{1, 16, 256} {
			p := Params{Nodes: 10, V: v, Seeds: 20, Seed: 3, Assign: assign}
			want, err := Run(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, fix := range []FixKind{NoFix, Bounded, Replicate} {
				res := runWorkload(t, p, Workload{Fix: fix})
				if !reflect.DeepEqual(res.Result, want) {
					t.Fatalf("%+v %v: the Result differs from Run's", p, fix)
				}
				if !slices.Equal(res.Requests, want.PerSeed) || res.RequestAverage != want.Average {
					t.Fatalf("%+v %v: request figures %+v, want the data figures %+v", p, fix, res.RequestAverage, want.Average)
				}
				sel := res.Selected
				if !slices.Equal(sel.Request, sel.Data) || sel.RequestStats != want.Ring.Stats || sel.DataStats != want.Ring.Stats {
					t.Fatalf("%+v %v: selected request loads differ from the data loads", p, fix)
				}
				for i, x := range sel.Data {
					if x != want.Ring.Share(i) {
						t.Fatalf("%+v: data load %d is %v, want Share %v", p, i, x, want.Ring.Share(i))
					}
				}
				for k, x := range res.RankedRequests {
					if math.Abs(x-want.RankedShares[k]) > 1e-12 {
						t.Fatalf("%+v: ranked request %d = %v, want %v", p, k, x, want.RankedShares[k])
					}
				}
				if sel.Keys != nil || sel.Cap != 0 || sel.Displaced != 0 || res.MeanDisplaced != 0 {
					t.Fatalf("%+v %v: uniform requests have keys, a cap or displacements: %+v", p, fix, sel)
				}
			}
		}
	}
}

// A hot key with no requests leaves the uniform figures exactly, whatever
// the salting and the fix; its sub-keys are still listed, weightless.
func TestNoHotRequestsIsUniform(t *testing.T) {
	p := Params{Nodes: 10, V: 16, Seeds: 20, Seed: 5}
	uniform := runWorkload(t, p, Workload{})
	for _, salt := range []int{1, 8} {
		for _, fix := range []FixKind{NoFix, Bounded, Replicate} {
			res := runWorkload(t, p, Workload{Kind: HotKey, Hot: 0, Salt: salt, Fix: fix, Eps: 0.25, Replicas: 3})
			if !slices.Equal(res.Requests, uniform.Requests) || res.RequestAverage != uniform.RequestAverage ||
				!slices.Equal(res.Selected.Request, uniform.Selected.Request) || res.Selected.RequestStats != uniform.Selected.RequestStats ||
				!slices.Equal(res.RankedRequests, uniform.RankedRequests) {
				t.Fatalf("salt %d, %v: h = 0 differs from uniform requests", salt, fix)
			}
			if len(res.Selected.Keys) != salt || res.Selected.Displaced != 0 {
				t.Fatalf("salt %d, %v: keys %+v, %d displaced", salt, fix, res.Selected.Keys, res.Selected.Displaced)
			}
			for _, k := range res.Selected.Keys {
				if k.Weight != 0 || !slices.Equal(k.Served, []int{k.Owner}) {
					t.Fatalf("salt %d, %v: weightless key %+v", salt, fix, k)
				}
			}
		}
	}
}

// Virtual nodes cannot split a key: whatever V, the node holding the hot
// key serves at least its share h of all requests, h·N fair shares, so the
// request imbalance never falls below h·N.
func TestHotKeyKeepsItsNodeBusyAtEveryV(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, nodes := range []int{3, 10, 50} {
			for _, v := range []int{1, 2, 4, 16, 64, 256, 1024} {
				for _, h := range []float64{0.05, 0.3, 0.9} {
					p := Params{Nodes: nodes, V: v, Seeds: 6, Seed: 2, Assign: assign}
					res := runWorkload(t, p, Workload{Kind: HotKey, Hot: h})
					floor := h * float64(nodes)
					for seed, s := range res.Requests {
						if s.Imbalance < floor {
							t.Fatalf("%+v h=%v seed %d: request imbalance %v < h·N = %v", p, h, seed, s.Imbalance, floor)
						}
					}
					sel := res.Selected
					key := sel.Keys[0]
					node := key.Owner
					if want := (1-h)*sel.Data[node] + floor; sel.Request[node] != want || sel.RequestStats.Busiest != node && sel.Request[sel.RequestStats.Busiest] < want {
						t.Fatalf("%+v h=%v: the key's node %d serves %v, want (1-h)·data + h·N = %v", p, h, node, sel.Request[node], want)
					}
					checkConserved(t, fmt.Sprintf("%+v h=%v", p, h), nodes, sel.Request)
				}
			}
		}
	}
}

// The lesson's picture: as V grows the data imbalance falls towards 1 while
// the request imbalance stays near h·N.
func TestRequestImbalanceStaysWhileDataImbalanceFalls(t *testing.T) {
	rows, err := SweepWorkload(SweepParams{Nodes: 10, Seeds: 20, Vs: ExerciseVs}, Workload{Kind: HotKey, Hot: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	first, last := rows[0], rows[len(rows)-1]
	if last.Data.Imbalance > 1.15 || first.Data.Imbalance < 2.5 {
		t.Errorf("data imbalance %v at V=1 and %v at V=256", first.Data.Imbalance, last.Data.Imbalance)
	}
	for _, r := range rows {
		if r.Request.Imbalance < 3 || r.Request.Imbalance > 3+0.7*r.Data.Imbalance+0.01 {
			t.Errorf("V=%d: request imbalance %v, want between h·N = 3 and 3 + 0.7·%v", r.V, r.Request.Imbalance, r.Data.Imbalance)
		}
	}
	if last.Request.Imbalance > 3.8 {
		t.Errorf("V=256: request imbalance %v, want near 3 + 0.7", last.Request.Imbalance)
	}
}

// key#0 sits where the unsalted key hashes, so one sub-key is no salting:
// the figures equal those of a plain hot key worked out here from the ring
// and the first draw after it. More sub-keys keep the earlier ones in place.
func TestSaltOneIsNoSalting(t *testing.T) {
	for _, fix := range []FixKind{NoFix, Bounded, Replicate} {
		for _, v := range []int{1, 16, 256} {
			p := Params{Nodes: 10, V: v, Seeds: 5, Seed: 7}
			w := Workload{Kind: HotKey, Hot: 0.3, Fix: fix, Eps: 0.25, Replicas: 3}
			unsalted := runWorkload(t, p, w)
			w.Salt = 1
			salted := runWorkload(t, p, w)
			if !reflect.DeepEqual(unsalted, salted) {
				t.Fatalf("V=%d %v: Salt 1 differs from the default", v, fix)
			}
			if fix == NoFix {
				ring, keys := afterRing(t, p, 1)
				owner := ownerByScan(ring, keys[0])
				for i, x := range salted.Selected.Request {
					want := (1 - 0.3) * ring.Share(i)
					if i == owner {
						want += 0.3 * 10
					}
					if x != want {
						t.Fatalf("V=%d: node %d serves %v, want %v", v, i, x, want)
					}
				}
			}
			w.Salt = 8
			more := runWorkload(t, p, w)
			if more.Selected.Keys[0].Position != salted.Selected.Keys[0].Position ||
				more.Selected.Keys[0].Owner != salted.Selected.Keys[0].Owner {
				t.Fatalf("V=%d: key#0 moved when salting", v)
			}
			w.Salt = 4
			fewer := runWorkload(t, p, w)
			for j, k := range fewer.Selected.Keys {
				if k.Position != more.Selected.Keys[j].Position || k.Index != j {
					t.Fatalf("V=%d: key#%d at %d with S=4, %d with S=8", v, j, k.Position, more.Selected.Keys[j].Position)
				}
			}
		}
	}
}

// Salting spreads the hot key: with S sub-keys on S distinct nodes, no node
// carries more than its uniform part and h/S of all requests.
func TestSaltingSpreadsTheHotKey(t *testing.T) {
	p := Params{Nodes: 10, V: 256, Seeds: 20, Seed: 0}
	plain := runWorkload(t, p, Workload{Kind: HotKey, Hot: 0.3})
	salted := runWorkload(t, p, Workload{Kind: HotKey, Hot: 0.3, Salt: 8})
	if salted.RequestAverage.Imbalance >= plain.RequestAverage.Imbalance-1 {
		t.Errorf("salting into 8 left the request imbalance at %v (unsalted %v)", salted.RequestAverage.Imbalance, plain.RequestAverage.Imbalance)
	}
	for _, k := range salted.Selected.Keys {
		if k.Weight != 0.3*10/8 || !slices.Equal(k.Served, []int{k.Owner}) {
			t.Errorf("sub-key %+v", k)
		}
	}
}

// Bounded loads keeps every node within one key's weight of the cap
// (unless the uniform part alone already put it over, for a hot key),
// conserves the requests, and counts as displaced exactly the keys that
// moved.
func TestBoundedLoadsKeepsTheCap(t *testing.T) {
	type tc struct {
		p Params
		w Workload
	}
	var cases []tc
	for _, v := range []int{1, 4, 64, 256} {
		for _, eps := range []float64{0, 0.1, 0.25, 1} {
			p := Params{Nodes: 10, V: v, Seeds: 4, Seed: v}
			for _, salt := range []int{1, 3, 8, 64} {
				cases = append(cases, tc{p, Workload{Kind: HotKey, Hot: 0.6, Salt: salt, Fix: Bounded, Eps: eps}})
			}
			for _, s := range []float64{0, 0.7, 1.1, 2} {
				cases = append(cases, tc{p, Workload{Kind: Zipf, Zipf: s, Keys: 3000, Fix: Bounded, Eps: eps}})
			}
		}
	}
	cases = append(cases, tc{Params{Nodes: 37, V: 5, Seeds: 3, Seed: 1, Assign: Random}, Workload{Kind: Zipf, Zipf: 1, Keys: 50_000, Fix: Bounded}})
	for _, c := range cases {
		res := runWorkload(t, c.p, c.w)
		sel := res.Selected
		what := fmt.Sprintf("%+v %+v", c.p, c.w)
		checkConserved(t, what, c.p.Nodes, sel.Request)
		if sel.Cap != 1+c.w.Eps {
			t.Fatalf("%s: cap %v", what, sel.Cap)
		}
		heaviest := sel.Keys[0].Weight // key#0 or rank 1
		for i, x := range sel.Request {
			bound := sel.Cap + heaviest
			if c.w.Kind == HotKey {
				bound = max(bound, (1-c.w.Hot)*sel.Data[i])
			}
			if x > bound+1e-9 {
				t.Fatalf("%s: node %d serves %v, over the cap %v by more than one key (%v)", what, i, x, sel.Cap, heaviest)
			}
		}
		moved := 0
		for _, k := range sel.Keys {
			if k.Displaced() {
				moved++
			}
		}
		if c.w.Kind == HotKey && moved != sel.Displaced || moved > sel.Displaced {
			t.Fatalf("%s: %d listed keys moved, %d displaced", what, moved, sel.Displaced)
		}
		// With a generous cap and few keys, nothing moves.
		if c.w.Eps == 1 && c.w.Kind == HotKey && c.w.Salt >= 8 && c.p.V >= 64 && sel.Displaced != 0 {
			t.Fatalf("%s: %d displaced under a cap of twice the mean", what, sel.Displaced)
		}
	}
}

// With bounded loads, a key displaced from a full node goes to the first
// node clockwise with room: every node passed over on the way is at or
// over the cap at the end.
func TestBoundedLoadsMovesClockwise(t *testing.T) {
	p := Params{Nodes: 10, V: 4, Seeds: 1, Seed: 3}
	res := runWorkload(t, p, Workload{Kind: HotKey, Hot: 0.9, Salt: 40, Fix: Bounded, Eps: 0.1})
	sel := res.Selected
	if sel.Displaced == 0 {
		t.Fatal("no key was displaced; the test needs one")
	}
	for _, k := range sel.Keys {
		if !k.Displaced() {
			continue
		}
		for i := k.Range; int(res.Ring.Owners[i]) != k.Served[0]; i = (i + 1) % len(res.Ring.Owners) {
			if node := res.Ring.Owners[i]; sel.Request[node] < sel.Cap {
				t.Fatalf("key %+v passed node %d, which ends below the cap (%v)", k, node, sel.Request[node])
			}
		}
	}
}

// Zipf with s = 0 is K equally popular keys: a node's request load is the
// number of keys it owns, over K, in fair shares.
func TestFlatZipfIsKeyCounts(t *testing.T) {
	for _, c := range []struct{ nodes, v, keys int }{{10, 1, 10_000}, {10, 256, 10_000}, {7, 33, 1}, {3, 2, 999}, {50, 64, 100_000}} {
		for _, assign := range []Assignment{RoundRobin, Random} {
			p := Params{Nodes: c.nodes, V: c.v, Seeds: 2, Seed: 11, Assign: assign}
			sel := runWorkload(t, p, Workload{Kind: Zipf, Zipf: 0, Keys: c.keys}).Selected
			ring, keys := afterRing(t, p, c.keys)
			counts := make([]int, c.nodes)
			for _, x := range keys {
				counts[ring.Owners[keyRange(ring.Boundaries, x)]]++
			}
			for i, n := range counts {
				if want := float64(n) * float64(c.nodes) / float64(c.keys); sel.Request[i] != want {
					t.Fatalf("%+v K=%d: node %d serves %v, want %d keys = %v", p, c.keys, i, sel.Request[i], n, want)
				}
			}
			for j, k := range sel.Keys {
				if k.Position != keys[j] || k.Owner != ownerByScan(ring, k.Position) {
					t.Fatalf("%+v: listed key %d %+v, drawn at %d", p, j, k, keys[j])
				}
			}
		}
	}
}

// Zipf request loads against a direct sum over the keys, found by scanning.
func TestZipfMatchesDirectSum(t *testing.T) {
	for _, s := range []float64{0.5, 1.1, 2} {
		p := Params{Nodes: 10, V: 16, Seeds: 1, Seed: 4, Assign: Random}
		const k = 2000
		sel := runWorkload(t, p, Workload{Kind: Zipf, Zipf: s, Keys: k}).Selected
		ring, keys := afterRing(t, p, k)
		want := make([]float64, p.Nodes)
		var total float64
		for r, x := range keys {
			wt := math.Pow(float64(r+1), -s)
			want[ownerByScan(ring, x)] += wt
			total += wt
		}
		for i := range want {
			want[i] *= float64(p.Nodes) / total
			if math.Abs(sel.Request[i]-want[i]) > 1e-12 {
				t.Fatalf("s=%v: node %d serves %v, want %v", s, i, sel.Request[i], want[i])
			}
		}
		if len(sel.Keys) != ShownZipfKeys || sel.Keys[0].Weight <= sel.Keys[1].Weight {
			t.Fatalf("s=%v: listed keys %+v", s, sel.Keys)
		}
	}
}

// Replication splits each key's requests over R distinct nodes clockwise,
// its own first; with R = N every node gets an equal part of each key.
func TestReplicationSplitsEachKey(t *testing.T) {
	p := Params{Nodes: 5, V: 8, Seeds: 3, Seed: 2}
	for _, r := range []int{1, 2, 3, 5, 16} {
		res := runWorkload(t, p, Workload{Kind: HotKey, Hot: 0.5, Salt: 3, Fix: Replicate, Replicas: r})
		sel := res.Selected
		checkConserved(t, fmt.Sprintf("R=%d", r), p.Nodes, sel.Request)
		used := min(r, p.Nodes)
		for _, k := range sel.Keys {
			distinct := slices.Clone(k.Served)
			slices.Sort(distinct)
			if len(k.Served) != used || k.Served[0] != k.Owner || len(slices.Compact(distinct)) != used {
				t.Fatalf("R=%d: key %+v", r, k)
			}
		}
		if r >= p.Nodes {
			for i, x := range sel.Request {
				if want := 0.5*sel.Data[i] + 0.5; math.Abs(x-want) > 1e-12 {
					t.Fatalf("R=%d: node %d serves %v, want %v", r, i, x, want)
				}
			}
		}
		if r == 1 {
			plain := runWorkload(t, p, Workload{Kind: HotKey, Hot: 0.5, Salt: 3})
			if !slices.Equal(sel.Request, plain.Selected.Request) {
				t.Fatalf("one replica differs from no fix")
			}
		}
	}
}

func TestWorkloadIsDeterministic(t *testing.T) {
	p := Params{Nodes: 10, V: 64, Seeds: 20, Seed: 13, Assign: Random}
	for _, w := range []Workload{
		{Kind: HotKey, Hot: 0.4, Salt: 5, Fix: Bounded, Eps: 0.1},
		{Kind: Zipf, Zipf: 1.1, Fix: Replicate},
		{Kind: Zipf, Zipf: 0.9, Keys: 5000, Fix: Bounded, Eps: 0.25},
	} {
		a, b := runWorkload(t, p, w), runWorkload(t, p, w)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%+v: two runs differ", w)
		}
		// The selected seed's figures are its per-seed figures.
		if a.Selected.RequestStats != a.Requests[p.Seed] || a.Selected.DataStats != a.PerSeed[p.Seed] {
			t.Fatalf("%+v: selected seed %+v, per seed %+v", w, a.Selected.RequestStats, a.Requests[p.Seed])
		}
		for seed, s := range a.Requests {
			checkStats(t, p, s)
			if s.Imbalance < 1-1e-12 {
				t.Fatalf("%+v seed %d: request imbalance %v < 1", w, seed, s.Imbalance)
			}
		}
		checkConserved(t, fmt.Sprint(w), p.Nodes, a.Selected.Request)
	}
}

// SweepWorkload's rows are RunWorkload's averages, and its data figures
// are Sweep's.
func TestSweepWorkloadAgreesWithRunWorkload(t *testing.T) {
	vs := []int{1, 16, 4, 16}
	for _, w := range []Workload{{}, {Kind: HotKey, Hot: 0.3, Salt: 8, Fix: Bounded, Eps: 0.25}, {Kind: Zipf, Zipf: 1.1, Keys: 4000, Fix: Replicate}} {
		for _, assign := range []Assignment{RoundRobin, Random} {
			sp := SweepParams{Nodes: 10, Seeds: 7, Assign: assign, Vs: vs}
			rows, err := SweepWorkload(sp, w)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Sweep(sp)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range rows {
				res := runWorkload(t, Params{Nodes: 10, V: vs[i], Seeds: 7, Assign: assign}, w)
				if r.V != vs[i] || r.Data != plain[i].Average || r.Data != res.Average ||
					r.Request != res.RequestAverage || r.Displaced != res.MeanDisplaced {
					t.Fatalf("%+v %v V=%d: row %+v, run %+v %+v", w, assign, vs[i], r, res.RequestAverage, res.Average)
				}
			}
		}
	}
}

// The placer that bounded loads uses for many keys chooses exactly as
// placeBounded, key by key: with nodes full from the start, nodes filling
// up one after another, and every node full at the end.
func TestBoundedPlacerAgreesWithTheWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var b boundedPlacer
	for trial := range 300 {
		nodes := 1 + rng.IntN(12)
		v := 1 + rng.IntN(20)
		owners := make([]uint16, nodes*v)
		for i := range owners {
			owners[i] = uint16(i % nodes)
		}
		if trial%2 == 1 {
			rng.Shuffle(len(owners), func(i, j int) { owners[i], owners[j] = owners[j], owners[i] })
		}
		start := make([]float64, nodes)
		if trial%3 == 0 {
			for x := range start {
				start[x] = 2 * rng.Float64() // some start over the limit
			}
		}
		keys := rng.IntN(400)
		ranges := make([]int32, keys)
		weights := make([]float64, keys)
		var total float64
		for j := range ranges {
			ranges[j] = int32(rng.IntN(len(owners)))
			weights[j] = rng.ExpFloat64()
			total += weights[j]
		}
		limit := (total/float64(nodes) + 1) * []float64{0, 0.3, 1, 1.1, 2}[trial%5]

		walked := slices.Clone(start)
		var walkedTo []int32
		walkDisplaced := 0
		for j, r := range ranges {
			node := placeBounded(owners, walked, int(r), weights[j], limit)
			walkedTo = append(walkedTo, int32(node))
			if node != int(owners[r]) {
				walkDisplaced++
			}
		}
		placed := slices.Clone(start)
		placedTo := make([]int32, keys)
		b.reset(owners, placed, limit)
		displaced := b.placeAll(owners, placed, ranges, weights, limit, placedTo)
		if !slices.Equal(placedTo, walkedTo) || !slices.Equal(placed, walked) || displaced != walkDisplaced {
			t.Fatalf("trial %d (N=%d V=%d, limit %v): the placer chose %v, the walk %v", trial, nodes, v, limit, placedTo, walkedTo)
		}
	}
}

func TestRangeIndexAgreesWithBisection(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ix rangeIndex
	for _, m := range []int{1, 2, 3, 7, 100, 2560, 70_000, 200_000} {
		points := make([]uint32, m)
		for i := range points {
			points[i] = rng.Uint32()
			if i > 0 && rng.IntN(10) == 0 {
				points[i] = points[i-1] // empty ranges
			}
		}
		points[0] = 0
		if m > 2 {
			points[1] = math.MaxUint32
		}
		slices.Sort(points)
		ix.build(points)
		probes := []uint32{0, 1, math.MaxUint32, math.MaxUint32 - 1}
		for range 5000 {
			probes = append(probes, rng.Uint32(), points[rng.IntN(m)])
		}
		for _, x := range probes {
			want := keyRange(points, x)
			if got := ix.keyRange(x); got != want {
				t.Fatalf("m=%d x=%d: index says range %d, bisection %d", m, x, got, want)
			}
			next := uint64(RingSize)
			if want+1 < m {
				next = uint64(points[want+1])
			}
			if uint64(points[want]) > uint64(x) && want != m-1 || uint64(x) >= next {
				t.Fatalf("m=%d x=%d: range %d [%d, %d) does not hold it", m, x, want, points[want], next)
			}
		}
	}
}

func TestWorkloadValidateAndClamp(t *testing.T) {
	bad := map[string]Workload{
		"hot = 0.95":          {Kind: HotKey, Hot: 0.95},
		"hot = -0.1":          {Hot: -0.1},
		"hot = NaN":           {Hot: math.NaN()},
		"salt = 257":          {Salt: 257},
		"salt = -1":           {Salt: -1},
		"zipf = 2.5":          {Zipf: 2.5},
		"keys = 100001":       {Keys: 100_001},
		"eps = +Inf":          {Eps: math.Inf(1)},
		"replicas = 17":       {Replicas: 17},
		"unknown load kind 3": {Kind: 3},
		"unknown fix 3":       {Fix: 3},
	}
	for want, w := range bad {
		err := w.Validate()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%+v: error %v, want one containing %q", w, err, want)
		}
		if _, err := RunWorkload(defaultParams(), w); err == nil {
			t.Errorf("RunWorkload accepted %+v", w)
		}
		if c := w.Clamp(); c.Validate() != nil {
			t.Errorf("Clamp(%+v) = %+v, which is invalid", w, c)
		}
	}
	if _, err := SweepWorkload(SweepParams{Nodes: 10, Seeds: 2, Vs: []int{1}}, Workload{Hot: 2}); err == nil {
		t.Error("SweepWorkload accepted hot = 2")
	}
	if _, err := RunWorkload(Params{}, Workload{}); err == nil {
		t.Error("RunWorkload accepted zero Params")
	}
	for _, w := range []Workload{{}, DefaultWorkload(), {Kind: Zipf, Zipf: 2, Keys: MaxKeys, Fix: Replicate, Replicas: MaxReplicas, Eps: MaxEps, Hot: MaxHot, Salt: MaxSalt}} {
		if err := w.Validate(); err != nil {
			t.Errorf("%+v: %v", w, err)
		}
		if w.Clamp() != w.withDefaults() {
			t.Errorf("Clamp changed the valid %+v", w)
		}
	}
	got := Workload{Kind: 9, Hot: math.NaN(), Salt: 1000, Zipf: -1, Keys: -5, Fix: 7, Eps: math.Inf(1), Replicas: 0}.Clamp()
	want := Workload{Kind: Uniform, Hot: DefaultHot, Salt: MaxSalt, Zipf: 0, Keys: MinKeys, Fix: NoFix, Eps: MaxEps, Replicas: DefaultReplicas}
	if got != want {
		t.Errorf("Clamp = %+v, want %+v", got, want)
	}
	res := runWorkload(t, defaultParams(), Workload{Kind: Zipf})
	if res.Workload.Keys != DefaultKeys || res.Workload.Salt != DefaultSalt || res.Workload.Replicas != DefaultReplicas {
		t.Errorf("defaults not filled in: %+v", res.Workload)
	}
}

func TestParseLoadAndFixKinds(t *testing.T) {
	for _, k := range []LoadKind{Uniform, HotKey, Zipf} {
		if got, err := ParseLoadKind(" " + strings.ToUpper(k.String())); got != k || err != nil {
			t.Errorf("ParseLoadKind(%q) = %v, %v", k, got, err)
		}
	}
	for _, f := range []FixKind{NoFix, Bounded, Replicate} {
		if got, err := ParseFixKind(f.String()); got != f || err != nil {
			t.Errorf("ParseFixKind(%q) = %v, %v", f, got, err)
		}
	}
	if _, err := ParseLoadKind("spiky"); err == nil || !strings.Contains(err.Error(), "uniform, hot or zipf") {
		t.Errorf("ParseLoadKind(spiky): %v", err)
	}
	if _, err := ParseFixKind("cache"); err == nil || !strings.Contains(err.Error(), "none, bounded or replicate") {
		t.Errorf("ParseFixKind(cache): %v", err)
	}
	if HotKey.Label() != "hot key" || Bounded.Label() != "bounded loads" || LoadKind(7).String() != "LoadKind(7)" {
		t.Error("labels")
	}
	// Names travel through JSON.
	type state struct {
		Load LoadKind `json:"load"`
		Fix  FixKind  `json:"fix"`
	}
	b, err := json.Marshal(state{Zipf, Bounded})
	if err != nil || string(b) != `{"load":"zipf","fix":"bounded"}` {
		t.Fatalf("%s, %v", b, err)
	}
	var back state
	if err := json.Unmarshal([]byte(`{"load":"hot","fix":"replicate"}`), &back); err != nil || back != (state{HotKey, Replicate}) {
		t.Fatalf("%+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"load":"warm"}`), &back); err == nil {
		t.Fatal("decoded an unknown load")
	}
	if _, err := json.Marshal(state{Load: 5}); err == nil {
		t.Fatal("encoded an unknown load")
	}
}

// A slider step must not allocate per key or per seed beyond the results.
func TestWorkloadAllocationsDoNotGrowWithKeys(t *testing.T) {
	p := Params{Nodes: 10, V: 64, Seeds: 20}
	allocs := func(keys int) float64 {
		w := Workload{Kind: Zipf, Zipf: 1.1, Keys: keys, Fix: Bounded}
		runWorkload(t, p, w) // fill the pools and the weight table
		return testing.AllocsPerRun(5, func() { runWorkload(t, p, w) })
	}
	few, many := allocs(100), allocs(50_000)
	// Per-key allocation would be tens of thousands; a garbage collection
	// emptying the buffer pools between runs costs a few.
	if many > few+50 {
		t.Errorf("%v allocations with 50,000 keys, %v with 100", many, few)
	}
}

func BenchmarkRunWorkloadHotV256(b *testing.B) {
	benchmarkWorkload(b, Workload{Kind: HotKey, Hot: 0.3, Salt: 8})
}

func BenchmarkRunWorkloadHotBoundedV256(b *testing.B) {
	benchmarkWorkload(b, Workload{Kind: HotKey, Hot: 0.3, Salt: 8, Fix: Bounded, Eps: 0.25})
}

func BenchmarkRunWorkloadZipfV256(b *testing.B) {
	benchmarkWorkload(b, Workload{Kind: Zipf, Zipf: 1.1, Keys: 10_000})
}

func BenchmarkRunWorkloadZipfBoundedV256(b *testing.B) {
	benchmarkWorkload(b, Workload{Kind: Zipf, Zipf: 1.1, Keys: 10_000, Fix: Bounded, Eps: 0.25})
}

func BenchmarkRunWorkloadZipfReplicateV256(b *testing.B) {
	benchmarkWorkload(b, Workload{Kind: Zipf, Zipf: 1.1, Keys: 10_000, Fix: Replicate, Replicas: 3})
}

// benchmarkWorkload is one slider step of the app: N=10, V=256, 20 seeds;
// compare with BenchmarkRunV256.
func benchmarkWorkload(b *testing.B, w Workload) {
	p := defaultParams()
	p.V = 256
	for b.Loop() {
		if _, err := RunWorkload(p, w); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzRunWorkload throws arbitrary knobs at RunWorkload: invalid ones must
// be refused, valid ones must conserve the requests and keep bounded loads
// within a key of the cap.
func FuzzRunWorkload(f *testing.F) {
	f.Add(uint8(1), 0.3, 8, 1.1, 100, uint8(1), 0.25, 3, 16, 3)
	f.Add(uint8(2), 0.0, 1, 0.0, 1, uint8(2), 0.0, 16, 1, 1)
	f.Add(uint8(2), 0.5, 0, 2.0, 5000, uint8(1), 0.0, 0, 4, 7)
	f.Add(uint8(4), -1.0, -3, 9.0, -1, uint8(9), -1.0, 99, 0, 0)
	f.Fuzz(func(t *testing.T, kind uint8, hot float64, salt int, s float64, keys int, fix uint8, eps float64, replicas, v, nodes int) {
		w := Workload{Kind: LoadKind(kind), Hot: hot, Salt: salt, Zipf: s, Keys: keys, Fix: FixKind(fix), Eps: eps, Replicas: replicas}
		p := Params{Nodes: nodes, V: v, Seeds: 2, Seed: 1}
		res, err := RunWorkload(p, w)
		if (p.Validate() != nil || w.Validate() != nil) != (err != nil) {
			t.Fatalf("RunWorkload(%+v, %+v): error %v, but Validate says %v / %v", p, w, err, p.Validate(), w.Validate())
		}
		if err != nil || p.Nodes*p.V > 5000 {
			return
		}
		sel := res.Selected
		checkConserved(t, fmt.Sprintf("%+v %+v", p, w), p.Nodes, sel.Request)
		checkStats(t, p, sel.RequestStats)
		if sel.Cap > 0 && len(sel.Keys) > 0 {
			for i, x := range sel.Request {
				bound := sel.Cap + sel.Keys[0].Weight
				if w.Kind == HotKey {
					bound = max(bound, (1-w.Hot)*sel.Data[i])
				}
				if x > bound+1e-9 {
					t.Fatalf("%+v %+v: node %d at %v, cap %v", p, w, i, x, sel.Cap)
				}
			}
		}
	})
}
