package views_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"displaycheck/usage"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

var reg = views.All

// The desktop program prints its usage before ebiten starts when there is
// no display (displaycheck); that copy must say what FlagUsage says, in
// every language.
func TestDisplayCheckUsageIsCurrent(t *testing.T) {
	defer lang.Use(lang.English)
	for _, tag := range lang.Tags() {
		if err := lang.Load(tag); err != nil || !lang.Use(tag) {
			t.Fatalf("%s: %v", tag, err)
		}
		if usage.Texts[tag] != link.FlagUsage(reg) {
			t.Fatalf("displaycheck's usage text in %s is stale: run go generate ./render/views", tag)
		}
	}
}

// Every view has its own ID, name, key and link parameters, none of them
// another's or a common one.
func TestViewsAreListedOnce(t *testing.T) {
	ids, names, keys := map[string]bool{}, map[string]bool{}, map[string]string{}
	for _, k := range link.Keys(reg) {
		if keys[k.Name] != "" {
			t.Errorf("link parameter %s is listed twice", k.Name)
		}
		keys[k.Name] = "listed"
		if k.Help == "" {
			t.Errorf("link parameter %s has no help", k.Name)
		}
	}
	for _, v := range reg.Views() {
		if ids[v.ID()] || names[v.Name()] {
			t.Errorf("view %s (%s) is listed twice", v.ID(), v.Name())
		}
		ids[v.ID()], names[v.Name()] = true, true
	}
	seen := map[string]bool{}
	for _, sc := range reg.Shortcuts() {
		if sc.Label != "" && seen[sc.Label] {
			t.Errorf("key %s does two things", sc.Label)
		}
		seen[sc.Label] = true
	}
}

// Every lesson step opens its view with the step's V, and its link reads
// back as the step.
func TestEveryStepOpensItsView(t *testing.T) {
	if len(lesson.Of(reg)) == 0 {
		t.Fatal("no lesson")
	}
	for i, step := range lesson.Of(reg) {
		s := lesson.Settings(reg, i+1, view.Dark)
		if s.View.ID() != step.View.ID() || s.V != step.V || !strings.HasPrefix(step.Title, fmt.Sprintf("%d · ", i+1)) {
			t.Errorf("step %d (%q) opens %+v", i+1, step.Title, s)
		}
		if got, _ := link.ParseQuery(reg, link.Query(reg, s)); got != s {
			t.Errorf("step %d's link %q reads back as %+v", i+1, link.Query(reg, s), got)
		}
		if got, _ := link.ParseQuery(reg, fmt.Sprintf("step=%d", i+1)); got != s {
			t.Errorf("step=%d opens %+v, want %+v", i+1, got, s)
		}
		if got, _ := link.ParseQuery(reg, fmt.Sprintf("step=%d&view=spread", i+1)); got.View != (spread.View{}) || got.Step != i+1 {
			t.Errorf("step=%d&view=spread opens %+v", i+1, got)
		}
	}
}

// A link that asks for two views shows the first in the registry's order
// and says it ignored the other, whichever order the link names them in.
func TestViewsAreSeparate(t *testing.T) {
	written := func(v view.View) string {
		var b strings.Builder
		if l, ok := v.(link.Linker); ok {
			l.Write(&b)
		}
		return strings.TrimPrefix(b.String(), "&")
	}
	all := reg.Views()
	pairs := 0
	for i, first := range all {
		for _, second := range all[i+1:] {
			if written(first) == "" || written(second) == "" {
				continue // a view with no parameters of its own is opened by view=
			}
			for _, q := range []string{written(first) + "&" + written(second), written(second) + "&" + written(first)} {
				got, notices := link.ParseQuery(reg, q)
				if got.View.ID() != first.ID() || !strings.Contains(strings.Join(notices, "\n"), "separate views") {
					t.Errorf("ParseQuery(%q) = %+v, %q; want the %s view and a notice", q, got, notices, first.ID())
				}
			}
			pairs++
		}
	}
	if pairs == 0 {
		t.Fatal("no two views with parameters of their own")
	}
}

// variants are every view's settings its own switches reach from its
// defaults: each choice, then each choice from there.
func variants(v view.View) []view.Settings {
	start := reg.Clamp(view.Settings{V: 4, Nodes: 10, Seed: 1, Assign: sim.Random, View: v})
	out := []view.Settings{start}
	for i := 0; i < len(out) && len(out) < 16; i++ {
		for _, ctl := range view.ControlsOf(out[i]) {
			for _, ch := range ctl.Choices {
				m := model.NewModel(reg, out[i])
				m.Apply(ch.Intent)
				if !contains(out, m.Want) {
					out = append(out, m.Want)
				}
			}
		}
	}
	return out
}

