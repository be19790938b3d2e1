package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func runHashes(t testing.TB, hp HashParams) HashResult {
	t.Helper()
	res, err := RunHashes(hp)
	if err != nil {
		t.Fatalf("RunHashes(%+v): %v", hp, err)
	}
	return res
}

// testdata/hashes.golden was made once by testdata/hashes_reference.py, a
// plain-Python model of the four algorithms: for each case and algorithm,
// the keys per node and the keys moved by a join and by the leave.
func TestHashesMatchPythonGolden(t *testing.T) {
	for _, c := range readGolden(t, "hashes.golden") {
		fields := strings.Fields(c.head)
		keys, _ := strconv.Atoi(fields[4])
		leave, _ := strconv.Atoi(fields[5])
		hp := HashParams{Params: c.p, Keys: keys, Leave: leave}
		res := runHashes(t, hp)
		parts := strings.Split(c.values, "|")
		if len(parts) != NumHashAlgorithms+1 {
			t.Fatalf("%s: %d parts", c.head, len(parts))
		}
		// The last part: jump's keys moved when the last node takes the
		// leaver's number instead.
		hp.Renumber = RenumberLast
		last := runHashes(t, hp)
		f := strings.Fields(parts[NumHashAlgorithms])
		if f[0] != "jump-last" || len(f) != 2 {
			t.Fatalf("%s: last part %q", c.head, parts[NumHashAlgorithms])
		}
		lastMoved := parseUints(t, f[1])[0]
		if moved := lastMoved; last.Seed[JumpHash].MovedLeave != float64(moved)/float64(keys) {
			t.Errorf("%s: jump, the last node renumbered, moves %v of the keys on the leave, want %d/%d",
				c.head, last.Seed[JumpHash].MovedLeave, moved, keys)
		}
		for a := range HashAlgorithm(NumHashAlgorithms) {
			if a != JumpHash && last.Seed[a] != res.Seed[a] || a == JumpHash && last.Seed[a].MovedLeaveBy != res.Seed[a].MovedLeaveBy {
				t.Errorf("%s: renumbering jump changed %s's figures", c.head, a)
			}
		}
		for a, part := range parts[:NumHashAlgorithms] {
			f := strings.Fields(part)
			if f[0] != HashAlgorithm(a).String() {
				t.Fatalf("%s: part %d is %s", c.head, a, f[0])
			}
			nums := parseUints(t, strings.Join(f[1:], " "))
			counts, moved := nums[:c.p.Nodes], nums[c.p.Nodes:]
			var got []uint64
			for _, x := range res.Counts[a] {
				got = append(got, uint64(x))
			}
			want := figuresOf(counts, moved[0], moved[1], keys)
			if HashAlgorithm(a) == JumpHash {
				want.MovedLeaveBy = [NumRenumbers]float64{float64(moved[1]) / float64(keys), float64(lastMoved) / float64(keys)}
			}
			if !slices.Equal(got, counts) || res.Seed[a] != want {
				t.Errorf("%s %s: counts %v figures %+v\n want %v %+v", c.head, f[0], got, res.Seed[a], counts, want)
			}
		}
	}
}

// figuresOf are the figures of keys counted per node and moved.
func figuresOf(counts []uint64, join, leave uint64, keys int) HashFigures {
	n := len(counts)
	mean := float64(keys) / float64(n)
	var sq, top float64
	for _, c := range counts {
		d := float64(c) - mean
		sq += d * d
		top = max(top, float64(c))
	}
	return HashFigures{Imbalance: top / mean, CV: math.Sqrt(sq/float64(n)) / mean,
		MovedJoin: float64(join) / float64(keys), MovedLeave: float64(leave) / float64(keys)}
}

// The issue's table for seed 0 (ten nodes, 20,000 keys, node F leaves).
func TestHashesOfTheIssue(t *testing.T) {
	want := map[string][4]float64{
		"ring1":      {3.831, 1.139, 0.027, 0.234},
		"ring16":     {1.378, 0.220, 0.094, 0.130},
		"jump":       {1.037, 0.016, 0.083, 0.484},
		"rendezvous": {1.046, 0.019, 0.093, 0.100},
		"maglev":     {1.021, 0.016, 0.094, 0.100},
	}
	for _, v := range []int{1, 16} {
		res := runHashes(t, HashParams{Params: Params{Nodes: 10, V: v, Seeds: 1}, Keys: 20000, Leave: 5})
		for a := range HashAlgorithm(NumHashAlgorithms) {
			name := a.String()
			if a == RingHash {
				name = fmt.Sprint("ring", v)
			}
			f := res.Seed[a]
			got := [4]float64{f.Imbalance, f.CV, f.MovedJoin, f.MovedLeave}
			for i := range got {
				if math.Abs(got[i]-want[name][i]) > 0.0005+1e-9 {
					t.Errorf("%s: %v, want %v", name, got, want[name])
					break
				}
			}
		}
	}
}

