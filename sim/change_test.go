package sim

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// ringFromPoints builds a ring from sorted points and their owners, measuring
// the loads as Ring documents them.
func ringFromPoints(points []uint32, owners []uint16, nodes int) Ring {
	r := Ring{Nodes: nodes, Boundaries: points, Owners: owners, Loads: make([]uint64, nodes)}
	for i := range points {
		r.Loads[owners[i]] += r.Width(i)
	}
	r.Stats = statsOf(r.Loads)
	return r
}

// ownerAt is who owns position x in r: the owner of the last token at or
// before x (the last of equal ones), or of the last token if x is before
// them all.
func ownerAt(r Ring, x uint32) uint16 {
	i := sort.Search(len(r.Boundaries), func(j int) bool { return r.Boundaries[j] > x }) - 1
	if i < 0 {
		i = len(r.Boundaries) - 1
	}
	return r.Owners[i]
}

// pieceAt finds the piece covering position x, if any.
func pieceAt(pieces []MovedPiece, x uint32) (MovedPiece, bool) {
	for _, p := range pieces {
		if (p.Start <= uint64(x) && uint64(x) < p.End) || (p.Start <= uint64(x)+RingSize && uint64(x)+RingSize < p.End) {
			return p, true
		}
	}
	return MovedPiece{}, false
}

// checkChange asserts everything a change must satisfy, comparing it with a
// brute-force cut of the ring at every token before and after.
func checkChange(t testing.TB, c Change) {
	t.Helper()
	before, after := c.Before, c.After
	var sum uint64
	for n, l := range after.Loads {
		sum += l
		if n >= before.Nodes || n == c.Node {
			continue
		}
		want := before.Loads[n] + c.Gift[n] // received from the leaver
		if c.Kind == Join {
			want = before.Loads[n] - c.Gift[n]
		}
		if l != want {
			t.Fatalf("node %d: load %d -> %d, but its gift is %d", n, before.Loads[n], l, c.Gift[n])
		}
	}
	if sum != RingSize {
		t.Fatalf("loads after sum to %d, want 2**32", sum)
	}
	measured := ringFromPoints(after.Boundaries, after.Owners, after.Nodes)
	if !slices.IsSorted(after.Boundaries) || !slices.Equal(measured.Loads, after.Loads) {
		t.Fatalf("after: loads %v, but its ranges add up to %v", after.Loads, measured.Loads)
	}
	var gifts uint64
	for _, g := range c.Gift {
		gifts += g
	}
	if gifts != c.Moved || len(c.Gift) != before.Nodes {
		t.Fatalf("%d gifts add up to %d, want the moved %d", len(c.Gift), gifts, c.Moved)
	}
	switch c.Kind {
	case Join:
		if c.Node != before.Nodes || after.Nodes != before.Nodes+1 || c.Moved != after.Loads[c.Node] {
			t.Fatalf("join: node %d of %d, moved %d, newcomer's load %d", c.Node, after.Nodes, c.Moved, after.Loads[c.Node])
		}
	default:
		if after.Nodes != before.Nodes || c.Moved != before.Loads[c.Node] || after.Loads[c.Node] != 0 || c.Gift[c.Node] != 0 {
			t.Fatalf("leave: moved %d, leaver's load %d before and %d after", c.Moved, before.Loads[c.Node], after.Loads[c.Node])
		}
	}
	if c.MovedFraction != float64(c.Moved)/float64(RingSize) || math.Abs(c.NodeShare-c.MovedFraction/c.Ideal) > 1e-12 {
		t.Fatalf("moved fraction %v, node share %v, ideal %v", c.MovedFraction, c.NodeShare, c.Ideal)
	}
	var shares float64
	for n := range after.Nodes {
		shares += c.ShareAfter(n)
	}
	if math.Abs(shares-float64(c.Members)) > 1e-9 {
		t.Fatalf("shares after add up to %v, want %d", shares, c.Members)
	}

	// The pieces: sorted, apart, non-empty, adding up to the moved width.
	var widths uint64
	for i, p := range c.Pieces {
		if p.Start >= RingSize || p.End <= p.Start || p.End > p.Start+RingSize || (i > 0 && p.Start < c.Pieces[i-1].End) {
			t.Fatalf("piece %d %+v after %+v", i, p, c.Pieces[max(i-1, 0)])
		}
		widths += p.Width()
	}
	if last := len(c.Pieces) - 1; last > 0 && c.Pieces[last].End > c.Pieces[0].Start+RingSize {
		t.Fatalf("the last piece %+v runs into the first %+v", c.Pieces[last], c.Pieces[0])
	}
	if widths != c.Moved {
		t.Fatalf("pieces add up to %d, want %d", widths, c.Moved)
	}
	// Every stretch between tokens changes owner exactly as the pieces say.
	cuts := slices.Concat(before.Boundaries, after.Boundaries)
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	for i, start := range cuts {
		last := cuts[(i+1)%len(cuts)] - 1 // the stretch's last position
		for _, x := range []uint32{start, last} {
			from, to := ownerAt(before, x), ownerAt(after, x)
			p, moved := pieceAt(c.Pieces, x)
			if moved != (from != to) || (moved && (p.From != from || p.To != to)) {
				t.Fatalf("position %d: owner %d -> %d, but the pieces say %+v (%v)", x, from, to, p, moved)
			}
		}
	}
}

