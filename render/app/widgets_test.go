//go:build !js

package app

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"vnodes/render/app/widgets"
	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/render/view/model"
	"vnodes/render/views"
)

// namedView is a view with another ID and tab name than the one it wraps.
type namedView struct {
	view.View
	id, name string
}

func (v namedView) ID() string   { return v.id }
func (v namedView) Name() string { return v.name }

// One more view and a longer tab name need no code: the tab row lays
// them out within its place, each label whole, none over another.
func TestAnotherTabNeedsNoCode(t *testing.T) {
	all := views.All.Views()
	for _, name := range []string{"more", "Verteilung nach Knotengrößen"} {
		r := view.NewRegistry(append(append([]view.View(nil), all...), namedView{all[0], "more", name})...)
		for _, size := range [][2]float64{{1600, 900}, {1024, 576}} {
			l := geom.NewLayout(size[0], size[1])
			set := widgets.Build(widgets.Spec{Layout: l, Palette: panel.DarkPalette(), Fonts: paint.NewFonts(l.Scale, false),
				Model: model.NewModel(r, r.Default())}, func(view.Intent) {})
			screen := newScreen(int(size[0]), int(size[1]))
			set.UI.Update()
			set.UI.Draw(screen) // ebitenui lays the widgets out as it draws them
			screen.Deallocate()
			l = set.Layout // the row of tabs takes the room its names need, where there is some
			tabs := image.Rect(int(l.Tabs.X), int(l.Tabs.Y), int(l.Tabs.X+l.Tabs.W)+1, int(l.Tabs.Y+l.Tabs.H)+1)
			var placed []image.Rectangle
			for _, v := range r.Views() {
				id := v.ID()
				b, ok := set.Named["tab"+string(id[0]-'a'+'A')+id[1:]].(*widget.Button)
				if !ok {
					t.Fatalf("%q at %v: no tab for %s", name, size, id)
				}
				rect := b.GetWidget().Rect
				if need, _ := b.PreferredSize(); !rect.In(tabs) || need > rect.Dx() {
					t.Errorf("%q at %v: the %s tab at %v needs %d px, in the tab row at %v", name, size, id, rect, need, tabs)
				}
				for _, o := range placed {
					if o.Overlaps(rect) {
						t.Errorf("%q at %v: the %s tab at %v overlaps another at %v", name, size, id, rect, o)
					}
				}
				placed = append(placed, rect)
			}
		}
	}
}

// What the first frame shows is where the widgets, built a frame later,
// leave it, so nothing moves when they come: in each view, at each lesson
// step, wide and on a phone either way up.
func TestNothingMovesWhenTheWidgetsCome(t *testing.T) {
	var openings []view.Settings
	for _, v := range views.All.Views() {
		s := views.All.Default()
		s.View = v
		openings = append(openings, s)
	}
	for step := 1; step <= len(lesson.Of(views.All)); step++ {
		openings = append(openings, lesson.Settings(views.All, step, view.Dark))
	}
	for _, size := range [][2]int{{1600, 900}, {390, 844}, {844, 390}} {
		for _, s := range openings {
			g := newGame(s, nil)
			g.Layout(size[0], size[1])
			screen := newScreen(size[0], size[1])
			frame := func() {
				if err := g.Update(); err != nil {
					t.Fatal(err)
				}
				g.Draw(screen)
			}
			frame()
			if g.widgets.Built() {
				t.Errorf("%v at %v: the widgets were built for the first frame", link.Query(views.All, s), size)
			}
			first := g.layout
			frame()
			if !g.widgets.Built() {
				t.Errorf("%v at %v: the second frame has no widgets", link.Query(views.All, s), size)
			}
			if !first.SameOpening(g.layout) {
				t.Errorf("%v at %v: the title, the ring, V or the bars moved when the widgets came", link.Query(views.All, s), size)
			}
			screen.Deallocate()
			stopWork(g)
		}
	}
}
