package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"vnodes/sim"
)

// workloadFlags are the flags that shape the requests (-load and its
// knobs) and fix their skew (-fix and its knobs).
type workloadFlags struct {
	load, hot, salt, zipf, keys textFlag
	fix, eps, replicas          textFlag
}

// addWorkloadFlags defines the workload flags on fs, with sim's defaults.
func addWorkloadFlags(fs *flag.FlagSet) *workloadFlags {
	d := sim.DefaultWorkload()
	wf := &workloadFlags{
		load:     textFlag{text: sim.Uniform.String()},
		hot:      textFlag{text: formatKnob(d.Hot)},
		salt:     textFlag{text: strconv.Itoa(d.Salt)},
		zipf:     textFlag{text: formatKnob(d.Zipf)},
		keys:     textFlag{}, // its default depends on -load zipf or -algo: the help gives both
		fix:      textFlag{text: sim.NoFix.String()},
		eps:      textFlag{text: formatKnob(d.Eps)},
		replicas: textFlag{text: strconv.Itoa(d.Replicas)},
	}
	fs.Var(&wf.load, "load", "add request figures for requests of this `shape`: uniform, hot (one hot key) or zipf")
	fs.Var(&wf.hot, "hot", fmt.Sprintf("with -load hot: the hot key's `share` of all requests, 0..%v", sim.MaxHot))
	fs.Var(&wf.salt, "salt", fmt.Sprintf("with -load hot: split the hot key into `S` salted sub-keys, %d..%d", sim.MinSalt, sim.MaxSalt))
	fs.Var(&wf.zipf, "zipf", fmt.Sprintf("with -load zipf: the exponent `s` (key r gets a share proportional to 1/r^s), 0..%v", sim.MaxZipf))
	fs.Var(&wf.keys, "keys", fmt.Sprintf("the number of keys `K`: with -load zipf %d..%d (default %d), with -algo %d..%d (default %d)",
		sim.MinKeys, sim.MaxKeys, sim.DefaultWorkload().Keys, sim.MinHashKeys, sim.MaxHashKeys, sim.DefaultHashKeys))
	fs.Var(&wf.fix, "fix", "the `remedy` applied to the keys: none, bounded (bounded loads) or replicate")
	fs.Var(&wf.eps, "eps", fmt.Sprintf("with -fix bounded: a node takes keys while below (1+`eps`) times the mean load, 0..%v", sim.MaxEps))
	fs.Var(&wf.replicas, "replicas", fmt.Sprintf("with -fix replicate: `R` nodes serve each key, %d..%d", sim.MinReplicas, sim.MaxReplicas))
	return wf
}

// formatKnob prints a knob, or a figure made from one, as a person would
// type it: to six digits, so that 100·0.07 reads 7 and 1+0.57 reads 1.57.
func formatKnob(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// parse checks the workload flags. on reports whether any was given: then
// the table adds request figures. A knob of a workload or fix that was not
// chosen is an error rather than silently ignored, and so is any workload
// flag with -loads, which prints rings, not requests.
func (wf *workloadFlags) parse(loads bool) (w sim.Workload, on bool, err error) {
	all := []*textFlag{&wf.load, &wf.hot, &wf.salt, &wf.zipf, &wf.keys, &wf.fix, &wf.eps, &wf.replicas}
	on = slices.ContainsFunc(all, func(f *textFlag) bool { return f.set })
	if !on {
		return sim.Workload{}, false, nil
	}
	if loads {
		return w, false, errors.New("-load and -fix cannot go with -loads: -loads prints one seed's loads")
	}
	if w.Kind, err = sim.ParseLoadKind(wf.load.text); err != nil {
		return w, false, fmt.Errorf("-load %q: want uniform, hot or zipf", clip(wf.load.text))
	}
	if w.Fix, err = sim.ParseFixKind(wf.fix.text); err != nil {
		return w, false, fmt.Errorf("-fix %q: want none, bounded or replicate", clip(wf.fix.text))
	}
	needs := []struct {
		flag *textFlag
		name string
		ok   bool
		want string
	}{
		{&wf.hot, "hot", w.Kind == sim.HotKey, "-load hot"},
		{&wf.salt, "salt", w.Kind == sim.HotKey, "-load hot"},
		{&wf.zipf, "zipf", w.Kind == sim.Zipf, "-load zipf"},
		{&wf.keys, "keys", w.Kind == sim.Zipf, "-load zipf"},
		{&wf.eps, "eps", w.Fix == sim.Bounded, "-fix bounded"},
		{&wf.replicas, "replicas", w.Fix == sim.Replicate, "-fix replicate"},
	}
	for _, n := range needs {
		if n.flag.set && !n.ok {
			return w, false, fmt.Errorf("-%s needs %s", n.name, n.want)
		}
	}
	if w.Kind == sim.Uniform && w.Fix != sim.NoFix {
		return w, false, fmt.Errorf("-fix %s needs -load hot or -load zipf: uniform requests have no keys to act on", w.Fix)
	}
	if w.Hot, err = parseKnob("hot", wf.hot.text, 0, sim.MaxHot); err != nil {
		return w, false, err
	}
	if w.Zipf, err = parseKnob("zipf", wf.zipf.text, 0, sim.MaxZipf); err != nil {
		return w, false, err
	}
	if w.Eps, err = parseKnob("eps", wf.eps.text, 0, sim.MaxEps); err != nil {
		return w, false, err
	}
	if w.Salt, err = parseCount("salt", wf.salt.text, sim.MinSalt, sim.MaxSalt); err != nil {
		return w, false, err
	}
	if wf.keys.set {
		if w.Keys, err = parseCount("keys", wf.keys.text, sim.MinKeys, sim.MaxKeys); err != nil {
			return w, false, err
		}
	}
	if w.Replicas, err = parseCount("replicas", wf.replicas.text, sim.MinReplicas, sim.MaxReplicas); err != nil {
		return w, false, err
	}
	return w, true, w.Validate() // already checked knob by knob; kept as a backstop
}

// parseKnob reads a real-valued knob, which must lie in lo..hi. Infinities
// and numbers too big for a float64 are too large (or too small), and NaN
// is not a number.
func parseKnob(name, s string, lo, hi float64) (float64, error) {
	t := strings.TrimSpace(s)
	x, err := strconv.ParseFloat(t, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange), math.IsNaN(x):
		return 0, fmt.Errorf("%s = %q is not a number", name, clip(s))
	case x < lo:
		return 0, fmt.Errorf("%s = %s is too small: it must be between %v and %v", name, clip(t), lo, hi)
	case x > hi:
		return 0, fmt.Errorf("%s = %s is too large: it must be between %v and %v", name, clip(t), lo, hi)
	}
	return x, nil
}

