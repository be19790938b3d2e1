package sim

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

const ring = float64(RingSize)

func runReplicas(t testing.TB, rp ReplicaParams) ReplicaResult {
	t.Helper()
	res, err := RunReplicas(rp)
	if err != nil {
		t.Fatalf("RunReplicas(%+v): %v", rp, err)
	}
	return res
}

// testdata/replicas.golden was made once by testdata/replicas_reference.py,
// which tries every set of nodes down against every range by brute force:
// the number of sets, how many leave some range without its quorum, how
// many lose every copy of some range, the unavailable width summed over the
// sets and its largest, the worst set, and the peers summed over nodes.
func TestReplicasMatchPythonGolden(t *testing.T) {
	for _, c := range readGolden(t, "replicas.golden") {
		var rf, down int
		fields := strings.Fields(c.head)
		if _, err := fmt.Sscan(fields[4]+" "+fields[5], &rf, &down); err != nil {
			t.Fatalf("%s: %v", c.head, err)
		}
		parts := strings.Split(c.values, "|")
		if len(parts) != 7 {
			t.Fatalf("%s: %d parts, want 7", c.head, len(parts))
		}
		var n [7][]uint64
		for i, part := range parts {
			n[i] = parseUints(t, part)
		}
		sets, bad, lost, total, most, peers := float64(n[0][0]), float64(n[1][0]), float64(n[2][0]), float64(n[3][0]), float64(n[4][0]), float64(n[6][0])
		var worst []int
		for _, x := range n[5] {
			worst = append(worst, int(x))
		}
		st := runReplicas(t, ReplicaParams{Params: c.p, RF: rf, Down: down}).Stats
		want := ReplicaStats{QuorumLostP: bad / sets, UnavailableMean: total / sets / ring, UnavailableMax: most / ring,
			DataLostP: lost / sets, Peers: peers / float64(c.p.Nodes), Worst: worst}
		if !closeStats(st, want, 1e-12) || !slices.Equal(st.Worst, want.Worst) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.head, st, want)
		}
	}
}

func closeStats(a, b ReplicaStats, tol float64) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= tol*max(1, math.Abs(y)) }
	return near(a.QuorumLostP, b.QuorumLostP) && near(a.UnavailableMean, b.UnavailableMean) &&
		near(a.UnavailableMax, b.UnavailableMax) && near(a.DataLostP, b.DataLostP) && near(a.Peers, b.Peers)
}

// bruteReplicas works the figures out the slow way, from every range's
// replicas and every set of nodes down, for the fuzz test.
func bruteReplicas(r ReplicaRing, down int) ReplicaStats {
	n, m := r.Nodes, len(r.Boundaries)
	// A quorum is a majority of the copies that must be up.
	quorum := min(r.RF, n)/2 + 1
	var st ReplicaStats
	var sets, bad, lost, sum, most float64
	var each func(from int, d []int)
	each = func(from int, d []int) {
		if len(d) == down {
			var w float64
			anyLost := false
			for i := range m {
				reps := r.Replicas(i)
				up := 0
				for _, o := range reps {
					if !slices.Contains(d, int(o)) {
						up++
					}
				}
				if up < quorum {
					w += float64(r.Width(i))
				}
				anyLost = anyLost || up == 0
			}
			sets++
			if w > 0 {
				bad++
			}
			if anyLost {
				lost++
			}
			sum += w
			if w > most {
				most = w
				st.Worst = slices.Clone(d)
			}
			return
		}
		for a := from; a < n; a++ {
			each(a+1, append(d, a))
		}
	}
	each(0, nil)
	if st.Worst == nil {
		for i := range down {
			st.Worst = append(st.Worst, i)
		}
	}
	var peers float64
	for a := range n {
		for b := range n {
			for i := 0; i < m && a != b; i++ {
				if slices.Contains(r.Replicas(i), uint16(a)) && slices.Contains(r.Replicas(i), uint16(b)) {
					peers++
					break
				}
			}
		}
	}
	st.QuorumLostP, st.DataLostP = bad/sets, lost/sets
	st.UnavailableMean, st.UnavailableMax = sum/sets/ring, most/ring
	st.Peers = peers / float64(n)
	return st
}

