package model_test

import (
	"fmt"
	"strings"
	"testing"
	"vnodes/render/view/lesson"
	"vnodes/render/view/model"

	"vnodes/render/view"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

func apply(m *model.Model, ins ...view.Intent) {
	for _, in := range ins {
		m.Apply(in)
	}
}

func act(a view.Action) view.Intent { return view.Intent{Action: a} }

// The lesson from start to end, as a class would go through it.
func TestLessonFlow(t *testing.T) {
	m := model.NewModel(reg, view.Settings{V: 64, Nodes: 20, Seed: 5})
	apply(&m, act(view.ActionLesson))
	if m.Want.Step != 1 || m.Want.V != 1 || m.Want.Nodes != 10 || !m.Concealed() {
		t.Fatalf("lesson start: %+v, concealed %v", m.Want, m.Concealed())
	}
	apply(&m, view.Intent{Action: view.ActionChoose, Value: 3}, act(view.ActionAdvance))
	if !m.Lesson.Revealed || !m.AverageView || m.Lesson.Choice != 3 {
		t.Fatalf("after the reveal: %+v, average view %v", m.Lesson, m.AverageView)
	}
	res, _ := sim.Run(m.Want.Params())
	if got := lesson.PredictionText(reg, lesson.Of(reg)[0], m.Lesson, m.Want, spread.NewShown(res)); !strings.Contains(got, "(right)") {
		t.Fatalf("the best answer is not called right: %q", got)
	}
	apply(&m, act(view.ActionAdvance))
	if m.Want.Step != 2 || m.Want.V != 16 || m.Lesson.Revealed || m.Lesson.Choice != -1 || m.AverageView {
		t.Fatalf("next step: %+v, %+v", m.Want, m.Lesson)
	}
	apply(&m, act(view.ActionStepBack))
	if m.Want.Step != 1 {
		t.Fatalf("back: step %d", m.Want.Step)
	}
	apply(&m, act(view.ActionStepBack))
	if m.Want.Step != 0 || m.Concealed() {
		t.Fatalf("back from the first step should leave the lesson: %+v", m.Want)
	}
}

// → works like Space in the lesson (a presenter's clicker sends arrows):
// reveal first, then next; at the last step it keeps the revealed answer.
func TestArrowKeysInTheLesson(t *testing.T) {
	last := len(lesson.Of(reg))
	m := model.NewModel(reg, lesson.Settings(reg, last-1, view.Dark))
	apply(&m, act(view.ActionVUp))
	if !m.Lesson.Revealed || m.Want.Step != last-1 {
		t.Fatalf("→ before the reveal: %+v step %d", m.Lesson, m.Want.Step)
	}
	apply(&m, act(view.ActionVUp), act(view.ActionVUp), view.Intent{Action: view.ActionChoose, Value: 0}, act(view.ActionVUp))
	if m.Want.Step != last || !m.Lesson.Revealed || m.Lesson.Choice != 0 {
		t.Fatalf("→ at the last step lost the answer: step %d, %+v", m.Want.Step, m.Lesson)
	}
	apply(&m, view.Intent{Action: view.ActionGoToStep, Value: 1}, act(view.ActionVDown))
	if m.Want.Step != 1 {
		t.Fatalf("← at the first step went to step %d", m.Want.Step)
	}
	// Shift+arrows still move V by one inside the lesson.
	apply(&m, view.Intent{Action: view.ActionVUp, Fine: true})
	if m.Want.V != lesson.Of(reg)[0].V+1 || m.Want.Step != 1 {
		t.Fatalf("Shift+→ in the lesson: %+v", m.Want)
	}
}

func TestIntentsChangeTheSettings(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	steps := []struct {
		in   view.Intent
		want func(s view.Settings) bool
	}{
		{act(view.ActionSeedNext), func(s view.Settings) bool { return s.Seed == 1 }},
		{act(view.ActionSeedPrev), func(s view.Settings) bool { return s.Seed == 0 }},
		{act(view.ActionSeedPrev), func(s view.Settings) bool { return s.Seed == view.Seeds-1 }}, // wraps round
		{view.Intent{Action: view.ActionSeed, Value: 7}, func(s view.Settings) bool { return s.Seed == 7 }},
		{act(view.ActionNodesUp), func(s view.Settings) bool { return s.Nodes == 11 }},
		{act(view.ActionVUp), func(s view.Settings) bool { return s.V == 2 }},
		{view.Intent{Action: view.ActionVUp, Fine: true}, func(s view.Settings) bool { return s.V == 3 }},
		{act(view.ActionVUp), func(s view.Settings) bool { return s.V == 4 }},
		{view.Intent{Action: view.ActionSetV, Value: view.MaxV + 5}, func(s view.Settings) bool { return s.V == view.MaxV }},
		{view.Intent{Action: view.ActionVUp, Fine: true}, func(s view.Settings) bool { return s.V == view.MaxV }},
		{view.Intent{Action: view.ActionSetAssign, Value: int(sim.Random)}, func(s view.Settings) bool { return s.Assign == sim.Random }},
		{act(view.ActionTheme), func(s view.Settings) bool { return s.Theme == view.Light }},
		{act(view.ActionTheme), func(s view.Settings) bool { return s.Theme == view.Projector }},
		{act(view.ActionTheme), func(s view.Settings) bool { return s.Theme == view.Dark }},
	}
	for i, st := range steps {
		m.Apply(st.in)
		if !st.want(m.Want) {
			t.Fatalf("step %d (%+v): settings %+v", i, st.in, m.Want)
		}
	}
	apply(&m, act(view.ActionTheme), act(view.ActionHelp), act(view.ActionAverage), act(view.ActionReset))
	want := reg.Default()
	want.Theme = view.Light
	if m.Want != want || m.ShowHelp || m.AverageView {
		t.Fatalf("reset gave %+v (help %v, average %v); want the defaults in the light theme", m.Want, m.ShowHelp, m.AverageView)
	}
}

func TestTypingAGuessClearsTheChoice(t *testing.T) {
	m := model.NewModel(reg, lesson.Settings(reg, 1, view.Dark))
	apply(&m, view.Intent{Action: view.ActionChoose, Value: 1}, view.Intent{Action: view.ActionTypeGuess, Text: "2.5"})
	if m.Lesson.Choice != -1 || m.Lesson.Typed != "2.5" {
		t.Fatalf("after typing: %+v", m.Lesson)
	}
	apply(&m, view.Intent{Action: view.ActionChoose, Value: 2})
	if m.Lesson.Choice != 2 || m.Lesson.Typed != "" {
		t.Fatalf("after choosing: %+v", m.Lesson)
	}
}

func TestTypedGuessesAreJudgedAgainstTheMeasurement(t *testing.T) {
	avg := spread.NewShown(sim.Result{Average: sim.Average{Imbalance: 2.804, CV: 0.846}})
	shown := lesson.Settings(reg, 1, view.Dark)
	for _, c := range []struct{ typed, want string }{
		{"2.5", "11% too low"},
		{"2.9", "close"},
		{"5", "78% too high"},
		{"lots", `"lots"`},
		{"NaN", `"NaN"`},
		{"", "No prediction"},
	} {
		got := lesson.PredictionText(reg, lesson.Of(reg)[0], lesson.Progress{Choice: -1, Typed: c.typed}, shown, avg)
		if !strings.Contains(got, c.want) {
			t.Errorf("typed %q: %q does not say %q", c.typed, got, c.want)
		}
	}
}

// Every shortcut's action is one Apply knows, and the overlay shows a row
// per visible shortcut.
func TestShortcutsAreListedOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range model.Shortcuts(reg) {
		if s.Action == view.ActionNone || s.Name == "" || seen[s.Name] {
			t.Errorf("shortcut %+v: no action, no name or a repeated name", s)
		}
		seen[s.Name] = true
	}
	visible := 0
	for _, s := range model.Shortcuts(reg) {
		if s.Label != "" {
			visible++
		}
	}
	if rows := model.HelpRows(reg); len(rows) != visible {
		t.Fatalf("overlay has %d rows, want %d", len(rows), visible)
	}
}

