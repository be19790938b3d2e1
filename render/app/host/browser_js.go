//go:build js

package host

import (
	"encoding/json"
	"math"
	"net/url"
	"runtime"
	"strings"
	"syscall/js"
	"time"

	"github.com/ebitenui/ebitenui/input"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/link"
)

// browser is the app in a web page: its address, its own controls and
// text for screen readers, and the page's hooks for tests
// (window.vnodes).
type browser struct {
	app          App
	textOnly     string // why the page cannot draw the picture, or ""
	lastQuery    string // what the address bar shows
	pendingQuery string // the settings' query, once it differs
	lastShown    view.Settings
	seen         bool
	pendingSince time.Time // when pendingQuery last changed
	hooked       bool
	outside      bool // the pointer has left the page
	pointerX     float64
	pointerY     float64 // the latest pointer event's position, in CSS pixels
	pointerSeen  bool
	choresDue    bool     // chores is waiting to run
	choresFunc   js.Func  // runs chores from a timer
	messages     []string // what the browser said about exports, for the next Sync
	size         struct {
		dpr, w, h float64 // as PageZoom last read them
		ticks     int
		stale     bool // a resize came since
	}
}

// New is the host the program runs in: here, the browser's page.
func New() Host { return &browser{} }

// Open reads the settings from the page's address (?v=16&n=10...).
// Without a theme in the link, the reader's own preference for light or
// dark pages picks it. The language is settled first (the link's, else
// the browser's), so that the notices and the first frame are in it. A
// page that cannot draw the picture shows the app as text instead.
func (b *browser) Open(r *view.Registry) Opening {
	search := js.Global().Get("location").Get("search").String()
	var prefs []string
	if nav := js.Global().Get("navigator"); nav.Truthy() {
		if list := nav.Get("languages"); list.Truthy() {
			for i := range list.Length() {
				prefs = append(prefs, list.Index(i).String())
			}
		} else if one := nav.Get("language"); one.Truthy() {
			prefs = append(prefs, one.String())
		}
	}
	asked, ok := link.LangOf(search)
	ambient, failed := startLanguage(asked, ok, prefs)
	s, notices := link.ParseQuery(r, search)
	if q, err := url.ParseQuery(strings.TrimPrefix(search, "?")); err == nil && !q.Has("theme") && prefers("(prefers-color-scheme: light)") {
		s.Theme = view.Light
	}
	return Opening{Settings: s, Notices: append(notices, failed...), Ambient: ambient}
}

// prefers reports whether a CSS media query matches the reader's settings.
func prefers(query string) bool {
	mm := js.Global().Get("matchMedia")
	return mm.Truthy() && js.Global().Call("matchMedia", query).Get("matches").Bool()
}

// queryDelay is how long settings must stay put before the address bar is
// rewritten: browsers limit how often replaceState may be called, a drag
// changes the settings every frame, and on a slow machine frames come
// hundreds of milliseconds apart, when each rewrite (several milliseconds
// in Chromium) would land inside the drag.
const queryDelay = time.Second

// Sync hands app the intents of the page's controls and the messages of
// exports that finished since the last frame (they finish in browser
// callbacks, between frames). The first time, it removes the loading
// screen and installs window.vnodes; each time it has the page's own copy
// of the app brought up to date after the frame (chores).
func (b *browser) Sync(app App) {
	b.app = app
	if !b.hooked {
		b.hooked = true
		b.installHooks()
		b.choresFunc = js.FuncOf(func(js.Value, []js.Value) any {
			b.choresDue = false
			b.chores()
			return nil
		})
		if el := js.Global().Get("document").Call("getElementById", "loading"); el.Truthy() {
			el.Call("remove")
		}
	}
	for _, in := range a11y.intents {
		app.Emit(in)
	}
	a11y.intents = a11y.intents[:0]
	for _, msg := range b.messages {
		app.Say(msg)
	}
	b.messages = b.messages[:0]
	if !b.choresDue {
		b.choresDue = true
		js.Global().Call("setTimeout", b.choresFunc, 0)
	}
}

// chores keeps the page's own copy of the app (the screen reader's text
// and controls, the address bar) in step. It runs from a timer just after
// the frame rather than inside it: nothing in it is drawn, and the frames
// of a drag should not wait for it.
func (b *browser) chores() {
	s := b.app.Showing()
	if resumeGC(s.Frames > 0 || b.textOnly != "") {
		return
	}
	if !a11y.installed() {
		// Building the screen reader's page is tens of milliseconds of DOM
		// work: a task of its own, after the first frame, rather than part
		// of it. Its text follows at the next chores.
		a11y.install(s.Model.Views, b.textOnly)
		return
	}
	if a11y.lang != lang.Current() { // the language changed: the page is built again in it
		a11y.rebuild(s.Model.Views)
		return
	}
	if !b.seen || s.Shown != b.lastShown {
		b.lastShown, b.seen = s.Shown, true
		b.pendingQuery, b.pendingSince = link.Query(s.Model.Views, s.Shown), time.Now()
	}
	a11y.update(s)
	q := b.pendingQuery
	if q != b.lastQuery && time.Since(b.pendingSince) >= queryDelay {
		b.lastQuery = q
		replaceQuery(q)
	}
}

// replaceQuery rewrites the address bar; a browser that refuses (too many
// calls, a sandboxed frame) must not stop the app.
func replaceQuery(q string) {
	defer func() { _ = recover() }()
	js.Global().Get("history").Call("replaceState", nil, "", "?"+q)
}

