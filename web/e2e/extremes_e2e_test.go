//go:build e2e

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"vnodes/sim"
)

// The edges of the controls still draw a full, working screen.
func TestExtremeSettingsDraw(t *testing.T) {
	for _, q := range []string{"?v=256&n=50&assign=random", "?v=1&n=2"} {
		p := openApp(t, q)
		s := p.state()
		img := decode(t, p.screenshot())
		if n := distinctColours(img, img.Bounds()); n < 50 {
			t.Errorf("%s: only %d colours on screen", q, n)
		}
		var sum float64
		for _, l := range s.Loads {
			sum += l
		}
		if len(s.Loads) != s.Nodes || fmt.Sprintf("%.6f", sum) != fmt.Sprintf("%.6f", float64(s.Nodes)) {
			t.Errorf("%s: %d loads adding up to %v fair shares, want %d", q, len(s.Loads), sum, s.Nodes)
		}
		shoot(t, p, fmt.Sprintf("extreme-n%d-v%d.png", s.Nodes, s.V))
	}
}

// The heaviest link (1,000 nodes × 4,096 ranges, 20 seeds: 84 million
// points) is worked out in the background: the page keeps drawing, the
// progress moves, a key still works, and the figures end up equal to sim's.
func TestHeaviestLinkKeepsThePageAlive(t *testing.T) {
	p := openApp(t, "?n=1000&v=4096")
	s := p.state()
	if !s.Working {
		t.Fatalf("the heaviest settings were worked out before the first frames (%+v)", s.Progress)
	}
	frames, progress := s.Frames, s.Progress
	time.Sleep(3 * time.Second)
	if s = p.state(); s.Frames < frames+3 {
		t.Errorf("in 3 s of work the page drew %d frames", s.Frames-frames)
	}
	if s.Working && s.Progress <= progress {
		t.Errorf("in 3 s the progress went from %.3f to %.3f", progress, s.Progress)
	}
	p.press(letterKey('t'))
	expect(t, p, "T changes the colours while the work runs", func(s appState) bool { return s.Theme == "light" })
	var done bool
	p.run(chromedp.Poll(`!window.vnodes.state().working`, &done, chromedp.WithPollingInterval(200*time.Millisecond), chromedp.WithPollingTimeout(150*time.Second)))
	want, err := sim.Run(sim.Params{Nodes: 1000, V: 4096, Seeds: 20})
	if err != nil {
		t.Fatal(err)
	}
	if s = p.state(); s.Nodes != 1000 || s.V != 4096 || s.AvgImbalance != want.Average.Imbalance || s.Imbalance != want.Ring.Stats.Imbalance {
		t.Errorf("after the work: N=%d V=%d, %v/%v; want sim's %v/%v", s.Nodes, s.V, s.Imbalance, s.AvgImbalance,
			want.Ring.Stats.Imbalance, want.Average.Imbalance)
	}
}
