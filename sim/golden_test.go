package sim

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The exercise's table, as it prints it: V, imbalance, CV, 1/sqrt(V).
var exerciseTable = []struct {
	v             int
	imbalance, cv string
}{
	{1, "2.804", "0.846"},
	{2, "2.372", "0.651"},
	{4, "1.858", "0.439"},
	{16, "1.378", "0.212"},
	{64, "1.216", "0.123"},
	{256, "1.105", "0.058"},
}

func TestSweepReproducesExerciseTable(t *testing.T) {
	for _, assign := range []Assignment{RoundRobin} {
		rows, err := Sweep(SweepParams{Nodes: 10, Seeds: 20, Assign: assign, Vs: ExerciseVs})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range exerciseTable {
			got := rows[i]
			if got.V != want.v || fmt.Sprintf("%.3f", got.Imbalance) != want.imbalance || fmt.Sprintf("%.3f", got.CV) != want.cv {
				t.Errorf("row %d = V %d imbalance %.3f CV %.3f, want V %d imbalance %s CV %s",
					i, got.V, got.Imbalance, got.CV, want.v, want.imbalance, want.cv)
			}
		}
	}
}

func TestRunAverageReproducesExerciseTable(t *testing.T) {
	for _, want := range exerciseTable {
		p := DefaultParams()
		p.V = want.v
		res, err := Run(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%.3f %.3f", res.Average.Imbalance, res.Average.CV); got != want.imbalance+" "+want.cv {
			t.Errorf("V=%d: Run average = %s, want %s %s", want.v, got, want.imbalance, want.cv)
		}
	}
}

// testdata/loads.golden holds integer loads computed once by
// sim/testdata/reference.py (CPython) for a spread of seeds, sizes and assignments.
func TestLoadsMatchPythonGolden(t *testing.T) {
	f, err := os.Open("testdata/loads.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases := 0
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
			t.Fatalf("bad golden line %q: %v", line, err)
		}
		assign, err := ParseAssignment(assignName)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Loads(Params{Nodes: nodes, V: v, Seeds: 1, Seed: seed, Assign: assign})
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Fields(tail)
		if len(want) != len(got) {
			t.Fatalf("%s: %d loads, want %d", head, len(got), len(want))
		}
		for i := range want {
			if strconv.FormatUint(got[i], 10) != want[i] {
				t.Errorf("%s: node %d load %d, want %s", head, i, got[i], want[i])
				break
			}
		}
		cases++
	}
	if cases < 10 {
		t.Fatalf("only %d golden cases read", cases)
	}
}
