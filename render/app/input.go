package app

import (
	"fmt"

	"github.com/ebitenui/ebitenui/input"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"vnodes/render/view"
	"vnodes/sim"
)

// keyBinding ties an action to the keys that trigger it. Letters go by the
// character typed, so they work on any keyboard layout.
type keyBinding struct {
	action view.Action
	value  int          // the intent's Value
	keys   []ebiten.Key // physical keys (arrows, Space)
	chars  []rune       // typed characters
}

var keyBindings = []keyBinding{
	{action: view.ActionVUp, keys: []ebiten.Key{ebiten.KeyArrowRight}},
	{action: view.ActionVDown, keys: []ebiten.Key{ebiten.KeyArrowLeft}},
	{action: view.ActionNodesUp, keys: []ebiten.Key{ebiten.KeyArrowUp}},
	{action: view.ActionNodesDown, keys: []ebiten.Key{ebiten.KeyArrowDown}},
	{action: view.ActionSeed, chars: []rune("0123456789")},
	{action: view.ActionAdvance, keys: []ebiten.Key{ebiten.KeySpace}},
	{action: view.ActionAverage, chars: []rune("aA")},
	{action: view.ActionLesson, chars: []rune("lL")},
	{action: view.ActionFullscreen, chars: []rune("fF")},
	{action: view.ActionTheme, chars: []rune("tT")},
	{action: view.ActionReset, chars: []rune("rR")},
	{action: view.ActionHelp, chars: []rune{'?'}},
	{action: view.ActionChart, chars: []rune("cC")},
	{action: view.ActionOverlay, chars: []rune("oO")},
	{action: view.ActionToggleMode, value: int(view.ModeChange), chars: []rune("jJ")},
	{action: view.ActionToggleMode, value: int(view.ModeLoad), chars: []rune("hH")},
	{action: view.ActionToggleMode, value: int(view.ModeTokens), chars: []rune("kK")},
	{action: view.ActionZoom, value: 1, chars: []rune("+=")}, // = is + without Shift on most keyboards
	{action: view.ActionZoom, value: -1, chars: []rune("-_")},
}

// readKeys turns this tick's key presses into intents, unless the person
// is typing into a field.
func (g *Game) readKeys() {
	if g.typing() {
		if inpututil.IsKeyJustPressed(ebiten.KeyEscape) || inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
			g.ui.ClearFocus()
		}
		return
	}
	g.chars = ebiten.AppendInputChars(g.chars[:0])
	if g.focusKeys() {
		return
	}
	if g.model.ShowHelp && inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		g.emit(view.Intent{Action: view.ActionCloseHelp})
	}
	fine := ebiten.IsKeyPressed(ebiten.KeyShift)
	for _, b := range keyBindings {
		if b.action == view.ActionSeed {
			for _, c := range g.chars {
				if c >= '0' && c <= '9' {
					g.emit(view.Intent{Action: view.ActionSeed, Value: int(c - '0')})
				}
			}
			continue
		}
		if b.triggered(g.chars) {
			g.emit(view.Intent{Action: b.action, Value: b.value, Fine: fine})
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
	_, ok := g.ui.GetFocusedWidget().(*guessField)
	return ok
}

// hoverInfo is the node under the pointer (or the last tap), if any.
type hoverInfo struct {
	node int // -1 for none
	x, y float64
	text string
	of   view.Settings // the settings text describes
}

// updateHover follows the pointer; ebitenui's input reports a finger on a
// touch screen as the cursor, so a tap works like a hover.
func (g *Game) updateHover() {
	cx, cy := input.CursorPosition()
	x, y := float64(cx), float64(cy)
	node := -1
	// No tooltip while one would give a lesson's answer away, or once the
	// pointer has left the window (its last position is still reported).
	if !g.model.ShowHelp && !g.model.Concealed() && pointerInside() && g.layout.Screen.Contains(x, y) {
		node = g.scene.NodeAt(x, y)
	}
	if node != g.hover.node || g.hover.of != g.shown {
		g.hover.text = ""
		if node >= 0 {
			g.hover.text = g.describeNode(node)
		}
	}
	g.hover.node, g.hover.x, g.hover.y, g.hover.of = node, x, y, g.shown
	g.scene.SetHover(node)
}

// describeNode is the tooltip's text. Every node owns exactly V ranges
// (the newcomer of a join too).
func (g *Game) describeNode(node int) string {
	v := g.shown.V
	ranges := fmt.Sprintf("%d %s", v, plural(v, "range", "ranges"))
	switch {
	case g.shown.Mode == view.ModeChange && g.change != nil:
		c := &g.change.Seed
		if node >= len(c.After.Loads) {
			return ""
		}
		after := float64(c.After.Loads[node]) / float64(sim.RingSize)
		if c.Kind == sim.Join && node == c.Node {
			return fmt.Sprintf("Node %s, the newcomer\n%s · %.1f%% of the ring\n%.2f× a fair share of %d nodes",
				sim.NodeName(node), ranges, 100*after, c.NodeShare, c.Members)
		}
		before := float64(c.Before.Loads[node]) / float64(sim.RingSize)
		verb := "gave"
		if c.Kind != sim.Join {
			verb = "took"
		}
		return fmt.Sprintf("Node %s\n%.1f%% of the ring before, %.1f%% after\n%s %.1f%% of the ring",
			sim.NodeName(node), 100*before, 100*after, verb, 100*float64(c.Gift[node])/float64(sim.RingSize))
	case g.shown.Mode == view.ModeLoad && g.workload != nil:
		w := &g.workload.Selected
		if node >= len(w.Request) {
			return ""
		}
		return fmt.Sprintf("Node %s\n%s · data %.2f× its fair share\nrequests %.2f× its fair share",
			sim.NodeName(node), ranges, w.Data[node], w.Request[node])
	}
	r := &g.result.Ring
	if node >= r.Nodes {
		return ""
	}
	share := r.Share(node)
	return fmt.Sprintf("Node %s\n%s · %.1f%% of the ring\n%.2f× its fair share",
		sim.NodeName(node), ranges, 100*share/float64(r.Nodes), share)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// pickLeaver lets a click on a node choose who leaves or fails.
func (g *Game) pickLeaver() {
	w := g.model.Want
	if w.Mode != view.ModeChange || w.Change == sim.Join || g.hover.node < 0 || g.hover.node >= w.Nodes {
		return
	}
	if input.MouseButtonJustPressed(ebiten.MouseButtonLeft) {
		g.emit(view.Intent{Action: view.ActionLeaver, Value: g.hover.node + 1})
	}
}
