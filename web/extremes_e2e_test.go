//go:build e2e

package web

import (
	"fmt"
	"testing"
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
