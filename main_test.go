//go:build !js

package main

import (
	"fmt"
	"image"
	"strings"
	"testing"

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