// Pointer is where the mouse or finger last was, from the page's own
// pointer events, and whether it is over the page.
func (b *browser) Pointer(scale float64) (x, y float64, inside bool) {
	if !b.pointerSeen {
		cx, cy := input.CursorPosition()
		return float64(cx), float64(cy), !b.outside
	}
	return b.pointerX * scale, b.pointerY * scale, !b.outside
}

// PageZoom reads the page's device pixel ratio and the window's size in
// device pixels (ebiten keeps the ratio it first saw). They are read
// again after a resize event (the browser's zoom sends one) and every
// sizeRereadTicks ticks in case a move to another screen sent none; each
// read is three calls into JavaScript, which every tick would pay for.
func (b *browser) PageZoom() (dpr, w, h float64) {
	z := &b.size
	if z.stale || z.ticks%sizeRereadTicks == 0 {
		win := js.Global()
		z.dpr = win.Get("devicePixelRatio").Float()
		z.w, z.h = win.Get("innerWidth").Float()*z.dpr, win.Get("innerHeight").Float()*z.dpr
		z.stale = false
	}
	z.ticks++
	return z.dpr, z.w, z.h
}

const sizeRereadTicks = 30

func (b *browser) installHooks() {
	doc := js.Global().Get("document").Get("documentElement") // mouseleave fires on elements, not on document
	js.Global().Call("addEventListener", "resize", js.FuncOf(func(js.Value, []js.Value) any { b.size.stale = true; return nil }))
	doc.Call("addEventListener", "mouseleave", js.FuncOf(func(js.Value, []js.Value) any { b.outside = true; return nil }))
	doc.Call("addEventListener", "mouseenter", js.FuncOf(func(js.Value, []js.Value) any { b.outside = false; return nil }))
	doc.Call("addEventListener", "mousemove", js.FuncOf(func(js.Value, []js.Value) any { b.outside = false; return nil }))
	// The pointer's position from the events themselves: a release that
	// comes before any frame has seen the last move still says where it
	// happened (ebiten forgets a finger's position once it is lifted).
	track := js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if t := e.Get("changedTouches"); t.Truthy() {
			if t.Length() == 0 {
				return nil
			}
			e = t.Index(0)
		}
		b.pointerX, b.pointerY, b.pointerSeen = e.Get("clientX").Float(), e.Get("clientY").Float(), true
		return nil
	})
	capture := map[string]any{"capture": true, "passive": true}
	for _, ev := range []string{"mousedown", "mousemove", "mouseup", "touchstart", "touchmove", "touchend"} {
		js.Global().Call("addEventListener", ev, track, capture)
	}
	api := js.Global().Get("Object").New()
	api.Set("state", js.FuncOf(func(js.Value, []js.Value) any { return pageValue(b.state()) }))
	// frames alone, for a caller that asks every animation frame (the
	// benchmarks): state() encodes everything and reads the heap's figures.
	api.Set("frames", js.FuncOf(func(js.Value, []js.Value) any { return b.app.Showing().Frames }))
	api.Set("layout", js.FuncOf(func(js.Value, []js.Value) any { return pageValue(b.layout()) }))
	api.Set("resetTiming", js.FuncOf(func(js.Value, []js.Value) any { b.app.ResetTiming(); return nil }))
	js.Global().Set("vnodes", api)
}

// pageValue hands a Go value to the page as JSON would give it: as text
// parsed there in one call. Handing the tree to syscall/js value by value
// would cross into JavaScript thousands of times for a thousand nodes.
func pageValue(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return js.Global().Get("JSON").Call("parse", string(b))
}

// state is what is on screen, with what the Go runtime says of memory.
func (b *browser) state() any {
	st := b.app.State()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	st.Timing.HeapBytes, st.Timing.GCCycles, st.Timing.StartupGCCycles = mem.HeapAlloc, int(mem.NumGC), -1
	if n, back := startupGCCycles(); back {
		st.Timing.StartupGCCycles = int(n)
	}
	return st
}

// box is a rectangle in CSS pixels.
type box struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// layout gives each control's rectangle in CSS pixels.
func (b *browser) layout() map[string]box {
	regions, scale := b.app.Regions()
	out := make(map[string]box, len(regions))
	for name, r := range regions {
		out[name] = box{round2(float64(r.Min.X) / scale), round2(float64(r.Min.Y) / scale),
			round2(float64(r.Dx()) / scale), round2(float64(r.Dy()) / scale)}
	}
	return out
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// lastPause is when background work last gave way to the page.
var lastPause time.Time

// Yield gives way to the page now and then: the browser runs Go on one
// thread, so background work must let the frames through. The work waits
// for a setTimeout of its own and so goes on in a task of its own. (After
// time.Sleep it could go on inside a frame's task: Go's scheduler runs a
// goroutine whose timer is due before it hands the thread back, and the
// frame's task, already the longest, grew by a piece of work.)
func (*browser) Yield() {
	if time.Since(lastPause) >= 8*time.Millisecond {
		js.Global().Call("setTimeout", resumeWork, 0)
		<-workResumes
		lastPause = time.Now()
	}
}

// workResumes gets one value per setTimeout that Yield asked for; more
// than one piece of work may be waiting.
var workResumes = make(chan struct{})

var resumeWork = js.FuncOf(func(js.Value, []js.Value) any {
	go func() { workResumes <- struct{}{} }() // a callback must not block
	return nil
})

// Mark leaves a User Timing mark ("vnodes:" + step) for the steps of
// start-up, so the browser's performance tools (and browserbench) can
// tell where the time to the first frame goes.
func (*browser) Mark(step string) {
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Truthy() {
		p.Call("mark", "vnodes:"+step)
	}
}
