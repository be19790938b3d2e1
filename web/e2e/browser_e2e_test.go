//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/render/view/state"
	"vnodes/web"
	"vnodes/web/bench"
)

// The browser tests run the real `make web` output in headless Chromium.
// They never skip: a missing site or browser is a failure with the fix.
// go test runs them in web/e2e, so the site and the other paths they
// read or write are named from the repository's web/ directory, one up.

// siteDir is what `make web` writes.
var siteDir = filepath.Join("..", "site")

var (
	browserCtx context.Context
	siteURL    string
)

const viewportW, viewportH = 1600, 900

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runBrowserTests(m))
}

func runBrowserTests(m *testing.M) int {
	if err := web.CheckSite(siteDir); err != nil {
		fmt.Fprintln(os.Stderr, "browser tests:", err)
		return 1
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		fmt.Fprintln(os.Stderr, "browser tests: chromium not found; run `make deps` (as root) or: apt-get install chromium")
		return 1
	}
	srv := httptest.NewServer(web.Handler(siteDir))
	defer srv.Close()
	siteURL = srv.URL

	profile, err := os.MkdirTemp("", "vnodes-chromium-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(profile)
	opts := bench.ChromiumOptions(chromium, profile, viewportW, viewportH)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Run(ctx); err != nil { // starts the browser
		fmt.Fprintln(os.Stderr, "browser tests: chromium did not start:", err)
		return 1
	}
	browserCtx = ctx
	return m.Run()
}

// page is one tab running the app.
type page struct {
	t   *testing.T
	ctx context.Context

	mu     sync.Mutex
	errors []string // JavaScript exceptions and console errors seen so far
}

// openApp loads the app with a query string and waits for frames to be drawn.
func openApp(t *testing.T, query string) *page {
	t.Helper()
	return openAppScaled(t, query, 1)
}

// openAppScaled is openApp on a screen with scale device pixels per CSS pixel.
func openAppScaled(t *testing.T, query string, scale float64) *page {
	t.Helper()
	return openAppWithin(t, query, scale, 3*time.Minute)
}

// openAppWithin is openAppScaled for a test that may use the page for as
// long as limit (the soak test drives it for several minutes).
func openAppWithin(t *testing.T, query string, scale float64, limit time.Duration) *page {
	t.Helper()
	return openAppWithinAfter(t, query, scale, limit)
}

// openAppWithActions is openApp with before run first in the new tab (a
// browser setting to emulate, say).
func openAppWithActions(t *testing.T, query string, before ...chromedp.Action) *page {
	t.Helper()
	return openAppWithinAfter(t, query, 1, 3*time.Minute, before...)
}

func openAppWithinAfter(t *testing.T, query string, scale float64, limit time.Duration, before ...chromedp.Action) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(cancelTimeout)
	p := &page{t: t, ctx: ctx}
	p.watchErrors()
	// Headless Chromium prefers light pages; a classroom default is dark, and
	// the tests that need the preference set it themselves.
	dark := emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}})
	p.run(append(before, dark, chromedp.EmulateViewport(viewportW, viewportH, chromedp.EmulateScale(scale)), chromedp.Navigate(siteURL+"/"+query))...)
	p.waitFor(`window.vnodes && window.vnodes.state().frames > 2`)
	return p
}

// watchErrors makes the test fail on any JavaScript exception or console
// error in the page, whatever else it checks.
func (p *page) watchErrors() {
	chromedp.ListenTarget(p.ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = "exception: " + e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				msg += " " + e.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type != runtime.APITypeError && e.Type != runtime.APITypeAssert {
				return
			}
			msg = "console." + string(e.Type) + ":"
			for _, a := range e.Args {
				msg += " " + string(a.Value) + a.Description
			}
		default:
			return
		}
		p.mu.Lock()
		p.errors = append(p.errors, msg)
		p.mu.Unlock()
	})
	p.t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errors {
			p.t.Errorf("the page reported %s", e)
		}
	})
}

