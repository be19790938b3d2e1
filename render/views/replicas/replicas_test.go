package replicas_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/internal/viewtest"
	"vnodes/render/views/replicas"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

var reg = views.All

func settings(n int, a sim.Assignment, v replicas.View) view.Settings {
	return view.Settings{V: 1, Nodes: n, Assign: a, View: v}
}

// The view's links open it with the copies, the nodes down and who is
// down, and read back.
func TestLinks(t *testing.T) {
	viewtest.Links(t, reg, map[string]view.Settings{
		"rf=3":                                  settings(10, sim.RoundRobin, replicas.Default),
		"rf=2&down=1&failed=C":                  settings(10, sim.RoundRobin, replicas.View{RF: 2, Down: 1, Failed: [3]int{3}}),
		"rf=5&down=3&failed=J,1,B&n=12":         settings(12, sim.RoundRobin, replicas.View{RF: 5, Down: 3, Failed: [3]int{10, 1, 2}}),
		"down=2&failed=aa,3&n=30&assign=random": settings(30, sim.Random, replicas.View{RF: 3, Down: 2, Failed: [3]int{27, 3}}),
	})
}

// Bad values are clamped or left out, and say so; none opens another view.
func TestBadValues(t *testing.T) {
	of := func(s view.Settings) replicas.View { v, _ := s.View.(replicas.View); return v }
	cases := []struct {
		query   string
		want    replicas.View
		mention string
	}{
		{"rf=9", replicas.View{RF: 5, Down: 2}, "rf=9"},
		{"rf=0", replicas.View{RF: 1, Down: 2}, "rf=0"},
		{"rf=x", replicas.View{RF: 3, Down: 2}, "rf="},
		{"down=7", replicas.View{RF: 3, Down: 3}, "down=7"},
		{"down=3&n=3", replicas.View{RF: 3, Down: 2}, "down=3"},
		{"down=3&n=500", replicas.View{RF: 3, Down: 2}, "sets of nodes down"},
		{"failed=Z", replicas.View{RF: 3, Down: 2}, "Z"},
		{"failed=0,11", replicas.View{RF: 3, Down: 2}, "not one of the 10 nodes"},
		{"failed=A,B,C", replicas.View{RF: 3, Down: 2, Failed: [3]int{1, 2}}, "more nodes than the 2 down"},
		{"failed=" + strings.Repeat("B", 5000), replicas.View{RF: 3, Down: 2}, "…"},
	}
	for _, c := range cases {
		got, notices := link.ParseQuery(reg, c.query)
		if of(got) != c.want || reg.Clamp(got) != got {
			t.Errorf("ParseQuery(%q) = %+v, want %+v", c.query, got.View, c.want)
		}
		msg := strings.Join(notices, "\n")
		if !strings.Contains(msg, c.mention) || len(msg) > 300 {
			t.Errorf("ParseQuery(%q) notices %q do not mention %q in a line or two", c.query, notices, c.mention)
		}
	}
	// Fewer nodes clamp who is down, and how many.
	s := reg.Clamp(view.Settings{V: 4, Nodes: 3, View: replicas.View{RF: 3, Down: 3, Failed: [3]int{3, 9, 1}}})
	if of(s) != (replicas.View{RF: 3, Down: 2, Failed: [3]int{3, 1}}) {
		t.Errorf("three nodes clamp to %+v", s.View)
	}
}

// P opens the view, its steppers change the copies and the nodes down,
// clicks put nodes down and up again (the oldest comes up when too many
// are down), "the worst" goes back to the worst set, and P closes it.
func TestIntents(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	at := reg.Index(replicas.Default)
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != replicas.Default {
		t.Fatalf("P opens %+v", m.Want.View)
	}
	click := func(node int) {
		in, ok := m.Want.View.(view.Clicker).Click(node, m.Want)
		if !ok {
			t.Fatalf("a click on node %d does nothing", node)
		}
		m.Apply(in)
	}
	click(2)
	click(5)
	click(7)
	if m.Want.View != (replicas.View{RF: 3, Down: 2, Failed: [3]int{6, 8}}) || !strings.Contains(link.Query(reg, m.Want), "failed=F,H") {
		t.Errorf("C, F, H clicked: %+v, link %q", m.Want.View, link.Query(reg, m.Want))
	}
	click(5)
	if m.Want.View != (replicas.View{RF: 3, Down: 2, Failed: [3]int{8}}) {
		t.Errorf("F clicked again: %+v", m.Want.View)
	}
	var pressed bool
	for _, ctl := range view.ControlsOf(m.Want) {
		if ctl.Button != nil {
			m.Apply(ctl.Button.Intent)
			pressed = true
		}
	}
	for _, ctl := range view.ControlsOf(m.Want) {
		if ctl.Button != nil {
			t.Errorf("the worst set shown, the card still offers %q", ctl.Button.Label)
		}
		for _, k := range ctl.Knobs {
			in := k.Intent
			in.Value = +1
			m.Apply(in)
			m.Apply(in)
			m.Apply(in)
		}
	}
	if !pressed {
		t.Error("with a node chosen, no button goes back to the worst set")
	}
	if m.Want.View != (replicas.View{RF: 5, Down: 3}) {
		t.Errorf("after the steppers and the worst: %+v, want 5 copies, 3 down, the worst set", m.Want.View)
	}
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != (spread.View{}) {
		t.Errorf("P again should close the view: %+v", m.Want.View)
	}
}