func contains(list []view.Settings, s view.Settings) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Every view answers for itself, in every setting its switches reach: its
// link reads back, it computes its figures and its rows, describes them,
// puts them in state() as a JSON object, names the nodes pointed at, and
// its controls ask for settings of its own.
func TestEveryViewAnswersForItself(t *testing.T) {
	for _, v := range reg.Views() {
		for _, s := range variants(v) {
			what := link.Query(reg, s)
			if back, notices := link.ParseQuery(reg, what); back != s || len(notices) != 0 {
				t.Errorf("%s reads back as %+v, %q", what, back, notices)
			}
			w := &view.Work{Seeds: 3}
			shown, err := s.View.Compute(s, w)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if r := shown.Sim(); r.Params.V != s.V || r.Params.Nodes != s.Nodes || r.Ring.Seed != s.Seed {
				t.Errorf("%s: the result is for %+v", what, r.Params)
			}
			spec := panel.PainterOf(shown).Ring(&panel.Look{Hover: -1})
			if spec.Ring == nil || spec.Key < 0 || spec.Key >= spec.Ring.Nodes {
				t.Errorf("%s: the ring shown is %+v", what, spec)
			}
			if view.RowsCostOf(s) > 0 {
				rows, err := view.RowsOf(s, w)
				if err != nil || rows == nil || !rows.For(s) {
					t.Errorf("%s: rows %v, %v", what, rows, err)
				}
				other := s
				other.Nodes++
				if rows != nil && rows.For(other) {
					t.Errorf("%s: its rows are said to be for %d nodes too", what, other.Nodes)
				}
				shown = view.WithRows(shown, rows)
			}
			summary, note := view.DescribeOf(shown)
			if !strings.Contains(summary, fmt.Sprintf("V = %d", s.V)) || !strings.Contains(note, fmt.Sprintf("V = %d", s.V)) {
				t.Errorf("%s: described as %q / %q", what, summary, note)
			}
			b, err := json.Marshal(view.StateOf(shown))
			if err != nil || !strings.HasPrefix(string(b), "{") {
				t.Errorf("%s: state %s, %v", what, b, err)
			}
			if view.TooltipOf(shown, 0) == "" || view.TooltipOf(shown, -1) != "" || view.TooltipOf(shown, spec.Ring.Nodes+5) != "" {
				t.Errorf("%s: tooltips %q, %q", what, view.TooltipOf(shown, 0), view.TooltipOf(shown, -1))
			}
			for _, ctl := range view.ControlsOf(s) {
				var intents []view.Intent
				for _, ch := range ctl.Choices {
					intents = append(intents, ch.Intent)
				}
				for _, k := range ctl.Knobs {
					up := k.Intent
					up.Value = 1
					intents = append(intents, up)
				}
				if ctl.Button != nil {
					intents = append(intents, ctl.Button.Intent)
				}
				for _, in := range intents {
					if in.Action != view.ActionView || in.View != s.View.ID() {
						t.Errorf("%s: a control asks for %+v", what, in)
					}
					m := model.NewModel(reg, s)
					m.Apply(in)
					if m.Want.View.ID() != s.View.ID() || !reflect.DeepEqual(reg.Clamp(m.Want), m.Want) {
						t.Errorf("%s: %+v gives %+v", what, in, m.Want)
					}
				}
			}
		}
	}
}

// A lesson step's texts carry no typed figure, in any language: a measured
// value (a decimal, a percentage) in a question comes from sim through the
// step's Given, and the card's measured lines give the rest, so no text
// can fall out of step with what sim shows. Settings (V = 256, 3 copies)
// and the answers to choose from are words, not measurements.
func TestLessonTextsCarryNoTypedFigures(t *testing.T) {
	figure := regexp.MustCompile(`\d[.,]\d|\d\s?%`)
	for _, tag := range lang.Tags() {
		if err := lang.Load(tag); err != nil {
			t.Fatal(err)
		}
		lang.Use(tag)
		for _, v := range reg.Views() {
			teacher, ok := v.(lesson.Teacher)
			if !ok {
				continue
			}
			for _, step := range teacher.Steps() {
				for _, text := range []string{step.Question, step.Explain} {
					// A release is named, not measured.
					if m := figure.FindString(strings.ReplaceAll(lang.T(text), "Cassandra 4.0", "Cassandra")); m != "" {
						t.Errorf("%s, %s: %q types the figure %q; let sim give it", tag, v.ID(), lang.T(text), m)
					}
				}
			}
		}
	}
	lang.Use("en")
}
