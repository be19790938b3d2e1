//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"vnodes/render/geom"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/views"
	"vnodes/render/views/change"
	"vnodes/render/views/hashes"
	"vnodes/render/views/load"
	"vnodes/render/views/replicas"
	"vnodes/render/views/sizes"
	"vnodes/sim"
)

// Each lesson step opens with its parameters and hides the answer; after
// the reveal the card states the simulator's figures. Screenshots of every
// step are kept (and, with -update-screens, copied to docs/screens).
func TestLessonStepsRevealTheMeasuredValues(t *testing.T) {
	p := openApp(t, "?step=1")
	for step := 1; step <= len(lesson.Of(views.All)); step++ {
		want := lesson.Of(views.All)[step-1]
		p.waitFor(fmt.Sprintf(`window.vnodes.state().step === %d`, step))
		p.settle() // a step after a Try may need its figures worked out again
		s := p.state()
		nodes := lesson.Settings(views.All, step, view.Dark).Nodes // 10 unless the step says
		if s.Step != step || s.V != want.V || s.Nodes != nodes || s.Seed != 0 || !s.Lesson.Concealed || s.Lesson.Revealed {
			t.Fatalf("step %d opens with %+v, want V=%d, %d nodes, seed 0, answer hidden", step, s, want.V, nodes)
		}
		if !strings.Contains(s.Lesson.Text, want.Asked()) {
			t.Errorf("step %d card does not ask its question: %q", step, s.Lesson.Text)
		}
		p.waitFor(fmt.Sprintf(`location.search.includes("step=%d")`, step)) // the step is in the address
		shoot(t, p, fmt.Sprintf("lesson-%d-question.png", step))

		p.click(fmt.Sprintf("choice%d", want.Best))
		if s := p.state(); s.Lesson.Choice != want.Best {
			t.Fatalf("step %d: chose %d, state says %d", step, want.Best, s.Lesson.Choice)
		}
		p.click("lessonNext") // reveal
		p.waitFor(`!window.vnodes.state().working`)
		s = p.state()
		if !s.Lesson.Revealed || s.Lesson.Concealed || !strings.Contains(s.Lesson.Text, "(right)") {
			t.Fatalf("step %d after the reveal: revealed=%v, card %q; want the choice marked right", step, s.Lesson.Revealed, s.Lesson.Text)
		}
		params := lesson.Settings(views.All, step, view.Dark).Params() // N = 10, 20 seeds, the step's V, assignment and tokens
		var figures []string
		switch v := want.View.(type) {
		case change.View:
			c, err := sim.RunChange(sim.ChangeParams{Params: params, Kind: v.Kind})
			if err != nil {
				t.Fatal(err)
			}
			figures = []string{fmt.Sprintf("%.3f of the ring moved", c.Mean.Moved), fmt.Sprintf("from %.1f nodes", c.Mean.Donors)}
		case hashes.View:
			h, err := sim.RunHashes(sim.HashParams{Params: params, Keys: v.Placed, Leave: sim.DefaultLeave(params.Nodes)})
			if err != nil {
				t.Fatal(err)
			}
			figures = []string{fmt.Sprintf("%.1f %% of the keys move when F leaves", 100*h.Mean[v.Algo].MovedLeave)}
		case replicas.View:
			r, err := sim.RunReplicas(sim.ReplicaParams{Params: params, RF: v.RF, Down: v.Down})
			if err != nil {
				t.Fatal(err)
			}
			figures = []string{fmt.Sprintf("some keys lose their quorum in %.0f %%", 100*r.Mean.QuorumLostP)} // Asks "quorum"
			if want.Asks == "down" {
				figures = []string{fmt.Sprintf("%.1f %% of the ring down on average", 100*r.Mean.UnavailableMean)}
			}
		case sizes.View:
			w, err := sim.ParseSizes(v.W, params.Nodes)
			if err != nil {
				t.Fatal(err)
			}
			r, err := sim.RunSizes(sim.SizesParams{Params: params, Sizes: w})
			if err != nil {
				t.Fatal(err)
			}
			figures = []string{fmt.Sprintf("nodes of size 1 are %.0f %% off a fair load, of size 2 %.0f %%", 100*r.Mean.RMSDevBySize[1], 100*r.Mean.RMSDevBySize[2]), "\nV = 64: "}
		case load.View:
			w, err := sim.RunWorkload(params, v.Load)
			if err != nil {
				t.Fatal(err)
			}
			figures = []string{fmt.Sprintf("requests %.3f×", w.RequestAverage.Imbalance), fmt.Sprintf("data %.3f×", w.Average.Imbalance)}
		default:
			res, err := sim.Run(params)
			if err != nil {
				t.Fatal(err)
			}
			figures = []string{fmt.Sprintf("%.3f× its fair share", res.Average.Imbalance), fmt.Sprintf("CV %.3f", res.Average.CV)}
			if !s.Display.AverageView || fmt.Sprintf("%.3f", s.Ranked[0]) != fmt.Sprintf("%.3f", res.Average.Imbalance) {
				t.Errorf("step %d after the reveal: the bars should show the 20-seed ranking whose first bar is the card's figure (%+v)", step, s.Ranked)
			}
		}
		for _, f := range figures {
			if !strings.Contains(s.Lesson.Text, f) {
				t.Errorf("step %d after the reveal: the card %q does not say %q", step, s.Lesson.Text, f)
			}
		}
		if want.Try != nil {
			p.click("lessonTry")
			p.waitFor(`!window.vnodes.state().working`)
			if s := p.state(); s.Query == link.Query(views.All, lesson.Settings(views.All, step, view.Dark)) {
				t.Errorf("step %d: trying %q changed nothing", step, want.Try.Label)
			}
		}
		shoot(t, p, fmt.Sprintf("lesson-%d-answer.png", step))
		if step < len(lesson.Of(views.All)) {
			p.click("lessonNext")
		}
	}
	p.click("sandbox")
	p.waitFor(`window.vnodes.state().step === 0`) // the last step's figures may still be worked out
	p.waitFor(`!location.search.includes("step=")`)
}

