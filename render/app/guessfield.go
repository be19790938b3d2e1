package app

import (
	"image"
	"image/color"
	"unicode/utf8"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// guessField is the lesson card's one-line box for a typed guess. It does
// what that box needs and no more: a click gives it the keyboard, typed
// characters go on the end, Backspace takes the last one off, Enter, Esc or
// a click elsewhere lets go (readKeys and ebitenui's UI handle those).
// ebitenui's TextInput would do it too, with selection, a cursor that moves
// and a phone keyboard prompt, at about 20 kB of the compressed download:
// a quarter of what the app may add over a blank program.
type guessField struct {
	widget      *widget.Widget
	text        string
	placeholder string
	face        text.Face
	colours     guessColours
	idle, hot   *eimage.NineSlice // the box's frame without and with the keyboard
	pad         int
	accept      func(string) bool // whether a text may stand (a guess the fonts can draw)
	changed     func(string)
	focused     bool
	ticks       int // since the keyboard came, for the caret's blink
}

// caretBlink is how many ticks the caret stays on, then off.
const caretBlink = 30

type guessColours struct{ text, muted, caret color.Color }

func newGuessField(face text.Face, colours guessColours, idle, hot *eimage.NineSlice, pad int,
	placeholder string, accept func(string) bool, changed func(string), opts ...widget.WidgetOpt) *guessField {
	f := &guessField{face: face, colours: colours, idle: idle, hot: hot, pad: pad, placeholder: placeholder,
		accept: accept, changed: changed}
	f.widget = widget.NewWidget(append(opts, widget.WidgetOpts.MouseButtonPressedHandler(func(*widget.WidgetMouseButtonPressedEventArgs) {
		if !f.focused {
			f.Focus(true)
		}
	}))...)
	return f
}

// Text is the guess as typed so far.
func (f *guessField) Text() string { return f.text }

// SetText replaces the guess without reporting it (the model already has it).
func (f *guessField) SetText(s string) { f.text = s }

// Type adds what was typed, one character at a time, keeping only what
// the field accepts, and reports a change.
func (f *guessField) Type(chars []rune) {
	before := f.text
	for _, c := range chars {
		if next := f.text + string(c); f.accept == nil || f.accept(next) {
			f.text = next
		}
	}
	f.report(before)
}

// Backspace removes the last character and reports a change.
func (f *guessField) Backspace() {
	before := f.text
	if _, size := utf8.DecodeLastRuneInString(f.text); size > 0 {
		f.text = f.text[:len(f.text)-size]
	}
	f.report(before)
}

func (f *guessField) report(before string) {
	if f.text != before && f.changed != nil {
		f.changed(f.text)
	}
}

func (f *guessField) GetWidget() *widget.Widget { return f.widget }

func (f *guessField) SetLocation(r image.Rectangle) { f.widget.Rect = r }

func (f *guessField) Validate() {}

func (f *guessField) PreferredSize() (int, int) {
	m := f.face.Metrics()
	h := int(m.HAscent+m.HDescent) + 2*f.pad
	return max(f.widget.MinWidth, 4*f.pad), max(f.widget.MinHeight, h)
}

func (f *guessField) Update(u *widget.UpdateObject) {
	f.widget.Update(u)
	if !f.focused {
		return
	}
	f.ticks++
	f.Type(ebiten.AppendInputChars(nil))
	if d := inpututil.KeyPressDuration(ebiten.KeyBackspace); d == 1 || d > 24 && d%4 == 0 {
		f.Backspace()
	}
}

func (f *guessField) Render(screen *ebiten.Image) {
	f.widget.Render(screen)
	r := f.widget.Rect
	frame := f.idle
	if f.focused {
		frame = f.hot
	}
	frame.Draw(screen, r.Dx(), r.Dy(), func(op *ebiten.DrawImageOptions) { op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y)) })
	s, c := f.text, f.colours.text
	if s == "" && !f.focused {
		s, c = f.placeholder, f.colours.muted
	}
	// A guess longer than the box shows its end, where the typing is.
	room := float64(r.Dx() - 2*f.pad)
	for s != "" && text.Advance(s, f.face) > room {
		_, size := utf8.DecodeRuneInString(s)
		s = s[size:]
	}
	x, y := float64(r.Min.X+f.pad), float64(r.Min.Y+r.Dy()/2)
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.SecondaryAlign = text.AlignCenter
	text.Draw(screen, s, f.face, op)
	if f.focused && f.ticks/caretBlink%2 == 0 {
		m := f.face.Metrics()
		caretX := x + text.Advance(f.text, f.face)
		if f.text != s {
			caretX = x + text.Advance(s, f.face)
		}
		w := max(1, f.pad/4)
		top := y - (m.HAscent+m.HDescent)/2
		screen.SubImage(image.Rect(int(caretX)+1, int(top), int(caretX)+1+w, int(top+m.HAscent+m.HDescent))).(*ebiten.Image).Fill(f.colours.caret)
	}
}

// Focus gives the field the keyboard or takes it away, and tells the UI,
// which then knows someone is typing.
func (f *guessField) Focus(focused bool) {
	f.widget.FireFocusEvent(f, focused, image.Point{-1, -1})
	f.focused, f.ticks = focused, 0
}

func (f *guessField) IsFocused() bool { return f.focused }

func (f *guessField) TabOrder() int { return 0 }

// The app moves the keyboard between controls itself (focus.go), so the
// field keeps no neighbours for ebitenui's Tab order.
func (f *guessField) GetFocus(widget.FocusDirection) widget.Focuser { return nil }

func (f *guessField) AddFocus(widget.FocusDirection, widget.Focuser) {}
