package app

import (
	"cmp"
	"image"
	"math"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"vnodes/render/paint"
	"vnodes/render/view"
)

// keyFocus is the canvas control that the keyboard is on. Tab and
// Shift+Tab move it through the controls in reading order, Enter or Space
// presses it, ← and → work a focused stepper (or nudge V on the slider),
// Esc or a click lets go. A ring is drawn round it, so that someone without
// a mouse can see where they are. It is kept by name, since the widgets
// are rebuilt whenever the layout or the view changes.
type keyFocus struct {
	name string // a key of widgets.Set.Named, sliderFocus, or "" for none
}

// sliderFocus names the V slider, which is drawn by the scene rather than
// being a widget.
const sliderFocus = "vSlider"

// focusable is one stop of the Tab order.
type focusable struct {
	name string
	rect image.Rectangle
}

// order lists the controls Tab visits: every button on screen, and the
// slider, row by row from the top, left to right within a row.
func (g *Game) focusOrder() []focusable {
	var out []focusable
	for name, w := range g.widgets.Named {
		if _, ok := w.(*widget.Button); ok && w.GetWidget().IsVisible() && !w.GetWidget().Disabled {
			out = append(out, focusable{name, w.GetWidget().Rect})
		}
	}
	if g.layout.VSlider.W > 0 {
		r := g.layout.VSlider
		out = append(out, focusable{sliderFocus, image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))})
	}
	row := func(r image.Rectangle) int {
		return int(math.Round(float64(r.Min.Y+r.Max.Y) / 2 / (20 * g.layout.Scale)))
	}
	slices.SortFunc(out, func(a, b focusable) int {
		return cmp.Or(cmp.Compare(row(a.rect), row(b.rect)), cmp.Compare(a.rect.Min.X, b.rect.Min.X))
	})
	return out
}

// focusKeys handles the keys that move or use the focus, and reports
// whether it used this tick's keys (the shortcuts then stay quiet).
func (g *Game) focusKeys() bool {
	f := &g.focus
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) || len(inpututil.AppendJustPressedTouchIDs(nil)) > 0 {
		f.name = ""
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyTab) {
		order := g.focusOrder()
		if len(order) == 0 {
			return true
		}
		i := slices.IndexFunc(order, func(x focusable) bool { return x.name == f.name })
		switch {
		case ebiten.IsKeyPressed(ebiten.KeyShift) && i <= 0:
			i = len(order) - 1
		case ebiten.IsKeyPressed(ebiten.KeyShift):
			i--
		default:
			i = (i + 1) % len(order)
		}
		f.name = order[i].name
		r := order[i].rect
		g.bringIntoView(float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y))
		return true
	}
	if f.name == "" {
		return false
	}
	if _, ok := g.widgets.Named[f.name]; !ok && f.name != sliderFocus {
		f.name = "" // that control went with the last rebuild
		return false
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape) && !g.model.ShowHelp:
		f.name = ""
		return true
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeySpace):
		if b, ok := g.widgets.Named[f.name].(*widget.Button); ok {
			b.Click()
		}
		return true
	}
	left, right := inpututil.IsKeyJustPressed(ebiten.KeyArrowLeft) || repeating(ebiten.KeyArrowLeft),
		inpututil.IsKeyJustPressed(ebiten.KeyArrowRight) || repeating(ebiten.KeyArrowRight)
	if !left && !right {
		return false
	}
	if f.name == sliderFocus {
		action := view.ActionVUp
		if left {
			action = view.ActionVDown
		}
		g.emit(view.Intent{Action: action, Fine: true})
		return true
	}
	// A stepper's − and + (seed, nodes, the views' knobs): the arrows press them.
	prefix, ok := strings.CutSuffix(f.name, "Minus")
	if !ok {
		prefix, ok = strings.CutSuffix(f.name, "Plus")
	}
	if !ok {
		return false
	}
	side := prefix + "Plus"
	if left {
		side = prefix + "Minus"
	}
	if b, ok := g.widgets.Named[side].(*widget.Button); ok {
		b.Click()
		return true
	}
	return false
}

// drawFocus rings the focused control.
func (g *Game) drawFocus(screen *ebiten.Image) {
	r := g.focusRect()
	if r.Empty() {
		return
	}
	s := g.layout.Scale
	gap, width := 4*s, max(2, 3*s)
	pal := g.scene.Palette()
	paint.Frame(screen, float64(r.Min.X)-gap, float64(r.Min.Y)-gap, float64(r.Dx())+2*gap, float64(r.Dy())+2*gap, width, pal.Text)
}

// focusRect is the focused control's rectangle, empty for none.
func (g *Game) focusRect() image.Rectangle {
	switch w, ok := g.widgets.Named[g.focus.name]; {
	case g.focus.name == "":
		return image.Rectangle{}
	case g.focus.name == sliderFocus:
		l := g.layout.VSlider
		return image.Rect(int(l.X), int(l.Y), int(l.X+l.W), int(l.Y+l.H))
	case ok:
		return w.GetWidget().Rect
	}
	return image.Rectangle{}
}
