//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// singleFile is what `make single` writes (test-e2e builds it first).
const singleFile = "../../bin/vnodes.html"

// watchLoading is run in the page before any of its own scripts: it keeps
// every text the loading screen's status shows, the moment the app takes
// the loading screen away (its first frame), and any breach of the page's
// Content-Security-Policy. The policy does not apply to it: DevTools
// injects it.
const watchLoading = `(() => {
  window.__loading = { statuses: [], firstFrame: 0, violations: [] };
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__loading.violations.push(e.effectiveDirective + " " + e.blockedURI);
  });
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.id === "status") {
        for (const n of r.addedNodes) window.__loading.statuses.push(n.textContent);
      }
      for (const n of r.removedNodes) {
        if (n.id === "loading" && !window.__loading.firstFrame) window.__loading.firstFrame = performance.now();
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`

type loadingRecord struct {
	Statuses   []string `json:"statuses"`
	FirstFrame float64  `json:"firstFrame"` // ms after navigation began
	Violations []string `json:"violations"`
	requests   []string // every URL the page asked for
}

// openWatched opens url in a new tab with watchLoading in place and waits
// for the app to draw a few frames.
func openWatched(t *testing.T, url string) (*page, *loadingRecord) {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancelTimeout)
	p := &page{t: t, ctx: ctx}
	p.watchErrors()
	rec := &loadingRecord{}
	var (
		mu       sync.Mutex
		requests []string // appended to by the listener until the tab closes
	)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	})
	dark := emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}})
	inject := chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := cdppage.AddScriptToEvaluateOnNewDocument(watchLoading).Do(ctx)
		return err
	})
	p.run(dark, chromedp.EmulateViewport(viewportW, viewportH), inject, chromedp.Navigate(url))
	// A refused script or a failed start ends the wait at once, with the
	// reason, rather than after the timeout.
	p.waitFor(`(window.vnodes && window.vnodes.state().frames > 2) || window.__loading.violations.length > 0 ||
		document.querySelector("#status.error") !== null`)
	var status string
	p.run(chromedp.Evaluate(`window.__loading`, rec),
		chromedp.Evaluate(`(document.querySelector("#status.error") || {}).textContent || ""`, &status))
	if len(rec.Violations) > 0 || status != "" {
		t.Fatalf("the app did not start: the policy refused %q; the page says %q", rec.Violations, status)
	}
	mu.Lock()
	rec.requests = slices.Clone(requests)
	mu.Unlock()
	return p, rec
}

// The single file runs from disk, with no server, as the same app as the
// site: the same loading screen, the same figures, and nothing fetched.
func TestSingleFileRunsFromDisk(t *testing.T) {
	path, err := filepath.Abs(singleFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%v: build it with `make single`", err)
	}
	p, rec := openWatched(t, "file://"+path)

	s := p.state()
	if got := math.Round(s.AvgImbalance*1000) / 1000; got != 2.804 {
		t.Errorf("the 20-seed average imbalance is %.4f, want 2.804 at the default settings", s.AvgImbalance)
	}
	// The loading screen counted the unpacked bytes up to the program's
	// size, then said it was starting, as the site's does.
	var counted, started bool
	for _, st := range rec.Statuses {
		counted = counted || (strings.HasPrefix(st, "Loading the simulation… ") && strings.HasSuffix(st, "\u00a0MB") && strings.Contains(st, " of "))
		started = started || (counted && st == "Starting…")
	}
	if !counted || !started {
		t.Errorf("the loading screen showed %q; want bytes counted, then Starting…", rec.Statuses)
	}
	if n := len(rec.Statuses); n == 0 || rec.Statuses[n-1] != "Starting…" {
		t.Errorf("the loading screen did not end on Starting…: %q", rec.Statuses)
	}
	for _, u := range rec.requests {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "data:") {
			t.Errorf("the page asked the network for %s", u)
		}
	}

	// One load of each, for a rough comparison with the site.
	_, served := openWatched(t, siteURL+"/")
	t.Logf("first frame %.0f ms after navigation from file://, %.0f ms from the site (%s)",
		rec.FirstFrame, served.FirstFrame, siteURL)
}

// A link to the file carries settings as the site's links do, and the
// address follows the settings: browsers let a file:// page rewrite its
// query, so a teacher can bookmark a setting of the file.
func TestSingleFileFollowsItsLink(t *testing.T) {
	path, err := filepath.Abs(singleFile)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := openWatched(t, "file://"+path+"?v=16&n=12&seed=3&assign=random")
	if s := p.state(); s.V != 16 || s.Nodes != 12 || s.Seed != 3 || s.Assign != "random" || len(s.Notices) != 0 {
		t.Fatalf("the link opened %+v", s)
	}
	slider := p.control("vSlider")
	y := slider.Y + slider.H/2
	p.drag(sliderXFor(slider, 16), y, sliderXFor(slider, 256), y, 4)
	s := p.state()
	if s.V != 256 {
		t.Fatalf("after the drag V=%d", s.V)
	}
	p.waitFor(fmt.Sprintf(`location.search === %q`, "?"+s.Query))
}
