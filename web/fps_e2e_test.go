//go:build e2e

package web

import (
	"testing"
	"time"
)

func TestFPSProbe(t *testing.T) {
	for _, q := range []string{"?v=1", "?v=256", "?step=1"} {
		p := openApp(t, q)
		a := p.state().Frames
		time.Sleep(5 * time.Second)
		b := p.state()
		t.Logf("%s: %.1f frames/s, sim %.2f ms, update %.2f ms, draw %.2f ms", q, float64(b.Frames-a)/5, b.SimMillis, b.UpdateMillis, b.DrawMillis)
	}
}