// The exercise's three headline figures appear exactly in the lesson.
func TestLessonHeadlineFigures(t *testing.T) {
	for step, want := range map[int]string{1: "2.804×", 2: "1.378×", 3: "1.105×"} {
		p := openApp(t, fmt.Sprintf("?step=%d", step))
		p.press(keySpace) // Space reveals
		if s := p.state(); !strings.Contains(s.Lesson.Text, want) {
			t.Errorf("step %d revealed %q, want it to contain %s", step, s.Lesson.Text, want)
		}
	}
}

// A link opens exactly its view, and the address follows the controls.
func TestLinkOpensItsStateAndAddressFollows(t *testing.T) {
	p := openApp(t, "?v=16&n=12&seed=3&assign=random&theme=light")
	s := p.state()
	if s.V != 16 || s.Nodes != 12 || s.Seed != 3 || s.Assign != "random" || s.Theme != "light" || len(s.Notices) != 0 {
		t.Fatalf("link opened %+v", s)
	}
	want, _ := sim.Run(sim.Params{Nodes: 12, V: 16, Seeds: 20, Seed: 3, Assign: sim.Random})
	if s.Imbalance != want.Ring.Stats.Imbalance || s.AvgCV != want.Average.CV {
		t.Errorf("figures %v/%v, want sim's %v/%v", s.Imbalance, s.AvgCV, want.Ring.Stats.Imbalance, want.Average.CV)
	}
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	p.drag(sliderXFor(slider, 16), y, sliderXFor(slider, 256), y, 4)
	s = p.state()
	if s.V != 256 || !strings.Contains(s.Query, "v=256&n=12&seed=3&assign=random") {
		t.Fatalf("after the drag: V=%d, query %q", s.V, s.Query)
	}
	// The address is rewritten once the settings have been still for a moment.
	p.waitFor(fmt.Sprintf(`location.search === %q`, "?"+s.Query))
}

// sliderXFor is where the handle's centre sits for v, in CSS pixels, by
// the app's own slider scale.
func sliderXFor(slider rect, v int) float64 {
	scale := geom.Slider{VMax: view.MaxSliderV}
	handle := geom.SliderHandle * slider.W / geom.NewLayout(geom.DesignW, geom.DesignH).VSlider.W
	return slider.X + handle/2 + float64(scale.Pos(v))/float64(scale.Max())*(slider.W-handle)
}

// Bad values in a link are clamped or ignored with a notice, and the app runs.
func TestBadLinkValuesGiveANoticeAndAWorkingApp(t *testing.T) {
	p := openApp(t, "?v=0&n=abc&seed=99&assign=hash&theme=pink&bogus=1")
	s := p.state()
	if s.V != 1 || s.Nodes != 10 || s.Seed != 19 || s.Assign != "roundrobin" || s.Theme != "dark" {
		t.Fatalf("clamped state %+v", s)
	}
	all := strings.Join(s.Notices, " | ")
	for _, w := range []string{"v=0", `n="abc"`, "seed=99", `assign="hash"`, `theme="pink"`, `"bogus"`} {
		if !strings.Contains(all, w) {
			t.Errorf("notices %q do not mention %s", all, w)
		}
	}
	img := decode(t, p.screenshot())
	if n := distinctColours(img, img.Bounds()); n < 50 {
		t.Fatalf("only %d colours on screen: the app did not draw", n)
	}
	shoot(t, p, "bad-link-notice.png")
	p.click("vPlus")
	if s := p.state(); s.V != 2 || len(s.Notices) != 0 {
		t.Errorf("after a click on V +: V = %d, notices %q; want V = 2 and the notice gone", s.V, s.Notices)
	}
}