// workloadColumns are the columns a workload adds: the request figures
// beside the data figures, and with bounded loads the keys it displaced.
func workloadColumns(o options) []column {
	cols := []column{
		{"request max/mean", "requestImbalance", func(r row) float64 { return r.requests.Request.Imbalance }},
		{"request CV", "requestCV", func(r row) float64 { return r.requests.Request.CV }},
	}
	if o.workload.Fix == sim.Bounded {
		cols = append(cols, column{"displaced", "displaced", func(r row) float64 { return r.requests.Displaced }})
	}
	return cols
}

// describeWorkload says in the text table's heading what the request
// columns measure.
func describeWorkload(o options) string {
	w := o.workload
	var lines []string
	switch w.Kind {
	case sim.Uniform:
		lines = append(lines, "Requests are uniform over the ring, so a node's request load is its data load.")
	case sim.HotKey:
		s := fmt.Sprintf("Requests: one hot key takes %v%% of them", formatKnob(100*w.Hot))
		if w.Salt > 1 {
			s += fmt.Sprintf(", salted into %d sub-keys of %v%% each", w.Salt, formatKnob(100*w.Hot/float64(w.Salt)))
		}
		lines = append(lines, s+"; the rest are uniform.")
	case sim.Zipf:
		lines = append(lines, fmt.Sprintf("Requests: %d keys, the key of rank r taking a share proportional to 1/r^%v.", w.Keys, formatKnob(w.Zipf)))
	}
	switch w.Fix {
	case sim.Bounded:
		lines = append(lines, fmt.Sprintf("Fix: bounded loads, capacity %v times the mean; a key whose node is full goes", formatKnob(1+w.Eps)),
			"to the next node clockwise with room (displaced: keys moved, per seed).")
	case sim.Replicate:
		lines = append(lines, fmt.Sprintf("Fix: each key is read from %d nodes, the first distinct ones clockwise from it.", w.Replicas))
	}
	lines = append(lines, "Request figures are the busiest node's share of the requests over the mean, and their CV.")
	return strings.Join(lines, "\n")
}

// sweepWorkload is sim.SweepWorkloadWith; tests may replace it.
var sweepWorkload = sim.SweepWorkloadWith

// measureWithWorkload is measureWithChange, and with a workload the
// request figures of each row. Like measure it returns ctx.Err() as soon
// as ctx is cancelled.
func measureWithWorkload(ctx context.Context, o options, status *statusLine) ([]row, error) {
	rows, err := measureWithChange(ctx, o, status)
	if err != nil || !o.load {
		return rows, err
	}
	keys := int64(0)
	switch o.workload.Kind {
	case sim.HotKey:
		keys = int64(o.workload.Salt)
	case sim.Zipf:
		keys = int64(o.workload.Keys)
	}
	big := int64(o.seeds)*(int64(o.nodes)*int64(slices.Max(o.vs))+keys) >= rowByRowWork
	got, err := alongside(ctx, status, big, "table: request loads…", func(opt sim.Options) ([]sim.WorkloadRow, error) {
		return sweepWorkload(o.sweepParams(), o.workload, opt)
	})
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].requests = got[i]
	}
	return rows, nil
}
