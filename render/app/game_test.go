//go:build !js

package app

import (
	"fmt"
	"image"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/assets/lang"
	"vnodes/render/app/host"
	"vnodes/render/ebitentest"
	"vnodes/render/paint"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/views"
	"vnodes/sim"
)

// TestMain runs the tests inside ebiten's loop; make test provides Xvfb.
func TestMain(m *testing.M) { ebitentest.Main(m) }

// newGame makes a game for s on the desktop, as the program does.
func newGame(s view.Settings, notices []string) *Game {
	// Earlier tests' games hold GPU images, which ebiten lets go of only
	// once they are garbage and collected: collected here, not whenever
	// the Go heap happens to grow (the test binary reached 7.6 GB).
	runtime.GC()
	return New(host.New(), host.Opening{Settings: s, Notices: notices, Ambient: lang.English})
}

// newTestGame lays a game out on a 1600x900 screen and runs its first two
// ticks, the second the first with the widgets.
func newTestGame(t *testing.T, s view.Settings) *Game {
	t.Helper()
	g := newGame(s, nil)
	g.Layout(1600, 900)
	tick(t, g, 2) // the widgets come with the second frame
	t.Cleanup(func() { stopWork(g) })
	return g
}

// stopWork cancels a game's background work when a test is done with it:
// left running, the work of large links would go on through later tests,
// slowing them and holding gigabytes.
func stopWork(g *Game) {
	if g.job != nil {
		g.job.cancel()
		g.job = nil
	}
	if g.reserving != nil {
		close(g.reserving.stop)
		g.reserving = nil
	}
}

// waitForRows ticks until the table and chart rows for the shown settings
// are in (they may be swept in the background).
func waitForRows(t *testing.T, g *Game) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		tick(t, g, 1)
		if table, _ := g.rows.current(g.shown); table != nil && g.job == nil {
			return
		}
	}
	t.Fatal("the rows never came")
}

// waitForViewRows ticks until the background work is done and the
// shown view's own rows (its chart's and its card's lines) are in.
func waitForViewRows(t *testing.T, g *Game) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		tick(t, g, 1)
		if g.job == nil && g.rows.viewMatches(g.shown) {
			return
		}
	}
	t.Fatal("the view's rows never came")
}

// tick runs n updates and draws, as ebiten would.
func tick(t *testing.T, g *Game, n int) {
	t.Helper()
	screen := newScreen(1600, 900)
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
	w, ok := g.widgets.Named[name]
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
	g := newTestGame(t, views.All.Default())
	if g.shown.V != 1 || g.shown.Nodes != 10 || g.shown.Seed != 0 || g.shown.Assign != sim.RoundRobin {
		t.Fatalf("opens with %+v", g.shown)
	}
	if got := fmt.Sprintf("%.3f", g.result.Sim().Average.Imbalance); got != "2.804" {
		t.Fatalf("average imbalance %s, want 2.804", got)
	}
}

func TestButtonsChangeTheSimulation(t *testing.T) {
	g := newTestGame(t, views.All.Default())
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
		{"vPlus", func(s view.Settings) bool { return s.V == 257 }},
		{"assignRandom", func(s view.Settings) bool { return s.Assign == sim.Random }},
		{"theme", func(s view.Settings) bool { return s.Theme == view.Light }},
	}
	for _, st := range steps {
		click(t, g, st.button)
		waitForJob(t, g) // a step too large for a frame comes a frame or two later
		if !st.check(g.shown) {
			t.Fatalf("after %s: %+v", st.button, g.shown)
		}
		want, _ := sim.Run(g.shown.Params())
		if g.result.Sim().Average != want.Average || g.result.Sim().Ring.Stats != want.Ring.Stats {
			t.Fatalf("after %s the figures are not sim's for %+v", st.button, g.shown)
		}
	}
}

