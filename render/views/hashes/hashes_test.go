package hashes_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/hashes"
	"vnodes/render/views/internal/viewtest"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

var reg = views.All

func settings(n, v int, h hashes.View) view.Settings {
	return view.Settings{V: v, Nodes: n, View: h}
}

// The view's links open it with the algorithm, keys, change and leaver,
// and read back.
func TestLinks(t *testing.T) {
	viewtest.Links(t, reg, map[string]view.Settings{
		"algo=jump":                                 settings(10, 1, hashes.Default),
		"algo=maglev&hashkeys=5000&move=join":       settings(10, 1, hashes.View{Algo: sim.MaglevHash, Placed: 5000, Move: hashes.JoinMove}),
		"algo=rendezvous&move=leave&leave=C&v=16":   settings(10, 16, hashes.View{Algo: sim.RendezvousHash, Placed: 20000, Move: hashes.LeaveMove, Leaver: 3}),
		"algo=ring&hashkeys=1000000&n=100&leave=99": settings(100, 1, hashes.View{Algo: sim.RingHash, Placed: 1000000, Leaver: 99}),
		"algo=jump&move=leave&renumber=last":        settings(10, 1, hashes.View{Algo: sim.JumpHash, Placed: 20000, Move: hashes.LeaveMove, Renumber: sim.RenumberLast}),
	})
}

// Bad values are clamped or replaced, and say so.
func TestBadValues(t *testing.T) {
	of := func(s view.Settings) hashes.View { v, _ := s.View.(hashes.View); return v }
	for _, c := range []struct {
		query   string
		want    hashes.View
		mention string
	}{
		{"algo=md5", hashes.Default, "algo="},
		{"algo=jump&hashkeys=5", hashes.View{Algo: sim.JumpHash, Placed: sim.MinHashKeys}, "hashkeys=5"},
		{"algo=jump&hashkeys=9999999", hashes.View{Algo: sim.JumpHash, Placed: sim.MaxHashKeys}, "hashkeys="},
		{"algo=jump&move=explode", hashes.Default, "move="},
		{"algo=jump&leave=Z", hashes.Default, "leave="},
		{"algo=jump&renumber=middle", hashes.Default, `renumber="middle" is not shift or last`},
		{"move=join&" + strings.Repeat("x", 3000) + "=1", hashes.View{Algo: sim.JumpHash, Placed: sim.DefaultHashKeys, Move: hashes.JoinMove}, ""},
	} {
		got, notices := link.ParseQuery(reg, c.query)
		if of(got) != c.want || reg.Clamp(got) != got {
			t.Errorf("ParseQuery(%.40q) = %+v, want %+v", c.query, got.View, c.want)
		}
		if !strings.Contains(strings.Join(notices, "\n"), c.mention) {
			t.Errorf("ParseQuery(%q) notices %q do not mention %q", c.query, notices, c.mention)
		}
	}
	if got, notices := link.ParseQuery(reg, "algo=jump&n=1000"); got.Nodes != 999 || !strings.Contains(strings.Join(notices, ""), "n=1000") {
		t.Errorf("n=1000: %d nodes, %q; want 999 (room for the newcomer) and a notice", got.Nodes, notices)
	}
}

// G opens the view, its switches choose the algorithm and the change, a
// click on a node makes it the one that leaves, and G closes the view.
func TestIntents(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	at := reg.Index(hashes.Default)
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != hashes.Default {
		t.Fatalf("G opens %+v", m.Want.View)
	}
	press := func(name string) {
		for _, ctl := range view.ControlsOf(m.Want) {
			for _, ch := range ctl.Choices {
				if ch.Name == name {
					m.Apply(ch.Intent)
					return
				}
			}
		}
		t.Fatalf("no switch %q", name)
	}
	press("renumberLast")
	if v := m.Want.View.(hashes.View); v.Renumber != sim.RenumberLast || !strings.Contains(link.Query(reg, m.Want), "renumber=last") {
		t.Errorf("the last node into the gap: %+v, link %q", v, link.Query(reg, m.Want))
	}
	press("renumberShift")
	press("algoMaglev")
	press("moveJoin")
	if m.Want.View != (hashes.View{Algo: sim.MaglevHash, Placed: 20000, Move: hashes.JoinMove}) {
		t.Errorf("Maglev, a join: %+v", m.Want.View)
	}
	in, ok := m.Want.View.(view.Clicker).Click(2, m.Want)
	if !ok {
		t.Fatal("a click on C does nothing")
	}
	m.Apply(in)
	if v := m.Want.View.(hashes.View); v.Leaver != 3 || v.Move != hashes.LeaveMove || !strings.Contains(link.Query(reg, m.Want), "move=leave&leave=C") {
		t.Errorf("a click on C: %+v, link %q", v, link.Query(reg, m.Want))
	}
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != (spread.View{}) {
		t.Errorf("G again: %+v", m.Want.View)
	}
}

