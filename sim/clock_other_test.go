//go:build !js

package sim

import "time"

// cpuClock is node's CPU time under js; natively the workers share the
// call, so there is no one thread's CPU time to read.
func cpuClock() (time.Duration, bool) { return 0, false }
