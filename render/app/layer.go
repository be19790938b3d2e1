package app

import (
	"hash/maphash"
	"image"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/paint"
)

// uiLayer keeps the widgets' last drawing and draws it again while nothing
// they show has changed. In the browser ebitenui's drawing was nine tenths
// of a frame's Go time during a drag of V: every button is nine image
// tiles and a line of text, drawn afresh each frame, though a drag changes
// none of them.
type uiLayer struct {
	img      *ebiten.Image
	drawn    uint64 // the look the image shows
	settle   int    // frames still to draw afresh after a change
	renders  int    // times the widgets were drawn, for tests
	fallback bool   // the last look could not be read: drawn every frame
	// parts are the pieces of img that hold widgets, one per top-level
	// widget, found when the widgets are drawn; nil: copy img whole.
	parts []layerPart
	op    ebiten.DrawImageOptions // reused: a part is drawn every frame
}

// layerPart is one widget's rectangle of the layer, ready to copy.
type layerPart struct {
	img *ebiten.Image // a sub-image of the layer
	at  ebiten.GeoM
}

// settleFrames redraws a little after each change: ebitenui applies some
// of an input's effects on the next update.
const settleFrames = 2

// current reports whether draw would only copy the kept image again.
func (l *uiLayer) current(size image.Point, look uint64, readable bool) bool {
	return readable && l.img != nil && l.img.Bounds().Size() == size && look == l.drawn && l.settle <= 0
}

// draw puts the widgets on screen, from the kept image when their look has
// not changed; readable is look's ok (false: draw them every frame).
func (l *uiLayer) draw(screen *ebiten.Image, ui *ebitenui.UI, look uint64, readable bool) {
	l.refresh(screen.Bounds().Size(), ui, look, readable)
	if l.parts == nil {
		screen.DrawImage(l.img, nil)
		return
	}
	// Only the widgets' rectangles: the layer is mostly empty, and blending
	// it whole is one more full-screen pass for a GPU that, in a browser
	// without one, is the CPU the page runs on.
	for i := range l.parts {
		l.op.GeoM = l.parts[i].at
		screen.DrawImage(l.parts[i].img, &l.op)
	}
}

// refresh draws the widgets into the kept image if their look changed,
// without putting them on screen. ebitenui lays new widgets out, and
// places what the pointer can hit, only as it draws them: a frame that
// leaves the old picture on screen while a paint goes on still calls it.
func (l *uiLayer) refresh(size image.Point, ui *ebitenui.UI, look uint64, readable bool) {
	l.fallback = !readable
	var fresh bool
	if l.img, fresh = paint.Sized(l.img, size.X, size.Y); fresh {
		l.settle = settleFrames + 1
	}
	if look != l.drawn {
		l.drawn, l.settle = look, settleFrames+1
	}
	if l.settle > 0 || l.fallback {
		l.settle--
		if !fresh { // a new image is empty already (ebiten.NewImage)
			l.img.Clear()
		}
		ui.Draw(l.img)
		l.renders++
		l.parts = partsOf(l.img, ui)
	}
}

// partsOf is img cut to the rectangles of ui's top-level widgets, or nil
// when two of them overlap (a pixel copied twice would blend twice).
func partsOf(img *ebiten.Image, ui *ebitenui.UI) []layerPart {
	b := img.Bounds()
	var rects []image.Rectangle
	for _, c := range ui.Container.Children() {
		r := c.GetWidget().Rect.Intersect(b)
		if r.Empty() {
			continue
		}
		for _, o := range rects {
			if o.Overlaps(r) {
				return nil
			}
		}
		rects = append(rects, r)
	}
	parts := make([]layerPart, len(rects))
	for i, r := range rects {
		parts[i].img = img.SubImage(r).(*ebiten.Image)
		parts[i].at.Translate(float64(r.Min.X), float64(r.Min.Y))
	}
	return parts
}

// pointer is what the widgets' hover and press effects depend on.
type pointer struct {
	x, y    int
	pressed bool
}

func currentPointer() pointer {
	x, y := input.CursorPosition()
	return pointer{x, y, input.MouseButtonPressed(ebiten.MouseButtonLeft)}
}

// look sums up everything the widgets' drawing depends on: which widgets
// there are and where, their texts and states, which one the pointer is
// over and whether it is pressed there, and the guess field's caret. A
// press outside every button and field (on the slider or the ring) leaves
// the sum alone: it changes no widget's look, and a redraw of them all, in
// the first frames of a drag, made those the drag's slowest. ok is false
// when a widget of another kind is found, whose look it cannot read.
func look(root widget.Containerer, gen int, p pointer) (sum uint64, ok bool) {
	var h maphash.Hash
	h.SetSeed(lookSeed)
	maphash.WriteComparable(&h, gen)
	c, ok := root.(*widget.Container)
	ok = ok && lookOf(&h, c, p)
	return h.Sum64(), ok
}

// lookSeed keeps the sums of one run comparable from frame to frame.
var lookSeed = maphash.MakeSeed()

// widgetLook is what one widget's drawing depends on.
type widgetLook struct {
	rect              image.Rectangle
	disabled, visible bool
	in, pressed       bool // the pointer is over it, and pressed there
	state             widget.WidgetState
	focused           bool
}

// lookOf adds the look of c's widgets to h.
func lookOf(h *maphash.Hash, c *widget.Container, p pointer) bool {
	ok := true
	at := image.Pt(p.x, p.y)
	for _, child := range c.Children() {
		w := child.GetWidget()
		l := widgetLook{rect: w.Rect, disabled: w.Disabled, visible: w.IsVisible(), in: at.In(w.Rect)}
		label := ""
		switch x := child.(type) {
		case *widget.Container:
			ok = lookOf(h, x, p) && ok
		case *widget.Button:
			l.pressed, l.state = l.in && p.pressed, x.State()
			if t := x.Text(); t != nil {
				label = t.Label
			}
		case *widget.Text:
			label = x.Label
		case *widget.TextInput:
			l.pressed, l.focused, label = l.in && p.pressed, x.IsFocused(), x.GetText()
			ok = ok && !x.IsFocused() // its caret blinks while it has the keyboard
		default:
			ok = false
		}
		maphash.WriteComparable(h, l)
		maphash.WriteComparable(h, label)
	}
	return ok
}
