//go:build e2e

package e2e

import (
	"flag"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/views"
)

var updateScreens = flag.Bool("update-screens", false, "write the README screenshots into docs/screens")

// shoot saves a screenshot as a test artefact and, with -update-screens
// (make screenshots), as one of the README's pictures.
func shoot(t *testing.T, p *page, name string) {
	t.Helper()
	png := p.screenshot()
	saveArtifact(t, name, png)
	if !*updateScreens {
		return
	}
	dir := filepath.Join("..", "..", "docs", "screens")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestScreenshots opens each view the README shows by its link, checks that
// the page shows what the link asks for (sim's figures, a ring in colour),
// and keeps a picture of it.
func TestScreenshots(t *testing.T) {
	for _, s := range []struct{ name, query string }{
		{"v1.png", "?v=1"}, {"v16.png", "?v=16"}, {"v256.png", "?v=256"},
		{"light-v16.png", "?v=16&theme=light"}, {"projector-v16.png", "?v=16&theme=projector"},
		{"join-v1.png", "?change=join&v=1"}, {"join-v256.png", "?change=join&v=256"},
		{"leave-random-v16.png", "?change=leave&assign=random&v=16"},
		{"hot-v256.png", "?load=hot&hot=0.3&v=256"}, {"hot-salt8-v256.png", "?load=hot&hot=0.3&salt=8&v=256"},
		{"zipf-bounded-v16.png", "?load=zipf&zipf=1.1&keys=10000&fix=bounded&eps=0.25&v=16"},
		{"tokens-greedy-v4.png", "?scheme=greedy&v=4"},
		{"replicas-v1.png", "?rf=3&down=2&assign=random&v=1"}, {"replicas-v256.png", "?rf=3&down=2&assign=random&v=256"},
		{"hashes-jump-leave.png", "?algo=jump&move=leave&v=16"}, {"hashes-ring-v16.png", "?algo=ring&v=16"},
		{"hashes-jump-last.png", "?algo=jump&move=leave&renumber=last&v=16"}, {"replicas-n100-v16.png", "?rf=3&down=2&assign=random&v=16&n=100"},
		{"sizes-v16.png", "?w=1,1,1,1,1,2,2,2,4,4&v=16&assign=random"},
		{"law-overlay.png", "?v=64&chart=law&overlay=nodes"},
		{"n100-v64.png", "?n=100&v=64"}, {"n1000-v16.png", "?n=1000&v=16"},
	} {
		// The N=1000 chart is minutes of work in the browser when software
		// WebGL is slow (over 90 s in two CI runs of 2026-12-01).
		p := openAppWithin(t, s.query, 1, 7*time.Minute)
		p.waitForWithin(`!window.vnodes.state().working && window.vnodes.state().display.overlays !== undefined`, 6*time.Minute)
		if s.name == "law-overlay.png" {
			p.waitFor(`(window.vnodes.state().display.overlays || []).length === 2`)
		}
		want, _ := link.ParseQuery(views.All, s.query)
		st := p.state()
		shown, err := want.View.Compute(want, &view.Work{}) // the view's own figures, natively
		if err != nil {
			t.Fatal(err)
		}
		res := shown.Sim()
		if st.V != want.V || st.Nodes != want.Nodes || st.AvgImbalance != res.Average.Imbalance {
			t.Errorf("%s: shows V=%d N=%d mean imbalance %v; want V=%d N=%d and sim's %v",
				s.query, st.V, st.Nodes, st.AvgImbalance, want.V, want.Nodes, res.Average.Imbalance)
		}
		img := decode(t, p.screenshot())
		ring := p.control("ring")
		if n := distinctColours(img, image.Rect(int(ring.X), int(ring.Y), int(ring.X+ring.W), int(ring.Y+ring.H))); n < 12 {
			t.Errorf("%s: the ring shows %d colours", s.query, n)
		}
		shoot(t, p, s.name)
	}
}

// The app stays laid out on old projectors, laptops, full HD, 4K and a
// phone, with no label over another (checked by the render tests) and
// every control on the canvas; a picture of each is kept.
func TestScreenSizes(t *testing.T) {
	for _, sz := range []struct {
		name string
		w, h int64
	}{{"size-1024x768.png", 1024, 768}, {"size-1366x768.png", 1366, 768}, {"size-1920x1080.png", 1920, 1080},
		{"size-3840x2160.png", 3840, 2160}, {"size-390x844.png", 390, 844}} {
		p := openApp(t, "?v=16")
		p.run(chromedp.EmulateViewport(sz.w, sz.h))
		p.waitFrames(3)
		for name, r := range p.layout() {
			if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > float64(sz.w)+0.5 || r.Y+r.H > float64(sz.h)+0.5 {
				t.Errorf("%dx%d: %s at %+v is off the canvas", sz.w, sz.h, name, r)
			}
		}
		shoot(t, p, sz.name)
	}
}
