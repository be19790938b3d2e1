//go:build !js

package app

import (
	"bytes"
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/views"
	"vnodes/sim"
)

// settled ticks until the widgets' kept drawing is the one on screen.
func settled(t *testing.T, g *Game) {
	t.Helper()
	tick(t, g, settleFrames+2)
}

// A drag of V changes no widget, so the widgets are not drawn again; a
// click that presses another button is.
func TestWidgetsAreDrawnAgainOnlyWhenTheirLookChanges(t *testing.T) {
	g := newTestGame(t, view.Settings{V: 2, Nodes: 10, Theme: view.Dark}) // V=2: no preset button is pressed
	settled(t, g)
	before := g.uiLayer.renders
	for _, v := range []int{3, 5, 100, 300} {
		g.emit(view.Intent{Action: view.ActionSetV, Value: v})
		tick(t, g, 2)
	}
	if g.shown.V != 300 {
		t.Fatalf("V shown %d, want 300", g.shown.V)
	}
	if got := g.uiLayer.renders - before; got != 0 {
		t.Fatalf("a drag of V drew the widgets %d more times; nothing on them changed", got)
	}
	click(t, g, "assignRandom")
	settled(t, g)
	if g.uiLayer.renders == before {
		t.Fatal("pressing another assignment button did not draw the widgets again")
	}
}

// The kept drawing is what drawing the widgets now would give, after each
// kind of change they show: a pressed button, a new step's card, a typed
// guess, a new seed.
func TestKeptWidgetDrawingIsCurrent(t *testing.T) {
	g := newTestGame(t, lesson.Settings(views.All, 1, view.Dark))
	check := func(after string) {
		t.Helper()
		settled(t, g)
		if g.uiLayer.fallback {
			t.Fatalf("after %s: a widget whose look is not read, so every frame draws them all", after)
		}
		fresh := newScreen(1600, 900)
		defer fresh.Deallocate()
		g.widgets.UI.Draw(fresh)
		want, got := make([]byte, 4*1600*900), make([]byte, 4*1600*900)
		fresh.ReadPixels(want)
		g.uiLayer.img.ReadPixels(got)
		if !bytes.Equal(got, want) {
			t.Fatalf("after %s: the kept drawing of the widgets differs from drawing them now", after)
		}
	}
	check("opening the lesson")
	click(t, g, "choice2")
	check("picking a choice")
	field := g.widgets.Named["prediction"].(*widget.TextInput)
	field.Focus(true)
	field.Insert("2.5")
	settled(t, g)
	// While the field has the keyboard its caret blinks, which ebitenui
	// does not tell: the widgets are drawn every frame until it lets go.
	if !g.uiLayer.fallback {
		t.Fatal("the widgets are kept while a caret blinks in them")
	}
	field.Focus(false)
	check("typing a guess")
	click(t, g, "lessonNext")
	check("the reveal")
	click(t, g, "sandbox")
	check("leaving the lesson")
	click(t, g, "seedPlus")
	check("the next seed")
	click(t, g, "assignRandom")
	check("random assignment")
	if g.model.Want.Assign != sim.Random || g.model.Want.Seed != 1 {
		t.Fatalf("the clicks did not all land: %+v", g.model.Want)
	}
}

