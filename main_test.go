//go:build !js

package main

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/ebitentest"
	"vnodes/sim"
	"vnodes/sim/view"
)

// TestMain runs the tests inside ebiten's loop; make test provides Xvfb.
func TestMain(m *testing.M) { ebitentest.Main(m) }

// newTestGame lays a game out on a 1600x900 screen and runs a first tick.
func newTestGame(t *testing.T, s view.Settings) *Game {
	t.Helper()
	g := newGame(s, nil)
	g.Layout(1600, 900)
	tick(t, g, 1)
	return g
}

// tick runs n updates and draws, as ebiten would.
func tick(t *testing.T, g *Game, n int) {
	t.Helper()
	screen := ebiten.NewImage(1600, 900)
	defer screen.Deallocate()
	for range n {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.Draw(screen)
	}
}

// click presses a named button the way ebitenui does on a mouse click.
func click(t *testing.T, g *Game, name string) {
	t.Helper()
	w, ok := g.controls.named[name]
	if !ok {
		t.Fatalf("no control %q", name)
	}
	b, ok := w.(*widget.Button)
	if !ok {
		t.Fatalf("control %q is a %T, not a button", name, w)
	}
	b.Click()
	tick(t, g, 2) // the click event is delivered on the next UI update
}

func TestOpensOnTheLumpyCase(t *testing.T) {
	g := newTestGame(t, view.Default())
	if g.shown.V != 1 || g.shown.Nodes != 10 || g.shown.Seed != 0 || g.shown.Assign != sim.RoundRobin {
		t.Fatalf("opens with %+v", g.shown)
	}
	if got := fmt.Sprintf("%.3f", g.result.Average.Imbalance); got != "2.804" {
		t.Fatalf("average imbalance %s, want 2.804", got)
	}
}

func TestButtonsChangeTheSimulation(t *testing.T) {
	g := newTestGame(t, view.Default())
	steps := []struct {
		button string
		check  func(s view.Settings) bool
	}{
		{"seedPlus", func(s view.Settings) bool { return s.Seed == 1 }},
		{"seedMinus", func(s view.Settings) bool { return s.Seed == 0 }},
		{"seedMinus", func(s view.Settings) bool { return s.Seed == 19 }}, // wraps round
		{"nodesPlus", func(s view.Settings) bool { return s.Nodes == 11 }},
		{"vPlus", func(s view.Settings) bool { return s.V == 2 }},
		{"preset256", func(s view.Settings) bool { return s.V == 256 }},
		{"vPlus", func(s view.Settings) bool { return s.V == 256 }}, // clamped at the top
		{"assignRandom", func(s view.Settings) bool { return s.Assign == sim.Random }},
		{"theme", func(s view.Settings) bool { return s.Theme == view.Light }},
	}
	for _, st := range steps {
		click(t, g, st.button)
		if !st.check(g.shown) {
			t.Fatalf("after %s: %+v", st.button, g.shown)
		}
		want, _ := sim.Run(g.shown.Params())
		if g.result.Average != want.Average || g.result.Ring.Stats != want.Ring.Stats {
			t.Fatalf("after %s the figures are not sim's for %+v", st.button, g.shown)
		}
	}
}

func TestTableGetsTheCurrentVAsARow(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 7, Nodes: 10, Seed: 0})
	rows := tableWith(g.table, 7, g.result.Average)
	if len(rows) != 7 || rows[3].V != 7 || rows[3].Average != g.result.Average {
		t.Fatalf("table rows %+v: want V=7 inserted between 4 and 16 with the result's figures", rows)
	}
	if again := tableWith(g.table, 16, g.result.Average); len(again) != 6 {
		t.Fatalf("V=16 is already a row, table has %d rows", len(again))
	}
}

func TestLessonFlow(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 64, Nodes: 20, Seed: 5})
	g.toggleLesson()
	tick(t, g, 1)
	if g.shown.Step != 1 || g.shown.V != 1 || g.shown.Nodes != 10 || !g.concealed() {
		t.Fatalf("lesson start: %+v, concealed %v", g.shown, g.concealed())
	}
	click(t, g, "choice3")
	if g.lesson.choice != 3 {
		t.Fatalf("choice %d, want 3", g.lesson.choice)
	}
	click(t, g, "lessonNext")
	if !g.lesson.revealed || !strings.Contains(g.predictionText(view.Lesson[0]), "right") {
		t.Fatalf("after reveal: %+v, %q", g.lesson, g.predictionText(view.Lesson[0]))
	}
	click(t, g, "lessonNext")
	if g.shown.Step != 2 || g.shown.V != 16 || g.lesson.revealed {
		t.Fatalf("next step: %+v, %+v", g.shown, g.lesson)
	}
	click(t, g, "lessonBack")
	if g.shown.Step != 1 {
		t.Fatalf("back: step %d", g.shown.Step)
	}
	click(t, g, "sandbox")
	if g.shown.Step != 0 || g.concealed() {
		t.Fatalf("sandbox: %+v", g.shown)
	}
}

func TestEveryControlIsOnScreenAndApart(t *testing.T) {
	g := newTestGame(t, view.Default())
	rects := g.regions()
	for name, r := range rects {
		if r.Empty() || !r.In(image.Rect(0, 0, g.screenW, g.screenH)) {
			t.Errorf("%s at %v is empty or off screen", name, r)
		}
	}
	controls := []string{"vSlider", "vMinus", "vPlus", "seedMinus", "seedPlus", "nodesMinus", "nodesPlus",
		"assignRoundRobin", "assignRandom", "preset1", "preset16", "preset256", "theme", "fullscreen"}
	for i, a := range controls {
		for _, b := range controls[i+1:] {
			if rects[a].Overlaps(rects[b]) {
				t.Errorf("%s %v overlaps %s %v", a, rects[a], b, rects[b])
			}
		}
	}
}

