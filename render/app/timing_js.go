//go:build js

package app

import (
	"slices"
	"sort"
	"time"
)

// changedFrameMillis returns the 50th and 95th percentiles and the maximum
// of Go time per changed frame, in milliseconds, over the recent frames.
func (t *timing) changedFrameMillis() (p50, p95, most float64) {
	n := min(t.changedN, len(t.changed))
	if n == 0 {
		return 0, 0, 0
	}
	d := slices.Clone(t.changed[:n])
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] }) // sort.Slice is in the build already
	ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
	return ms(d[(n-1)/2]), ms(d[(n-1)*95/100]), ms(d[n-1])
}

// reset forgets the changed frames measured so far.
func (t *timing) reset() { t.changedN = 0 }

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