func TestTableGetsTheCurrentVAsARow(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 7, Nodes: 10, Seed: 0})
	waitForRows(t, g)
	table, _ := g.rows.current(g.shown)
	rows := tableWith(table, 7, g.result.Sim().Average)
	if len(rows) != 7 || rows[3].V != 7 || rows[3].Average != g.result.Sim().Average {
		t.Fatalf("table rows %+v: want V=7 inserted between 4 and 16 with the result's figures", rows)
	}
	if again := tableWith(table, 16, g.result.Sim().Average); len(again) != 6 {
		t.Fatalf("V=16 is already a row, table has %d rows", len(again))
	}
}

// The lesson card's buttons drive the lesson: pick, reveal, next, back, leave.
func TestLessonCardButtons(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 64, Nodes: 20, Seed: 5})
	click(t, g, "lesson")
	if g.shown.Step != 1 || g.shown.V != 1 || g.shown.Nodes != 10 || !g.model.Concealed() {
		t.Fatalf("lesson start: %+v, concealed %v", g.shown, g.model.Concealed())
	}
	click(t, g, "choice3")
	if g.model.Lesson.Choice != 3 {
		t.Fatalf("choice %d, want 3", g.model.Lesson.Choice)
	}
	click(t, g, "lessonNext")
	if text := g.model.LessonText(g.shown, g.result); !g.model.Lesson.Revealed || !strings.Contains(text, "(right)") {
		t.Fatalf("after reveal: %+v, %q", g.model.Lesson, text)
	}
	click(t, g, "lessonNext")
	if g.shown.Step != 2 || g.shown.V != 16 || g.model.Lesson.Revealed {
		t.Fatalf("next step: %+v, %+v", g.shown, g.model.Lesson)
	}
	click(t, g, "lessonBack")
	if g.shown.Step != 1 {
		t.Fatalf("back: step %d", g.shown.Step)
	}
	click(t, g, "sandbox")
	if g.shown.Step != 0 || g.model.Concealed() {
		t.Fatalf("sandbox: %+v", g.shown)
	}
}

