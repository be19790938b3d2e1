package change_test

import (
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/change"
	"vnodes/render/views/internal/viewtest"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

var reg = views.All

func settings(n int, a sim.Assignment, v view.View) view.Settings {
	return view.Settings{V: 1, Nodes: n, Assign: a, View: v}
}

// The links the issues name open the view, with the values they say, and
// read back.
func TestLinks(t *testing.T) {
	viewtest.Links(t, reg, map[string]view.Settings{
		"change=join":                      settings(10, sim.RoundRobin, change.View{Kind: sim.Join}),
		"change=leave&node=C":              settings(10, sim.RoundRobin, change.View{Kind: sim.Leave, Leaver: 3}),
		"change=fail&node=3&assign=random": settings(10, sim.Random, change.View{Kind: sim.Fail, Leaver: 3}),
		"change=none":                      settings(10, sim.RoundRobin, spread.View{}),
	})
}

// Bad values are clamped or ignored, and say so.
func TestBadValues(t *testing.T) {
	kind := func(s view.Settings) change.View { v, _ := s.View.(change.View); return v }
	cases := []struct {
		query   string
		check   func(view.Settings) bool
		mention string
	}{
		{"change=explode", func(s view.Settings) bool { return s.View == spread.View{} }, "change="},
		{"change=leave&node=Z", func(s view.Settings) bool { return kind(s).Leaver == 0 }, "node="},
		{"change=leave&node=11", func(s view.Settings) bool { return kind(s).Leaver == 0 }, "node="},
		{"change=join&node=C", func(s view.Settings) bool { return kind(s) == change.View{Kind: sim.Join} }, "node="},
		{"node=C", func(s view.Settings) bool { return s.View == spread.View{} }, "node="},
		{"change=join&n=1000", func(s view.Settings) bool { return s.Nodes == 999 }, "n=1000"},
	}
	for _, c := range cases {
		got, notices := link.ParseQuery(reg, c.query)
		if !c.check(got) || reg.Clamp(got) != got {
			t.Errorf("ParseQuery(%q) = %+v", c.query, got)
		}
		if !strings.Contains(strings.Join(notices, "\n"), c.mention) {
			t.Errorf("ParseQuery(%q) notices %q do not mention %q", c.query, notices, c.mention)
		}
	}
}

// J opens the view on a join, its switches choose the change and who
// leaves, a click on a node chooses the leaver, and J again closes it.
func TestIntents(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	at := reg.Index(change.Default)
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != (change.View{Kind: sim.Join}) {
		t.Fatalf("J opens %+v, want a join", m.Want)
	}
	for _, ctl := range change.Default.Controls(m.Want) {
		for _, ch := range ctl.Choices {
			if ch.Name == "changeLeave" {
				m.Apply(ch.Intent)
			}
		}
	}
	in, ok := m.Want.View.(view.Clicker).Click(2, m.Want)
	if !ok {
		t.Fatal("a click on node C chooses nobody")
	}
	m.Apply(in)
	if m.Want.View != (change.View{Kind: sim.Leave, Leaver: 3}) || !strings.Contains(link.Query(reg, m.Want), "change=leave&node=C") {
		t.Fatalf("leave by node C: %+v, link %q", m.Want, link.Query(reg, m.Want))
	}
	if _, ok := (change.View{Kind: sim.Join}).Click(2, m.Want); ok {
		t.Error("a click chooses a leaver while a node joins")
	}
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != (spread.View{}) {
		t.Fatalf("J again should close the view: %+v", m.Want)
	}
}

// The lesson's join steps quote the moved fraction, what a fair share
// for the newcomer takes and hash mod N.
func TestJoinStepsQuoteWhatMoved(t *testing.T) {
	for i, step := range lesson.Of(reg) {
		if step.View.ID() != change.Default.ID() {
			continue
		}
		s := lesson.Settings(reg, i+1, view.Dark)
		s.Nodes, s.V = 10, 4
		shown, err := s.View.Compute(s, &view.Work{})
		if err != nil {
			t.Fatal(err)
		}
		text := lesson.MeasuredText(s, shown, step)
		for _, want := range []string{"of the ring moved", "a fair share for the newcomer: 0.091", "hash mod N would move 0.909"} {
			if !strings.Contains(text, want) {
				t.Errorf("step %d's measurement %q does not say %q", i+1, text, want)
			}
		}
	}
}
