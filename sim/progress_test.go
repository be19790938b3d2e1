package sim

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"testing"
	"time"
)

// progressLog records every call of a Progress hook. The calls are
// serialised by the meter, so it needs no lock of its own.
type progressLog struct {
	calls    [][2]int64 // (done, total)
	active   atomic.Int32
	overlaps atomic.Int32 // calls that began while another was running
}

func (l *progressLog) hook(done, total int64) {
	if l.active.Add(1) != 1 {
		l.overlaps.Add(1)
	}
	l.calls = append(l.calls, [2]int64{done, total})
	l.active.Add(-1)
}

// check asserts what Options promises: (0, total) first, done strictly
// growing by at most TickUnits a call, total fixed, (total, total) last,
// and no two calls at once.
func (l *progressLog) check(t *testing.T, what string) {
	t.Helper()
	if len(l.calls) < 2 {
		t.Fatalf("%s: %d calls of Progress, want at least 2", what, len(l.calls))
	}
	total := l.calls[0][1]
	if l.calls[0][0] != 0 || total <= 0 {
		t.Fatalf("%s: first call %v, want (0, total > 0)", what, l.calls[0])
	}
	for i := 1; i < len(l.calls); i++ {
		done, prev := l.calls[i][0], l.calls[i-1][0]
		if l.calls[i][1] != total {
			t.Fatalf("%s: call %d has total %d, the first had %d", what, i, l.calls[i][1], total)
		}
		if done <= prev || done-prev > TickUnits {
			t.Fatalf("%s: call %d goes from %d to %d units: want a step of 1..%d", what, i, prev, done, TickUnits)
		}
	}
	if last := l.calls[len(l.calls)-1]; last[0] != total {
		t.Fatalf("%s: last call %v, want (total, total)", what, last)
	}
	if n := l.overlaps.Load(); n != 0 {
		t.Fatalf("%s: %d calls overlapped another", what, n)
	}
}

// progressCases cover every path that reports work: each scheme and
// assignment, rings small enough to deal and large enough to radix-sort in
// pieces, and the sweep's shared prefixes (dealt, and sorted one by one).
var progressCases = []struct {
	nodes, v int
	vs       []int
}{
	{1, 1, []int{1}},
	{10, 3, []int{1, 3, 3, 256}},
	{7, 4096, []int{4096, 3, 2000}},
	{70, 1024, []int{1024, 50}}, // two pieces of TickUnits points and some

}

// Every metered call reports its work in full: with the total worked out
// up front from ringWork and friends, the pieces must add up to it
// exactly, or the last call would be the meter's catch-up (a step over
// TickUnits, or a repeat of the total), which check rejects.
func TestProgressCountsEveryUnit(t *testing.T) {
	for _, c := range progressCases {
		for _, scheme := range allSchemes {
			for _, assign := range []Assignment{RoundRobin, Random} {
				if scheme == GreedyTokens && assign == Random {
					continue // greedy tokens have no assignment: the same work
				}
				p := Params{Nodes: c.nodes, V: c.v, Seeds: 3, Seed: 4, Assign: assign, Scheme: scheme}
				name := fmt.Sprintf("%v %v N=%d V=%d", scheme, assign, c.nodes, c.v)
				var l progressLog
				if _, err := RunWith(p, Options{Progress: l.hook}); err != nil {
					t.Fatal(err)
				}
				l.check(t, "RunWith "+name)
				if l.calls[0][1] != runWork(p) {
					t.Fatalf("RunWith %s: total %d, want %d", name, l.calls[0][1], runWork(p))
				}

				sp := SweepParams{Nodes: c.nodes, Seeds: 3, Assign: assign, Scheme: scheme, Vs: c.vs}
				l = progressLog{}
				if _, err := SweepWith(sp, Options{Progress: l.hook}); err != nil {
					t.Fatal(err)
				}
				l.check(t, "SweepWith "+name)

				if scheme == RandomTokens && c.nodes*c.v < 1<<17 { // nodes of sizes 1, 2, 3, 1, 2, 3…
					sizes := make([]int, c.nodes)
					for i := range sizes {
						sizes[i] = 1 + i%3
					}
					zp := SizesParams{Params: p, Sizes: sizes}
					l = progressLog{}
					if _, err := RunSizesWith(zp, Options{Progress: l.hook}); err != nil {
						t.Fatal(err)
					}
					l.check(t, "RunSizesWith "+name)
					l = progressLog{}
					if _, err := SizesSweepWith(sp, sizes, Options{Progress: l.hook}); err != nil {
						t.Fatal(err)
					}
					l.check(t, "SizesSweepWith "+name)
				}

				if c.nodes > 1 && c.nodes*c.v < 1<<17 { // the changes and workloads are slower per ring
					for _, kind := range []ChangeKind{Join, Leave} {
						l = progressLog{}
						cp := ChangeParams{Params: p, Kind: kind, Node: BusiestNode}
						if _, err := RunChangeWith(cp, Options{Progress: l.hook}); err != nil {
							t.Fatal(err)
						}
						l.check(t, fmt.Sprintf("RunChangeWith %v %s", kind, name))
						l = progressLog{}
						if _, err := ChangeSweepWith(sp, kind, BusiestNode, Options{Progress: l.hook}); err != nil {
							t.Fatal(err)
						}
						l.check(t, fmt.Sprintf("ChangeSweepWith %v %s", kind, name))
					}
					w := Workload{Kind: HotKey, Hot: 0.3, Salt: 4}
					l = progressLog{}
					if _, err := RunWorkloadWith(p, w, Options{Progress: l.hook}); err != nil {
						t.Fatal(err)
					}
					l.check(t, "RunWorkloadWith "+name)
					l = progressLog{}
					if _, err := SweepWorkloadWith(sp, w, Options{Progress: l.hook}); err != nil {
						t.Fatal(err)
					}
					l.check(t, "SweepWorkloadWith "+name)
				}
			}
		}
	}
}

