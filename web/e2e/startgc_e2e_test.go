//go:build e2e

package e2e

import "testing"

// The page starts with the garbage collector off (start-up allocates a few
// megabytes, and a collection inside the first frame held it back) and
// turns it on again once the first frame is drawn, collecting once then.
// Left off, nothing would be collected until the heap neared the start-up
// limit (64 MB).
func TestTheCollectorIsOffOnlyUntilTheFirstFrame(t *testing.T) {
	p := openApp(t, "")
	p.waitFor(`window.vnodes.state().timing.startupGCCycles >= 0`)
	if s := p.state(); s.Timing.StartupGCCycles != 0 {
		t.Errorf("%d garbage collections before the first frame, want none", s.Timing.StartupGCCycles)
	}
	keys := []keyDef{keyArrowRight, keyArrowRight, keyArrowLeft, keyArrowLeft}
	for i := 0; i < 20 && p.state().Timing.GCCycles == 0; i++ {
		p.press(keys[i%len(keys)]) // V 1, 2, 4, 2, 1, ...
		p.waitFrames(2)
	}
	if s := p.state(); s.Timing.GCCycles == 0 {
		t.Fatalf("no garbage collected in 20 changes of V after the first frame (heap %d bytes): the collector stayed off", s.Timing.HeapBytes)
	}
}
