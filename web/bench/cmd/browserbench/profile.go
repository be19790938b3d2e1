package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// startProfile starts V8's sampling profiler in t when -profile asks for
// it. With a .wasm built without -s -w the samples name Go's functions,
// which says where the browser's Go time goes (a native pprof does not:
// WebAssembly's costs differ).
func (b *benchRun) startProfile(t *tab) error {
	if b.profileDir == "" {
		return nil
	}
	return chromedp.Run(t.ctx, profiler.Enable(), profiler.SetSamplingInterval(profileMicros), profiler.Start())
}

// profileMicros is the sampling interval.
const profileMicros = 250

// stopProfile writes t's profile to name.cpuprofile (DevTools opens it)
// and prints the functions with the most time, on their own and with
// what they call.
func (b *benchRun) stopProfile(t *tab, name string) error {
	if b.profileDir == "" {
		return nil
	}
	var p *profiler.Profile
	err := chromedp.Run(t.ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		p, err = profiler.Stop().Do(ctx)
		return err
	}))
	if err != nil {
		return err
	}
	out, err := json.Marshal(p)
	if err == nil {
		err = writeInto(b.profileDir, name+".cpuprofile", out)
	}
	if err != nil {
		return err
	}
	summarize(os.Stderr, name, p, 40)
	return nil
}

// summarize prints the top functions by self and by total samples.
func summarize(w io.Writer, name string, p *profiler.Profile, top int) {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[int64(n.ID)] = n
		for _, c := range n.Children {
			parent[c] = int64(n.ID)
		}
	}
	self, total := map[string]int{}, map[string]int{}
	for _, id := range p.Samples {
		n := byID[id]
		if n == nil {
			continue
		}
		self[n.CallFrame.FunctionName]++
		seen := map[string]bool{}
		for at, ok := id, true; ok; at, ok = parent[at] {
			f := byID[at].CallFrame.FunctionName
			if !seen[f] {
				seen[f] = true
				total[f]++
			}
		}
	}
	print := func(title string, m map[string]int) {
		type kv struct {
			f string
			n int
		}
		var list []kv
		for f, n := range m {
			list = append(list, kv{f, n})
		}
		slices.SortFunc(list, func(a, b kv) int { return cmp.Compare(b.n, a.n) })
		fmt.Fprintf(w, "%s, %s (%d samples):\n", name, title, len(p.Samples))
		for _, e := range list[:min(top, len(list))] {
			fmt.Fprintf(w, "  %5.1f%%  %s\n", 100*float64(e.n)/float64(len(p.Samples)), cmp.Or(e.f, "(anonymous)"))
		}
	}
	print("self", self)
	print("total", total)
}