func compute(t *testing.T, s view.Settings) view.Shown {
	t.Helper()
	s = reg.Clamp(s)
	shown, err := s.View.Compute(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	return shown
}

// The view's figures are sim's for the seed and for the 20 seeds; the
// picture shows the worst set unless nodes are chosen, and its share
// without a quorum is that set's; the rows are sim's sweeps for both
// assignments.
func TestFiguresAreSims(t *testing.T) {
	for _, s := range []view.Settings{
		{V: 16, Nodes: 10, Seed: 3, Assign: sim.Random, View: replicas.Default},
		{V: 4, Nodes: 12, Seed: 0, View: replicas.View{RF: 2, Down: 3, Failed: [3]int{2, 5}}},
	} {
		shown := compute(t, s)
		v := s.View.(replicas.View)
		rp := sim.ReplicaParams{Params: s.Params(), RF: v.RF, Down: v.Down}
		if v.Failed[0] != 0 {
			rp.Failed = []int{1, 4}
		}
		res, err := sim.RunReplicas(rp)
		if err != nil {
			t.Fatal(err)
		}
		st := view.StateOf(shown).(replicas.State)
		want := replicas.State{RF: v.RF, Down: v.Down, Quorum: min(v.RF, s.Nodes)/2 + 1,
			Compare:     replicas.Compare{Nodes: 100, Down: v.Down, Rows: []replicas.CompareRow{}},
			QuorumLostP: res.Stats.QuorumLostP, UnavailableMean: res.Stats.UnavailableMean, UnavailableMax: res.Stats.UnavailableMax,
			DataLostP: res.Stats.DataLostP, Peers: res.Stats.Peers,
			AvgQuorumLostP: res.Mean.QuorumLostP, AvgUnavailableMean: res.Mean.UnavailableMean, AvgUnavailableMax: res.Mean.UnavailableMax,
			AvgDataLostP: res.Mean.DataLostP, AvgPeers: res.Mean.Peers}
		down := res.Seed.Down
		if want := map[bool][]int{true: res.Stats.Worst, false: rp.Failed}[rp.Failed == nil]; !slices.Equal(down, want) {
			t.Errorf("%+v: %v down, want %v", s, down, want)
		}
		want.Unavailable = float64(res.Seed.Unavailable) / float64(sim.RingSize)
		for _, n := range down {
			want.Failed = append(want.Failed, sim.NodeName(n))
		}
		if fmt.Sprint(st) != fmt.Sprint(want) {
			t.Errorf("%+v:\n state %+v\n want  %+v", s, st, want)
		}
		if v.Failed[0] == 0 && st.Unavailable != st.UnavailableMax {
			t.Errorf("the worst set leaves %v without a quorum, the figures say %v", st.Unavailable, st.UnavailableMax)
		}
		summary, note := view.DescribeOf(shown)
		for _, part := range []string{fmt.Sprintf("%.1f%% of the time", 100*res.Mean.QuorumLostP), strings.Join(want.Failed, ", ")} {
			if !strings.Contains(summary+note, part) {
				t.Errorf("the text twin %q does not say %q", summary+" / "+note, part)
			}
		}
		rows, err := view.RowsOf(reg.Clamp(s), &view.Work{})
		if err != nil {
			t.Fatal(err)
		}
		withRows := view.StateOf(view.WithRows(shown, rows)).(replicas.State)
		table := withRows.Rows
		// The chart's other cluster size: the shown assignment's sweep there.
		sp := view.SweepParams(s, sim.ExerciseVs)
		sp.Nodes = replicas.CompareNodes(s.Nodes)
		other, err := sim.ReplicaSweep(sp, v.RF, v.Down)
		if err != nil {
			t.Fatal(err)
		}
		if cmp := withRows.Compare; cmp.Nodes != sp.Nodes || len(cmp.Rows) != len(other) {
			t.Errorf("%+v: compared with %+v, want %d nodes", s, cmp, sp.Nodes)
		} else {
			for i, w := range other {
				if cmp.Rows[i].V != w.V || cmp.Rows[i].QuorumLostP != w.QuorumLostP || cmp.Rows[i].Peers != w.Peers {
					t.Errorf("%d nodes V=%d: %+v, want %+v", sp.Nodes, w.V, cmp.Rows[i], w)
				}
			}
		}
		for _, a := range []sim.Assignment{sim.RoundRobin, sim.Random} {
			sp := view.SweepParams(s, sim.ExerciseVs)
			sp.Assign = a
			want, err := sim.ReplicaSweep(sp, v.RF, v.Down)
			if err != nil {
				t.Fatal(err)
			}
			if len(table) != len(want) {
				t.Fatalf("%d rows, want %d", len(table), len(want))
			}
			for i, w := range want {
				got := table[i].RoundRobin
				if a == sim.Random {
					got = table[i].Random
				}
				if table[i].V != w.V || got != (replicas.Means{QuorumLostP: w.QuorumLostP, UnavailableMean: w.UnavailableMean, UnavailableMax: w.UnavailableMax, DataLostP: w.DataLostP, Peers: w.Peers}) {
					t.Errorf("%v V=%d: %+v, want %+v", a, w.V, got, w)
				}
			}
		}
	}
}

// The lesson's steps about failures open a cluster of 100 nodes, where
// few tokens spare most pairs of nodes down; the answer each marks right
// is the one sim's figures support, and the card's measured lines quote
// sim's figures for 1, 16 and 256 tokens at 100 nodes and at 10, where
// every pair hurts at 16 tokens as at 256: the story the explanations
// tell in words.
func TestLessonStepsAgreeWithSim(t *testing.T) {
	sweep := func(nodes int) []sim.ReplicaRow {
		rows, err := sim.ReplicaSweep(sim.SweepParams{Nodes: nodes, Vs: sim.ExerciseVs, Seeds: view.Seeds, Assign: sim.Random}, 3, 2)
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	at := func(rows []sim.ReplicaRow, v int) sim.ReplicaStats {
		for _, r := range rows {
			if r.V == v {
				return r.ReplicaStats
			}
		}
		t.Fatalf("no row for V = %d", v)
		return sim.ReplicaStats{}
	}
	large, small := sweep(100), sweep(10)
	one, mid, many := at(large, 1), at(large, 16), at(large, 256)
	// The explanations' words, against sim.
	if !(one.QuorumLostP < 0.1 && mid.QuorumLostP < 0.7 && many.QuorumLostP > 0.9) {
		t.Errorf("at 100 nodes P is %.3f, %.3f, %.3f at V = 1, 16, 256: the step says nearly all pairs, many and almost none are harmless", one.QuorumLostP, mid.QuorumLostP, many.QuorumLostP)
	}
	if at(small, 16).QuorumLostP != 1 || at(small, 256).QuorumLostP != 1 {
		t.Errorf("at 10 nodes P is %.3f at V = 16 and %.3f at 256: the step says every pair hurts at both", at(small, 16).QuorumLostP, at(small, 256).QuorumLostP)
	}
	if !(many.Peers > one.Peers) || one.UnavailableMax < 10*many.UnavailableMax {
		t.Errorf("peers %.1f → %.1f, worst %.4f → %.4f: the step says many tokens give many peers, and one token a large outage against a sliver", one.Peers, many.Peers, one.UnavailableMax, many.UnavailableMax)
	}
	pct := func(x float64) string { return fmt.Sprintf("%.0f %%", 100*x) }
	found := 0
	for i, step := range lesson.Of(reg) {
		if step.View.ID() != replicas.Default.ID() {
			continue
		}
		found++
		s := lesson.Settings(reg, i+1, view.Dark)
		if s.Assign != sim.Random || s.V != 256 || s.Nodes != 100 {
			t.Fatalf("step %d opens %+v, want 100 nodes, random assignment and V = 256", i+1, s)
		}
		var best int
		var quotes []string
		switch step.Asks {
		case "quorum":
			best = map[bool]int{true: 2, false: 1}[many.QuorumLostP > 0.9]
			if many.QuorumLostP < 0.1 {
				best = 0
			}
			quotes = []string{
				pct(many.QuorumLostP) + " of the 4950 ways 2 nodes can be down",
				fmt.Sprintf("100 nodes: V = 1: %s · V = 16: %s · V = 256: %s", pct(one.QuorumLostP), pct(mid.QuorumLostP), pct(many.QuorumLostP)),
				fmt.Sprintf("10 nodes: V = 1: %s · V = 16: %s · V = 256: %s", pct(at(small, 1).QuorumLostP), pct(at(small, 16).QuorumLostP), pct(at(small, 256).QuorumLostP)),
				fmt.Sprintf("%.0f at V = 1, %.0f at V = 16, %.0f at V = 256", one.Peers, mid.Peers, many.Peers),
			}
		case "down":
			switch {
			case math.Abs(many.UnavailableMean-one.UnavailableMean) < 1e-12:
				best = 1
			case many.UnavailableMean > one.UnavailableMean:
				best = 0
			default:
				best = 2
			}
			quotes = []string{
				fmt.Sprintf("%.1f %% of the ring down on average", 100*many.UnavailableMean),
				fmt.Sprintf("V = 1: %.1f %% (worst %.1f %%)", 100*one.UnavailableMean, 100*one.UnavailableMax),
				fmt.Sprintf("V = 256: %.1f %% (worst %.1f %%)", 100*many.UnavailableMean, 100*many.UnavailableMax),
			}
		default:
			t.Fatalf("step %d asks about %q", i+1, step.Asks)
		}
		if step.Best != best {
			t.Errorf("step %d marks %q right; sim points to %q", i+1, step.Choices[step.Best], step.Choices[best])
		}
		shown := compute(t, s)
		rows, err := view.RowsOf(s, &view.Work{})
		if err != nil {
			t.Fatal(err)
		}
		measured := lesson.MeasuredText(s, view.WithRows(shown, rows), step)
		for _, q := range quotes {
			if !strings.Contains(measured, q) {
				t.Errorf("step %d's card does not say %q (sim's figures):\n%s", i+1, q, measured)
			}
		}
	}
	if found != 2 {
		t.Fatalf("%d steps about failures, want 2", found)
	}
	// They come after the join steps.
	first := slices.IndexFunc(lesson.Of(reg), func(st lesson.Step) bool { return st.View.ID() == replicas.Default.ID() })
	joins := slices.IndexFunc(lesson.Of(reg), func(st lesson.Step) bool { return st.View.ID() == "change" })
	if joins < 0 || joins > first {
		t.Errorf("the failure steps are step %d, the first join step %d: want them after the joins", first+1, joins+1)
	}
}

// The view's trade-off line speaks of the larger of the chart's two
// clusters (100 nodes or more), with tokens dealt at random, and says one
// of three things, each checked against sim there: with too few nodes down
// no range loses its quorum at any V; with one or two copies some range
// always does (with one, keys are lost); otherwise P(quorum lost) never
// falls as V grows and rises from V = 1 to V = 256, so fewer tokens leave
// more sets of nodes down harmless. With two copies or more, a node
// shares ranges with more peers as V grows.
func TestTradeOffLineHoldsAtEverySetting(t *testing.T) {
	line := func(nodes, rf, down int) string {
		return replicas.View{RF: rf, Down: down}.Controls(view.Settings{Nodes: nodes, V: 16})[2].Text
	}
	for _, c := range []struct {
		nodes, rf, down int
		says            string
	}{
		{10, 3, 1, "too few nodes are down"}, {100, 4, 1, "too few nodes are down"}, {100, 5, 2, "too few nodes are down"},
		{100, 1, 1, "with one copy"}, {100, 2, 1, "with two copies"}, {200, 2, 2, "with two copies"},
		{10, 3, 2, "the fewer they are"}, {100, 3, 3, "the fewer they are"}, {200, 3, 2, "the fewer they are"},
		{100, 4, 2, "the fewer they are"}, {100, 5, 3, "the fewer they are"},
	} {
		large := max(c.nodes, replicas.CompareNodes(c.nodes))
		text := line(c.nodes, c.rf, c.down)
		if !strings.Contains(text, c.says) || !strings.Contains(text, fmt.Sprintf("N = %d", large)) {
			t.Errorf("N = %d, RF %d, %d down: the line is %q, want it to say %q of N = %d", c.nodes, c.rf, c.down, text, c.says, large)
		}
		rows, err := sim.ReplicaSweep(sim.SweepParams{Nodes: large, Vs: sim.ExerciseVs, Seeds: view.Seeds, Assign: sim.Random}, c.rf, c.down)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			switch {
			case c.says == "too few nodes are down" && r.QuorumLostP != 0,
				c.says != "too few nodes are down" && c.says != "the fewer they are" && r.QuorumLostP != 1,
				i > 0 && r.QuorumLostP < rows[i-1].QuorumLostP:
				t.Errorf("N = %d, RF %d, %d down, V = %d: P %.3f against the line %q", large, c.rf, c.down, r.V, r.QuorumLostP, c.says)
			}
			if i > 0 && c.rf > 1 && r.Peers <= rows[i-1].Peers && r.Peers < float64(large-1) {
				t.Errorf("N = %d, V = %d: %.1f peers, no more than %.1f at V = %d", large, r.V, r.Peers, rows[i-1].Peers, rows[i-1].V)
			}
		}
		if first, last := rows[0], rows[len(rows)-1]; c.says == "the fewer they are" && !(first.QuorumLostP < last.QuorumLostP) {
			t.Errorf("N = %d, RF %d, %d down: P %.3f at V = %d and %.3f at V = %d", large, c.rf, c.down, first.QuorumLostP, first.V, last.QuorumLostP, last.V)
		}
	}
}