// randomTiedRing draws a ring whose points all lie below limit: a small limit
// makes ties between tokens common.
func randomTiedRing(rng *rand.Rand, nodes, v int, limit uint32) Ring {
	points := make([]uint32, nodes*v)
	owners := make([]uint16, nodes*v)
	for i := range points {
		points[i] = rng.Uint32N(limit)
		owners[i] = uint16(i % nodes)
	}
	slices.Sort(points)
	rng.Shuffle(len(owners), func(i, j int) { owners[i], owners[j] = owners[j], owners[i] })
	return ringFromPoints(points, owners, nodes)
}

func TestJoinAndLeaveOnRandomRings(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 400 {
		nodes, v := 1+rng.IntN(6), 1+rng.IntN(5)
		limit := []uint32{3, 10, 1000, math.MaxUint32}[rng.IntN(4)]
		before := randomTiedRing(rng, nodes, v, limit)
		tokens := make([]uint32, v)
		for i := range tokens {
			tokens[i] = rng.Uint32N(limit)
		}
		joined, err := JoinRing(before, tokens)
		if err != nil {
			t.Fatal(err)
		}
		checkChange(t, joined)
		if joined.Members != nodes+1 {
			t.Fatalf("%d members after a join of %d", joined.Members, nodes)
		}
		// Every node leaves the joined ring in turn.
		for node := range nodes + 1 {
			left, err := LeaveRing(joined.After, node)
			if err != nil {
				t.Fatal(err)
			}
			checkChange(t, left)
			if left.Members != nodes {
				t.Fatalf("%d members after a leave of %d", left.Members, nodes+1)
			}
		}
	}
}

// Ties: a new token at an old one's position sorts after it and takes the
// whole old range from there; two tokens at one position leave the first an
// empty range.
func TestJoinTies(t *testing.T) {
	before := ringFromPoints([]uint32{100, 200, 300}, []uint16{0, 1, 2}, 3)
	c, err := JoinRing(before, []uint32{200, 200, 50})
	if err != nil {
		t.Fatal(err)
	}
	checkChange(t, c)
	want := []MovedPiece{{50, 100, 2, 3}, {200, 300, 1, 3}}
	if !slices.Equal(c.Pieces, want) || !slices.Equal(c.Gift, []uint64{0, 100, 50}) || c.Donors != 2 {
		t.Fatalf("pieces %v gifts %v donors %d, want %v", c.Pieces, c.Gift, c.Donors, want)
	}
	if !slices.Equal(c.After.Boundaries, []uint32{50, 100, 200, 200, 200, 300}) || !slices.Equal(c.After.Owners, []uint16{3, 0, 1, 3, 3, 2}) {
		t.Fatalf("after: %v owned by %v", c.After.Boundaries, c.After.Owners)
	}
	// A token after the last old one takes the wrapping range, up to and
	// including the tokens before the first old one.
	c, _ = JoinRing(before, []uint32{10, 4000000000})
	checkChange(t, c)
	if want := []MovedPiece{{4000000000, RingSize + 100, 2, 3}}; !slices.Equal(c.Pieces, want) {
		t.Fatalf("pieces %v, want %v", c.Pieces, want)
	}
	// One old token and a new one at the same place: the whole ring moves.
	c, _ = JoinRing(ringFromPoints([]uint32{7}, []uint16{0}, 1), []uint32{7})
	checkChange(t, c)
	if want := []MovedPiece{{7, RingSize + 7, 0, 1}}; !slices.Equal(c.Pieces, want) || c.NodeShare != 2 {
		t.Fatalf("pieces %v share %v, want %v and 2", c.Pieces, c.NodeShare, want)
	}
}