// Hovering a bar shows that node's tooltip and lights it up.
func TestHoverOverABarShowsItsTooltip(t *testing.T) {
	p := openApp(t, "?v=4")
	bars := p.control("bars")
	before := decode(t, p.screenshot())
	// Node B's column is the second of ten.
	x, y := bars.X+bars.W*1.5/10, bars.Y+bars.H-10
	p.mouse(input.MouseMoved, x, y, 0)
	s := p.state()
	want, _ := sim.Run(sim.Params{Nodes: 10, V: 4, Seeds: 20})
	share := fmt.Sprintf("%.2f× its fair share", want.Ring.Share(1))
	if s.Display.HoverNode != "B" || !strings.Contains(s.Display.Tooltip, "Node B") || !strings.Contains(s.Display.Tooltip, "4 ranges") || !strings.Contains(s.Display.Tooltip, share) {
		t.Fatalf("hover over bar B: node %q, tooltip %q; want node B, 4 ranges, %s", s.Display.HoverNode, s.Display.Tooltip, share)
	}
	after := decode(t, p.screenshot())
	near := image.Rect(int(x), int(y), int(x)+200, int(y)+90).Intersect(after.Bounds())
	if changedPixels(before, after, near) < 500 {
		t.Error("nothing new is drawn next to the pointer: no visible tooltip")
	}
	shoot(t, p, "hover-tooltip.png")
}

