//go:build !js

package app

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/view"
	"vnodes/render/views"
	"vnodes/render/views/change"
)

// A frame with nothing new draws nothing, and the screen it leaves is the
// one drawing the whole picture afresh would give, after each kind of
// change drawn outside the cached scene and widgets: a new V, the focus
// ring, the keyboard overlay, a notice, another theme, a zoom.
func TestQuietFramesLeaveTheRightPicture(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	screen := newScreen(1600, 900) // one screen, kept between frames as ebiten keeps it
	defer screen.Deallocate()
	frames := func(n int) { t.Helper(); frameOn(t, g, screen, n) }
	check := func(after string) {
		t.Helper()
		frames(settleFrames + 2)
		drawn := g.quiet.drawn
		frames(3)
		if g.quiet.drawn != drawn {
			t.Fatalf("after %s: %d of 3 frames with nothing new were drawn", after, g.quiet.drawn-drawn)
		}
		kept := g.quiet
		fresh := newScreen(1600, 900) // a new screen: drawn whole
		defer fresh.Deallocate()
		g.Draw(fresh)
		if g.quiet.drawn == kept.drawn {
			t.Fatalf("after %s: a new screen was not drawn", after)
		}
		g.quiet = kept
		want, got := make([]byte, 4*1600*900), make([]byte, 4*1600*900)
		fresh.ReadPixels(want)
		screen.ReadPixels(got)
		// Within rounding: an antialiased edge drawn onto another image of
		// ebiten's atlas may round one level apart.
		if n := bytesApart(got, want, 2); n > 0 {
			t.Fatalf("after %s: %d bytes of the screen left by the quiet frames differ from the picture drawn afresh", after, n)
		}
	}
	check("opening")
	g.emit(view.Intent{Action: view.ActionSetV, Value: 16})
	check("a new V")
	g.focus.name = "seedPlus"
	check("the focus on a button")
	g.focus.name = sliderFocus
	check("the focus on the slider")
	g.emit(view.Intent{Action: view.ActionHelp})
	check("the keyboard overlay")
	g.emit(view.Intent{Action: view.ActionCloseHelp})
	check("closing the overlay")
	g.notices.show([]string{"V was too large: 9999 became 4096"}, g.model.Want)
	check("a notice")
	g.emit(view.Intent{Action: view.ActionSetV, Value: 32})
	check("the notice going with a change")
	g.emit(view.Intent{Action: view.ActionTheme})
	check("another theme")
	g.emit(view.Intent{Action: view.ActionZoom, Value: 1})
	check("a zoom")
}

// bytesApart counts the bytes of a and b more than tol apart.
func bytesApart(a, b []byte, tol int) int {
	n := 0
	for i := range a {
		if d := int(a[i]) - int(b[i]); d > tol || d < -tol {
			n++
		}
	}
	return n
}

// frameOn runs n updates and draws onto screen, kept between frames as
// ebiten keeps it.
func frameOn(t *testing.T, g *Game, screen *ebiten.Image, n int) {
	t.Helper()
	for range n {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.Draw(screen)
	}
}

// While a paint is spread over frames the last picture stands, but new
// widgets are laid out at once: the first click on them lands.
func TestWidgetsAreLaidOutWhileAPaintGoesOn(t *testing.T) {
	g := newTestGame(t, views.All.Default())
	screen := newScreen(1600, 900)
	defer screen.Deallocate()
	frameOn(t, g, screen, settleFrames+2)
	g.paintBudget = 0 // every paint spread: a step or eight labels a frame
	g.emit(view.Intent{Action: view.ActionMode, Value: views.All.Index(change.Default)})
	frameOn(t, g, screen, 1)
	if g.scene.Current(1600, 900) {
		t.Fatal("the join & leave view was painted in one frame: nothing here is checked")
	}
	if r := g.widgets.Named["changeLeave"].GetWidget().Rect; r.Empty() {
		t.Fatal("the join & leave view's buttons are not laid out while its scene is painted")
	}
	frameOn(t, g, screen, 40)
	if !g.scene.Current(1600, 900) {
		t.Fatal("the spread paint never ended")
	}
}
