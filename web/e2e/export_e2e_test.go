//go:build e2e

package e2e

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/sim"
)

// The picture button saves the canvas as a PNG of its full size, named
// after the settings; the figures button puts the figures on the clipboard
// as tab-separated tables whose values are sim's; reset goes back to the
// start and says what it changed.
func TestTakeAwayAndReset(t *testing.T) {
	p := openApp(t, "?v=16&seed=3&assign=random")
	downloads := t.TempDir()
	p.run(browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(downloads),
		browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeClipboardReadWrite, browser.PermissionTypeClipboardSanitizedWrite}))
	p.settle()

	p.click("picture")
	file := filepath.Join(downloads, "vnodes-v16-n10-seed3-random.png")
	var data []byte
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if b, err := os.ReadFile(file); err == nil && len(b) > 0 {
			data = b
			break
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("no PNG saved as %s: %v", file, err)
	}
	var w, h int
	p.run(chromedp.Evaluate(`document.querySelector("canvas").width`, &w), chromedp.Evaluate(`document.querySelector("canvas").height`, &h))
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h || distinctColours(img, b) < 12 {
		t.Errorf("the picture is %v with %d colours; the canvas is %dx%d", b, distinctColours(img, b), w, h)
	}
	p.waitFor(`window.vnodes.state().notices.some(n => n.includes("vnodes-v16-n10-seed3-random.png"))`)

	p.click("figures")
	p.waitFor(`window.vnodes.state().notices.some(n => n.startsWith("Copied the figures"))`)
	var text string
	p.run(chromedp.Evaluate(`navigator.clipboard.readText()`, &text, func(e *runtime.EvaluateParams) *runtime.EvaluateParams { return e.WithAwaitPromise(true) }))
	res, err := sim.Run(sim.Params{Nodes: 10, V: 16, Seeds: view.Seeds, Seed: 3, Assign: sim.Random})
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(strings.TrimSpace(text), "\n\n")
	if len(blocks) < 3 {
		t.Fatalf("the clipboard holds %q", text)
	}
	rows := strings.Split(blocks[2], "\n")[1:]
	if len(rows) != 10 {
		t.Fatalf("%d node rows in %q", len(rows), blocks[2])
	}
	for i, row := range rows {
		cells := strings.Split(row, "\t")
		share, err := strconv.ParseFloat(cells[3], 64)
		if err != nil || cells[0] != sim.NodeName(i) || share != res.Ring.Share(i) {
			t.Errorf("row %q, want node %s at %v fair shares", row, sim.NodeName(i), res.Ring.Share(i))
		}
	}

	p.click("reset")
	p.waitFor(`window.vnodes.state().notices.some(n => n.startsWith("Reset:") && n.includes("V 16 → 1") && n.includes("seed 3 → 0"))`)
	expect(t, p, "reset goes back to the start", func(s appState) bool { return s.V == 1 && s.Seed == 0 && s.Assign == "roundrobin" })
}