func (p *page) run(actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// waitFor polls a JS expression until it is true.
func (p *page) waitFor(expr string) {
	p.t.Helper()
	p.waitForWithin(expr, 90*time.Second)
}

// setControl sets a control of the page's text version and sends the
// event a person's change would, in one script: between two calls the
// page's own resync (every half second) may put the old value back.
func (p *page) setControl(id, value, event string) {
	p.t.Helper()
	p.run(chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event(%q)); })()`, id, value, event), nil))
}

// waitForWithin is waitFor with a longer (or shorter) wait.
func (p *page) waitForWithin(expr string, limit time.Duration) {
	p.t.Helper()
	var ok bool
	p.run(chromedp.Poll(expr, &ok, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(limit)))
}

// appState is window.vnodes.state(): the app's State struct, and every
// key of it as sent, for the shown view's own part (see own).
type appState struct {
	state.State
	keys map[string]json.RawMessage
}

func (p *page) state() appState {
	p.t.Helper()
	var raw string
	p.run(chromedp.Evaluate(`JSON.stringify(window.vnodes.state())`, &raw))
	var s appState
	if err := json.Unmarshal([]byte(raw), &s.State); err != nil {
		p.t.Fatalf("state %q: %v", raw, err)
	}
	if err := json.Unmarshal([]byte(raw), &s.keys); err != nil {
		p.t.Fatalf("state %q: %v", raw, err)
	}
	return s
}

// own is the shown view's own part of s, under the view's ID, decoded into
// a T (its zero value when that view is not shown).
func own[T any](s appState, v view.View) T {
	var out T
	if raw, ok := s.keys[v.ID()]; ok {
		_ = json.Unmarshal(raw, &out)
	}
	return out
}

type rect struct{ X, Y, W, H float64 }

func (r rect) center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

func (p *page) layout() map[string]rect {
	p.t.Helper()
	var raw string
	p.run(chromedp.Evaluate(`JSON.stringify(window.vnodes.layout())`, &raw))
	var out map[string]rect
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		p.t.Fatalf("layout %q: %v", raw, err)
	}
	return out
}

// control returns a named control's rectangle, failing if it is not laid out.
func (p *page) control(name string) rect {
	p.t.Helper()
	r, ok := p.layout()[name]
	if !ok || r.W <= 0 || r.H <= 0 {
		p.t.Fatalf("control %q not on screen (layout: %v)", name, p.layout())
	}
	return r
}

// waitFrames lets the game run a few ticks: ebiten reads input once a tick.
// It counts them with vnodes.frames(), which must agree with state().
func (p *page) waitFrames(n int) {
	p.t.Helper()
	start := p.state().Frames
	p.waitFor(fmt.Sprintf(`window.vnodes.frames() >= %d`, start+n))
}

func (p *page) mouse(typ input.MouseType, x, y float64, buttons int64) {
	p.t.Helper()
	ev := input.DispatchMouseEvent(typ, x, y).WithButtons(buttons)
	if typ != input.MouseMoved || buttons != 0 {
		ev = ev.WithButton(input.Left).WithClickCount(1)
	}
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { return ev.Do(ctx) }))
	p.waitFrames(2)
}

// touch sends one finger's event at (x, y) (none left after TouchEnd) and
// lets the game see it.
func (p *page) touch(typ input.TouchType, x, y float64) {
	p.t.Helper()
	pts := []*input.TouchPoint{{X: x, Y: y}}
	if typ == input.TouchEnd {
		pts = []*input.TouchPoint{}
	}
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { return input.DispatchTouchEvent(typ, pts).Do(ctx) }))
	p.waitFrames(2)
}

// click presses and releases the left button on a control's centre.
func (p *page) click(name string) {
	p.t.Helper()
	x, y := p.control(name).center()
	p.mouse(input.MouseMoved, x, y, 0)
	p.mouse(input.MousePressed, x, y, 1)
	p.mouse(input.MouseReleased, x, y, 0)
}

// drag moves the mouse with the button held, in steps, one tick apart.
func (p *page) drag(x0, y0, x1, y1 float64, steps int) {
	p.t.Helper()
	p.mouse(input.MouseMoved, x0, y0, 0)
	p.mouse(input.MousePressed, x0, y0, 1)
	for i := 1; i <= steps; i++ {
		f := float64(i) / float64(steps)
		p.mouse(input.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, 1)
	}
	p.mouse(input.MouseReleased, x1, y1, 0)
	p.settle()
}

// settle waits until no work runs in the background: a step of V too large
// for a frame (before the draws for it are kept) shows a frame or two
// after the hand.
func (p *page) settle() {
	p.t.Helper()
	p.waitFor(`!window.vnodes.state().working`)
}

func (p *page) screenshot() []byte {
	p.t.Helper()
	var png []byte
	p.run(chromedp.CaptureScreenshot(&png))
	return png
}

// saveArtifact writes a PNG for people to look at after a run.
func saveArtifact(t *testing.T, name string, png []byte) string {
	t.Helper()
	dir := filepath.Join("..", "testdata", "screens") // web/testdata/screens, as before the tests moved
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const (
	inputMoved    = input.MouseMoved
	inputPressed  = input.MousePressed
	inputReleased = input.MouseReleased
)

// evaluate runs a JS expression and decodes its result into res.
func evaluate(expr string, res any) chromedp.Action { return chromedp.Evaluate(expr, res) }

// keyDef describes a key for CDP: the DOM key and code, and the Windows
// virtual key code Chromium wants for non-character keys.
type keyDef struct {
	key, code string
	vk        int64
}

var (
	keyArrowRight = keyDef{"ArrowRight", "ArrowRight", 39}
	keyArrowLeft  = keyDef{"ArrowLeft", "ArrowLeft", 37}
	keyArrowUp    = keyDef{"ArrowUp", "ArrowUp", 38}
	keyArrowDown  = keyDef{"ArrowDown", "ArrowDown", 40}
	keySpace      = keyDef{" ", "Space", 32}
	keyEscape     = keyDef{"Escape", "Escape", 27}
	keyShift      = keyDef{"Shift", "ShiftLeft", 16}
)

func letterKey(c rune) keyDef {
	upper := c &^ 0x20
	if c >= '0' && c <= '9' {
		return keyDef{string(c), "Digit" + string(c), int64(c)}
	}
	return keyDef{string(c), "Key" + string(upper), int64(upper)}
}

func (p *page) keyEvent(typ input.KeyType, k keyDef, modifiers input.Modifier) {
	p.t.Helper()
	ev := input.DispatchKeyEvent(typ).WithKey(k.key).WithCode(k.code).
		WithWindowsVirtualKeyCode(k.vk).WithNativeVirtualKeyCode(k.vk).WithModifiers(modifiers)
	if typ == input.KeyDown && len(k.key) == 1 {
		ev = ev.WithText(k.key)
	}
	p.run(chromedp.ActionFunc(func(ctx context.Context) error { return ev.Do(ctx) }))
	p.waitFrames(2)
}

// press types one key, giving the game ticks to see it go down and up.
func (p *page) press(k keyDef) {
	p.t.Helper()
	p.keyEvent(input.KeyDown, k, 0)
	p.keyEvent(input.KeyUp, k, 0)
}

// pressShifted holds Shift around a key, as a person would.
func (p *page) pressShifted(k keyDef) {
	p.t.Helper()
	p.keyEvent(input.KeyDown, keyShift, input.ModifierShift)
	p.keyEvent(input.KeyDown, k, input.ModifierShift)
	p.keyEvent(input.KeyUp, k, input.ModifierShift)
	p.keyEvent(input.KeyUp, keyShift, 0)
}