// The steppers and keys stop where the slider does; a link may go further,
// and from there they still step down.
func TestSteppersStopAtTheirTops(t *testing.T) {
	m := model.NewModel(reg, view.Settings{V: view.MaxSliderV, Nodes: view.MaxStepperNodes})
	apply(&m, view.Intent{Action: view.ActionVUp, Fine: true}, act(view.ActionVUp), act(view.ActionNodesUp))
	if m.Want.V != view.MaxSliderV || m.Want.Nodes != view.MaxStepperNodes {
		t.Fatalf("past the tops: %+v", m.Want)
	}
	m = model.NewModel(reg, view.Settings{V: view.MaxV, Nodes: view.MaxNodes})
	apply(&m, act(view.ActionVUp), act(view.ActionNodesUp))
	if m.Want.V != view.MaxV || m.Want.Nodes != view.MaxNodes {
		t.Fatalf("a link's large settings changed by the up keys: %+v", m.Want)
	}
	apply(&m, view.Intent{Action: view.ActionVDown, Fine: true}, act(view.ActionNodesDown))
	if m.Want.V != view.MaxV-1 || m.Want.Nodes != view.MaxNodes-1 {
		t.Fatalf("stepping down from a link's large settings: %+v", m.Want)
	}
}

// A step's title and question speak of its own cluster and V; once a link
// or the class moves the screen off them, the card says so, and a chosen
// answer is no longer judged against figures the screen does not show.
func TestTheCardSaysWhenTheScreenHasLeftTheStep(t *testing.T) {
	replicas := -1
	for i, st := range lesson.Of(reg) {
		if st.Nodes > 0 && st.Nodes != reg.Default().Nodes {
			replicas = i + 1
			break
		}
	}
	if replicas < 0 {
		t.Fatal("no step sets its own cluster size")
	}
	step := lesson.Of(reg)[replicas-1]
	m := model.NewModel(reg, reg.Default())
	apply(&m, view.Intent{Action: view.ActionGoToStep, Value: replicas})
	if off := m.OffStep(); off != "" {
		t.Fatalf("on the step's own settings the card says %q", off)
	}
	if strings.Contains(m.LessonText(m.Want, nil), "other settings") {
		t.Fatal("the card text speaks of other settings on the step's own")
	}

	apply(&m, view.Intent{Action: view.ActionSetNodes, Value: 10})
	off := m.OffStep()
	want := []string{fmt.Sprint(step.Nodes) + " nodes", fmt.Sprintf("V = %d", step.V), "other settings"}
	for _, w := range want {
		if !strings.Contains(off, w) {
			t.Errorf("with 10 nodes on screen the card says %q, without %q", off, w)
		}
	}
	if !strings.Contains(m.LessonText(m.Want, nil), off) {
		t.Errorf("the card's text (the text version's) lacks %q", off)
	}
	apply(&m, view.Intent{Action: view.ActionSetV, Value: 16})
	if got := m.OffStep(); got != off {
		t.Errorf("a drag along V changed the line from %q to %q: it would rebuild the card at every step of V", off, got)
	}
	apply(&m, view.Intent{Action: view.ActionChoose, Value: step.Best}, act(view.ActionAdvance))
	if got := lesson.PredictionText(reg, step, m.Lesson, m.Want, nil); strings.Contains(got, "right") {
		t.Errorf("off the step the best answer is still judged: %q", got)
	}

	// Back on the step's nodes and V, dealt the other way.
	apply(&m, view.Intent{Action: view.ActionSetNodes, Value: step.Nodes}, view.Intent{Action: view.ActionSetV, Value: step.V})
	other := sim.RoundRobin
	if step.Assign == sim.RoundRobin {
		other = sim.Random
	}
	apply(&m, view.Intent{Action: view.ActionSetAssign, Value: int(other)})
	dealt := map[sim.Assignment]string{sim.Random: "tokens dealt at random", sim.RoundRobin: "tokens dealt round-robin"}[step.Assign]
	if got := m.OffStep(); !strings.Contains(got, dealt) || !strings.Contains(got, "other settings") {
		t.Errorf("dealt %v instead of %v the card says %q, without %q", other, step.Assign, got, dealt)
	}
	apply(&m, view.Intent{Action: view.ActionSetAssign, Value: int(step.Assign)})
	if got := m.OffStep(); got != "" {
		t.Errorf("back on the step's settings the card still says %q", got)
	}
	if got := lesson.PredictionText(reg, step, m.Lesson, m.Want, nil); !strings.Contains(got, "(right)") {
		t.Errorf("back on the step the best answer is not judged right: %q", got)
	}

	apply(&m, view.Intent{Action: view.ActionGoToStep, Value: 0})
	if got := m.OffStep(); got != "" {
		t.Errorf("outside the lesson: %q", got)
	}
}