func TestEveryControlIsOnScreenAndApart(t *testing.T) {
	g := newTestGame(t, views.All.Default())
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

// Notices from a bad command line are shown until something changes.
func TestNoticesShowUntilAChange(t *testing.T) {
	s, notices, _ := link.ParseFlags(views.All, []string{"-v", "9000", "-colour", "red"})
	g := newGame(s, notices)
	g.Layout(1600, 900)
	tick(t, g, 2) // draws the notices without trouble, and then the widgets
	if len(g.notices.list) != 2 {
		t.Fatalf("notices shown: %q, want 2", g.notices.list)
	}
	click(t, g, "seedPlus")
	if len(g.notices.list) != 0 {
		t.Fatalf("notices still shown after a change: %q", g.notices.list)
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
		waitForJob(t, g) // until the draws are kept, a step at V = 254 is worked out between frames
		if g.shown.V != want {
			t.Fatalf("+ gave V=%d, want %d", g.shown.V, want)
		}
	}
}

// Typing a guess after picking a choice keeps the same field (and focus).
func TestTypingAfterAChoiceKeepsTheField(t *testing.T) {
	g := newTestGame(t, lesson.Settings(views.All, 1, view.Dark))
	click(t, g, "choice1")
	field := g.widgets.Named["prediction"].(*widget.TextInput)
	field.Focus(true)
	field.Insert("2.55")
	field.Backspace()
	tick(t, g, 2)
	if !g.typing() {
		t.Fatal("the field has the keyboard, but the game does not know someone is typing")
	}
	if g.model.Lesson.Typed != "2.5" || g.model.Lesson.Choice != -1 {
		t.Fatalf("after typing: %+v", g.model.Lesson)
	}
	if g.widgets.Named["prediction"] != field || !field.IsFocused() {
		t.Fatal("the guess field was rebuilt (or lost focus) while typing")
	}
	if b := g.widgets.Named["choice1"].(*widget.Button); b.State() != widget.WidgetUnchecked {
		t.Fatal("the earlier choice still shows as picked")
	}
	click(t, g, "lessonNext")
	if got := g.model.LessonText(g.shown, g.result); !strings.Contains(got, "2.5×") || !strings.Contains(got, "2.804×") {
		t.Fatalf("typed guess after the reveal: %q", got)
	}
}

// A guess keeps only characters the fonts draw: one they lack is refused
// rather than shown as a box.
func TestTheGuessFieldRefusesWhatTheFontsLack(t *testing.T) {
	g := newTestGame(t, lesson.Settings(views.All, 1, view.Dark))
	field := g.widgets.Named["prediction"].(*widget.TextInput)
	field.Focus(true)
	field.Insert("≈2.5×")
	tick(t, g, 2)
	field.Insert("中")
	tick(t, g, 2)
	if field.GetText() != "≈2.5×" || g.model.Lesson.Typed != "≈2.5×" {
		t.Fatalf("field %q, typed %q; want the guess without 中", field.GetText(), g.model.Lesson.Typed)
	}
}

// Table and chart rows for another N are never shown: while N is changing
// the table holds only the current V, then the sweep catches up.
func TestRowsFollowNAfterItSettles(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	click(t, g, "nodesPlus")
	if table, _ := g.rows.current(g.shown); table != nil && g.rows.set.nodes != 11 {
		t.Fatalf("rows for N=%d shown while N=11", g.rows.set.nodes)
	}
	time.Sleep(sweepDelay + 50*time.Millisecond)
	waitForRows(t, g)
	table, _ := g.rows.current(g.shown)
	if table == nil || g.rows.set.nodes != 11 {
		t.Fatalf("rows not recomputed after N settled: %+v", g.rows)
	}
	want, _ := sim.Sweep(sim.SweepParams{Nodes: 11, Seeds: 20, Vs: sim.ExerciseVs})
	for i := range want {
		if table[i] != want[i] {
			t.Fatalf("row %d = %+v, want %+v", i, table[i], want[i])
		}
	}
}

// A window shrunk to almost nothing still lays out and draws.
func TestTinyWindowDoesNotPanic(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	for _, size := range [][2]int{{1, 1}, {10, 5}, {3000, 40}} {
		g.Layout(size[0], size[1])
		tick(t, g, 1)
	}
}

// Settings too large to work out within a frame run in the background: the
// game keeps updating and drawing meanwhile, shows the work's progress,
// follows a change made during the work, and ends on sim's figures.
func TestLargeSettingsWorkInTheBackground(t *testing.T) {
	big := view.Settings{V: 2048, Nodes: 300, Seed: 2}
	g := newTestGame(t, big)
	if g.job == nil {
		t.Fatal("N=300, V=2048 was worked out inside a frame")
	}
	tick(t, g, 3) // frames go on while it works
	g.emit(view.Intent{Action: view.ActionSeedNext})
	for deadline := time.Now().Add(2 * time.Minute); g.job != nil && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		tick(t, g, 1)
	}
	if g.job != nil {
		t.Fatal("the background work never finished")
	}
	big.Seed = 3
	if g.shown != views.All.Clamp(big) {
		t.Fatalf("shows %+v, want the settings asked for last, %+v", g.shown, big)
	}
	want, _ := sim.Run(big.Params())
	if g.result.Sim().Average != want.Average || g.result.Sim().Ring.Stats != want.Ring.Stats {
		t.Fatalf("figures %+v, want sim's %+v", g.result.Sim().Average, want.Average)
	}
}

// The law chart's comparison curves are sim's sweeps for the other cluster
// sizes, worked out once the settings are still.
func TestOverlaysAreSimsSweeps(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 16, Nodes: 10, Chart: panel.ChartLaw, Overlay: view.OverlayNodes})
	var curves []panel.Curve
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		tick(t, g, 1)
		if curves = g.rows.currentOverlays(g.shown); curves != nil && g.job == nil {
			break
		}
	}
	if len(curves) != 2 || curves[0].Nodes != 3 || curves[1].Nodes != 100 {
		t.Fatalf("overlays %+v, want N = 3 and N = 100 beside the shown N = 10", curves)
	}
	want, _ := sim.Sweep(sim.SweepParams{Nodes: 100, Seeds: view.Seeds, Vs: curveVs})
	for i := range want {
		if curves[1].Rows[i] != want[i] {
			t.Fatalf("N=100 row %d = %+v, want %+v", i, curves[1].Rows[i], want[i])
		}
	}
}