func TestFlagsBecomeSettingsWithNotices(t *testing.T) {
	s, notices, help := settingsFromArgs([]string{"-v", "16", "-n", "12", "-seed", "3", "-assign", "random", "-theme", "light"})
	if help || len(notices) != 0 || s.V != 16 || s.Nodes != 12 || s.Seed != 3 || s.Assign != sim.Random || s.Theme != view.Light {
		t.Fatalf("good flags: %+v, %q", s, notices)
	}
	s, notices, _ = settingsFromArgs([]string{"-v", "9000", "-n", "x"})
	if s.V != 256 || s.Nodes != 10 || len(notices) != 2 {
		t.Fatalf("bad flags: %+v, %q", s, notices)
	}
	s, notices, _ = settingsFromArgs([]string{"-colour", "red"})
	if s != view.Default() || len(notices) != 1 || !strings.Contains(notices[0], "colour") {
		t.Fatalf("unknown flag: %+v, %q", s, notices)
	}
	g := newTestGame(t, s)
	g.showNotices(notices)
	tick(t, g, 1) // draws the notice without trouble
	if len(g.notices) != 1 {
		t.Fatal("the notice is not shown")
	}
}

// V values next to a landmark are reachable with − and +: setting the
// handle for them must not snap them to the landmark.
func TestFineStepsNextToALandmarkStick(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 64, Nodes: 10})
	click(t, g, "vMinus")
	tick(t, g, 3)
	if g.shown.V != 63 {
		t.Fatalf("− at V=64 gave V=%d, want 63", g.shown.V)
	}
	g = newTestGame(t, view.Settings{V: 253, Nodes: 10})
	for _, want := range []int{254, 255, 256} {
		click(t, g, "vPlus")
		tick(t, g, 3)
		if g.shown.V != want {
			t.Fatalf("+ gave V=%d, want %d", g.shown.V, want)
		}
	}
}

// → works like Space in the lesson (a presenter's clicker sends arrows):
// reveal first, then next; at the last step it keeps the revealed answer.
func TestArrowKeysInTheLesson(t *testing.T) {
	g := newTestGame(t, view.StepSettings(len(view.Lesson)-1, view.Dark))
	g.stepV(+1, false)
	if !g.lesson.revealed || g.want.Step != len(view.Lesson)-1 {
		t.Fatalf("→ before the reveal: %+v step %d", g.lesson, g.want.Step)
	}
	g.stepV(+1, false)
	g.stepV(+1, false) // reveal the last step
	g.lesson.choice = 0
	g.stepV(+1, false) // nothing further
	tick(t, g, 1)
	if g.shown.Step != len(view.Lesson) || !g.lesson.revealed || g.lesson.choice != 0 {
		t.Fatalf("→ at the last step lost the answer: step %d, %+v", g.shown.Step, g.lesson)
	}
	g.goToStep(1)
	g.stepV(-1, false)
	if g.want.Step != 1 {
		t.Fatalf("← at the first step went to step %d", g.want.Step)
	}
}

// Typing a guess after picking a choice keeps the same field (and focus).
func TestTypingAfterAChoiceKeepsTheField(t *testing.T) {
	g := newTestGame(t, view.StepSettings(1, view.Dark))
	click(t, g, "choice1")
	field := g.controls.named["prediction"].(*widget.TextInput)
	field.Focus(true)
	field.SetText("2.5")
	tick(t, g, 2)
	if g.lesson.typed != "2.5" || g.lesson.choice != -1 {
		t.Fatalf("after typing: %+v", g.lesson)
	}
	if g.controls.named["prediction"] != field || !field.IsFocused() {
		t.Fatal("the guess field was rebuilt (or lost focus) while typing")
	}
	if b := g.controls.named["choice1"].(*widget.Button); b.State() != widget.WidgetUnchecked {
		t.Fatal("the earlier choice still shows as picked")
	}
	g.reveal()
	if got := g.predictionText(view.Lesson[0]); !strings.Contains(got, "2.5×") || !strings.Contains(got, "2.804×") {
		t.Fatalf("typed guess after the reveal: %q", got)
	}
}

// Table and chart rows for another N are never shown: while N is changing
// the table holds only the current V, then the sweep catches up.
func TestRowsFollowNAfterItSettles(t *testing.T) {
	g := newTestGame(t, view.Default())
	click(t, g, "nodesPlus")
	if g.rowsOf.ok && g.rowsOf.nodes != 11 {
		t.Fatalf("rows for N=%d shown while N=11", g.rowsOf.nodes)
	}
	time.Sleep(sweepDelay + 50*time.Millisecond)
	tick(t, g, 1)
	if !g.rowsOf.ok || g.rowsOf.nodes != 11 {
		t.Fatalf("rows not recomputed after N settled: %+v", g.rowsOf)
	}
	want, _ := sim.Sweep(sim.SweepParams{Nodes: 11, Seeds: 20, Vs: sim.ExerciseVs})
	for i := range want {
		if g.table[i] != want[i] {
			t.Fatalf("row %d = %+v, want %+v", i, g.table[i], want[i])
		}
	}
}

// A window shrunk to almost nothing still lays out and draws.
func TestTinyWindowDoesNotPanic(t *testing.T) {
	g := newTestGame(t, view.Default())
	for _, size := range [][2]int{{1, 1}, {10, 5}, {3000, 40}} {
		g.Layout(size[0], size[1])
		tick(t, g, 1)
	}
}
