//go:build e2e

package e2e

import (
	"slices"
	"testing"
)

var (
	keyTab   = keyDef{"Tab", "Tab", 9}
	keyEnter = keyDef{"Enter", "Enter", 13}
)

// Without a mouse: Tab walks every canvas control in reading order with a
// ring round the one it is on, Enter presses it, the arrows work a focused
// stepper, Shift+Tab goes back and Esc lets go.
func TestKeyboardFocusWalksTheControls(t *testing.T) {
	p := openApp(t, "")
	var visited []string
	for range 40 {
		p.press(keyTab)
		f := p.state().Display.Focus
		if f == "" || slices.Contains(visited, f) {
			t.Fatalf("after %v, Tab went to %q", visited, f)
		}
		visited = append(visited, f)
		if f == "preset16" {
			break
		}
	}
	if visited[0] != "lesson" || !slices.Contains(visited, "tabTokens") || !slices.Contains(visited, "vSlider") ||
		visited[len(visited)-1] != "preset16" {
		t.Fatalf("Tab visited %v: want the title bar first, the tabs, the slider, and the presets last", visited)
	}
	if slices.Index(visited, "vMinus") > slices.Index(visited, "vSlider") || slices.Index(visited, "vSlider") > slices.Index(visited, "vPlus") {
		t.Errorf("the slider row is out of order: %v", visited)
	}
	before := p.state().V
	p.press(keyEnter)
	expect(t, p, "Enter presses the focused preset", func(s appState) bool { return s.V == 16 && before == 1 })
	p.pressShifted(keyTab)
	expect(t, p, "Shift+Tab goes back one", func(s appState) bool { return s.Display.Focus == "preset1" })
	for i := 0; p.state().Display.Focus != "seedMinus"; i++ {
		if i == 40 {
			t.Fatal("Shift+Tab never reached the seed's − button")
		}
		p.pressShifted(keyTab)
	}
	p.press(keyArrowRight)
	expect(t, p, "→ on the seed stepper shows the next seed, not more ranges", func(s appState) bool { return s.Seed == 1 && s.V == 16 })
	p.press(keySpace)
	expect(t, p, "Space presses the focused − button", func(s appState) bool { return s.Seed == 0 })
	p.press(keyEscape)
	expect(t, p, "Esc lets go of the focus", func(s appState) bool { return s.Display.Focus == "" })
	p.press(keyArrowRight)
	expect(t, p, "without a focus → doubles V again", func(s appState) bool { return s.V == 32 })
}
