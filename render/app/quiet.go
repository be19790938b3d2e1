package app

import (
	"image"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/panel"
)

// A frame whose picture would be the last one's draws nothing. The screen
// is not cleared between frames (main.go), so it still shows that picture,
// and ebiten stops presenting a screen nobody drew to. In a browser without
// a GPU the graphics work of every frame is CPU the page shares: an idle
// page then costs nothing, and a change is drawn without the previous
// idle frames' rasterising still holding the cores.
type quietFrames struct {
	last    frameKey
	drawnAt time.Time
	drawn   int // frames drawn, for window.vnodes.state() and tests
}

// frameKey is everything the screen's picture depends on besides the
// cached scene and the kept widget drawing, whose own checks say whether
// they are current.
type frameKey struct {
	screen    *ebiten.Image // a new screen (a resize, a test's image) starts blank
	upright   bool
	palette   *panel.Palette
	scale     float64
	slider    [2]int
	sliderHot [2]bool
	focus     string
	focusRect image.Rectangle
	hover     hoverInfo
	progress  float64 // as drawn (see progressShown), -1 for none
	working   string
	notices   *string // the list's first element: a new list is a new array
	noticesN  int
	zoom      float64
	help      bool
}

// refreshEvery bounds how long a picture stands undrawn: should some
// change escape frameKey, it shows within that time, not never.
const refreshEvery = time.Second

// needed reports whether this frame must be drawn: sceneCurrent and
// widgetsCurrent are the caches' own answers.
func (q *quietFrames) needed(k frameKey, sceneCurrent, widgetsCurrent bool, now time.Time) bool {
	return k != q.last || !sceneCurrent || !widgetsCurrent || now.Sub(q.drawnAt) >= refreshEvery
}

// shows reports whether screen holds a picture this game drew: one a
// large paint can leave standing for a frame or two more.
func (q *quietFrames) shows(screen *ebiten.Image) bool { return q.drawn > 0 && q.last.screen == screen }

// mark notes that the frame with key k is being drawn.
func (q *quietFrames) mark(k frameKey, now time.Time) {
	q.last, q.drawnAt = k, now
	q.drawn++
}

// paintBudget is the Go time a frame, Update included, spends before a
// large paint of the scene leaves the rest to the next frame (see
// PaintWithin; Game.paintBudget, which tests may lower). Ordinary frames,
// a step of V included, take a few milliseconds.
const paintBudget = 30 * time.Millisecond

// frameKey sums up this frame's picture outside the scene and the widgets.
func (g *Game) frameKey(screen *ebiten.Image) frameKey {
	k := frameKey{screen: screen, upright: g.upright(), palette: g.scene.Palette(), scale: g.layout.Scale,
		slider:    [2]int{g.slider.scale.Pos(g.model.Want.V), g.slider.scale.Max()},
		sliderHot: [2]bool{g.slider.hot, g.slider.dragging},
		focus:     g.focus.name, focusRect: g.focusRect(),
		progress: -1, zoom: g.zoomed.zoom, help: g.model.ShowHelp, noticesN: len(g.notices.list)}
	if g.hover.node >= 0 {
		k.hover = g.hover
	}
	if g.job != nil && time.Since(g.job.started) > progressDelay {
		k.progress, k.working = progressShown(g.job.progress()), workingText(g.job.settings)
	}
	if len(g.notices.list) > 0 {
		k.notices = &g.notices.list[0]
	}
	return k
}

// progressShown rounds the work's fraction to a 250th, about two pixels of
// the progress bar, so that the box is drawn again when it visibly moves,
// not after every piece of work.
func progressShown(f float64) float64 { return math.Round(f*250) / 250 }
