package load_test

import (
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/internal/viewtest"
	"vnodes/render/views/load"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

var reg = views.All

func in(w sim.Workload) view.Settings {
	return view.Settings{V: 1, Nodes: 10, View: load.View{Load: w}}
}

// workload is the view's workload in s (the zero one outside the view).
func workload(s view.Settings) sim.Workload {
	v, _ := s.View.(load.View)
	return v.Load
}

// The links the issues name open the view, with the values they say, and
// read back.
func TestLinks(t *testing.T) {
	viewtest.Links(t, reg, map[string]view.Settings{
		"load=hot&hot=0.3&salt=8":       in(sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 8}),
		"load=hot&hot=30%25":            in(sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 1}),
		"load=zipf&zipf=1.1&keys=10000": in(sim.Workload{Kind: sim.Zipf, Zipf: 1.1, Keys: 10000}),
		"fix=bounded&eps=0.25":          in(sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 1, Fix: sim.Bounded, Eps: 0.25}),
		"load=uniform":                  in(sim.Workload{}),
	})
}

// Bad values are clamped or ignored, and say so.
func TestBadValues(t *testing.T) {
	cases := []struct {
		query   string
		check   func(sim.Workload) bool
		mention string
	}{
		{"load=hot&hot=2", func(w sim.Workload) bool { return w.Hot == sim.MaxHot }, "hot=2"},
		{"load=hot&hot=NaN", func(w sim.Workload) bool { return w.Hot == sim.DefaultHot }, "hot="},
		{"load=hot&hot=1e999", func(w sim.Workload) bool { return w.Hot == sim.MaxHot }, "too large"},
		{"load=hot&salt=99999999999999999999", func(w sim.Workload) bool { return w.Salt == sim.MaxSalt }, "too large"},
		{"load=lumpy", func(w sim.Workload) bool { return w.Kind == sim.HotKey }, "load="},
		{"load=zipf&fix=magic", func(w sim.Workload) bool { return w.Fix == sim.NoFix }, "fix="},
	}
	for _, c := range cases {
		got, notices := link.ParseQuery(reg, c.query)
		if !c.check(workload(got)) || reg.Clamp(got) != got {
			t.Errorf("ParseQuery(%q) = %+v", c.query, got)
		}
		if !strings.Contains(strings.Join(notices, "\n"), c.mention) {
			t.Errorf("ParseQuery(%q) notices %q do not mention %q", c.query, notices, c.mention)
		}
	}
}

// Knobs that the workload does not use never reach its link or its
// settings, and knobs move in hundredths, so a link never shows
// 0.35000000000000003.
func TestUnusedKnobsAreDroppedAndKnobsRounded(t *testing.T) {
	s := reg.Clamp(view.Settings{V: 4, Nodes: 10, View: load.View{Load: sim.Workload{Kind: sim.Zipf, Hot: 0.5, Salt: 4, Zipf: 1.5, Keys: 100, Eps: 1, Replicas: 2}}})
	if w := workload(s); w.Hot != 0 || w.Salt != 0 || w.Eps != 0 || w.Replicas != 0 {
		t.Fatalf("unused knobs kept: %+v", w)
	}
	if q := link.Query(reg, s); strings.Contains(q, "hot=") || strings.Contains(q, "eps=") {
		t.Fatalf("link %q names knobs the view does not use", q)
	}
	s = reg.Clamp(in(sim.Workload{Kind: sim.HotKey, Hot: 0.3 + 0.05, Salt: 1}))
	if q := link.Query(reg, s); !strings.Contains(q, "hot=0.35&") && !strings.HasSuffix(q, "hot=0.35") {
		t.Fatalf("link %q", q)
	}
}

// The view opens on the hot key; its steppers stop at their tops, switches
// give the new kind and fix their default knobs, and uniform requests drop
// the fix.
func TestIntents(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	m.Apply(view.Intent{Action: view.ActionMode, Value: reg.Index(load.Default)})
	if w := workload(m.Want); w.Kind != sim.HotKey || w.Hot != sim.DefaultHot || w.Salt != 1 {
		t.Fatalf("the hot keys view opens on %+v", m.Want)
	}
	knob := func(name string, value int) view.Intent {
		return view.Intent{Action: view.ActionView, View: load.Default.ID(), Name: name, Value: value}
	}
	for range 30 {
		m.Apply(knob("hot", +1))
		m.Apply(knob("salt", +1))
	}
	if w := workload(m.Want); w.Hot != sim.MaxHot || w.Salt != sim.MaxSalt {
		t.Fatalf("knobs past their tops: %+v", w)
	}
	m.Apply(knob("kind", int(sim.Zipf)))
	m.Apply(knob("fix", int(sim.Bounded)))
	if w := workload(m.Want); w.Zipf != sim.DefaultZipf || w.Keys != sim.DefaultKeys || w.Eps != sim.DefaultEps || w.Hot != 0 {
		t.Fatalf("switching to Zipf with bounded loads: %+v", w)
	}
	m.Apply(knob("eps", +1))
	m.Apply(knob("keys", -1))
	if w := workload(m.Want); w.Eps != 0.3 || w.Keys != sim.DefaultKeys/10 {
		t.Fatalf("knob steps: %+v", w)
	}
	m.Apply(knob("kind", int(sim.Uniform)))
	if workload(m.Want).Fix != sim.NoFix {
		t.Fatalf("uniform requests keep a fix: %+v", m.Want)
	}
	// A view's control opens its view from another.
	m.Apply(view.Intent{Action: view.ActionMode, Value: 0})
	m.Apply(knob("salt", +1))
	if w := workload(m.Want); m.Want.View.ID() != load.Default.ID() || w.Salt != 2 {
		t.Fatalf("a hot keys control in the spread view gave %+v", m.Want)
	}
	if m.Apply(view.Intent{Action: view.ActionToggleMode, Value: reg.Index(load.Default)}); m.Want.View != (spread.View{}) {
		t.Fatalf("H again should close the view: %+v", m.Want)
	}
}

// The hot key step quotes the requests and offers salting, after the
// reveal only.
func TestHotKeyStepOffersSalting(t *testing.T) {
	for i, step := range lesson.Of(reg) {
		if step.View.ID() != load.Default.ID() {
			continue
		}
		m := model.NewModel(reg, lesson.Settings(reg, i+1, view.Dark))
		m.Apply(view.Intent{Action: view.ActionTry})
		if workload(m.Want).Salt != 1 {
			t.Fatal("the try button worked before the reveal")
		}
		m.Apply(view.Intent{Action: view.ActionAdvance})
		m.Apply(view.Intent{Action: view.ActionTry})
		if workload(m.Want).Salt != 8 || m.Want.Step != i+1 {
			t.Fatalf("after trying salting: %+v", m.Want)
		}
		s := m.Want
		s.V = 16
		shown, err := s.View.Compute(s, &view.Work{})
		if err != nil {
			t.Fatal(err)
		}
		if text := lesson.MeasuredText(s, shown, step); !strings.Contains(text, "busiest node: requests") {
			t.Errorf("step %d's measurement: %q", i+1, text)
		}
	}
}