// A change of colours during background work neither waits for it nor
// starts it again: the job goes on, and its result comes in the new colours.
func TestThemeChangeKeepsTheBackgroundWork(t *testing.T) {
	big := view.Settings{V: 2048, Nodes: 300}
	g := newTestGame(t, big)
	j := g.job
	if j == nil {
		t.Fatal("N=300, V=2048 was worked out inside a frame")
	}
	g.emit(view.Intent{Action: view.ActionTheme})
	tick(t, g, 2)
	if g.job != j {
		t.Fatal("changing the colours restarted the work")
	}
	if g.paletteTheme != view.Light {
		t.Errorf("the progress is drawn in %v colours, want light at once", g.paletteTheme)
	}
	for deadline := time.Now().Add(2 * time.Minute); g.job != nil && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		tick(t, g, 1)
	}
	if g.shown.Theme != view.Light || g.paletteTheme != view.Light || g.shown.V != 2048 {
		t.Fatalf("after the work: shows %+v in %v colours", g.shown, g.paletteTheme)
	}
	g.emit(view.Intent{Action: view.ActionTheme})
	tick(t, g, 1)
	if g.job != nil || g.shown.Theme != view.Projector || g.paletteTheme != view.Projector {
		t.Errorf("a change of colours alone started work (%v) or was not shown (%v, %v)", g.job != nil, g.shown.Theme, g.paletteTheme)
	}
}

// waitForJob ticks until the background work is done.
func waitForJob(t *testing.T, g *Game) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); g.job != nil && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		tick(t, g, 1)
	}
	if g.job != nil {
		t.Fatal("the background work never finished")
	}
}

// At N = 100, steps of V that fit in a frame's share of work (through a
// thin copy of the kept draws) are shown in the same frame; larger ones
// are worked out between frames and shown as soon as they are done. Both
// are sim's figures.
func TestLargeVStepsAreWorkedOutBetweenFrames(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 300, Nodes: 100})
	waitForJob(t, g)
	if g.shown.V != 300 {
		t.Fatalf("shows V = %d, want 300", g.shown.V)
	}
	inFrame := 0
	for _, v := range []int{301, 20, 350, 512, 3, 299, 32} {
		g.emit(view.Intent{Action: view.ActionSetV, Value: v})
		at := g.shown
		at.V = v
		small := inlineResult(at, &g.keptDraws, false)
		tick(t, g, 1)
		if small {
			inFrame++
			if g.shown.V != v || g.job != nil {
				t.Fatalf("one frame after asking for V = %d (a frame's work) it shows V = %d (background work: %v)", v, g.shown.V, g.job != nil)
			}
		} else if g.shown.V != v && (g.job == nil || g.job.settings.V != v) {
			t.Fatalf("V = %d, too much for a frame, is neither shown nor being worked out", v)
		}
		waitForJob(t, g)
		want, _ := sim.Run(g.shown.Params())
		if g.shown.V != v || g.result.Sim().Average != want.Average || g.result.Sim().Ring.Stats != want.Ring.Stats {
			t.Fatalf("V = %d: shows V = %d with figures %+v, want sim's %+v", v, g.shown.V, g.result.Sim().Average, want.Average)
		}
	}
	if inFrame != 3 {
		t.Errorf("%d of the steps were shown in their frame, want the 3 small ones (V = 20, 3, 32)", inFrame)
	}
}