// Jump, rendezvous and Maglev do not depend on the ring: their figures are
// the same at every V; the ring's join moves only keys to the newcomer,
// rendezvous's and Maglev's leave only the leaver's keys and a few more;
// every key is placed, and the figures are a seed's alone or among many.
func TestHashProperties(t *testing.T) {
	a := runHashes(t, HashParams{Params: Params{Nodes: 9, V: 1, Seeds: 3, Seed: 2, Assign: Random}, Keys: 3000, Leave: 4})
	b := runHashes(t, HashParams{Params: Params{Nodes: 9, V: 64, Seeds: 3, Seed: 2, Assign: Random}, Keys: 3000, Leave: 4})
	for alg := JumpHash; alg < NumHashAlgorithms; alg++ {
		if a.Seed[alg] != b.Seed[alg] || a.Mean[alg] != b.Mean[alg] {
			t.Errorf("%v depends on V: %+v / %+v", alg, a.Seed[alg], b.Seed[alg])
		}
	}
	for alg := range HashAlgorithm(NumHashAlgorithms) {
		sum := 0
		for _, c := range a.Counts[alg] {
			sum += c
		}
		if sum != 3000 {
			t.Errorf("%v placed %d keys of 3000", alg, sum)
		}
		leaverShare := float64(a.Counts[alg][4]) / 3000
		if a.Seed[alg].MovedLeave < leaverShare-1e-12 {
			t.Errorf("%v: the leave moved %v, less than the leaver's %v", alg, a.Seed[alg].MovedLeave, leaverShare)
		}
	}
	if r := a.Seed[RendezvousHash]; r.MovedLeave != float64(a.Counts[RendezvousHash][4])/3000 {
		t.Errorf("rendezvous moved %v on the leave, more than the leaver's keys", r.MovedLeave)
	}
	one := runHashes(t, HashParams{Params: Params{Nodes: 9, V: 1, Seeds: 1, Seed: 2, Assign: Random}, Keys: 3000, Leave: 4})
	if one.Seed != a.Seed {
		t.Errorf("seed 2 alone %+v, among three %+v", one.Seed, a.Seed)
	}
	if f := RandomCV(10, 20000); math.Abs(f-math.Sqrt(9.0/20000)) > 1e-15 {
		t.Errorf("RandomCV %v", f)
	}
}

func TestHashParamsOutOfRange(t *testing.T) {
	ok := Params{Nodes: 5, V: 4, Seeds: 2}
	for _, c := range []struct {
		hp   HashParams
		want string
	}{
		{HashParams{Params: ok, Keys: 10, Leave: 1}, "keys"},
		{HashParams{Params: ok, Keys: 2_000_000, Leave: 1}, "keys"},
		{HashParams{Params: ok, Keys: 5000, Leave: 5}, "leave"},
		{HashParams{Params: Params{Nodes: 1000, V: 1, Seeds: 1}, Keys: 5000}, "join"},
	} {
		if _, err := RunHashes(c.hp); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error about %s", c.hp, err, c.want)
		}
	}
	for _, s := range []string{"ring", " Jump", "HRW", "maglev"} {
		if _, err := ParseHashAlgorithm(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseHashAlgorithm("md5"); err == nil {
		t.Error("md5 accepted")
	}
}

func BenchmarkLookup(b *testing.B) {
	const n = 100
	p := Params{Nodes: n, V: 256, Seeds: 1}
	res := runHashes(b, HashParams{Params: p, Keys: MinHashKeys, Leave: 0})
	lookups := NewLookups(res.Ring)
	keys := make([]uint64, 4096)
	for i := range keys {
		keys[i] = mix(uint64(i))
	}
	for a := range HashAlgorithm(NumHashAlgorithms) {
		b.Run(a.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				lookups.Node(a, keys[i&4095])
				i++
			}
		})
	}
}