func TestLeaveWraps(t *testing.T) {
	// Node 1 owns both ends of the ring: both go to node 0's last token, in
	// one piece across 2**32.
	before := ringFromPoints([]uint32{10, 20, 30, 40}, []uint16{1, 0, 2, 1}, 3)
	c, err := LeaveRing(before, 1)
	if err != nil {
		t.Fatal(err)
	}
	checkChange(t, c)
	if want := []MovedPiece{{40, RingSize + 20, 1, 2}}; !slices.Equal(c.Pieces, want) || c.Donors != 1 {
		t.Fatalf("pieces %v, want %v", c.Pieces, want)
	}
	if !slices.Equal(c.Tokens, []uint32{10, 40}) || c.Ideal != 1.0/3 || c.After.Stats.Busiest != 2 {
		t.Fatalf("tokens %v ideal %v busiest %d", c.Tokens, c.Ideal, c.After.Stats.Busiest)
	}
	// The first tokens are the leaver's, the last is not: no wrap.
	c, _ = LeaveRing(ringFromPoints([]uint32{10, 20, 30, 40}, []uint16{1, 1, 0, 2}, 3), 1)
	checkChange(t, c)
	if want := []MovedPiece{{10, 30, 1, 2}}; !slices.Equal(c.Pieces, want) {
		t.Fatalf("pieces %v, want %v", c.Pieces, want)
	}
}

func TestLeaveRingRejects(t *testing.T) {
	lone := ringFromPoints([]uint32{5, 9}, []uint16{0, 0}, 2) // node 1 owns nothing
	for node, want := range map[int]string{-1: "numbered 0..1", 2: "numbered", 1: "owns no part", 0: "no other node"} {
		if _, err := LeaveRing(lone, node); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("node %d: error %v, want %q", node, err, want)
		}
	}
	if _, err := JoinRing(lone, nil); err == nil {
		t.Error("a join without tokens succeeded")
	}
}

func changeParams(nodes, v int, kind ChangeKind, assign Assignment) ChangeParams {
	return ChangeParams{Params: Params{Nodes: nodes, V: v, Seeds: 5, Seed: 3, Assign: assign}, Kind: kind, Node: BusiestNode}
}

func runChange(t *testing.T, cp ChangeParams) ChangeResult {
	t.Helper()
	res, err := RunChange(cp)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestRunChangeProperties(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, kind := range []ChangeKind{Join, Leave, Fail} {
			for _, nodes := range []int{2, 3, 10, 37} {
				for _, v := range []int{1, 2, 16, 256} {
					cp := changeParams(nodes, v, kind, assign)
					res := runChange(t, cp)
					c := res.Seed
					checkChange(t, c)
					if c.Kind != kind || !reflect.DeepEqual(c.Before, ringOf(t, cp.Params)) {
						t.Fatalf("%+v: kind %v, or the ring before is not Run's", cp, c.Kind)
					}
					if kind == Join && v == 1 && c.Donors != 1 {
						t.Fatalf("%+v: %d donors with one token", cp, c.Donors)
					}
					if kind != Join && c.Node != c.Before.Stats.Busiest {
						t.Fatalf("%+v: node %d left, not the busiest %d", cp, c.Node, c.Before.Stats.Busiest)
					}
					// The selected seed is one of the averaged ones here.
					if s := res.PerSeed[cp.Seed]; s.Node != c.Node || s.Moved != c.Moved || s.Donors != c.Donors {
						t.Fatalf("%+v: per-seed %+v, but the seed in full moved %d from %d donors", cp, s, c.Moved, c.Donors)
					}
				}
			}
		}
	}
}

// A join and then the same node leaving puts every range back.
func TestJoinThenLeaveRestoresTheRing(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, v := range []int{1, 4, 64} {
			joined := runChange(t, changeParams(10, v, Join, assign)).Seed
			left, err := LeaveRing(joined.After, joined.Node)
			if err != nil {
				t.Fatal(err)
			}
			before := joined.Before
			if !slices.Equal(left.After.Loads[:before.Nodes], before.Loads) || left.After.Loads[before.Nodes] != 0 ||
				!slices.Equal(left.After.Boundaries, before.Boundaries) || !slices.Equal(left.After.Owners, before.Owners) {
				t.Fatalf("%v V=%d: loads %v after join and leave, want %v", assign, v, left.After.Loads, before.Loads)
			}
			if left.Moved != joined.Moved || !slices.Equal(left.Gift[:before.Nodes], joined.Gift) || left.After.Stats != before.Stats {
				t.Fatalf("%v V=%d: the leave moved %d (%v), the join %d (%v)", assign, v, left.Moved, left.Gift, joined.Moved, joined.Gift)
			}
		}
	}
}