// Hover and press effects follow the pointer over a widget; pressing on
// the slider and moving over the ring or along it, as a drag does, leave
// the look alone.
func TestLookFollowsThePointerOnlyOverWidgets(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	sum := func(p pointer) uint64 {
		s, ok := look(g.widgets.UI.Container, g.uiGen, p)
		if !ok {
			t.Fatal("a widget whose look is not read")
		}
		return s
	}
	centre := func(name string) image.Point {
		r := g.widgets.Named[name].GetWidget().Rect
		return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
	}
	ring, slider := g.layout.Ring, g.layout.VSlider
	onRing := sum(pointer{x: int(ring.X), y: int(ring.Y)})
	if sum(pointer{x: int(ring.X + ring.R/2), y: int(ring.Y)}) != onRing {
		t.Error("moving over the ring changed the widgets' look")
	}
	if sum(pointer{x: int(slider.X + slider.W/2), y: int(slider.Y + slider.H/2), pressed: true}) !=
		sum(pointer{x: int(slider.X + slider.W/3), y: int(slider.Y + slider.H/2), pressed: true}) {
		t.Error("dragging along the slider changed the widgets' look")
	}
	if sum(pointer{x: int(slider.X + slider.W/2), y: int(slider.Y + slider.H/2), pressed: true}) !=
		sum(pointer{x: int(slider.X + slider.W/2), y: int(slider.Y + slider.H/2)}) {
		t.Error("pressing on the slider, as a drag begins, changed the widgets' look")
	}
	b := centre("seedPlus")
	over := sum(pointer{x: b.X, y: b.Y})
	if over == onRing {
		t.Error("the pointer over a button looks the same as over the ring")
	}
	if sum(pointer{x: b.X, y: b.Y, pressed: true}) == over {
		t.Error("pressing a button looks the same as hovering over it")
	}
}

// The widgets reach the screen through their own rectangles of the kept
// drawing only, and the screen is the one copying the drawing whole would
// give: no widget draws outside its rectangle, none is blended twice.
func TestWidgetLayerCopiesOnlyTheWidgets(t *testing.T) {
	for name, s := range map[string]view.Settings{"the main screen": views.All.Default(), "the lesson": lesson.Settings(views.All, 1, view.Dark)} {
		g := newTestGame(t, s)
		settled(t, g)
		l := &g.uiLayer
		if l.parts == nil {
			t.Fatalf("%s: two top-level widgets overlap, so the layer is copied whole", name)
		}
		area := 0
		for _, p := range l.parts {
			area += p.img.Bounds().Dx() * p.img.Bounds().Dy()
		}
		b := l.img.Bounds()
		if area*2 > b.Dx()*b.Dy() {
			t.Errorf("%s: the widgets' rectangles cover %d of %d pixels: copying them saves little", name, area, b.Dx()*b.Dy())
		}
		whole, parts := newScreen(b.Dx(), b.Dy()), newScreen(b.Dx(), b.Dy())
		defer whole.Deallocate()
		defer parts.Deallocate()
		bg := g.scene.Palette().Background
		whole.Fill(bg)
		whole.DrawImage(l.img, nil)
		parts.Fill(bg)
		l.draw(parts, g.widgets.UI, l.drawn, true)
		want, got := make([]byte, 4*b.Dx()*b.Dy()), make([]byte, 4*b.Dx()*b.Dy())
		whole.ReadPixels(want)
		parts.ReadPixels(got)
		if !bytes.Equal(got, want) {
			diff := 0
			for i := range want {
				if want[i] != got[i] {
					diff++
				}
			}
			t.Errorf("%s: %d bytes of the screen differ from copying the widgets' drawing whole", name, diff)
		}
	}
}

// The first frame is the scene alone: the widgets, whose first drawing
// is a large part of a browser's first frame, come with the second.
func TestTheWidgetsComeWithTheSecondFrame(t *testing.T) {
	g := newGame(views.All.Default(), nil)
	t.Cleanup(func() { stopWork(g) })
	g.Layout(1600, 900)
	screen := newScreen(1600, 900)
	defer screen.Deallocate()
	colours := func() int { // the colours in the V+ button's rectangle
		r := g.layout.VPlus
		px := make([]byte, 4*1600*900)
		screen.ReadPixels(px)
		seen := map[[4]byte]bool{}
		for y := int(r.Y); y < int(r.Y+r.H); y++ {
			for x := int(r.X); x < int(r.X+r.W); x++ {
				i := 4 * (y*1600 + x)
				seen[[4]byte(px[i:i+4])] = true
			}
		}
		return len(seen)
	}
	frame := func() {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.Draw(screen)
	}
	frame()
	if n := colours(); n != 1 {
		t.Errorf("after the first frame the V+ button's place has %d colours; want the background alone", n)
	}
	frame()
	if n := colours(); n < 3 {
		t.Errorf("after the second frame the V+ button's place has %d colours; want the button, its border and its sign", n)
	}
}
