package sizes_test

import (
	"strconv"
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/internal/viewtest"
	"vnodes/render/views/sizes"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

var reg = views.All

// w= opens the view on those sizes, padded with 1s, and reads back.
func TestLinks(t *testing.T) {
	viewtest.Links(t, reg, map[string]view.Settings{
		"w=1,1,2,4":             {V: 1, Nodes: 10, View: sizes.View{W: "1,1,2,4"}},
		"w=1,1,2,4,1,1&v=16":    {V: 16, Nodes: 10, View: sizes.View{W: "1,1,2,4"}},
		"w=1&n=5&assign=random": {V: 1, Nodes: 5, Assign: sim.Random, View: sizes.View{}},
		"view=sizes":            {V: 1, Nodes: 10, View: sizes.Default},
	})
}

// Bad sizes open the view with every node of size 1 and say why; a ring
// too large for the app gets a lower V.
func TestBadValues(t *testing.T) {
	for query, mention := range map[string]string{
		"w=1,2,x":                 "not a whole number",
		"w=1,9":                   "1 to 8",
		"w=0":                     "1 to 8",
		"w=1,1,1,1,1,1,1,1,1,1,2": "11 sizes for 10 nodes",
	} {
		got, notices := link.ParseQuery(reg, query)
		if got.View != (sizes.View{}) || reg.Clamp(got) != got {
			t.Errorf("ParseQuery(%q) = %+v", query, got)
		}
		if joined := strings.Join(notices, "\n"); !strings.Contains(joined, "w=") || !strings.Contains(joined, mention) {
			t.Errorf("ParseQuery(%q) notices %q do not say %q", query, notices, mention)
		}
	}
	big := reg.Clamp(view.Settings{V: 4096, Nodes: 1000, View: sizes.View{W: strings.Repeat("8,", 999) + "8"}})
	if big.V != sim.MaxV/8 {
		t.Errorf("1000 nodes of size 8 at V = 4096 clamp to V = %d, want %d (the app's largest ring)", big.V, sim.MaxV/8)
	}
	p := sim.SizesParams{Params: big.Params(), Sizes: sizeList(t, big)}
	if err := p.Validate(); err != nil {
		t.Errorf("the clamped settings do not run: %v", err)
	}
}

func sizeList(t *testing.T, s view.Settings) []int {
	t.Helper()
	w, err := sim.ParseSizes(s.View.(sizes.View).W, s.Nodes)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// W opens the view on three generations; the presets set the sizes; a
// click doubles a node's size, back to 1 past 8; W again leaves.
func TestIntents(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	at := reg.Index(sizes.Default)
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != sizes.Default || sizes.Default.W != "1,1,1,1,1,2,2,2,4,4" {
		t.Fatalf("W opened %+v", m.Want)
	}
	m.Apply(view.Intent{Action: view.ActionView, View: "sizes", Name: "preset", Value: 1})
	if got := sizeList(t, m.Want); strconv.Itoa(got[0])+strconv.Itoa(got[9]) != "12" || got[4] != 1 || got[5] != 2 {
		t.Errorf("old 1, new 2 gave %v", got)
	}
	for _, want := range []int{2, 4, 8, 1} {
		in, ok := m.Want.View.(view.Clicker).Click(0, m.Want)
		if !ok {
			t.Fatal("a click on node A asks for nothing")
		}
		m.Apply(in)
		if got := sizeList(t, m.Want)[0]; got != want {
			t.Errorf("a click made node A of size %d, want %d", got, want)
		}
	}
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != (spread.View{}) {
		t.Errorf("W again left %+v", m.Want)
	}
}

// The view's figures are sim's, for every seed's ring of those sizes:
// the 20-seed means, the selected seed's relative loads, and the rows.
func TestFiguresAreSims(t *testing.T) {
	s := reg.Clamp(view.Settings{V: 16, Nodes: 10, Seed: 3, Assign: sim.Random, View: sizes.Default})
	w := &view.Work{}
	shown, err := s.View.Compute(s, w)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := view.RowsOf(s, w)
	if err != nil {
		t.Fatal(err)
	}
	st := view.StateOf(view.WithRows(shown, rows)).(sizes.State)
	want, err := sim.RunSizes(sim.SizesParams{Params: s.Params(), Sizes: []int{1, 1, 1, 1, 1, 2, 2, 2, 4, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Imbalance != want.Mean.Imbalance || st.CV != want.Mean.CV || st.RMSDevByWeight["4"] != want.Mean.RMSDevBySize[4] {
		t.Errorf("state %+v, want sim's %+v", st, want.Mean)
	}
	for i, x := range want.Relative {
		if st.Seed.Relative[i] != x {
			t.Errorf("node %s: %v, want %v", sim.NodeName(i), st.Seed.Relative[i], x)
		}
	}
	// The table, from an independent reference: V = 16, random.
	if got := strconv.FormatFloat(st.Imbalance, 'f', 3, 64) + " " + strconv.FormatFloat(st.RMSDevByWeight["1"], 'f', 3, 64); got != "1.311 0.240" {
		t.Errorf("V = 16: busiest and size 1's deviation %s, want 1.311 0.240", got)
	}
	if len(st.Rows) != 6 || st.Rows[0].V != 1 || strconv.FormatFloat(st.Rows[0].Imbalance, 'f', 3, 64) != "2.703" {
		t.Errorf("rows %+v, want V = 1 first at 2.703", st.Rows)
	}
	if r := shown.Sim(); r.Ring.Stats.Imbalance != want.Seed.Imbalance || r.Average.Imbalance != want.Mean.Imbalance {
		t.Errorf("the common figures %+v, %+v are not the relative loads'", r.Ring.Stats, r.Average)
	}
}

// With every node of size 1 the view's ring and loads are the spread's.
func TestAllEqualIsTheSpread(t *testing.T) {
	s := view.Settings{V: 4, Nodes: 10, Seed: 2, Assign: sim.Random, View: sizes.View{}}
	shown, err := s.View.Compute(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := sim.Run(s.Params())
	if err != nil {
		t.Fatal(err)
	}
	st := view.StateOf(shown).(sizes.State)
	for i := range plain.Ring.Loads {
		if shown.Sim().Ring.Loads[i] != plain.Ring.Loads[i] || st.Seed.Relative[i] != plain.Ring.Share(i) {
			t.Fatalf("node %d: %d (%v), the spread's %d (%v)", i, shown.Sim().Ring.Loads[i], st.Seed.Relative[i], plain.Ring.Loads[i], plain.Ring.Share(i))
		}
	}
	if st.Imbalance != plain.Average.Imbalance {
		t.Errorf("busiest %v, the spread's %v", st.Imbalance, plain.Average.Imbalance)
	}
}

// The lesson's step about sizes comes right after the joins, and its
// card's measured lines are sim's figures.
func TestLessonStep(t *testing.T) {
	steps := lesson.Of(reg)
	at := -1
	for i, st := range steps {
		if st.View.ID() == "sizes" {
			at = i
		}
	}
	if at < 1 || steps[at-1].View.ID() != "change" {
		t.Fatalf("the sizes step is step %d, after %q", at+1, steps[max(at-1, 0)].Title)
	}
	s := lesson.Settings(reg, at+1, view.Dark)
	shown, err := s.View.Compute(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := view.RowsOf(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	text := lesson.MeasuredText(s, view.WithRows(shown, rows), steps[at])
	res, _ := sim.RunSizes(sim.SizesParams{Params: s.Params(), Sizes: []int{1, 1, 1, 1, 1, 2, 2, 2, 2, 2}})
	sweep, _ := sim.SizesSweep(sim.SweepParams{Nodes: 10, Vs: []int{64}, Seeds: view.Seeds, Assign: sim.Random}, []int{1, 1, 1, 1, 1, 2, 2, 2, 2, 2})
	for _, want := range []string{
		strconv.FormatFloat(100*res.Mean.RMSDevBySize[1], 'f', 0, 64) + " %",
		strconv.FormatFloat(100*res.Mean.RMSDevBySize[2], 'f', 0, 64) + " %",
		"V = 64: " + strconv.FormatFloat(100*sweep[0].RMSDevBySize[1], 'f', 0, 64) + " %",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the card says %q, not sim's %q", text, want)
		}
	}
}
