//go:build js

package sim

import (
	"syscall/js"
	"time"
)

// cpuClock is the CPU time node has used (process.cpuUsage), which unlike
// the wall clock does not count the time other programs on a busy machine
// keep us waiting. ok is false outside node.
func cpuClock() (t time.Duration, ok bool) {
	process := js.Global().Get("process")
	if process.Type() != js.TypeObject || process.Get("cpuUsage").Type() != js.TypeFunction {
		return 0, false
	}
	u := process.Call("cpuUsage")
	return time.Duration(u.Get("user").Float()+u.Get("system").Float()) * time.Microsecond, true
}
