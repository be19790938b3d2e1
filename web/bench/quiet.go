package bench

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// WaitQuiet waits until the machine's processors are mostly idle, for at
// most limit, and says whether it went quiet. A new Chromium window builds
// its own browser UI (on Chromium 156, two omnibox pages in renderers of
// their own) for a second or so after it opens; a page loaded meanwhile
// shares the two cores with that work, which no reader's page shares in a
// browser that is already open. Where /proc/stat cannot be read it waits
// limit and reports true: it could not tell.
func WaitQuiet(limit time.Duration) bool {
	const (
		every    = 100 * time.Millisecond
		idleWant = 0.7 // of all the processors' time, in each of two windows in a row
	)
	start := time.Now()
	busy0, total0, ok := readCPU()
	if !ok {
		time.Sleep(limit)
		return true
	}
	calm := 0
	for time.Since(start) < limit {
		time.Sleep(every)
		busy, total, ok := readCPU()
		if !ok {
			return true
		}
		if total > total0 && 1-float64(busy-busy0)/float64(total-total0) >= idleWant {
			calm++
		} else {
			calm = 0
		}
		if calm == 2 {
			return true
		}
		busy0, total0 = busy, total
	}
	return false
}

func readCPU() (busy, total uint64, ok bool) {
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0, false
	}
	return CPUTimes(stat)
}

// CPUTimes reads the busy and total time of all processors from the first
// line of /proc/stat ("cpu  user nice system idle iowait irq softirq
// steal ..."), in clock ticks; idle and iowait are the idle time.
func CPUTimes(stat []byte) (busy, total uint64, ok bool) {
	line, _, _ := bytes.Cut(stat, []byte("\n"))
	fields := bytes.Fields(line)
	if len(fields) < 5 || string(fields[0]) != "cpu" {
		return 0, 0, false
	}
	var idle uint64
	for i, f := range fields[1:] {
		if i >= 8 { // guest time is counted in user time already
			break
		}
		n, err := strconv.ParseUint(string(f), 10, 64)
		if err != nil {
			return 0, 0, false
		}
		total += n
		if i == 3 || i == 4 {
			idle += n
		}
	}
	return total - idle, total, true
}