// Every key listed in the help overlay does what the overlay says.
func TestEveryHelpKeyDoesWhatItSays(t *testing.T) {
	p := openApp(t, "")
	checks := map[string]func(){
		"vUp": func() {
			p.press(keyArrowRight)
			expect(t, p, "→ doubles V", func(s appState) bool { return s.V == 2 })
			p.pressShifted(keyArrowRight)
			expect(t, p, "Shift+→ adds one", func(s appState) bool { return s.V == 3 })
		},
		"vDown": func() {
			p.press(keyArrowLeft)
			expect(t, p, "← goes to the power of two below", func(s appState) bool { return s.V == 2 })
			p.pressShifted(keyArrowLeft)
			expect(t, p, "Shift+← takes one", func(s appState) bool { return s.V == 1 })
		},
		"nodesUp": func() {
			p.press(keyArrowUp)
			expect(t, p, "↑ adds a node", func(s appState) bool { return s.Nodes == 11 })
		},
		"nodesDown": func() {
			p.press(keyArrowDown)
			expect(t, p, "↓ removes a node", func(s appState) bool { return s.Nodes == 10 })
		},
		"seed": func() {
			p.press(letterKey('7'))
			expect(t, p, "7 picks seed 7", func(s appState) bool { return s.Seed == 7 })
		},
		"average": func() {
			p.press(letterKey('a'))
			expect(t, p, "A shows the 20-seed view", func(s appState) bool {
				return s.Display.AverageView && fmt.Sprintf("%.3f", s.Ranked[0]) == fmt.Sprintf("%.3f", s.AvgImbalance)
			})
			p.press(letterKey('a'))
			expect(t, p, "A again goes back", func(s appState) bool { return !s.Display.AverageView })
		},
		"lesson": func() {
			p.press(letterKey('l'))
			expect(t, p, "L starts the lesson", func(s appState) bool { return s.Step == 1 && s.V == 1 && s.Lesson.Concealed })
		},
		"space": func() {
			p.press(keySpace)
			expect(t, p, "Space reveals", func(s appState) bool { return s.Step == 1 && s.Lesson.Revealed })
			p.press(keySpace)
			expect(t, p, "Space then moves on", func(s appState) bool { return s.Step == 2 && s.V == 16 && !s.Lesson.Revealed })
			p.press(letterKey('l'))
			expect(t, p, "L leaves the lesson", func(s appState) bool { return s.Step == 0 })
		},
		"theme": func() {
			p.press(letterKey('t'))
			expect(t, p, "T switches to light", func(s appState) bool { return s.Theme == "light" })
			p.press(letterKey('t'))
			expect(t, p, "T then switches to the projector theme", func(s appState) bool { return s.Theme == "projector" })
			p.press(letterKey('t'))
			expect(t, p, "T switches back", func(s appState) bool { return s.Theme == "dark" })
		},
		"fullscreen": func() {
			p.press(letterKey('f'))
			expect(t, p, "F enters full screen", func(s appState) bool { return s.Display.Fullscreen })
			p.press(letterKey('f'))
			expect(t, p, "F leaves full screen", func(s appState) bool { return !s.Display.Fullscreen })
		},
		"help": func() {
			p.keyEvent(input.KeyDown, keyShift, input.ModifierShift)
			p.keyEvent(input.KeyDown, keyDef{"?", "Slash", 191}, input.ModifierShift)
			p.keyEvent(input.KeyUp, keyDef{"?", "Slash", 191}, input.ModifierShift)
			p.keyEvent(input.KeyUp, keyShift, 0)
			expect(t, p, "? opens the overlay", func(s appState) bool { return s.Display.Help })
			shoot(t, p, "help-overlay.png")
			p.press(keyEscape)
			expect(t, p, "Esc closes it", func(s appState) bool { return !s.Display.Help })
		},
		"chart": func() {
			p.press(letterKey('c'))
			expect(t, p, "C shows the CV·√V chart", func(s appState) bool { return s.Display.Chart == "law" })
			p.press(letterKey('c'))
			expect(t, p, "C again goes back", func(s appState) bool { return s.Display.Chart == "cv" })
		},
		"overlay": func() {
			p.press(letterKey('o'))
			expect(t, p, "O compares 3, 10 and 100 nodes", func(s appState) bool { return s.Display.Overlay == "nodes" })
			p.press(letterKey('o'))
			p.press(letterKey('o'))
			expect(t, p, "O twice more: none", func(s appState) bool { return s.Display.Overlay == "none" })
		},
		"join": func() {
			p.press(letterKey('j'))
			expect(t, p, "J opens the join & leave view", func(s appState) bool { return own[change.State](s, change.Default).Kind == "join" })
			p.press(letterKey('j'))
			expect(t, p, "J again closes it", func(s appState) bool { return own[change.State](s, change.Default).Kind == "" && s.Mode == "spread" })
		},
		"replicas": func() {
			p.press(letterKey('p'))
			expect(t, p, "P opens the replicas view", func(s appState) bool {
				r := own[replicas.State](s, replicas.Default)
				return s.Mode == "replicas" && r.RF == replicas.Default.RF && r.Down == replicas.Default.Down
			})
			p.press(letterKey('p'))
			expect(t, p, "P again closes it", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "rf=") })
		},
		"hashes": func() {
			p.press(letterKey('g'))
			p.waitFor(`window.vnodes.state().mode === "hashes"`) // its figures take a moment
			expect(t, p, "G opens the hashes view", func(s appState) bool { return s.Mode == "hashes" && strings.Contains(s.Query, "algo=jump") })
			p.press(letterKey('g'))
			expect(t, p, "G again closes it", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "algo=") })
		},
		"hot": func() {
			p.press(letterKey('h'))
			expect(t, p, "H opens the hot keys view", func(s appState) bool { return own[load.State](s, load.Default).Kind == "hot" })
			p.press(letterKey('h'))
			expect(t, p, "H again closes it", func(s appState) bool { return own[load.State](s, load.Default).Kind == "" })
		},
		"sizes": func() {
			p.press(letterKey('w'))
			expect(t, p, "W opens the sizes view", func(s appState) bool { return s.Mode == "sizes" && strings.Contains(s.Query, "w=1,1,1,1,1,2,2,2,4,4") })
			p.press(letterKey('w'))
			expect(t, p, "W again closes it", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "w=") })
		},
		"tokens": func() {
			p.press(letterKey('k'))
			expect(t, p, "K opens the tokens view", func(s appState) bool { return s.Mode == "tokens" && strings.Contains(s.Query, "scheme=greedy") })
			p.press(letterKey('k'))
			expect(t, p, "K again closes it", func(s appState) bool { return s.Mode == "spread" && !strings.Contains(s.Query, "scheme=") })
		},
		"zoomIn": func() {
			p.press(keyEqual)
			expect(t, p, "= zooms in", func(s appState) bool { return s.Display.Zoom == 1.25 })
		},
		"zoomOut": func() {
			p.press(keyMinus)
			expect(t, p, "− zooms out", func(s appState) bool { return s.Display.Zoom == 1 })
		},
		"picture": func() {
			p.press(letterKey('s'))
			p.waitFor(`window.vnodes.state().notices.some(n => n.startsWith("Saved the picture as vnodes-"))`)
		},
		"figures": func() {
			p.press(letterKey('e'))
			p.waitFor(`window.vnodes.state().notices.some(n => n.includes("the figures"))`)
		},
		"language": func() {
			p.press(letterKey('i'))
			p.waitFor(`window.vnodes.state().lang === "es"`)
			p.press(letterKey('i'))
			p.waitFor(`window.vnodes.state().lang === "de"`)
			for range 3 { // French, Portuguese, and round to English
				p.press(letterKey('i'))
			}
			p.waitFor(`window.vnodes.state().lang === "en"`)
		},
		"reset": func() {
			p.press(keyArrowRight)
			p.press(letterKey('3'))
			p.press(letterKey('r'))
			expect(t, p, "R resets", func(s appState) bool { return s.V == 1 && s.Nodes == 10 && s.Seed == 0 && s.Step == 0 })
		},
	}
	order := []string{"vUp", "vDown", "nodesUp", "nodesDown", "seed", "average", "lesson", "space", "theme", "fullscreen", "help", "chart", "overlay", "join", "sizes", "replicas", "hot", "tokens", "hashes", "zoomIn", "zoomOut", "reset", "picture", "figures", "language"}
	listed := p.keyNames()
	for _, name := range listed {
		if _, ok := checks[name]; !ok {
			t.Errorf("the help overlay lists key %q, which this test does not check", name)
		}
	}
	for _, name := range order {
		if !contains(listed, name) {
			t.Errorf("key %q is checked but not listed in the help overlay", name)
			continue
		}
		checks[name]()
	}
}