// The metered path cuts the work into pieces; the results must be those
// of the plain calls bit for bit, and a call with no options is the plain
// call itself.
func TestMeteredCallsGiveThePlainResults(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background()) // one that could be done
	defer cancel()
	for _, c := range progressCases {
		for _, scheme := range allSchemes {
			for _, assign := range []Assignment{RoundRobin, Random} {
				if scheme == GreedyTokens && assign == Random {
					continue // greedy tokens have no assignment: the same rings
				}
				p := Params{Nodes: c.nodes, V: c.v, Seeds: 3, Seed: 1, Assign: assign, Scheme: scheme}
				name := fmt.Sprintf("%v %v N=%d V=%d", scheme, assign, c.nodes, c.v)
				want, err := Run(p)
				if err != nil {
					t.Fatal(err)
				}
				for _, o := range []Options{{}, {Stop: ctx.Done(), Progress: func(int64, int64) {}}} {
					got, err := RunWith(p, o)
					if err != nil || !reflect.DeepEqual(got, want) {
						t.Fatalf("RunWith %s (%v): differs from Run (err %v)", name, o.Progress != nil, err)
					}
				}
				sp := SweepParams{Nodes: c.nodes, Seeds: 3, Assign: assign, Scheme: scheme, Vs: c.vs}
				rows, _ := Sweep(sp)
				got, err := SweepWith(sp, Options{Progress: func(int64, int64) {}})
				if err != nil || !reflect.DeepEqual(got, rows) {
					t.Fatalf("SweepWith %s: %v, want %v (err %v)", name, got, rows, err)
				}
				if c.nodes == 1 || c.nodes*c.v >= 1<<17 {
					continue
				}
				cp := ChangeParams{Params: p, Kind: Join}
				wantC, _ := RunChange(cp)
				gotC, err := RunChangeWith(cp, Options{Progress: func(int64, int64) {}})
				if err != nil || !reflect.DeepEqual(gotC, wantC) {
					t.Fatalf("RunChangeWith %s differs from RunChange (err %v)", name, err)
				}
				w := Workload{Kind: Zipf, Keys: 500, Zipf: 1, Fix: Bounded}
				wantW, _ := RunWorkload(p, w)
				gotW, err := RunWorkloadWith(p, w, Options{Progress: func(int64, int64) {}})
				if err != nil || !reflect.DeepEqual(gotW, wantW) {
					t.Fatalf("RunWorkloadWith %s differs from RunWorkload (err %v)", name, err)
				}
			}
		}
	}
}

// Cancelling stops a large run within a piece: cancelled from the hook
// once a little work is done, a run at the largest settings returns the
// ErrStopped, the hook is not called again, and far less than the
// whole work was done.
func TestCancelStopsALargeRunEarly(t *testing.T) {
	for _, scheme := range allSchemes {
		p := Params{Nodes: MaxNodes, V: MaxV, Seeds: DefaultSeeds, Scheme: scheme}
		ctx, cancel := context.WithCancel(context.Background())
		var calls, after int
		var last int64
		cancelled := false
		start := time.Now()
		_, err := RunWith(p, Options{Stop: ctx.Done(), Progress: func(done, total int64) {
			calls++
			last = done
			if cancelled {
				after++
			}
			if done >= 4*TickUnits {
				cancel()
				cancelled = true
			}
		}})
		elapsed := time.Since(start)
		cancel()
		if !errors.Is(err, ErrStopped) {
			t.Fatalf("%v: err %v, want ErrStopped", scheme, err)
		}
		if after != 0 || last > 5*TickUnits {
			t.Fatalf("%v: %d calls after the cancel, last at %d units", scheme, after, last)
		}
		t.Logf("%v: stopped after %d calls, %d of %d units, in %v", scheme, calls, last, runWork(p), elapsed)
	}
}

// A context cancelled from another goroutine stops Sweep and a change too,
// and one that is done before the call stops it before any work.
func TestCancelledContexts(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	hooked := false
	hook := func(int64, int64) { hooked = true }
	p := Params{Nodes: 10, V: 4, Seeds: 2}
	if _, err := RunWith(p, Options{Stop: done.Done(), Progress: hook}); !errors.Is(err, ErrStopped) || hooked {
		t.Fatalf("RunWith on a done context: err %v, hook called %v", err, hooked)
	}
	sp := SweepParams{Nodes: 10, Seeds: 2, Vs: []int{1, 2}}
	if _, err := SweepWith(sp, Options{Stop: done.Done()}); !errors.Is(err, ErrStopped) {
		t.Fatalf("SweepWith on a done context: err %v", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var seen atomic.Int64
	stop := make(chan struct{})
	go func() {
		for seen.Load() < 3 {
			time.Sleep(time.Millisecond)
		}
		cancel()
		close(stop)
	}()
	big := SweepParams{Nodes: MaxNodes, Seeds: DefaultSeeds, Vs: []int{MaxV, 2048}}
	_, err := SweepWith(big, Options{Stop: ctx.Done(), Progress: func(int64, int64) {
		if seen.Add(1) >= 3 {
			<-stop // let the cancel land before the next piece
		}
	}})
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("SweepWith cancelled: err %v", err)
	}
	cctx, ccancel := context.WithCancel(context.Background())
	big.Nodes--
	_, err = ChangeSweepWith(big, Join, 0, Options{Stop: cctx.Done(), Progress: func(done, _ int64) {
		if done > TickUnits {
			ccancel()
		}
	}})
	ccancel()
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("ChangeSweepWith cancelled: err %v", err)
	}
}
