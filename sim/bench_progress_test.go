package sim

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkRunBigHook is the app's heaviest setting (N=1000, V=4096: four
// million tokens a seed) with a Progress hook that, like the app's in the
// browser, hands the thread back now and then (time.Sleep(1ms) every 8ms).
// Its figure is max-gap-ms: the longest stretch of our work between the
// end of one call of the hook and the start of the next, which is how long
// the page cannot draw. Under GOOS=js it is the figure issue 9 budgets
// (`node wasm_exec_node.js sim.wasm -test.bench RunBigHook`), and
// max-gap-cpu-ms is the same stretch in node's CPU time, which a busy
// machine does not inflate.
func BenchmarkRunBigHook(b *testing.B) {
	for _, c := range []struct {
		name string
		p    Params
	}{
		{"random", Params{Nodes: MaxNodes, V: MaxV, Seeds: 2}},
		{"random-assign", Params{Nodes: MaxNodes, V: MaxV, Seeds: 2, Assign: Random}},
		{"equal", Params{Nodes: MaxNodes, V: MaxV, Seeds: 2, Scheme: EqualTokens}},
		{"greedy", Params{Nodes: MaxNodes, V: MaxV, Seeds: 1, Scheme: GreedyTokens}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var g gapMeter
			for b.Loop() {
				g.begin()
				slept := time.Now()
				_, err := RunWith(c.p, Options{Progress: func(done, total int64) {
					g.call()
					if time.Since(slept) >= 8*time.Millisecond {
						time.Sleep(time.Millisecond)
						slept = time.Now()
					}
					g.resume()
				}})
				if err != nil {
					b.Fatal(err)
				}
				g.call()
			}
			g.report(b)
		})
	}
}

// gapMeter records the longest stretch between the end of one hook call
// and the start of the next, in wall time and (under node) CPU time.
type gapMeter struct {
	wall, cpu         time.Duration // the longest so far
	lastWall, lastCPU time.Duration
	start             time.Time
	calls             int
	runs              int
}

func (g *gapMeter) now() (time.Duration, time.Duration) {
	c, _ := cpuClock()
	return time.Since(g.start), c
}

func (g *gapMeter) begin() {
	if g.start.IsZero() {
		g.start = time.Now()
	}
	g.runs++
	g.resume()
}

func (g *gapMeter) call() {
	w, c := g.now()
	g.wall = max(g.wall, w-g.lastWall)
	g.cpu = max(g.cpu, c-g.lastCPU)
	g.calls++
}

func (g *gapMeter) resume() { g.lastWall, g.lastCPU = g.now() }

func (g *gapMeter) report(b *testing.B) {
	b.ReportMetric(float64(g.wall.Microseconds())/1000, "max-gap-ms")
	if _, ok := cpuClock(); ok {
		b.ReportMetric(float64(g.cpu.Microseconds())/1000, "max-gap-cpu-ms")
	}
	b.ReportMetric(float64(g.calls)/float64(g.runs), "calls/op")
}

// BenchmarkSweepBigHook is the same for a sweep of the largest V's,
// with a hook that does nothing.
func BenchmarkSweepBigHook(b *testing.B) {
	sp := SweepParams{Nodes: MaxNodes, Seeds: 2, Vs: []int{MaxV, 1024}}
	var g gapMeter
	for b.Loop() {
		g.begin()
		_, err := SweepWith(sp, Options{Progress: func(done, total int64) {
			g.call()
			g.resume()
		}})
		if err != nil {
			b.Fatal(err)
		}
		g.call()
	}
	g.report(b)
}

// BenchmarkRunBig is the same run without options, for the cost of the
// hooks (compare its ns/op with BenchmarkRunBigHook's random).
func BenchmarkRunBig(b *testing.B) {
	for _, seeds := range []int{2} {
		p := Params{Nodes: MaxNodes, V: MaxV, Seeds: seeds}
		b.Run(fmt.Sprintf("seeds%d", seeds), func(b *testing.B) {
			for b.Loop() {
				if _, err := Run(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
