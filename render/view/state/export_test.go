package state_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"vnodes/render/view/model"
	"vnodes/render/view/state"

	"vnodes/render/view"
	"vnodes/render/views/replicas"
	"vnodes/sim"
)

// Pictures and tables are named after what they show.
func TestExportNames(t *testing.T) {
	for want, s := range map[string]view.Settings{
		"vnodes-v16-n10-seed0":                   {V: 16, Nodes: 10, View: reg.First()},
		"vnodes-v256-n100-seed3-random-replicas": {V: 256, Nodes: 100, Seed: 3, Assign: sim.Random, View: replicas.Default},
	} {
		if got := state.ExportName(reg, s); got != want {
			t.Errorf("%+v: %q, want %q", s, got, want)
		}
	}
}

// The figures parse as tab-separated tables: the view's figures by name,
// each node's load and the exercise's rows, all equal to sim's.
func TestFiguresAreTablesOfSimsFigures(t *testing.T) {
	s := reg.Clamp(view.Settings{V: 16, Nodes: 10, Seed: 2, Assign: sim.Random, View: replicas.Default})
	shown, err := s.View.Compute(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	table, err := sim.Sweep(view.SweepParams(s, sim.ExerciseVs))
	if err != nil {
		t.Fatal(err)
	}
	text := state.FiguresTSV(reg, s, shown, table)
	blocks := strings.Split(strings.TrimSpace(text), "\n\n")
	if len(blocks) != 4 {
		t.Fatalf("%d tables, want settings, figures, nodes and the exercise's:\n%s", len(blocks), text)
	}
	cells := func(block string) [][]string {
		var rows [][]string
		for _, line := range strings.Split(block, "\n") {
			rows = append(rows, strings.Split(line, "\t"))
		}
		return rows
	}
	num := func(s string) float64 {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%q is not a number", s)
		}
		return x
	}
	res := shown.Sim()
	figures := map[string]string{}
	for _, row := range cells(blocks[1])[1:] {
		figures[row[0]] = row[1]
	}
	rr, err := sim.RunReplicas(sim.ReplicaParams{Params: s.Params(), RF: 3, Down: 2})
	if err != nil {
		t.Fatal(err)
	}
	if num(figures["avgImbalance"]) != res.Average.Imbalance || num(figures["avgQuorumLostP"]) != rr.Mean.QuorumLostP || num(figures["rf"]) != 3 {
		t.Errorf("figures %v, want sim's %v and %v", figures, res.Average.Imbalance, rr.Mean.QuorumLostP)
	}
	nodes := cells(blocks[2])[1:]
	if len(nodes) != 10 {
		t.Fatalf("%d node rows", len(nodes))
	}
	for i, row := range nodes {
		if row[0] != sim.NodeName(i) || num(row[3]) != res.Ring.Share(i) || num(row[2]) != float64(res.Ring.Loads[i])/float64(sim.RingSize) {
			t.Errorf("node row %v, want %s with %v fair shares", row, sim.NodeName(i), res.Ring.Share(i))
		}
	}
	for i, row := range cells(blocks[3])[1:] {
		if num(row[0]) != float64(table[i].V) || num(row[1]) != table[i].Imbalance || num(row[2]) != table[i].CV {
			t.Errorf("exercise row %v, want %+v", row, table[i])
		}
	}
}

// The figures table names every number, text and yes/no value at the top
// of each view's state(), with the value state() gives it.
func TestFiguresNameEveryScalarOfState(t *testing.T) {
	for _, v := range reg.Views() {
		s := reg.Clamp(view.Settings{V: 16, Nodes: 10, Seed: 1, Assign: sim.Random, View: v})
		shown, err := s.View.Compute(s, &view.Work{})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(view.StateOf(shown))
		if err != nil {
			t.Fatal(err)
		}
		var fields map[string]any
		if err := json.Unmarshal(raw, &fields); err != nil {
			t.Fatal(err)
		}
		figures := map[string]string{}
		for _, line := range strings.Split(strings.Split(state.FiguresTSV(reg, s, shown, nil), "\n\n")[1], "\n")[1:] {
			name, value, _ := strings.Cut(line, "\t")
			figures[name] = value
		}
		for name, x := range fields {
			var want string
			switch x := x.(type) {
			case float64:
				want = strconv.FormatFloat(x, 'g', -1, 64)
			case string:
				want = x
			case bool:
				want = strconv.FormatBool(x)
			default:
				continue
			}
			if got, ok := figures[name]; !ok {
				t.Errorf("%s: the figures leave out %s (%s in state())", v.ID(), name, want)
			} else if g, err1 := strconv.ParseFloat(got, 64); err1 == nil {
				if w, _ := strconv.ParseFloat(want, 64); g != w {
					t.Errorf("%s: %s = %s, state() says %s", v.ID(), name, got, want)
				}
			} else if got != want {
				t.Errorf("%s: %s = %q, state() says %q", v.ID(), name, got, want)
			}
		}
	}
}

// A reset says what it changed, or that there was nothing to change.
func TestResetNotice(t *testing.T) {
	start := reg.Default()
	if got := model.ResetNotice(reg, start); !strings.HasPrefix(got, "Already at the start") {
		t.Errorf("from the start: %q", got)
	}
	moved := view.Settings{V: 16, Nodes: 12, Seed: 3, Assign: sim.Random, Step: 4, View: replicas.Default}
	got := model.ResetNotice(reg, moved)
	for _, want := range []string{"left the lesson", "the replicas view → spread", "V 16 → 1", "12 → 10 nodes", "seed 3 → 0", "random → round-robin"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q does not say %q", got, want)
		}
	}
}