// A step of V being worked out when the hand moves on is let finish and
// shown (a drag would otherwise show nothing until it stopped), and the
// step to the newer V follows it; far larger work is given up instead.
func TestAStepTheHandHasPassedIsStillShown(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 16, Nodes: 300})
	waitForJob(t, g)
	g.emit(view.Intent{Action: view.ActionSetV, Value: 600})
	tick(t, g, 1)
	j := g.job
	if j == nil {
		t.Fatal("N = 300, V = 600 drawn afresh was worked out inside a frame")
	}
	g.emit(view.Intent{Action: view.ActionSetV, Value: 500})
	tick(t, g, 1)
	if g.job != j && g.shown.V != 600 {
		t.Fatalf("the step to V = 600 was dropped when the hand moved to 500 (now working on %+v)", g.job.settings)
	}
	waitForJob(t, g)
	if g.shown.V != 500 {
		t.Fatalf("after the work it shows V = %d, want the newer 500", g.shown.V)
	}

	big := newTestGame(t, view.Settings{V: 2048, Nodes: 1000})
	j = big.job
	if j == nil || j.nearlyFor(views.All.Clamp(view.Settings{V: 1024, Nodes: 1000})) {
		t.Fatal("N = 1000, V = 2048 is not background work that a newer V replaces")
	}
	big.emit(view.Intent{Action: view.ActionSetV, Value: 1024})
	tick(t, big, 1)
	if big.job == j {
		t.Error("N = 1000: the step to V = 2048 went on after the hand moved to 1024")
	}
	stopWork(big)
}

// Every label's and button's text fits its box in every view and every
// language, or a button drawn beside it would cover its end (as "hot key"
// once was, cut to "hot k"), and no widget leaves its card or runs into
// another (see widgetsInPlace). The small screen is tried in every
// language; the large one in English.
func TestLabelsFitTheirBoxes(t *testing.T) {
	defer lang.Use(lang.English)
	links := []string{"", "?change=join", "?change=leave", "?change=fail&leaver=2",
		"?load=hot&hot=0.3&salt=128", "?load=hot&fix=bounded&eps=0.25", "?load=zipf&zipf=1.1&keys=100000&fix=replicate",
		"?scheme=equal", "?scheme=greedy", "?mode=tokens", "?nodes=1000&seed=19",
		"?view=replicas", "?view=replicas&rf=5&down=3", "?view=replicas&down=1", "?view=replicas&failed=C,D",
		"?view=hashes", "?view=hashes&algo=jump&move=leave", "?view=hashes&algo=maglev&move=join",
		"?step=8&n=10&v=16&assign=roundrobin", "?step=8&n=10&v=16&assign=roundrobin&revealed"} // a card that says the screen left its settings
	for step := range lesson.Of(views.All) { // every lesson card, its answers long or short, before and after the reveal
		links = append(links, fmt.Sprintf("?step=%d", step+1), fmt.Sprintf("?step=%d&revealed", step+1))
	}
	// One game per language and size, taken through every link (a game
	// each would leave a hundred games' GPU images to the tests after).
	for _, c := range []struct {
		tag  string
		size [2]int
	}{{"en", [2]int{1600, 900}}, {"en", [2]int{1024, 576}}, {"es", [2]int{1024, 640}}, {"de", [2]int{1024, 640}},
		{"fr", [2]int{1024, 640}}, {"pt-BR", [2]int{1024, 640}}, {"de", [2]int{1024, 576}}, {"de", [2]int{390, 844}}} {
		if err := lang.Load(c.tag); err != nil {
			t.Fatalf("%s: %v", c.tag, err)
		}
		size := c.size
		start, _ := link.ParseQuery(views.All, "?lang="+c.tag)
		g := newGame(start, nil) // New starts in the settings' language
		g.Layout(size[0], size[1])
		for _, query := range links {
			s, _ := link.ParseQuery(views.All, strings.TrimSuffix(query, "&revealed"))
			s.Lang = c.tag
			g.model.Want = s // as a reset does: the widgets follow the settings
			g.model.Lesson = lesson.NoProgress()
			g.model.Lesson.Revealed = strings.HasSuffix(query, "&revealed")
			tick(t, g, 2)
			if g.model.Lesson.Revealed { // the card's measured lines, once the figures and the view's rows are in
				waitForViewRows(t, g)
				tick(t, g, 2)
			}
			runtime.GC() // the widgets just replaced hold GPU images, which go with the garbage
			if g.builtFor != g.currentUIKey() {
				t.Fatalf("%q in %s: the widgets were not rebuilt", query, c.tag)
			}
			for _, l := range g.widgets.Labels {
				if l.Text.GetWidget().Rect.Empty() {
					continue // built to be measured, not shown (a compact layout's other page)
				}
				w := text.Advance(l.Text.Label, l.Face)
				if l.Wrapped { // ebitenui's lines: the widest
					pw, _ := l.Text.PreferredSize()
					w = float64(pw)
				}
				if box := float64(l.Text.GetWidget().Rect.Dx()); w > box+0.5 {
					t.Errorf("%q in %s at %dx%d: %q is %.0f px wide in a box of %.0f", query, c.tag, size[0], size[1], l.Text.Label, w, box)
				}
			}
			for _, err := range widgetsInPlace(g) {
				t.Errorf("%q in %s at %dx%d: %v", query, c.tag, size[0], size[1], err)
			}
			if err := lessonCardInPlace(g); err != nil {
				t.Errorf("%q in %s at %dx%d: %v", query, c.tag, size[0], size[1], err)
			}
			for name, w := range g.widgets.Named {
				b, ok := w.(*widget.Button)
				if !ok || b.Text() == nil || b.Text().Label == "" || b.GetWidget().Rect.Empty() {
					continue
				}
				// Its label and margins, in the button's own face (a crowded
				// row's may be smaller).
				if tw, _ := b.PreferredSize(); tw > b.GetWidget().Rect.Dx() {
					t.Errorf("%q in %s at %dx%d: button %s's %q needs %d px in a button of %d", query, c.tag, size[0], size[1], name, b.Text().Label, tw, b.GetWidget().Rect.Dx())
				}
			}
		}
		stopWork(g)
	}
}

