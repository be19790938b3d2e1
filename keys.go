package main

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"vnodes/sim/view"
)

// keyBinding is one keyboard shortcut. The same list drives the handler and
// the help overlay, so the overlay cannot promise a key that does nothing.
type keyBinding struct {
	name  string       // stable id, for tests
	label string       // how the overlay writes the key
	does  string       // what it does, in the overlay
	keys  []ebiten.Key // physical keys that trigger it (unless chars is set)
	chars []rune       // typed characters that trigger it, layout-independent
	run   func(g *Game, shift bool)
}

var keyBindings = []keyBinding{
	{name: "vUp", label: "→", does: "more ranges: next power of two (Shift: +1); in the lesson, next step",
		keys: []ebiten.Key{ebiten.KeyArrowRight}, run: func(g *Game, shift bool) { g.stepV(+1, shift) }},
	{name: "vDown", label: "←", does: "fewer ranges: previous power of two (Shift: −1); in the lesson, previous step",
		keys: []ebiten.Key{ebiten.KeyArrowLeft}, run: func(g *Game, shift bool) { g.stepV(-1, shift) }},
	{name: "nodesUp", label: "↑ / ↓", does: "one node more / fewer",
		keys: []ebiten.Key{ebiten.KeyArrowUp}, run: func(g *Game, _ bool) { g.change(func(s *view.Settings) { s.Nodes++ }) }},
	{name: "nodesDown", label: "", does: "",
		keys: []ebiten.Key{ebiten.KeyArrowDown}, run: func(g *Game, _ bool) { g.change(func(s *view.Settings) { s.Nodes-- }) }},
	{name: "seed", label: "0 – 9", does: "show the ring of that seed",
		keys: digitKeys(), run: nil /* handled with the digit in handleKeys */},
	{name: "space", label: "Space", does: "in the lesson: reveal the answer, then go on",
		keys: []ebiten.Key{ebiten.KeySpace}, run: func(g *Game, _ bool) { g.lessonAdvance() }},
	{name: "average", label: "A", does: "bars: this seed's nodes ↔ mean of 20 seeds, busiest first",
		keys: []ebiten.Key{ebiten.KeyA}, run: func(g *Game, _ bool) { g.averageView = !g.averageView }},
	{name: "lesson", label: "L", does: "start the guided lesson / leave it for free exploring",
		keys: []ebiten.Key{ebiten.KeyL}, run: func(g *Game, _ bool) { g.toggleLesson() }},
	{name: "fullscreen", label: "F", does: "full screen on / off",
		keys: []ebiten.Key{ebiten.KeyF}, run: func(*Game, bool) { ebiten.SetFullscreen(!ebiten.IsFullscreen()) }},
	{name: "theme", label: "T", does: "light / dark colours (light suits bright rooms)",
		keys: []ebiten.Key{ebiten.KeyT}, run: func(g *Game, _ bool) { g.change(func(s *view.Settings) { s.Theme = 1 - s.Theme }) }},
	{name: "reset", label: "R", does: "back to the start: V = 1, 10 nodes, seed 0",
		keys: []ebiten.Key{ebiten.KeyR}, run: func(g *Game, _ bool) { g.reset() }},
	{name: "help", label: "?", does: "show / hide this list (Esc hides it)",
		chars: []rune{'?'}, run: func(g *Game, _ bool) { g.showHelp = !g.showHelp }},
}

func digitKeys() []ebiten.Key {
	keys := make([]ebiten.Key, 0, 20)
	for d := range 10 {
		keys = append(keys, ebiten.Key0+ebiten.Key(d), ebiten.KeyNumpad0+ebiten.Key(d))
	}
	return keys
}

// handleKeys runs the shortcuts, unless the user is typing into a field.
func (g *Game) handleKeys() {
	if g.typing() {
		if inpututil.IsKeyJustPressed(ebiten.KeyEscape) || inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
			g.ui.ClearFocus()
		}
		return
	}
	g.chars = ebiten.AppendInputChars(g.chars[:0])
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	if g.showHelp && inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		g.showHelp = false
	}
	for _, b := range keyBindings {
		if !b.triggered(g.chars) {
			continue
		}
		if b.name == "seed" {
			g.change(func(s *view.Settings) { s.Seed = pressedDigit() })
			continue
		}
		b.run(g, shift)
	}
}

func (b keyBinding) triggered(chars []rune) bool {
	for _, k := range b.keys {
		if inpututil.IsKeyJustPressed(k) || repeating(k) {
			return true
		}
	}
	for _, want := range b.chars {
		for _, c := range chars {
			if c == want {
				return true
			}
		}
	}
	return false
}

// repeating lets a held arrow key keep stepping, like a text cursor.
func repeating(k ebiten.Key) bool {
	if k < ebiten.KeyArrowDown || k > ebiten.KeyArrowUp {
		return false
	}
	d := inpututil.KeyPressDuration(k)
	return d > 24 && d%4 == 0
}

func pressedDigit() int {
	for d := range 10 {
		if inpututil.IsKeyJustPressed(ebiten.Key0+ebiten.Key(d)) || inpututil.IsKeyJustPressed(ebiten.KeyNumpad0+ebiten.Key(d)) {
			return d
		}
	}
	return 0
}

// typing reports whether a text field has the keyboard.
func (g *Game) typing() bool {
	_, ok := g.ui.GetFocusedWidget().(*widget.TextInput)
	return ok
}

// change applies an edit to the wanted settings.
func (g *Game) change(edit func(s *view.Settings)) {
	s := g.want
	edit(&s)
	g.setWant(s)
}

// stepV moves V by powers of two (or by one with Shift); in the lesson the
// arrows move between steps instead.
func (g *Game) stepV(dir int, fine bool) {
	if g.want.Step > 0 && !fine {
		g.goToStep(g.want.Step + dir)
		return
	}
	g.change(func(s *view.Settings) {
		switch {
		case fine:
			s.V += dir
		case dir > 0:
			s.V = view.NextPowerOfTwo(s.V)
		default:
			s.V = view.PrevPowerOfTwo(s.V)
		}
	})
}

func (g *Game) reset() {
	s := view.Default()
	s.Theme = g.want.Theme
	g.setWant(s)
	g.averageView, g.showHelp = false, false
	g.lesson = lessonState{choice: -1}
}
