package tokens_test

import (
	"strings"
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/internal/viewtest"
	"vnodes/render/views/spread"
	"vnodes/render/views/tokens"
	"vnodes/sim"
)

var reg = views.All

// scheme= opens the view on its scheme; a bad one opens it on the default
// with a notice.
func TestLinks(t *testing.T) {
	viewtest.Links(t, reg, map[string]view.Settings{
		"scheme=greedy&v=4":  view.Settings{V: 4, Nodes: 10, View: tokens.View{Scheme: sim.GreedyTokens}},
		"scheme=equal&n=100": view.Settings{V: 1, Nodes: 100, View: tokens.View{Scheme: sim.EqualTokens}},
		"scheme=random":      view.Settings{V: 1, Nodes: 10, View: tokens.View{Scheme: sim.RandomTokens}},
	})
	got, notices := link.ParseQuery(reg, "scheme=magic")
	if got.View != tokens.Default || len(notices) != 1 || !strings.Contains(notices[0], "scheme=") {
		t.Errorf("scheme=magic: %+v, %q", got, notices)
	}
}

// The view opens on the allocator, its switch picks any scheme, and
// leaving the view goes back to the exercise's random tokens.
func TestIntents(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	at := reg.Index(tokens.Default)
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != tokens.Default || m.Want.Params().Scheme != sim.GreedyTokens {
		t.Fatalf("K opened %+v (simulating %v tokens)", m.Want, m.Want.Params().Scheme)
	}
	m.Apply(view.Intent{Action: view.ActionView, View: tokens.Default.ID(), Name: "scheme", Value: int(sim.EqualTokens)})
	if m.Want.View != (tokens.View{Scheme: sim.EqualTokens}) || !strings.Contains(link.Query(reg, m.Want), "scheme=equal") {
		t.Errorf("choosing equal ranges gave %+v, link %q", m.Want, link.Query(reg, m.Want))
	}
	m.Apply(view.Intent{Action: view.ActionToggleMode, Value: at})
	if m.Want.View != (spread.View{}) || m.Want.Params().Scheme != sim.RandomTokens {
		t.Errorf("leaving the view kept %+v", m.Want)
	}
}

// The view's figures put each scheme's 20-seed mean at this V beside the
// others, the shown one from its own ring.
func TestEverySchemesFigures(t *testing.T) {
	s := reg.Clamp(view.Settings{V: 4, Nodes: 10, View: tokens.View{Scheme: sim.GreedyTokens}})
	shown, err := s.View.Compute(s, &view.Work{})
	if err != nil {
		t.Fatal(err)
	}
	st := view.StateOf(shown).(tokens.State)
	if st.Scheme != "greedy" || len(st.Schemes) != 3 {
		t.Fatalf("state %+v", st)
	}
	for _, f := range st.Schemes {
		p := s.Params()
		p.Scheme, _ = sim.ParseScheme(f.Scheme)
		r, err := sim.Run(p)
		if err != nil {
			t.Fatal(err)
		}
		if f.AvgImbalance != r.Average.Imbalance || f.AvgCV != r.Average.CV {
			t.Errorf("%s: %+v, want the 20-seed run's %.6f and %.6f", f.Scheme, f, r.Average.Imbalance, r.Average.CV)
		}
	}
}