// testdata/change.golden was made once by testdata/change_reference.py: the
// newcomer's points, the moved width and each old node's gift, then the
// same for the busiest node leaving.
func TestChangeMatchesPythonGolden(t *testing.T) {
	for _, c := range readGolden(t, "change.golden") {
		parts := strings.Split(c.values, "|")
		if len(parts) != 6 {
			t.Fatalf("%s: %d parts, want 6", c.head, len(parts))
		}
		tokens, joinMoved, gifts := parseUints(t, parts[0]), parseUints(t, parts[1]), parseUints(t, parts[2])
		leaver, leaveMoved, received := parseUints(t, parts[3]), parseUints(t, parts[4]), parseUints(t, parts[5])

		cp := ChangeParams{Params: c.p, Kind: Join}
		join := runChange(t, cp).Seed
		var got []uint64
		for _, tok := range join.Tokens {
			got = append(got, uint64(tok))
		}
		if !slices.Equal(got, tokens) || join.Moved != joinMoved[0] || !slices.Equal(join.Gift, gifts) {
			t.Errorf("%s join: tokens %v moved %d gifts %v, want %v %d %v", c.head, got, join.Moved, join.Gift, tokens, joinMoved[0], gifts)
		}
		cp.Kind, cp.Node = Leave, BusiestNode
		leave := runChange(t, cp).Seed
		if uint64(leave.Node) != leaver[0] || leave.Moved != leaveMoved[0] || !slices.Equal(leave.Gift, received) {
			t.Errorf("%s leave: node %d moved %d received %v, want %d %d %v", c.head, leave.Node, leave.Moved, leave.Gift, leaver[0], leaveMoved[0], received)
		}
	}
}

func TestModNMovedMatchesBruteForce(t *testing.T) {
	for a := uint64(1); a <= 40; a++ {
		for _, size := range []uint64{1, 2, a, a + 1, a * (a + 1), a*(a+1) + a - 1, a*(a+1) + a + 3, 10007} {
			var want uint64
			for k := range size {
				if k%a != k%(a+1) {
					want++
				}
			}
			if got := modNMoved(a, size); got != want {
				t.Fatalf("a=%d, %d keys: %d move, brute force says %d", a, size, got, want)
			}
		}
	}
}

func TestModNMovedIsAboutNOverNPlusOne(t *testing.T) {
	for _, n := range []int{1, 2, 9, 10, 999} {
		_, join := idealAndModN(Join, n)
		if want := float64(n) / float64(n+1); math.Abs(join-want) > 1e-6 {
			t.Errorf("N=%d joining: mod N moves %v, want about %v", n, join, want)
		}
		if n < 2 {
			continue
		}
		_, leave := idealAndModN(Leave, n)
		if want := float64(n-1) / float64(n); math.Abs(leave-want) > 1e-6 {
			t.Errorf("N=%d leaving: mod N moves %v, want about %v", n, leave, want)
		}
	}
	// Growing 1 -> 2 moves exactly the odd keys.
	if got := modNMoved(1, RingSize); got != RingSize/2 {
		t.Errorf("1 -> 2 nodes moves %d keys", got)
	}
}

func TestRunChangeIsDeterministic(t *testing.T) {
	for _, kind := range []ChangeKind{Join, Leave} {
		cp := changeParams(10, 64, kind, Random)
		cp.Seeds = 20
		first := runChange(t, cp)
		for range 3 {
			if again := runChange(t, cp); !reflect.DeepEqual(again, first) {
				t.Fatalf("%v: a second run differs", kind)
			}
		}
	}
}

func TestChangeSweepAgreesWithRunChange(t *testing.T) {
	for _, kind := range []ChangeKind{Join, Leave, Fail} {
		for _, node := range []int{BusiestNode, 2} {
			sp := SweepParams{Nodes: 10, Seeds: 7, Assign: Random, Vs: []int{4, 1, 4, 300}}
			rows, err := ChangeSweep(sp, kind, node)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range sp.Vs {
				cp := ChangeParams{Params: Params{Nodes: 10, V: v, Seeds: 7, Assign: Random}, Kind: kind, Node: node}
				res := runChange(t, cp)
				if rows[i].V != v || rows[i].ChangeMean != res.Mean {
					t.Errorf("%v node %d V=%d: sweep %+v, run %+v", kind, node, v, rows[i], res.Mean)
				}
			}
		}
	}
}

