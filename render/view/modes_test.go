package view_test

import (
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/sim"
)

// The links the issues name open their views, with the values they say.
func TestViewLinks(t *testing.T) {
	cases := []struct {
		query string
		want  view.Settings
	}{
		{"change=join", view.Settings{V: 1, Nodes: 10, Mode: view.ModeChange, Change: sim.Join}},
		{"change=leave&node=C", view.Settings{V: 1, Nodes: 10, Mode: view.ModeChange, Change: sim.Leave, Leaver: 3}},
		{"change=fail&node=3&assign=random", view.Settings{V: 1, Nodes: 10, Assign: sim.Random, Mode: view.ModeChange, Change: sim.Fail, Leaver: 3}},
		{"load=hot&hot=0.3&salt=8", view.Settings{V: 1, Nodes: 10, Mode: view.ModeLoad, Load: sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 8}}},
		{"load=hot&hot=30%25", view.Settings{V: 1, Nodes: 10, Mode: view.ModeLoad, Load: sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 1}}},
		{"load=zipf&zipf=1.1&keys=10000", view.Settings{V: 1, Nodes: 10, Mode: view.ModeLoad, Load: sim.Workload{Kind: sim.Zipf, Zipf: 1.1, Keys: 10000}}},
		{"fix=bounded&eps=0.25", view.Settings{V: 1, Nodes: 10, Mode: view.ModeLoad, Load: sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 1, Fix: sim.Bounded, Eps: 0.25}}},
		{"load=uniform", view.Settings{V: 1, Nodes: 10, Mode: view.ModeLoad}},
		{"change=none", view.Default()},
		{"scheme=greedy&v=4", view.Settings{V: 4, Nodes: 10, Mode: view.ModeTokens, Scheme: sim.GreedyTokens}},
		{"scheme=equal&n=100", view.Settings{V: 1, Nodes: 100, Mode: view.ModeTokens, Scheme: sim.EqualTokens}},
		{"scheme=random", view.Settings{V: 1, Nodes: 10, Mode: view.ModeTokens, Scheme: sim.RandomTokens}},
	}
	for _, c := range cases {
		got, notices := view.ParseQuery(c.query)
		if got != c.want || len(notices) != 0 {
			t.Errorf("ParseQuery(%q) = %+v, %q\n want %+v and no notices", c.query, got, notices, c.want)
		}
		back, again := view.ParseQuery(got.Query())
		if back != got || len(again) != 0 {
			t.Errorf("%q → %q → %+v, %q: the link does not read back", c.query, got.Query(), back, again)
		}
	}
}

// Bad view values are clamped or ignored, and say so.
func TestBadViewValues(t *testing.T) {
	cases := []struct {
		query   string
		check   func(view.Settings) bool
		mention string
	}{
		{"change=explode", func(s view.Settings) bool { return s.Mode == view.ModeSpread }, "change="},
		{"change=leave&node=Z", func(s view.Settings) bool { return s.Leaver == 0 }, "node="},
		{"change=leave&node=11", func(s view.Settings) bool { return s.Leaver == 0 }, "node="},
		{"change=join&node=C", func(s view.Settings) bool { return s.Leaver == 0 && s.Change == sim.Join }, "node="},
		{"node=C", func(s view.Settings) bool { return s.Mode == view.ModeSpread }, "node="},
		{"change=join&n=1000", func(s view.Settings) bool { return s.Nodes == 999 }, "n=1000"},
		{"load=hot&hot=2", func(s view.Settings) bool { return s.Load.Hot == sim.MaxHot }, "hot=2"},
		{"load=hot&hot=NaN", func(s view.Settings) bool { return s.Load.Hot == sim.DefaultHot }, "hot="},
		{"load=hot&hot=1e999", func(s view.Settings) bool { return s.Load.Hot == sim.MaxHot }, "too large"},
		{"load=hot&salt=99999999999999999999", func(s view.Settings) bool { return s.Load.Salt == sim.MaxSalt }, "too large"},
		{"load=lumpy", func(s view.Settings) bool { return s.Load.Kind == sim.HotKey }, "load="},
		{"load=zipf&fix=magic", func(s view.Settings) bool { return s.Load.Fix == sim.NoFix }, "fix="},
		{"change=join&load=hot", func(s view.Settings) bool { return s.Mode == view.ModeChange }, "separate views"},
		{"scheme=magic", func(s view.Settings) bool { return s.Mode == view.ModeTokens && s.Scheme == view.DefaultScheme }, "scheme="},
		{"scheme=equal&change=join", func(s view.Settings) bool { return s.Mode == view.ModeChange && s.Scheme == sim.RandomTokens }, "separate views"},
		{"scheme=equal&load=hot", func(s view.Settings) bool { return s.Mode == view.ModeLoad && s.Scheme == sim.RandomTokens }, "separate views"},
	}
	for _, c := range cases {
		got, notices := view.ParseQuery(c.query)
		if !c.check(got) || got.Clamp() != got {
			t.Errorf("ParseQuery(%q) = %+v", c.query, got)
		}
		if !strings.Contains(strings.Join(notices, "\n"), c.mention) {
			t.Errorf("ParseQuery(%q) notices %q do not mention %q", c.query, notices, c.mention)
		}
	}
}