// FuzzReplicas sets the counting by inclusion and exclusion against brute
// force, on rings and settings of the fuzzer's choosing.
func FuzzReplicas(f *testing.F) {
	f.Add(uint64(0), 10, 1, 3, 2, false)
	f.Add(uint64(3), 7, 9, 5, 3, true)
	f.Add(uint64(8), 4, 3, 2, 3, true)
	f.Add(uint64(1), 2, 1, 1, 1, false)
	f.Add(uint64(5), 10, 4, 2, 1, true)
	f.Add(uint64(6), 9, 3, 4, 2, true)
	f.Add(uint64(2), 6, 2, 4, 3, false)
	f.Fuzz(func(t *testing.T, seed uint64, nodes, v, rf, down int, random bool) {
		p := Params{Nodes: 2 + abs(nodes)%11, V: 1 + abs(v)%12, Seeds: 1, Seed: int(seed % 1000), Assign: RoundRobin}
		if random {
			p.Assign = Random
		}
		rp := ReplicaParams{Params: p, RF: rf, Down: down}
		if rp.Validate() != nil {
			if _, err := RunReplicas(rp); err == nil {
				t.Fatalf("RunReplicas(%+v) accepted what Validate rejects", rp)
			}
			return
		}
		res := runReplicas(t, rp)
		want := bruteReplicas(res.Seed, down)
		if !closeStats(res.Stats, want, 1e-12) || !slices.Equal(res.Stats.Worst, want.Worst) {
			t.Fatalf("%+v:\n got %+v\nwant %+v", rp, res.Stats, want)
		}
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// The table (ten nodes, three copies, two down, random
// assignment, means of seeds 0–19), and with three down the chance that
// some keys lose every copy. Ordered placement keeps four peers at every V.
func TestReplicaSweepShowsWhatManyTokensCost(t *testing.T) {
	sp := SweepParams{Nodes: 10, Vs: []int{1, 4, 16, 256}, Seeds: 20, Assign: Random}
	rows, err := ReplicaSweep(sp, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := [][4]float64{{0.444, 0.067, 0.389, 4.0}, {0.862, 0.067, 0.248, 7.8}, {1.000, 0.067, 0.144, 9.0}, {1.000, 0.067, 0.085, 9.0}}
	for i, r := range rows {
		got := [4]float64{r.QuorumLostP, r.UnavailableMean, r.UnavailableMax, r.Peers}
		for j := range got {
			if math.Abs(got[j]-want[i][j]) > 0.0005+1e-9 && !(j == 3 && math.Abs(got[j]-want[i][j]) <= 0.05) {
				t.Errorf("V=%d: figure %d is %.4f, want %.3f", r.V, j, got[j], want[i][j])
			}
		}
	}
	three, err := ReplicaSweep(SweepParams{Nodes: 10, Vs: []int{1, 256}, Seeds: 20, Assign: Random}, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(three[0].DataLostP-0.083) > 0.0005 || three[1].DataLostP != 1 {
		t.Errorf("three down: every copy lost %.4f at V=1 and %.4f at V=256, want 0.083 and 1", three[0].DataLostP, three[1].DataLostP)
	}
	sp.Assign = RoundRobin
	ordered, err := ReplicaSweep(sp, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range ordered {
		if r.Peers != 4 {
			t.Errorf("round-robin V=%d: %.2f peers, want 4", r.V, r.Peers)
		}
	}
}

// Whatever the ring, every range is kept by the same number of nodes, so
// the mean share down over every set of nodes down is the chance that a
// quorum of one range's replicas is among them: a hypergeometric tail that
// does not depend on V.
func TestMeanShareDownDoesNotDependOnTheRing(t *testing.T) {
	for _, c := range []struct{ nodes, rf, down int }{{10, 3, 2}, {10, 3, 3}, {7, 5, 3}, {12, 2, 1}, {3, 5, 2}, {10, 4, 2}, {9, 4, 3}, {10, 2, 2}} {
		r := min(c.rf, c.nodes)
		q := r - (r/2 + 1) + 1 // copies down that leave fewer than a majority up
		var tail float64
		for j := q; j <= min(r, c.down); j++ {
			tail += float64(FailureSets(r, j) * FailureSets(c.nodes-r, c.down-j))
		}
		tail /= float64(FailureSets(c.nodes, c.down))
		for _, v := range []int{1, 3, 64} {
			for seed := range 3 {
				p := Params{Nodes: c.nodes, V: v, Seeds: 1, Seed: seed, Assign: Assignment(seed % 2)}
				st := runReplicas(t, ReplicaParams{Params: p, RF: c.rf, Down: c.down}).Stats
				if math.Abs(st.UnavailableMean-tail) > 1e-12 {
					t.Errorf("%+v V=%d seed %d: mean share down %.15f, want %.15f", c, v, seed, st.UnavailableMean, tail)
				}
			}
		}
	}
}

// A node keeps RF copies' worth of the ring in all; what the others stream
// to rebuild the nodes down is exactly the copies those kept, less the
// ranges that lost every copy; each range's state follows its replicas;
// by default the worst set is down, or else the nodes asked for.
func TestPictureAddsUp(t *testing.T) {
	for _, failed := range [][]int{nil, {7, 2}} {
		p := Params{Nodes: 9, V: 6, Seeds: 1, Seed: 4, Assign: Random}
		res := runReplicas(t, ReplicaParams{Params: p, RF: 3, Down: 3, Failed: failed})
		r := res.Seed
		want := failed
		if want == nil {
			want = res.Stats.Worst
		}
		if !slices.Equal(r.Down, want) {
			t.Fatalf("down %v, want %v", r.Down, want)
		}
		var kept uint64
		for _, x := range r.Stored {
			kept += x
		}
		if kept != 3*uint64(RingSize) {
			t.Fatalf("copies kept add up to %d, want 3 rings (%d)", kept, 3*uint64(RingSize))
		}
		var sent, got, unavailable uint64
		for _, d := range r.Down {
			sent += r.Stored[d]
			if r.Rebuild[d] != 0 {
				t.Errorf("node %d is down but streams %d", d, r.Rebuild[d])
			}
		}
		for i, st := range r.States {
			in := 0
			for _, o := range r.Replicas(i) {
				if slices.Contains(r.Down, int(o)) {
					in++
				}
			}
			if st == Lost {
				sent -= uint64(in) * r.Width(i)
			}
			if st >= NoQuorum {
				unavailable += r.Width(i)
			}
			if wantState := [...]RangeState{Fine, Degraded, NoQuorum, Lost}[in]; st != wantState {
				t.Errorf("range %d with %d copies down is %v, want %v", i, in, st, wantState)
			}
		}
		for _, x := range r.Rebuild {
			got += x
		}
		if got != sent {
			t.Errorf("rebuilding streams %d, want the copies the nodes down kept, less what is lost: %d", got, sent)
		}
		if unavailable != r.Unavailable || (failed == nil && float64(unavailable)/ring != res.Stats.UnavailableMax) {
			t.Errorf("%v down leave %d without a quorum (picture %d); the worst set's share is %v", r.Down, unavailable, r.Unavailable, res.Stats.UnavailableMax)
		}
	}
}

func TestReplicaParamsOutOfRange(t *testing.T) {
	ok := Params{Nodes: 5, V: 4, Seeds: 2, Assign: Random}
	for _, c := range []struct {
		rp   ReplicaParams
		want string
	}{
		{ReplicaParams{Params: ok, RF: 0, Down: 1}, "rf"},
		{ReplicaParams{Params: ok, RF: 6, Down: 1}, "rf"},
		{ReplicaParams{Params: ok, RF: 3, Down: 0}, "down"},
		{ReplicaParams{Params: ok, RF: 3, Down: 5}, "down"},
		{ReplicaParams{Params: Params{Nodes: 300, V: 1, Seeds: 1}, RF: 3, Down: 3}, "sets of nodes down"},
		{ReplicaParams{Params: ok, RF: 3, Down: 2, Failed: []int{1, 2, 3}}, "more than the 2 down"},
		{ReplicaParams{Params: ok, RF: 3, Down: 2, Failed: []int{5}}, "not one of"},
		{ReplicaParams{Params: ok, RF: 3, Down: 2, Failed: []int{1, 1}}, "not one of"},
	} {
		_, err := RunReplicas(c.rp)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one about %s", c.rp, err, c.want)
		}
	}
}

// The figures of a seed are the same alone as within a run of many, and
// the mean is the mean of the seeds'.
func TestReplicaResultIsItsSeeds(t *testing.T) {
	rp := ReplicaParams{Params: Params{Nodes: 10, V: 8, Seeds: 5, Seed: 3, Assign: Random}, RF: 3, Down: 2}
	res := runReplicas(t, rp)
	if !closeStats(res.Stats, res.PerSeed[3], 0) || !slices.Equal(res.Stats.Worst, res.PerSeed[3].Worst) {
		t.Errorf("seed 3: %+v alone, %+v among the seeds", res.Stats, res.PerSeed[3])
	}
	rows, err := ReplicaSweep(SweepParams{Nodes: 10, Vs: []int{8}, Seeds: 5, Assign: Random}, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !closeStats(rows[0].ReplicaStats, res.Mean, 0) {
		t.Errorf("the sweep's mean %+v, the run's %+v", rows[0].ReplicaStats, res.Mean)
	}
}

func BenchmarkRunReplicas(b *testing.B) {
	for _, c := range []struct{ nodes, v, down int }{{10, 256, 2}, {100, 256, 3}} {
		rp := ReplicaParams{Params: Params{Nodes: c.nodes, V: c.v, Seeds: 20, Assign: Random}, RF: 3, Down: c.down}
		b.Run(fmt.Sprintf("n=%d/v=%d/down=%d", c.nodes, c.v, c.down), func(b *testing.B) {
			for b.Loop() {
				runReplicas(b, rp)
			}
		})
	}
}