// lessonCardInPlace says what is wrong with the lesson card, if it is
// shown: its texts must end above its buttons, and the card must leave
// the chart below it (which the scene draws where the layout says) alone.
func lessonCardInPlace(g *Game) error {
	card := g.widgets.LessonCard
	if card == nil || g.model.Want.Step == 0 {
		return nil
	}
	c, texts, buttons := card.GetWidget().Rect, g.widgets.LessonText.GetWidget().Rect, g.widgets.Named["lessonBack"].GetWidget().Rect
	l := g.layout
	chart := image.Rect(int(l.ChartLabel.X), int(l.ChartLabel.Y), int(l.Chart.X+l.Chart.W), int(l.Chart.Y+l.Chart.H))
	switch {
	case texts.Max.Y > buttons.Min.Y:
		return fmt.Errorf("the lesson card's texts end at y = %d, below the top of its buttons (%d)", texts.Max.Y, buttons.Min.Y)
	case !buttons.In(c):
		return fmt.Errorf("the lesson card's buttons at %v leave the card at %v", buttons, c)
	case !l.Chart.Empty() && c.Overlaps(chart):
		return fmt.Errorf("the lesson card at %v covers the chart at %v", c, chart)
	}
	return nil
}

// widgetsInPlace says which widgets leave the container they are in, and
// which of the screen's own (its rows and cards) leave the screen's
// design or overlap another.
func widgetsInPlace(g *Game) []error {
	var errs []error
	screen := g.layout.Screen
	design := image.Rect(int(screen.X), int(screen.Y), int(math.Ceil(screen.X+screen.W)), int(math.Ceil(screen.Y+screen.H)))
	var inside func(c *widget.Container, path string)
	inside = func(c *widget.Container, path string) {
		for i, child := range c.Children() {
			r, name := child.GetWidget().Rect, fmt.Sprintf("%s/%d (%T)", path, i, child)
			if !r.In(c.GetWidget().Rect) {
				errs = append(errs, fmt.Errorf("%s at %v leaves its container at %v", name, r, c.GetWidget().Rect))
			}
			if sub, ok := child.(*widget.Container); ok {
				inside(sub, name)
			}
		}
	}
	top := g.widgets.UI.Container.Children()
	for i, child := range top {
		r := child.GetWidget().Rect
		if !r.In(design) {
			errs = append(errs, fmt.Errorf("widget %d (%T) at %v leaves the screen's design at %v", i, child, r, design))
		}
		for j, other := range top[:i] {
			if o := other.GetWidget().Rect; r.Overlaps(o) {
				errs = append(errs, fmt.Errorf("widget %d at %v overlaps widget %d at %v", i, r, j, o))
			}
		}
		if c, ok := child.(*widget.Container); ok {
			inside(c, fmt.Sprint(i))
		}
	}
	return errs
}