// Knobs that a view does not use never reach its link or its settings.
func TestUnusedKnobsAreDropped(t *testing.T) {
	s := view.Settings{V: 4, Nodes: 10, Mode: view.ModeLoad,
		Load: sim.Workload{Kind: sim.Zipf, Hot: 0.5, Salt: 4, Zipf: 1.5, Keys: 100, Eps: 1, Replicas: 2}}.Clamp()
	if s.Load.Hot != 0 || s.Load.Salt != 0 || s.Load.Eps != 0 || s.Load.Replicas != 0 {
		t.Fatalf("unused knobs kept: %+v", s.Load)
	}
	if q := s.Query(); strings.Contains(q, "hot=") || strings.Contains(q, "eps=") {
		t.Fatalf("link %q names knobs the view does not use", q)
	}
	spread := view.Settings{V: 4, Nodes: 10, Load: sim.Workload{Kind: sim.HotKey, Hot: 0.5}, Change: sim.Join}.Clamp()
	if spread.Load != (sim.Workload{}) || spread.Change != sim.NoChange {
		t.Fatalf("the spread view keeps other views' settings: %+v", spread)
	}
}

// Knobs move in hundredths, so a link never shows 0.35000000000000003.
func TestKnobsAreRounded(t *testing.T) {
	s := view.Settings{V: 1, Nodes: 10, Mode: view.ModeLoad, Load: sim.Workload{Kind: sim.HotKey, Hot: 0.3 + 0.05, Salt: 1}}.Clamp()
	if q := s.Query(); !strings.Contains(q, "hot=0.35&") && !strings.HasSuffix(q, "hot=0.35") {
		t.Fatalf("link %q", q)
	}
}

// chart= and overlay= choose the chart and its comparison curves; C and O
// step through them.
func TestChartLinksAndKeys(t *testing.T) {
	s, notices := view.ParseQuery("chart=law&overlay=nodes")
	if s.Chart != view.ChartLaw || s.Overlay != view.OverlayNodes || len(notices) != 0 {
		t.Fatalf("chart=law&overlay=nodes: %+v, %q", s, notices)
	}
	if back, _ := view.ParseQuery(s.Query()); back != s {
		t.Fatalf("%q reads back as %+v", s.Query(), back)
	}
	if _, notices := view.ParseQuery("chart=pie&overlay=all"); len(notices) != 2 {
		t.Fatalf("bad chart and overlay: %q", notices)
	}
	m := view.NewModel(view.Default())
	apply(&m, act(view.ActionChart), act(view.ActionOverlay), act(view.ActionOverlay))
	if m.Want.Chart != view.ChartLaw || m.Want.Overlay != view.OverlayAssign {
		t.Fatalf("C then O twice: %+v", m.Want)
	}
	apply(&m, act(view.ActionChart), act(view.ActionOverlay))
	if m.Want.Chart != view.ChartCV || m.Want.Overlay != view.OverlayNone {
		t.Fatalf("C and O again: %+v", m.Want)
	}
}

// embed=1 leaves out the title bar, and travels in the link.
func TestEmbedLink(t *testing.T) {
	s, notices := view.ParseQuery("v=16&embed=1")
	if !s.Embed || len(notices) != 0 || !strings.HasSuffix(s.Query(), "&embed=1") {
		t.Fatalf("embed=1: %+v, %q, link %q", s, notices, s.Query())
	}
	if s, notices := view.ParseQuery("embed=maybe"); s.Embed || len(notices) != 1 {
		t.Fatalf("embed=maybe: %+v, %q", s, notices)
	}
}

// The token schemes view opens on the allocator, its switch picks any
// scheme, and leaving the view goes back to the exercise's random tokens.
func TestTokensViewByIntent(t *testing.T) {
	m := view.NewModel(view.Default())
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: int(view.ModeTokens)})
	if m.Want.Mode != view.ModeTokens || m.Want.Scheme != view.DefaultScheme {
		t.Fatalf("K opened %+v", m.Want)
	}
	if p := m.Want.Params(); p.Scheme != view.DefaultScheme {
		t.Errorf("the simulation is asked for %v tokens", p.Scheme)
	}
	m.Apply(view.Intent{Action: view.ActionScheme, Value: int(sim.EqualTokens)})
	if m.Want.Scheme != sim.EqualTokens || !strings.Contains(m.Want.Query(), "scheme=equal") {
		t.Errorf("choosing equal ranges gave %+v, link %q", m.Want, m.Want.Query())
	}
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: int(view.ModeTokens)})
	if m.Want.Mode != view.ModeSpread || m.Want.Scheme != sim.RandomTokens || m.Want.Params().Scheme != sim.RandomTokens {
		t.Errorf("leaving the view kept %+v", m.Want)
	}
}
