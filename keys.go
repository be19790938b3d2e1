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
	run   func(g *Game, in keyInput)
}

// keyInput is what a binding may need to know about this tick's keys.
type keyInput struct {
	shift bool
	chars []rune // characters typed this tick
}

var keyBindings = []keyBinding{
	{name: "vUp", label: "→", does: "more ranges: next power of two (Shift: +1); in the lesson, reveal / next step",
		keys: []ebiten.Key{ebiten.KeyArrowRight}, run: func(g *Game, in keyInput) { g.stepV(+1, in.shift) }},
	{name: "vDown", label: "←", does: "fewer ranges: previous power of two (Shift: −1); in the lesson, previous step",
		keys: []ebiten.Key{ebiten.KeyArrowLeft}, run: func(g *Game, in keyInput) { g.stepV(-1, in.shift) }},
	{name: "nodesUp", label: "↑ / ↓", does: "one node more / fewer",
		keys: []ebiten.Key{ebiten.KeyArrowUp}, run: func(g *Game, _ keyInput) { g.change(func(s *view.Settings) { s.Nodes++ }) }},
	{name: "nodesDown", label: "", does: "",
		keys: []ebiten.Key{ebiten.KeyArrowDown}, run: func(g *Game, _ keyInput) { g.change(func(s *view.Settings) { s.Nodes-- }) }},
	{name: "seed", label: "0 – 9", does: "show the ring of that seed",
		chars: []rune("0123456789"), run: func(g *Game, in keyInput) {
			for _, c := range in.chars {
				if c >= '0' && c <= '9' {
					g.change(func(s *view.Settings) { s.Seed = int(c - '0') })
				}
			}
		}},
	{name: "space", label: "Space", does: "in the lesson: reveal the answer, then go on",
		keys: []ebiten.Key{ebiten.KeySpace}, run: func(g *Game, _ keyInput) { g.lessonAdvance() }},
	{name: "average", label: "A", does: "bars: this seed's nodes ↔ mean of 20 seeds, busiest first",
		chars: []rune("aA"), run: func(g *Game, _ keyInput) { g.averageView = !g.averageView }},
	{name: "lesson", label: "L", does: "start the guided lesson / leave it for free exploring",
		chars: []rune("lL"), run: func(g *Game, _ keyInput) { g.toggleLesson() }},
	{name: "fullscreen", label: "F", does: "full screen on / off",
		chars: []rune("fF"), run: func(*Game, keyInput) { ebiten.SetFullscreen(!ebiten.IsFullscreen()) }},
	{name: "theme", label: "T", does: "light / dark colours (light suits bright rooms)",
		chars: []rune("tT"), run: func(g *Game, _ keyInput) { g.change(func(s *view.Settings) { s.Theme = 1 - s.Theme }) }},
	{name: "reset", label: "R", does: "back to the start: V = 1, 10 nodes, seed 0",
		chars: []rune("rR"), run: func(g *Game, _ keyInput) { g.reset() }},
	{name: "help", label: "?", does: "show / hide this list (Esc hides it)",
		chars: []rune{'?'}, run: func(g *Game, _ keyInput) { g.showHelp = !g.showHelp }},
}

// runKey does what the named binding does; on-screen buttons use it so a
// button and its key cannot drift apart.
func (g *Game) runKey(name string) {
	for _, b := range keyBindings {
		if b.name == name {
			b.run(g, keyInput{})
			return
		}
	}
	panic("no key binding named " + name)
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
	in := keyInput{shift: ebiten.IsKeyPressed(ebiten.KeyShift), chars: g.chars}
	if g.showHelp && inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		g.showHelp = false
	}
	for _, b := range keyBindings {
		if b.triggered(g.chars) {
			b.run(g, in)
		}
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

// typing reports whether a text field has the keyboard.
func (g *Game) typing() bool {
	_, ok := g.ui.GetFocusedWidget().(*widget.TextInput)
	return ok
}

// change applies an edit to the wanted settings: the one way controls,
// keys and links change what is shown.
func (g *Game) change(edit func(s *view.Settings)) {
	s := g.want
	edit(&s)
	g.want = s.Clamp()
}

// stepV moves V by powers of two (or by one with Shift); in the lesson the
// arrows move between steps instead.
func (g *Game) stepV(dir int, fine bool) {
	if g.want.Step > 0 && !fine {
		if dir > 0 {
			g.lessonAdvance() // like Space, so a presenter's clicker works
		} else {
			g.lessonRetreat()
		}
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
	g.want = s
	g.averageView, g.showHelp = false, false
	g.lesson = lessonState{choice: -1}
}