// The two assignment buttons act as one choice: exactly one shows pressed,
// and pressing the chosen one again keeps it.
func TestAssignmentButtonsActAsOneChoice(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	pressed := func() (rr, rnd bool) {
		return g.widgets.Named["assignRoundRobin"].(*widget.Button).State() == widget.WidgetChecked,
			g.widgets.Named["assignRandom"].(*widget.Button).State() == widget.WidgetChecked
	}
	for _, step := range []struct {
		click  string
		want   sim.Assignment
		rr, rn bool
	}{
		{"", sim.RoundRobin, true, false},
		{"assignRandom", sim.Random, false, true},
		{"assignRandom", sim.Random, false, true},
		{"assignRoundRobin", sim.RoundRobin, true, false},
		{"assignRoundRobin", sim.RoundRobin, true, false},
	} {
		if step.click != "" {
			// As the mouse does it: Button.Click would also flip a toggle's state itself.
			w := g.widgets.Named[step.click].GetWidget()
			w.MouseButtonClickedEvent.Fire(&widget.WidgetMouseButtonClickedEventArgs{Widget: w, Button: ebiten.MouseButtonLeft})
		}
		tick(t, g, 2)
		rr, rn := pressed()
		if g.model.Want.Assign != step.want || rr != step.rr || rn != step.rn {
			t.Fatalf("after %q: assignment %v, round-robin pressed %v, random pressed %v; want %v, %v, %v",
				step.click, g.model.Want.Assign, rr, rn, step.want, step.rr, step.rn)
		}
	}
}

// While nothing else is due, the app makes the draws the slider's steps
// will go through (up to V = 1024 at N = 10), so a drag never stops for
// them; a change meanwhile cancels that work, which starts again once
// things are quiet.
func TestIdleTimeMakesTheDrawsADragNeeds(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	waitForRows(t, g)
	waitReserved := func() {
		t.Helper()
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			tick(t, g, 1)
			if g.reservedFor == reserveParams(g.shown) && g.reserving == nil {
				return
			}
		}
		t.Fatalf("no draws made ahead for %+v", reserveParams(g.shown))
	}
	waitReserved()
	for _, v := range []int{1, 2, 100, 513, view.MaxSliderV} {
		p := g.shown.Params()
		p.V = v
		if g.keptDraws.KeptWork(p) == 0 {
			t.Errorf("V = %d: a step would draw afresh", v)
		}
	}
	g.emit(view.Intent{Action: view.ActionSetNodes, Value: 12})
	tick(t, g, 1)
	if g.reserving != nil && g.reserving.params.Nodes != 12 {
		t.Error("a change of N left the draws for the old N being made")
	}
	waitForRows(t, g)
	waitReserved()
	if p := reserveParams(g.shown); p.Nodes != 12 || p.V != view.MaxSliderV {
		t.Errorf("made ahead for %+v, want N = 12 up to V = %d", p, view.MaxSliderV)
	}
}

// newScreen is a w×h image standing for the screen, outside ebiten's
// atlases, as the screen is: screen-sized images made and dropped on the
// atlases by hundreds of ticks grew them to gigabytes.
func newScreen(w, h int) *ebiten.Image {
	img, _ := paint.Sized(nil, w, h)
	return img
}