// The exercise's cluster: at V=1 a single neighbour pays and the newcomer's
// share is far from fair; at V=256 nearly everyone pays and it lands near 1.
func TestMoreTokensSpreadTheJoin(t *testing.T) {
	rows, err := ChangeSweep(SweepParams{Nodes: 10, Seeds: 20, Vs: []int{1, 256}}, Join, BusiestNode)
	if err != nil {
		t.Fatal(err)
	}
	one, many := rows[0], rows[1]
	if one.Donors != 1 || many.Donors < 9 || math.Abs(many.NodeShare-1) > 0.15 || many.Ideal != 1.0/11 {
		t.Errorf("V=1 %+v, V=256 %+v", one, many)
	}
	if math.Abs(one.ModN-10.0/11) > 1e-6 {
		t.Errorf("mod N moves %v", one.ModN)
	}
}

func TestChangeParamsValidate(t *testing.T) {
	good := changeParams(10, 4, Leave, RoundRobin)
	cases := map[string]func(*ChangeParams){
		"no change":      func(cp *ChangeParams) { cp.Kind = NoChange },
		"unknown change": func(cp *ChangeParams) { cp.Kind = 9 },
		"numbered 0..9":  func(cp *ChangeParams) { cp.Node = 10 },
		"only one":       func(cp *ChangeParams) { cp.Nodes, cp.Node = 1, 0 },
		"at most 1000":   func(cp *ChangeParams) { cp.Nodes, cp.Kind = MaxNodes, Join },
		"v = 0":          func(cp *ChangeParams) { cp.V = 0 },
	}
	for want, spoil := range cases {
		cp := good
		spoil(&cp)
		if err := cp.Validate(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v", want, err)
		}
		if _, err := RunChange(cp); err == nil {
			t.Errorf("%s: RunChange accepted it", want)
		}
	}
	for _, cp := range []ChangeParams{good, changeParams(MaxNodes-1, 1, Join, Random), {Params: good.Params, Kind: Fail, Node: 9}, {Params: good.Params, Kind: Join, Node: 77}} {
		if err := cp.Validate(); err != nil {
			t.Errorf("%+v: %v", cp, err)
		}
	}
	if _, err := ChangeSweep(SweepParams{Nodes: 1, Seeds: 1, Vs: []int{1}}, Leave, BusiestNode); err == nil {
		t.Error("a sweep of one node leaving succeeded")
	}
}

func TestParseChangeKind(t *testing.T) {
	for _, k := range []ChangeKind{NoChange, Join, Leave, Fail} {
		if got, err := ParseChangeKind(strings.ToUpper(k.String())); err != nil || got != k {
			t.Errorf("%q: %v, %v", k, got, err)
		}
	}
	if _, err := ParseChangeKind("explode"); err == nil {
		t.Error("explode parsed")
	}
	if got := ChangeKind(7).String(); got != "ChangeKind("+strconv.Itoa(7)+")" {
		t.Errorf("String of 7: %q", got)
	}
	// In JSON a kind is its name.
	var got struct{ Change ChangeKind }
	if err := json.Unmarshal([]byte(`{"Change":"leave"}`), &got); err != nil || got.Change != Leave {
		t.Errorf("from JSON: %v, %v", got.Change, err)
	}
	if b, err := json.Marshal(got); err != nil || string(b) != `{"Change":"leave"}` {
		t.Errorf("to JSON: %s, %v", b, err)
	}
	if _, err := json.Marshal(struct{ C ChangeKind }{7}); err == nil {
		t.Error("an unknown kind became JSON")
	}
}

// BenchmarkJoin is a join at the exercise's size, as the app runs one on a
// slider step: compare with BenchmarkRunV256.
func BenchmarkJoin(b *testing.B) {
	cp := ChangeParams{Params: Params{Nodes: 10, V: 256, Seeds: 20}, Kind: Join}
	for b.Loop() {
		if _, err := RunChange(cp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLeave is the busiest node leaving, the same size.
func BenchmarkLeave(b *testing.B) {
	cp := ChangeParams{Params: Params{Nodes: 10, V: 256, Seeds: 20}, Kind: Leave, Node: BusiestNode}
	for b.Loop() {
		if _, err := RunChange(cp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChangeSweep is the join's table: six V values, 20 seeds.
func BenchmarkChangeSweep(b *testing.B) {
	sp := SweepParams{Nodes: 10, Seeds: 20, Vs: ExerciseVs}
	for b.Loop() {
		if _, err := ChangeSweep(sp, Join, BusiestNode); err != nil {
			b.Fatal(err)
		}
	}
}
