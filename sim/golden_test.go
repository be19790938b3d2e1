package sim

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// defaultParams is the case the lesson starts from: one range per node.
func defaultParams() Params {
	return Params{Nodes: DefaultNodes, V: 1, Seeds: DefaultSeeds, Seed: 0, Assign: RoundRobin}
}

type tableRow struct {
	v             int
	imbalance, cv string
}

// The exercise's table (N=10, seeds 0..19) as it prints it: V, imbalance,
// CV. Round-robin is the exercise's own; the random assignment's was made
// by testdata/reference.py (python3 reference.py table random).
var exerciseTables = map[Assignment][]tableRow{
	RoundRobin: {
		{1, "2.804", "0.846"},
		{2, "2.372", "0.651"},
		{4, "1.858", "0.439"},
		{16, "1.378", "0.212"},
		{64, "1.216", "0.123"},
		{256, "1.105", "0.058"},
	},
	Random: {
		{1, "2.804", "0.846"},
		{2, "2.110", "0.581"},
		{4, "1.884", "0.456"},
		{16, "1.417", "0.220"},
		{64, "1.220", "0.120"},
		{256, "1.091", "0.057"},
	},
}

// Sweep gives the exercise's tables digit for digit. The scheme is named,
// though RandomTokens is the zero value: naming it is leaving it out.
func TestSweepReproducesExerciseTable(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		rows, err := Sweep(SweepParams{Nodes: 10, Seeds: 20, Assign: assign, Scheme: RandomTokens, Vs: ExerciseVs})
		if err != nil {
			t.Fatal(err)
		}
		table := exerciseTables[assign]
		if len(rows) != len(table) {
			t.Fatalf("%v: %d rows, want %d", assign, len(rows), len(table))
		}
		for i, want := range table {
			got := rows[i]
			if got.V != want.v || fmt.Sprintf("%.3f", got.Imbalance) != want.imbalance || fmt.Sprintf("%.3f", got.CV) != want.cv {
				t.Errorf("%v row %d = V %d imbalance %.3f CV %.3f, want V %d imbalance %s CV %s",
					assign, i, got.V, got.Imbalance, got.CV, want.v, want.imbalance, want.cv)
			}
		}
	}
}

func TestRunAverageReproducesExerciseTable(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin, Random} {
		for _, want := range exerciseTables[assign] {
			p := defaultParams()
			p.V = want.v
			p.Assign = assign
			res, err := Run(p)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%.3f %.3f", res.Average.Imbalance, res.Average.CV); got != want.imbalance+" "+want.cv {
				t.Errorf("%v V=%d: Run average = %s, want %s %s", assign, want.v, got, want.imbalance, want.cv)
			}
		}
	}
}

// goldenCase is one line of a golden file made by testdata/reference.py:
// "seed nodes v assignment: values...".
type goldenCase struct {
	head   string // the part before the colon, to name the case
	p      Params // Seed is the case's seed
	values string // the part after the colon
}

// readGolden reads testdata/name and checks that it has cases of both
// assignments.
func readGolden(t *testing.T, name string) []goldenCase {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []goldenCase
	perAssign := map[Assignment]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		head, tail, _ := strings.Cut(line, ":")
		var seed, nodes, v int
		var assignName string
		if _, err := fmt.Sscan(head, &seed, &nodes, &v, &assignName); err != nil {
			t.Fatalf("%s: bad line %q: %v", name, line, err)
		}
		assign, err := ParseAssignment(assignName)
		if err != nil {
			t.Fatal(err)
		}
		perAssign[assign]++
		p := Params{Nodes: nodes, V: v, Seeds: 1, Seed: seed, Assign: assign}
		cases = append(cases, goldenCase{head: head, p: p, values: tail})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 || perAssign[RoundRobin] == 0 || perAssign[Random] == 0 {
		t.Fatalf("%s: only %d cases (%v)", name, len(cases), perAssign)
	}
	return cases
}

// parseUints parses space-separated decimal numbers.
func parseUints(t *testing.T, s string) []uint64 {
	t.Helper()
	var out []uint64
	for _, f := range strings.Fields(s) {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

// testdata/loads.golden holds integer loads computed once by
// testdata/reference.py (CPython) for a spread of seeds, sizes and both
// assignments.
func TestLoadsMatchPythonGolden(t *testing.T) {
	for _, c := range readGolden(t, "loads.golden") {
		got, err := Loads(c.p)
		if err != nil {
			t.Fatal(err)
		}
		if want := parseUints(t, c.values); !slices.Equal(got, want) {
			t.Errorf("%s: loads %v, want %v", c.head, got, want)
		}
	}
}

// testdata/after_ring.golden holds what CPython's generator draws after
// each ring of loads.golden: V more points, then randrange(n) for each n
// in belowNs.
func TestGeneratorAfterRingMatchesPythonGolden(t *testing.T) {
	belowNs := []int{1, 2, 7, 10, 1000, 1 << 31, 1<<31 + 1, 1<<32 - 1, 1 << 32}
	for _, c := range readGolden(t, "after_ring.golden") {
		pointsPart, belowPart, ok := strings.Cut(c.values, "|")
		if !ok {
			t.Fatalf("%s: no | in the line", c.head)
		}
		wantPoints, wantBelow := parseUints(t, pointsPart), parseUints(t, belowPart)
		if len(wantPoints) != c.p.V || len(wantBelow) != len(belowNs) {
			t.Fatalf("%s: %d points and %d randrange values, want %d and %d",
				c.head, len(wantPoints), len(wantBelow), c.p.V, len(belowNs))
		}
		g, err := GeneratorAfterRing(c.p, c.p.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range wantPoints {
			if got := g.RingPoint(); uint64(got) != want {
				t.Fatalf("%s: point %d after the ring = %d, want %d", c.head, i, got, want)
			}
		}
		for i, n := range belowNs {
			if got := g.Below(n); uint64(got) != wantBelow[i] {
				t.Fatalf("%s: randrange(%d) = %d, want %d", c.head, n, got, wantBelow[i])
			}
		}
	}
}