// The view's figures are sim's, for the seed and the 20 seeds.
func TestFiguresAreSims(t *testing.T) {
	s := reg.Clamp(view.Settings{V: 4, Nodes: 12, Seed: 2, Assign: sim.Random, View: hashes.View{Algo: sim.RendezvousHash, Placed: 3000, Move: hashes.LeaveMove, Leaver: 2}})
	shown, err := s.View.Compute(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.RunHashes(sim.HashParams{Params: s.Params(), Keys: 3000, Leave: 1})
	if err != nil {
		t.Fatal(err)
	}
	st := view.StateOf(shown).(hashes.State)
	if st.Algo != "rendezvous" || st.Keys != 3000 || st.Move != "leave" || st.Leave != "B" || fmt.Sprint(st.Counts) != fmt.Sprint(res.Counts[sim.RendezvousHash]) || len(st.Algos) != 4 {
		t.Fatalf("state %+v", st)
	}
	for a, f := range st.Algos {
		seed, mean := res.Seed[a], res.Mean[a]
		got := [8]float64{f.Imbalance, f.CV, f.MovedJoin, f.MovedLeave, f.AvgImbalance, f.AvgCV, f.AvgMovedJoin, f.AvgMovedLeave}
		want := [8]float64{seed.Imbalance, seed.CV, seed.MovedJoin, seed.MovedLeave, mean.Imbalance, mean.CV, mean.MovedJoin, mean.MovedLeave}
		if got != want || f.MemoryBytes != sim.MemoryBytes(sim.HashAlgorithm(a), 12, 4) || !(f.LookupNs > 0) {
			t.Errorf("%s: %+v, want sim's %v", f.Algo, f, want)
		}
	}
}

// The lesson's step about jump hash marks right the way to close the
// leaver's gap that sim says moves fewer keys, the explanation's words
// ("about half", "about two shares in N", the ring "only F's share") are
// sim's, and the card quotes sim's figures for both ways.
func TestLessonStepAgreesWithSim(t *testing.T) {
	found := 0
	for i, step := range lesson.Of(reg) {
		if step.View.ID() != hashes.Default.ID() {
			continue
		}
		found++
		s := lesson.Settings(reg, i+1, view.Dark)
		v := s.View.(hashes.View)
		res, err := sim.RunHashes(sim.HashParams{Params: s.Params(), Keys: v.Placed, Leave: sim.DefaultLeave(s.Nodes)})
		if err != nil {
			t.Fatal(err)
		}
		last, err := sim.RunHashes(sim.HashParams{Params: s.Params(), Keys: v.Placed, Leave: sim.DefaultLeave(s.Nodes), Renumber: sim.RenumberLast})
		if err != nil {
			t.Fatal(err)
		}
		shift, moveLast := res.Mean[sim.JumpHash].MovedLeave, last.Mean[sim.JumpHash].MovedLeave
		best := 2
		switch {
		case moveLast < shift-0.02:
			best = 1
		case shift < moveLast-0.02:
			best = 0
		}
		if step.Best != best {
			t.Errorf("step %d marks %q; sim's %.3f (shift) and %.3f (last) point to %q", i+1, step.Choices[step.Best], shift, moveLast, step.Choices[best])
		}
		share := 1 / float64(s.Nodes)
		if math.Abs(shift-0.5) > 0.1 || math.Abs(moveLast-2*share) > share/2 {
			t.Errorf("jump moves %.3f shifting and %.3f with the last node; the explanation says about half and about two shares in N", shift, moveLast)
		}
		if ring := res.Mean[sim.RingHash].MovedLeave; math.Abs(ring-share) > share/2 {
			t.Errorf("the ring moves %.3f on the leave; the explanation says F's share", ring)
		}
		shown, err := s.View.Compute(s, &view.Work{})
		if err != nil {
			t.Fatal(err)
		}
		card := lesson.MeasuredText(s, shown, step)
		for _, want := range []string{
			fmt.Sprintf("%.1f %% of the keys move when F leaves", 100*shift),
			fmt.Sprintf("the rest shifted: %.1f %% · the last node into the gap: %.1f %%", 100*shift, 100*moveLast),
		} {
			if !strings.Contains(card, want) {
				t.Errorf("the card %q does not say %q", card, want)
			}
		}
	}
	if found != 1 {
		t.Fatalf("%d steps about the hashes", found)
	}
	if last := lesson.Of(reg)[len(lesson.Of(reg))-2]; last.View.ID() != "tokens" {
		t.Errorf("the hashes step follows %q, want the tokens step", last.Title)
	}
}