// Shortcuts stay quiet while someone types a guess into the lesson card.
func TestKeysDoNotFireWhileTyping(t *testing.T) {
	p := openApp(t, "?step=1")
	p.click("prediction")
	for _, c := range "2.5" {
		p.press(letterKey(c))
	}
	p.press(letterKey('t'))
	s := p.state()
	if s.Seed != 0 || s.Theme != "dark" || s.Lesson.Typed != "2.5t" {
		t.Fatalf("typing into the guess field: seed %d, theme %s, field %q; want seed 0, dark, \"2.5t\"", s.Seed, s.Theme, s.Lesson.Typed)
	}
}

// A finger works the slider and the buttons on a touch screen.
func TestTouchDragsTheSlider(t *testing.T) {
	p := openApp(t, "")
	p.run(emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	x0, x1 := slider.X+8, slider.X+slider.W+20
	p.touch(input.TouchStart, x0, y)
	for i := 1; i <= 4; i++ {
		p.touch(input.TouchMove, x0+(x1-x0)*float64(i)/4, y)
	}
	p.touch(input.TouchEnd, x1, y)
	if s := p.state(); s.V != view.MaxSliderV {
		t.Fatalf("after a finger drag to the right end V = %d, want %d", s.V, view.MaxSliderV)
	}
	bx, by := p.control("seedPlus").center()
	p.touch(input.TouchStart, bx, by)
	p.touch(input.TouchEnd, bx, by)
	if s := p.state(); s.Seed != 1 {
		t.Fatalf("a tap on seed + gave seed %d, want 1", s.Seed)
	}
}

// On a phone or tablet a tap on the lesson's guess field brings up the
// device's keyboard for numbers: the field hands the keys to an input of
// the page with inputmode=decimal, which a touch keyboard attaches to, and
// what is typed there reaches the card.
func TestATapOnTheGuessFieldOpensAPhoneKeyboard(t *testing.T) {
	p := openApp(t, "?step=1")
	p.run(emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5),
		emulation.SetUserAgentOverride("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"))
	x, y := p.control("prediction").center()
	p.touch(input.TouchStart, x, y)
	p.touch(input.TouchEnd, x, y)
	p.waitFor(`document.activeElement && document.activeElement.tagName === "INPUT"`)
	var mode string
	p.run(chromedp.Evaluate(`document.activeElement.getAttribute("inputmode")`, &mode))
	if mode != "decimal" {
		t.Fatalf("the input a touch keyboard attaches to asks for %q, want decimal", mode)
	}
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { return input.InsertText("2.5").Do(ctx) }))
	p.waitFrames(3)
	expect(t, p, "the keyboard's digits reach the card", func(s appState) bool { return s.Lesson.Typed == "2.5" })
}

func expect(t *testing.T, p *page, what string, ok func(appState) bool) {
	t.Helper()
	if s := p.state(); !ok(s) {
		t.Errorf("%s: state is %+v", what, s)
	}
}

func (p *page) keyNames() []string {
	p.t.Helper()
	var names []string
	for _, k := range p.state().Display.Keys {
		names = append(names, k.Name)
	}
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func changedPixels(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}
