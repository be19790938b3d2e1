//go:build e2e

package e2e

import (
	"context"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Slides saved as HTML and opened from disk (a file:// page) can frame the
// app from a server, as the README's iframe snippet shows: the app starts
// and draws inside the frame. (A policy of frame-ancestors * does not let
// a file: page in.)
func TestASlideOnDiskFramesTheApp(t *testing.T) {
	slide := filepath.Join(t.TempDir(), "slide.html")
	html := `<!doctype html><title>a slide</title><body style="margin:0;background:#ffffff">` +
		`<iframe src="` + siteURL + `/?embed=1&v=16" width="960" height="540" style="border:0" title="vnodes"></iframe>`
	if err := os.WriteFile(slide, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTimeout()
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(viewportW, viewportH), chromedp.Navigate("file://"+slide)); err != nil {
		t.Fatal(err)
	}
	frame := image.Rect(0, 0, 960, 540)
	colours := 0
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(time.Second) {
		var png []byte
		if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
			t.Fatal(err)
		}
		if colours = distinctColours(decode(t, png), frame); colours >= 12 {
			saveArtifact(t, "framed-from-disk.png", png)
			return
		}
	}
	t.Fatalf("after 90 s the frame in a file:// page shows %d colours: the app did not draw there", colours)
}
