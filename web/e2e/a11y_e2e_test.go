//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"vnodes/sim"
)

// axValue is a computed accessibility value; the tree is read through a
// raw CDP call with structs of our own, because the pinned cdproto does not
// know every property name this Chromium reports.
type axValue struct {
	Value json.RawMessage `json:"value"`
}

type axNode struct {
	Ignored    bool     `json:"ignored"`
	Role       *axValue `json:"role"`
	Name       *axValue `json:"name"`
	Value      *axValue `json:"value"`
	Properties []struct {
		Name  string   `json:"name"`
		Value *axValue `json:"value"`
	} `json:"properties"`
}

// axText turns a computed value into plain text.
func axText(v *axValue) string {
	if v == nil || len(v.Value) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(v.Value, &s) == nil {
		return s
	}
	return string(v.Value)
}

// axTree is the page as assistive technology sees it.
func (p *page) axTree() []*axNode {
	p.t.Helper()
	var res struct {
		Nodes []*axNode `json:"nodes"`
	}
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		return cdp.Execute(ctx, "Accessibility.getFullAXTree", nil, &res)
	}))
	return res.Nodes
}

// axFind returns the first node whose role is role and whose name or
// value contains text.
func axFind(nodes []*axNode, role, text string) *axNode {
	for _, n := range nodes {
		if n.Ignored || axText(n.Role) != role {
			continue
		}
		if strings.Contains(axText(n.Name), text) || strings.Contains(axText(n.Value), text) {
			return n
		}
	}
	return nil
}

// A screen reader finds a summary naming V and the imbalance, a slider for
// V that follows the canvas, and controls whose keys change the app.
func TestScreenReaderSeesTheApp(t *testing.T) {
	p := openApp(t, "")
	p.waitFrames(10) // the summary settles
	tree := p.axTree()
	if axFind(tree, "StaticText", "V = 1 range") == nil || axFind(tree, "StaticText", "2.804 times its fair share") == nil {
		t.Fatal("no text in the accessibility tree names V = 1 and the imbalance 2.804")
	}
	slider := axFind(tree, "slider", "")
	if slider == nil || axText(slider.Value) != "1" {
		t.Fatalf("no slider for V at 1 in the accessibility tree (%+v)", slider)
	}

	// A drag on the canvas moves the page's slider too.
	canvas := p.control("vSlider")
	y := canvas.Y + canvas.H/2
	p.drag(sliderXFor(canvas, 1), y, sliderXFor(canvas, 16), y, 3)
	p.waitFrames(3)
	slider = axFind(p.axTree(), "slider", "")
	if slider == nil || axText(slider.Value) != "16" {
		t.Fatalf("after a drag to 16 the slider reads %+v", slider)
	}
	var valuetext string
	p.run(chromedp.Evaluate(`document.getElementById("a11y-v").getAttribute("aria-valuetext")`, &valuetext))
	if valuetext != "16 ranges per node" {
		t.Errorf("the slider's aria-valuetext is %q", valuetext)
	}

	// Keys on the page's own controls change the app.
	p.run(chromedp.Focus("#a11y-v", chromedp.ByID))
	p.press(keyArrowRight)
	expect(t, p, "→ on the focused slider adds one range", func(s appState) bool { return s.V == 17 })
	p.setControl("a11y-n", "12", "change")
	p.waitFrames(2)
	expect(t, p, "typing 12 nodes", func(s appState) bool { return s.Nodes == 12 })
	p.run(chromedp.Focus("#a11y-lesson-toggle", chromedp.ByID))
	p.press(keySpace)
	expect(t, p, "the lesson button starts the lesson", func(s appState) bool { return s.Step == 1 })
	p.waitFrames(10)
	if axFind(p.axTree(), "radio", "nearly 3×") == nil {
		t.Error("the lesson's choices are not in the accessibility tree")
	}
	var visible bool
	p.run(chromedp.Evaluate(`getComputedStyle(document.getElementById("a11y")).clipPath === "none"`, &visible))
	if !visible {
		t.Error("the text twin stays out of sight while it has the keyboard")
	}
}

// Without a theme in the link, a reader who prefers light pages gets the
// light theme, and one who prefers dark ones the dark theme.
func TestThemeFollowsThePreference(t *testing.T) {
	p := openApp(t, "?v=16")
	if s := p.state(); s.Theme != "dark" {
		t.Fatalf("preferring dark: theme %q", s.Theme)
	}
	light := emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}})
	p.run(light, chromedp.Navigate(siteURL+"/?v=16"))
	p.waitFor(`window.vnodes && window.vnodes.state().frames > 2`)
	if s := p.state(); s.Theme != "light" {
		t.Fatalf("preferring light: theme %q", s.Theme)
	}
	p.run(chromedp.Navigate(siteURL + "/?v=16&theme=projector"))
	p.waitFor(`window.vnodes && window.vnodes.state().frames > 2`)
	if s := p.state(); s.Theme != "projector" {
		t.Fatalf("a link's theme wins over the preference: theme %q", s.Theme)
	}
}

// The page's table lists every node's load as sim has it, filled a slice
// of rows at a time once the figures settle (a whole table of hundreds
// of rows at once held the page).
func TestScreenReaderTableListsEveryNode(t *testing.T) {
	const nodes = 250
	p := openApp(t, fmt.Sprintf("?n=%d&v=4&seed=3", nodes))
	p.settle()
	p.waitForWithin(fmt.Sprintf(`document.querySelectorAll("#a11y-loads tbody tr").length === %d`, nodes), time.Minute)
	want, err := sim.Run(sim.Params{Nodes: nodes, V: 4, Seeds: 20, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	p.run(chromedp.Evaluate(`[...document.querySelectorAll("#a11y-loads tbody tr")].map(r => [...r.children].map(c => c.textContent))`, &rows))
	for _, i := range []int{0, 1, nodes / 2, nodes - 1} {
		share := want.Ring.Share(i)
		w := []string{sim.NodeName(i), "4", fmt.Sprintf("%.1f%%", 100*share/nodes), fmt.Sprintf("%.2f", share)}
		if !slices.Equal(rows[i], w) {
			t.Errorf("row %d reads %q, want %q", i, rows[i], w)
		}
	}
}
