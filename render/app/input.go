package app

import (
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"vnodes/assets/lang"
	"vnodes/render/view"
)

// keyBinding ties an action to the keys that trigger it. Letters go by the
// character typed, so they work on any keyboard layout.
type keyBinding struct {
	action view.Action
	value  int          // the intent's Value
	keys   []ebiten.Key // physical keys (arrows, Space)
	chars  []rune       // typed characters
}

// commonKeys are the keys every view has; each view's shortcut adds its
// letter (keyBindings).
var commonKeys = []keyBinding{
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
	{action: view.ActionSavePicture, chars: []rune("sS")},
	{action: view.ActionCopyFigures, chars: []rune("eE")},
	{action: view.ActionLanguage, chars: []rune("iI")},
	{action: view.ActionHelp, chars: []rune{'?'}},
	{action: view.ActionChart, chars: []rune("cC")},
	{action: view.ActionOverlay, chars: []rune("oO")},
	{action: view.ActionZoom, value: 1, chars: []rune("+=")}, // = is + without Shift on most keyboards
	{action: view.ActionZoom, value: -1, chars: []rune("-_")},
}

// keyBindings are the common keys and each view's letter.
func keyBindings(r *view.Registry) []keyBinding {
	out := slices.Clone(commonKeys)
	for _, sc := range r.Shortcuts() {
		if sc.Action == view.ActionToggleMode {
			out = append(out, keyBinding{action: sc.Action, value: sc.Value,
				chars: []rune(strings.ToLower(sc.Label) + strings.ToUpper(sc.Label))})
		}
	}
	return out
}

// readKeys turns this tick's key presses into intents, unless the person
// is typing into a field.
func (g *Game) readKeys() {
	if g.typing() {
		if inpututil.IsKeyJustPressed(ebiten.KeyEscape) || inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
			g.widgets.UI.ClearFocus()
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
	if g.keys == nil {
		g.keys = keyBindings(g.model.Views)
	}
	for _, b := range g.keys {
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
		if slices.Contains(chars, want) {
			return true
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
	_, ok := g.widgets.UI.GetFocusedWidget().(*widget.TextInput)
	return ok
}

// hoverInfo is the node under the pointer (or the last tap), if any.
type hoverInfo struct {
	node int // -1 for none
	x, y float64
	text string
	of   view.Settings // the settings text describes…
	lang string        // …and its language
}

// updateHover follows the pointer: the host reports a finger's position
// too, and keeps it once the finger is lifted, so a tap works like a hover.
func (g *Game) updateHover() {
	x, y, inside := g.host.Pointer(g.dsf)
	node := -1
	// No tooltip while one would give a lesson's answer away, or once the
	// pointer has left the window (its last position is still reported).
	if !g.model.ShowHelp && !g.model.Concealed() && inside && g.layout.Screen.Contains(x, y) {
		node = g.scene.NodeAt(x, y)
	}
	if node != g.hover.node || g.hover.of != g.shown || g.hover.lang != lang.Current() {
		g.hover.text = ""
		if node >= 0 {
			g.hover.text = g.describeNode(node)
		}
	}
	g.hover.node, g.hover.x, g.hover.y, g.hover.of, g.hover.lang = node, x, y, g.shown, lang.Current()
	g.scene.SetHover(node)
}

// describeNode is the tooltip's text.
func (g *Game) describeNode(node int) string {
	if g.result == nil {
		return ""
	}
	return view.TooltipOf(g.result, node)
}

// click lets a press on a node ask the view for something (in the join &
// leave view: who leaves).
func (g *Game) click() {
	w := g.model.Want
	c, ok := w.View.(view.Clicker)
	if !ok || g.hover.node < 0 || !input.MouseButtonJustPressed(ebiten.MouseButtonLeft) {
		return
	}
	if in, ok := c.Click(g.hover.node, w); ok {
		g.emit(in)
	}
}
