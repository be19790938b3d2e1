package app

import (
	"image"
	"math"
	"slices"
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
	k := frameKey{screen: screen, palette: g.scene.Palette(), scale: g.layout.Scale,
		slider:    [2]int{g.slider.Scale.Pos(g.model.Want.V), g.slider.Scale.Max()},
		sliderHot: [2]bool{g.slider.Hot, g.slider.Dragging},
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

// timing is the Go time the app spends, for window.vnodes.state() and the
// browser benchmarks (GPU work is not included: ebiten runs it later).
type timing struct {
	sim, update, draw time.Duration // the last re-simulation (from asking to showing), Update, Draw
	asked             time.Time     // when the settings shown next were asked for
	updateStart       time.Time     // when the latest Update began
	updatesDrawn      int           // updates when the latest Draw began
	frames            int
	updates           int
	// changed holds Update+Draw of the latest frames in which the scene
	// changed, oldest overwritten first: idle frames only copy a cached
	// image and would hide the cost of a change.
	changed     [240]time.Duration
	changedN    int
	lastPaints  int
	paintsSoFar func() int
}

// frameDone closes a frame: Update and Draw are both measured by now.
func (t *timing) frameDone() {
	t.frames++
	if t.paintsSoFar == nil {
		return
	}
	if p := t.paintsSoFar(); p != t.lastPaints {
		t.lastPaints = p
		t.changed[t.changedN%len(t.changed)] = t.update + t.draw
		t.changedN++
	}
}

// frameStart is when this frame began: at its Update, or at its Draw
// (which began at drawStart) when ebiten called no Update before it.
func (t *timing) frameStart(drawStart time.Time) time.Time {
	defer func() { t.updatesDrawn = t.updates }()
	if t.updates == t.updatesDrawn {
		return drawStart
	}
	return t.updateStart
}

// changedFrameMillis returns the 50th and 95th percentiles and the maximum
// of Go time per changed frame, in milliseconds, over the recent frames.
func (t *timing) changedFrameMillis() (p50, p95, most float64) {
	n := min(t.changedN, len(t.changed))
	if n == 0 {
		return 0, 0, 0
	}
	d := slices.Clone(t.changed[:n])
	slices.Sort(d)
	return millis(d[(n-1)/2]), millis(d[(n-1)*95/100]), millis(d[n-1])
}

// reset forgets the changed frames measured so far.
func (t *timing) reset() { t.changedN = 0 }

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
