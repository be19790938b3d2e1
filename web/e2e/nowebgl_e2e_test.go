//go:build e2e

package e2e

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"vnodes/web/bench"
)

// On a school machine whose browser offers no WebGL (a blocked graphics
// driver; here Chromium with --disable-3d-apis) the page says why the
// picture is missing and shows the app as text instead, working: the
// figures of the link, the exercise's table, and a control that changes
// them.
func TestWithoutWebGLTheTextVersionIsThePage(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: Chromium's helpers may still write into the profile
	// as the test ends, and TempDir's cleanup fails the test on that.
	profile, err := os.MkdirTemp("", "vnodes-nowebgl-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(profile)
	opts := append(bench.ChromiumOptions(chromium, profile, viewportW, viewportH), chromedp.Flag("disable-3d-apis", true))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTimeout()
	p := &page{t: t, ctx: ctx}
	p.watchErrors()
	p.run(chromedp.Navigate(siteURL + "/?v=16"))
	p.waitFor(`(document.getElementById("a11y-summary") || {}).textContent && document.getElementById("a11y-summary").textContent.includes("1.378")`)
	var why string
	var visible bool
	p.run(chromedp.Evaluate(`document.getElementById("a11y-why").textContent`, &why),
		chromedp.Evaluate(`(() => { const r = document.getElementById("a11y").getBoundingClientRect(); return r.width > 300 && r.height > 300; })()`, &visible))
	if !strings.Contains(why, "WebGL") || !visible {
		t.Errorf("the page says %q and shows the text version: %v", why, visible)
	}
	p.waitFor(`document.querySelectorAll("#a11y-exercise tbody tr").length === 6`)
	var table string
	p.run(chromedp.Evaluate(`document.getElementById("a11y-exercise").textContent`, &table))
	for _, want := range []string{"2.804", "1.378", "1.105"} {
		if !strings.Contains(table, want) {
			t.Errorf("the exercise's table %q lacks %s", table, want)
		}
	}
	p.setControl("a11y-v", "1", "input")
	p.waitFor(`document.getElementById("a11y-summary").textContent.includes("2.804")`)
	// The text version draws no frame, yet the garbage collector, off while
	// a page starts, comes back once the text version has started.
	p.waitForWithin(`window.vnodes.state().timing.startupGCCycles >= 0`, 10*time.Second)

	// A picture of the page for the README. A browser started without 3D
	// takes no screenshots, so here WebGL is refused to the page instead.
	ctx2, cancel2 := chromedp.NewContext(browserCtx)
	defer cancel2()
	q := &page{t: t, ctx: ctx2}
	q.watchErrors()
	q.run(chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := cdppage.AddScriptToEvaluateOnNewDocument(`(() => { const get = HTMLCanvasElement.prototype.getContext;
			HTMLCanvasElement.prototype.getContext = function (kind, o) { return /webgl/.test(kind) ? null : get.call(this, kind, o); }; })()`).Do(ctx)
		return err
	}), chromedp.EmulateViewport(1280, 900), chromedp.Navigate(siteURL+"/?v=16"))
	q.waitFor(`document.querySelectorAll("#a11y-exercise tbody tr").length === 6 && document.getElementById("a11y-summary").textContent.includes("1.378")`)
	shoot(t, q, "no-webgl.png")
}
