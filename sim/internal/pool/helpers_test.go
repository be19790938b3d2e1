//go:build !js

package pool

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// helpersAlive counts the goroutines running a helper, from their stacks.
func helpersAlive() int {
	buf := make([]byte, 1<<20)
	return strings.Count(string(buf[:runtime.Stack(buf, true)]), "pool.(*crew).helper(")
}

// waitForHelpers waits until exactly want helper goroutines are alive.
func waitForHelpers(t *testing.T, want int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); helpersAlive() != want; {
		if time.Now().After(deadline) {
			t.Fatalf("%d helper goroutines alive, want %d", helpersAlive(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

// Stop ends every helper goroutine, and the next ForEach that can use
// helpers starts them again.
func TestStopEndsTheHelpers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	Stop()
	waitForHelpers(t, 0)
	checkOnce(t, forEachCounts(t, 40, 3, 8))
	if c := active.Load(); c == nil || len(c.wake) != 3 {
		t.Fatal("ForEach with GOMAXPROCS 4 did not start 3 helpers")
	}
	waitForHelpers(t, 3)
	Stop()
	if active.Load() != nil {
		t.Fatal("Stop left the helpers active")
	}
	waitForHelpers(t, 0)
	checkOnce(t, forEachCounts(t, 40, 3, 8))
	waitForHelpers(t, 3)
	Stop()
	waitForHelpers(t, 0)
}

// With one core, or one item, ForEach starts no helpers.
func TestNoHelpersWithoutWorkToShare(t *testing.T) {
	Stop()
	checkOnce(t, forEachCounts(t, 1, 3, 8))
	if active.Load() != nil {
		t.Fatal("ForEach of one item started helpers")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	checkOnce(t, forEachCounts(t, 40, 3, 8))
	if active.Load() != nil {
		t.Fatal("ForEach with GOMAXPROCS 1 started helpers")
	}
}
