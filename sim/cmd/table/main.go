// Command table prints the vnodes experiment as a table: for each V, the
// seed-averaged imbalance (busiest node over the mean) and CV of node loads.
//
//	go run ./sim/cmd/table [-nodes 10] [-seeds 20] [-v 1,2,4,16,64,256] [-assign roundrobin|random] [-loads SEED] [-json]
//	                   [-scheme random|equal|greedy]
//	                   [-change join|leave|fail [-node C]]
//	                   [-load uniform|hot|zipf [-hot 0.3] [-salt 8] [-zipf 1.1] [-keys 10000]]
//	                   [-fix none|bounded|replicate [-eps 0.25] [-replicas 3]]
//	                   [-rf 3 [-down 2]]
//	go run ./sim/cmd/table -algo ring,jump,rendezvous,maglev|all [-keys 20000] [-leave F] [-nodes 10] [-v 1,16] [-json]
//	go run ./sim/cmd/table -weights 1,1,2,4 [-nodes 10] [-v 1,16,256] [-assign random] [-json]
//
// With -json it prints one JSON object per row instead (JSON Lines), with
// every figure at full float64 precision; with -loads SEED -json, one object
// holding every node's load for each V.
//
// -scheme picks where the tokens come from (see sim.Scheme): random points,
// the exercise's (the default); equal, Q = N·V equal partitions dealt by
// -assign; or greedy, each node's tokens placed to relieve the busiest node
// as it joins. The JSON rows and the -loads object name it ("scheme").
//
// With -change join, -change leave or -change fail each row adds what the
// change moves, averaged over the seeds: the fraction of the ring that
// changes owner, how many nodes give (join) or receive (leave, fail) some
// of it, what a move to fair shares takes (the newcomer's 1/(N+1) for a
// join, the leaver's 1/N for a leave) and the fraction that hash mod N would move (JSON keys moved,
// donors, ideal and modN). -node picks the node that leaves, as the app
// names it (A..Z, then AA, AB, ...) or by its number counted from 1; by
// default the busiest node of each seed leaves.
//
// With -load each row adds the seed-averaged imbalance and CV of the
// nodes' request loads (JSON keys requestImbalance and requestCV) beside
// those of their data loads: uniform requests, one hot key taking a -hot
// share of them (salted into -salt sub-keys), or Zipf popularity over
// -keys keys with exponent -zipf. -fix bounded (a node takes keys while below
// 1+eps times the mean; JSON key displaced, the keys moved per seed) or -fix replicate
// (-replicas nodes per key) acts on the keys; see sim.Workload.
//
// With -rf every range is kept on that many nodes (the owners of its token
// and the next ones round the ring, 1..5) and each row adds, over every set
// of -down nodes down at once (1..3, default 2) and averaged over the seeds:
// how often some range loses its quorum, the share of the ring without one
// (mean and worst set), how often some range loses every copy, and how many
// peers a node shares ranges with. A quorum is a majority of a range's
// min(RF, N) copies up, so it is lost once half of an even number of copies
// are down (JSON keys rf, down, quorum (copies that must be up), quorumLostP,
// unavailableMean, unavailableMax, dataLostP, peers); see sim.ReplicaParams.
//
// -algo prints a table of its own: ways to place -keys keys (1,000 to
// 1,000,000, default 20,000) on the nodes, the ring once per V and jump,
// rendezvous and Maglev once (they have no tokens), each with its keys per
// node (imbalance, cv, and randomCV, the root-mean-square CV of keys
// thrown at random), the share of the keys that move when a node joins or when -leave
// leaves (the middle node by default; -renumber says how jump closes the
// gap: shift, the default, or last), the bytes its lookup structure takes,
// the steps a lookup makes and the nanoseconds it took on this machine
// (JSON keys algo, v, keys, imbalance, cv, randomCV, movedJoin,
// movedLeave, leave, renumber, memoryBytes, lookup, lookupNs); see
// sim.HashParams.
//
// -weights prints a table of its own: nodes of different sizes (1..8; the
// list is padded with 1s), node i getting V·size[i] tokens (see
// sim.SizesParams), with each V's means over the seeds of the largest
// relative load (a node's share of the ring over its share of the
// capacity), the CV of the relative loads and, by size, the
// root-mean-square deviation of the relative loads from 1 (JSON keys v,
// weights, assign, imbalance, cv, rmsDevByWeight, keyed by size).
//
// Large work (many nodes, seeds and ranges) is measured one row at a time;
// when stderr is a terminal a status line there shows which row is being
// measured. Ctrl-C stops the command with exit status 130.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"vnodes/sim"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit statuses besides 0.
const (
	exitFailed      = 1   // the measurement or the output failed
	exitUsage       = 2   // a bad flag or argument
	exitInterrupted = 130 // Ctrl-C, as shells report a process killed by SIGINT
)

type options struct {
	nodes, seeds int
	vs           []int
	assign       sim.Assignment
	scheme       sim.Scheme
	loads        bool // print one seed's loads instead of the table
	loadsSeed    int
	json         bool
	change       sim.ChangeKind // a node joins, leaves or fails, or NoChange
	node         int            // the node that leaves or fails, or sim.BusiestNode
	load         bool           // a workload flag was given: add request figures
	workload     sim.Workload
	replicas     bool // -rf was given: add the failure figures
	rf, down     int
	algos        []sim.HashAlgorithm // -algo: the hashes' table instead
	keys, leave  int                 // with -algo: the keys placed, the node that leaves
	renumber     sim.Renumber        // with -algo: how jump closes the leaver's gap
	weights      []int               // -weights: each node's size, and a table of their own
}

// run is main without the process: it returns the exit status. Cancelling
// ctx stops the work and makes run return exitInterrupted.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "table: %v\n", err)
		return exitUsage
	}
	out := bufio.NewWriter(stdout)
	if opts.loads {
		err = printLoads(ctx, out, opts)
	} else if len(opts.algos) > 0 {
		err = printHashes(ctx, out, opts)
	} else if len(opts.weights) > 0 {
		opts.vs = distinct(opts.vs)
		err = printSizes(ctx, out, opts, &statusLine{w: stderr, plain: !isTerminal(stderr)})
	} else {
		var rows []row
		status := &statusLine{w: stderr, plain: !isTerminal(stderr)}
		listed := opts.vs
		opts.vs = distinct(listed) // a V listed again is measured once
		if rows, err = measureWithReplicas(ctx, opts, status); err == nil {
			rows, opts.vs = inListOrder(rows, listed), listed
			if opts.json {
				err = printJSON(out, opts.scheme, columnsFor(opts), rows)
			} else {
				printTable(out, opts, columnsFor(opts), rows)
			}
		}
	}
	if err == nil {
		err = out.Flush()
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "table: interrupted")
		return exitInterrupted
	default:
		fmt.Fprintf(stderr, "table: %v\n", err)
		return exitFailed
	}
}

// textFlag records a flag's argument as typed. parseFlags checks it
// afterwards, so that every complaint is in this command's words: the flag
// package would quote the whole argument, however long, and call an
// overflowing number merely "out of range" without saying what the range is.
type textFlag struct {
	text string
	set  bool // given on the command line
}

func (f *textFlag) String() string     { return f.text }
func (f *textFlag) Set(s string) error { f.text, f.set = s, true; return nil }

// boolTextFlag is a textFlag that may be given without a value, as -json.
type boolTextFlag struct{ textFlag }

func (*boolTextFlag) IsBoolFlag() bool { return true }

func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported in one line by run
	nodes := &textFlag{text: strconv.Itoa(sim.DefaultNodes)}
	seeds := &textFlag{text: strconv.Itoa(sim.DefaultSeeds)}
	vList := &textFlag{text: "1,2,4,16,64,256"}
	assign := &textFlag{text: "roundrobin"}
	scheme := &textFlag{text: sim.RandomTokens.String()}
	loads := &textFlag{}
	asJSON := &boolTextFlag{}
	change := &textFlag{}
	node := &textFlag{}
	rf, down := &textFlag{}, &textFlag{}
	algo, leave, renumber := &textFlag{}, &textFlag{}, &textFlag{}
	weights := &textFlag{}
	fs.Var(nodes, "nodes", fmt.Sprintf("number of nodes `N` (%d..%d)", sim.MinNodes, sim.MaxNodes))
	fs.Var(seeds, "seeds", fmt.Sprintf("average over seeds 0..`K`-1 (K in %d..%d)", sim.MinSeeds, sim.MaxSeeds))
	fs.Var(vList, "v", fmt.Sprintf("comma-separated `list` of ranges per node, each in %d..%d", sim.MinV, sim.MaxV))
	fs.Var(assign, "assign", "the `way` ranges are dealt to nodes: roundrobin or random")
	fs.Var(scheme, "scheme", "where the `tokens` come from: random, equal (partitions) or greedy (allocation)")
	fs.Var(loads, "loads", "print every node's integer load for this one `seed` instead of the table")
	fs.Var(asJSON, "json", "print JSON: one object per row (JSON Lines), or one object with -loads")
	fs.Var(change, "change", "add what moves when a node does `this`: join, leave or fail")
	fs.Var(node, "node", "with -change leave or fail: the `node` that goes, by name (A..Z, then AA, AB...) or number 1..N (default: each seed's busiest)")
	fs.Var(rf, "rf", fmt.Sprintf("keep every range on `R` nodes (%d..%d) and add what nodes down cost; a range needs a majority of its copies up (its quorum)", sim.MinRF, sim.MaxRF))
	fs.Var(down, "down", fmt.Sprintf("with -rf: how many nodes are down at once, `k` (%d..%d, default %d)", sim.MinDown, sim.MaxDown, sim.DefaultDown))
	fs.Var(algo, "algo", "print the ways to hash instead: a comma-separated `list` of ring, jump, rendezvous, maglev, or all")
	fs.Var(leave, "leave", "with -algo: the `node` that leaves, by name (A..Z, then AA, AB...) or number 1..N (default: the middle one)")
	fs.Var(renumber, "renumber", "with -algo: the `way` jump closes the leaver's gap: shift (every later node takes the number below its own; the default) or last (the last node takes the leaver's number)")
	fs.Var(weights, "weights", fmt.Sprintf("print a table for nodes of different sizes instead: a comma-separated `list` of each node's size, %d..%d (padded with 1s)", sim.MinSize, sim.MaxSize))
	workload := addWorkloadFlags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: table [flags]")
			fs.PrintDefaults()
			return options{}, err
		}
		return options{}, shortenFlagError(err)
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected argument %q", clip(fs.Arg(0)))
	}
	var opts options
	var err error
	if opts.nodes, err = parseCount("nodes", nodes.text, sim.MinNodes, sim.MaxNodes); err != nil {
		return options{}, err
	}
	if opts.seeds, err = parseCount("seeds", seeds.text, sim.MinSeeds, sim.MaxSeeds); err != nil {
		return options{}, err
	}
	if opts.vs, err = parseVList(vList.text); err != nil {
		return options{}, err
	}
	if opts.assign, err = sim.ParseAssignment(assign.text); err != nil {
		// sim's message would quote the argument in full.
		return options{}, fmt.Errorf("-assign %q: want roundrobin or random", clip(assign.text))
	}
	if opts.scheme, err = sim.ParseScheme(scheme.text); err != nil {
		return options{}, fmt.Errorf("-scheme %q: want random, equal or greedy", clip(scheme.text))
	}
	if opts.loads = loads.set; opts.loads {
		if opts.loadsSeed, err = parseSeed(loads.text); err != nil {
			return options{}, err
		}
	}
	if asJSON.set {
		if opts.json, err = strconv.ParseBool(asJSON.text); err != nil {
			return options{}, fmt.Errorf("-json=%q: want true or false", clip(asJSON.text))
		}
	}
	if opts.change, opts.node, err = parseChange(change, node, opts.nodes, opts.loads); err != nil {
		return options{}, err
	}
	if algo.set || leave.set || renumber.set {
		if opts.algos, opts.keys, opts.leave, opts.renumber, err = parseHashes(algo, leave, renumber, &workload.keys, opts); err != nil {
			return options{}, err
		}
	}
	if opts.workload, opts.load, err = workload.parse(opts.loads); err != nil {
		return options{}, err
	}
	if opts.rf, opts.down, opts.replicas, err = parseReplicas(rf, down, opts.nodes, opts.loads); err != nil {
		return options{}, err
	}
	if weights.set {
		if opts.weights, err = parseWeights(weights, opts); err != nil {
			return options{}, err
		}
	}
	return opts, nil
}

// shortenFlagError shortens the argument that the flag package quotes at the
// end of its messages ("flag provided but not defined: -xyz", "bad flag
// syntax: ---", "flag needs an argument: -v").
func shortenFlagError(err error) error {
	msg := err.Error()
	if before, after, ok := strings.Cut(msg, ": "); ok {
		return errors.New(before + ": " + clip(after))
	}
	return errors.New(clip(msg))
}

// clipRunes is how much of an argument an error message quotes.
const clipRunes = 24

// clip shortens s for an error message: its first clipRunes characters and
// an ellipsis, so that a mistyped 20 KB argument makes a one-line error.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= clipRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == clipRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// parseWhole reads a whole number in base 10, spaces around it allowed. A
// number too long for an int is errTooLarge (or errTooSmall if negative),
// never a syntax error; the callers name the true bounds.
func parseWhole(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err == nil {
		return n, nil
	}
	if errors.Is(err, strconv.ErrRange) {
		if strings.HasPrefix(strings.TrimSpace(s), "-") {
			return 0, errTooSmall
		}
		return 0, errTooLarge
	}
	return 0, errNotWhole
}

var (
	errTooSmall = errors.New("too small")
	errTooLarge = errors.New("too large")
	errNotWhole = errors.New("not a whole number")
)

// parseCount reads the value of -nodes or -seeds, which must lie in lo..hi.
func parseCount(name, s string, lo, hi int) (int, error) {
	n, err := parseWhole(s)
	if err == nil && n < lo {
		err = errTooSmall
	} else if err == nil && n > hi {
		err = errTooLarge
	}
	switch err {
	case nil:
		return n, nil
	case errNotWhole:
		return 0, fmt.Errorf("%s = %q is not a whole number", name, clip(s))
	}
	return 0, fmt.Errorf("%s = %s is %v: it must be between %d and %d", name, clip(s), err, lo, hi)
}

// parseSeed reads the value of -loads: any seed from 0 to the largest int.
func parseSeed(s string) (int, error) {
	n, err := parseWhole(s)
	if err == nil && n < 0 {
		err = errTooSmall
	}
	switch err {
	case nil:
		return n, nil
	case errTooSmall:
		return 0, fmt.Errorf("loads = %s is too small: a seed must be 0 or more", clip(s))
	case errTooLarge:
		return 0, fmt.Errorf("loads = %s is too large: a seed must be at most %d", clip(s), math.MaxInt)
	}
	return 0, fmt.Errorf("loads = %q is not a whole number", clip(s))
}

func parseVList(s string) ([]int, error) {
	var vs []int
	for field := range strings.SplitSeq(s, ",") {
		v, err := parseWhole(field)
		if err == nil && v < sim.MinV {
			err = errTooSmall
		} else if err == nil && v > sim.MaxV {
			err = errTooLarge
		}
		switch err {
		case nil:
			vs = append(vs, v)
			continue
		case errNotWhole:
			return nil, fmt.Errorf("-v %q: %q is not a whole number", clip(s), clip(field))
		}
		return nil, fmt.Errorf("-v %q: %s is %v: each V must be between %d and %d",
			clip(s), clip(strings.TrimSpace(field)), err, sim.MinV, sim.MaxV)
	}
	return vs, nil
}

// row is everything measured for one V. A flag that measures more per V
// adds a field here and its columns in columnsFor.
type row struct {
	sim.Row                   // V, and the seed-averaged imbalance and CV
	change   sim.ChangeMean   // with -change: what the change moves
	requests sim.WorkloadRow  // with -load: the request figures
	rf, down int              // with -rf: the copies and the nodes down
	quorum   int              // with -rf: the copies that must be up
	replicas sim.ReplicaStats // with -rf: the failure figures
}

// column is one figure of a row: its heading in the text table (none for a
// setting the heading states once), its key in the JSON output, and how to
// get it from the row. The text table rounds it
// to three decimals; JSON keeps every digit. V itself is not a column: both
// printers put it first, as an integer.
type column struct {
	title string
	key   string
	value func(row) float64
}

// baseColumns are the exercise's figures, printed for every table.
var baseColumns = []column{
	{"imbalance max/mean", "imbalance", func(r row) float64 { return r.Imbalance }},
	{"CV (std/mean)", "cv", func(r row) float64 { return r.CV }},
	{"1/sqrt(V)", "invSqrtV", func(r row) float64 { return 1 / math.Sqrt(float64(r.V)) }},
	{"CV*sqrt(V)", "cvSqrtV", func(r row) float64 { return r.CV * math.Sqrt(float64(r.V)) }},
}

// columnsFor lists the columns printed for o, in order. Options that measure
// more append their own columns here; both printers follow this list.
func columnsFor(o options) []column {
	cols := baseColumns
	if o.change != sim.NoChange {
		cols = append(slices.Clip(cols), changeColumns(o)...)
	}
	if o.load {
		cols = append(slices.Clip(cols), workloadColumns(o)...)
	}
	if o.replicas {
		cols = append(slices.Clip(cols), replicaColumns()...)
	}
	return cols
}

// rowByRowWork is the amount of work, nodes*seeds*(largest V), from which
// the table is measured with one sim.Sweep per V rather than one for all.
// One sweep for all shares work between the Vs while a seed's points fit in
// one deal (nodes*V up to 16384): there one sweep per V is about twice as
// slow. From 2**25 on, with at most 1000 seeds, a seed has more points than
// that, little is shared, and both ways measure the same. Going row by row
// then lets the status line name the row and an interrupt stop the work
// between rows.
var rowByRowWork int64 = 1 << 25

// sweep is sim.SweepWith; tests replace it to control timing.
var sweep = sim.SweepWith

// measure computes the table's rows, in the order of o.vs. It returns
// ctx.Err() as soon as ctx is cancelled, leaving the sweep under way to
// finish unseen (main exits at once). While it works it keeps status up to
// date.
func measure(ctx context.Context, o options, status *statusLine) ([]row, error) {
	sp := o.sweepParams()
	byRow := int64(o.nodes)*int64(o.seeds)*int64(slices.Max(o.vs)) >= rowByRowWork
	type outcome struct {
		rows []sim.Row
		err  error
	}
	done := make(chan outcome, 1)
	started := make(chan int, len(o.vs)) // indexes of rows as their sweep starts
	var fraction atomic.Uint64           // of the row under way, as float64 bits
	go func() {
		if !byRow {
			rows, err := sweep(sp, sim.Options{})
			done <- outcome{rows, err}
			return
		}
		rows := make([]sim.Row, 0, len(o.vs))
		for i, v := range o.vs {
			if err := ctx.Err(); err != nil {
				done <- outcome{nil, err}
				return
			}
			if j := slices.Index(o.vs[:i], v); j >= 0 {
				rows = append(rows, rows[j]) // the same V again
				continue
			}
			started <- i
			one := sp
			one.Vs = []int{v}
			fraction.Store(0)
			got, err := sweep(one, sim.Options{Progress: func(done, total int64) {
				if total > 0 {
					fraction.Store(math.Float64bits(float64(done) / float64(total)))
				}
			}})
			if err != nil {
				done <- outcome{nil, err}
				return
			}
			rows = append(rows, got...)
		}
		done <- outcome{rows, nil}
	}()

	var tick <-chan time.Time // refreshes the elapsed time on the status line
	if byRow {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		tick = t.C
	}
	start := time.Now()
	current := -1
	for {
		select {
		case out := <-done:
			status.clear()
			if out.err != nil {
				return nil, out.err
			}
			rows := make([]row, len(out.rows))
			for i, r := range out.rows {
				rows[i] = row{Row: r}
			}
			return rows, nil
		case <-ctx.Done():
			status.clear()
			return nil, ctx.Err()
		case current = <-started:
		case <-tick:
		}
		if byRow && current >= 0 {
			msg := fmt.Sprintf("table: row %d/%d (V=%d)…", current+1, len(o.vs), o.vs[current])
			status.show(msg + howFar(math.Float64frombits(fraction.Load()), time.Since(start)))
		}
	}
}

// alongside runs sweep (a figure per row besides the table's) while ctx
// may cancel it, with msg on the status line when the work is big, and how
// far the sweep has got, refreshed each second. Like measure it returns
// ctx.Err() as soon as ctx is cancelled, leaving the sweep to finish
// unseen.
func alongside[T any](ctx context.Context, status *statusLine, big bool, msg string, sweep func(sim.Options) ([]T, error)) ([]T, error) {
	type outcome struct {
		rows []T
		err  error
	}
	done := make(chan outcome, 1)
	var fraction atomic.Uint64 // float64 bits
	go func() {
		got, err := sweep(sim.Options{Progress: func(d, t int64) {
			if t > 0 {
				fraction.Store(math.Float64bits(float64(d) / float64(t)))
			}
		}})
		done <- outcome{got, err}
	}()
	var tick <-chan time.Time
	if big {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		tick = t.C
		status.show(msg)
	}
	start := time.Now()
	for {
		select {
		case out := <-done:
			status.clear()
			return out.rows, out.err
		case <-ctx.Done():
			status.clear()
			return nil, ctx.Err()
		case <-tick:
			status.show(msg + howFar(math.Float64frombits(fraction.Load()), time.Since(start)))
		}
	}
}

// distinct is vs without repeats, in the order of first appearance.
func distinct(vs []int) []int {
	var out []int
	seen := map[int]bool{}
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// inListOrder is a row for each V of listed, repeats included, from rows
// measured for each V once.
func inListOrder(rows []row, listed []int) []row {
	byV := map[int]row{}
	for _, r := range rows {
		byV[r.V] = r
	}
	out := make([]row, len(listed))
	for i, v := range listed {
		out[i] = byV[v]
	}
	return out
}

// sweepParams are the sweep that o asks for.
func (o options) sweepParams() sim.SweepParams {
	return sim.SweepParams{Nodes: o.nodes, Seeds: o.seeds, Assign: o.assign, Scheme: o.scheme, Vs: o.vs}
}

// howFar says how far the work has got and, once that is worth a guess,
// about how long it has left: " 37% 7s, about 12s left".
func howFar(done float64, elapsed time.Duration) string {
	msg := ""
	if done > 0 {
		msg += fmt.Sprintf(" %.0f%%", 100*done)
	}
	if e := elapsed.Round(time.Second); e > 0 {
		msg += " " + e.String()
	}
	if done >= 0.02 && elapsed >= 2*time.Second {
		left := time.Duration(float64(elapsed) * (1 - done) / done).Round(time.Second)
		msg += fmt.Sprintf(", about %v left", left)
	}
	return msg
}

// statusLine is how far a long measurement has got: one line on a
// terminal, rewritten in place; elsewhere (a pipe, a file) a line of its
// own when the work starts and then every plainEvery, so that a long run
// never looks hung.
type statusLine struct {
	w     io.Writer // nil: show nothing
	plain bool      // not a terminal: whole lines, now and then
	shown int       // characters on the line now (terminal)
	last  time.Time // of the last plain line
}

// plainEvery is how often a status goes to a pipe or a file.
const plainEvery = 10 * time.Second

// isTerminal reports whether w is a terminal (a character device), where a
// status line is rewritten in place.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func (s *statusLine) show(msg string) {
	switch {
	case s.w == nil:
	case s.plain:
		if now := time.Now(); s.last.IsZero() || now.Sub(s.last) >= plainEvery {
			fmt.Fprintln(s.w, msg)
			s.last = now
		}
	default:
		n := utf8.RuneCountInString(msg)
		fmt.Fprintf(s.w, "\r%s%s", msg, strings.Repeat(" ", max(s.shown-n, 0)))
		s.shown = max(s.shown, n)
	}
}

// clear blanks a terminal's line and leaves the cursor at its start.
func (s *statusLine) clear() {
	if s.w == nil || s.plain || s.shown == 0 {
		return
	}
	fmt.Fprintf(s.w, "\r%s\r", strings.Repeat(" ", s.shown))
	s.shown = 0
}

func printTable(w io.Writer, o options, cols []column, rows []row) {
	fmt.Fprintf(w, "%d nodes share a ring of 2**32 positions; with uniform keys a node's load is the width it owns.\n", o.nodes)
	if o.scheme == sim.GreedyTokens {
		// Greedy tokens belong to the node that placed them: no assignment.
		fmt.Fprintf(w, "Each node owns the V ranges its tokens start; figures are means over seeds 0..%d.\n", o.seeds-1)
	} else {
		fmt.Fprintf(w, "Each node owns V ranges (%s assignment); figures are means over seeds 0..%d.\n", o.assign, o.seeds-1)
	}
	if line := describeScheme(o.scheme); line != "" {
		fmt.Fprintln(w, line)
	}
	if o.change != sim.NoChange {
		fmt.Fprintln(w, describeChange(o))
	}
	if o.load {
		fmt.Fprintln(w, describeWorkload(o))
	}
	if o.replicas {
		fmt.Fprintln(w, describeReplicas(o))
	}
	fmt.Fprintln(w)
	cols = slices.DeleteFunc(slices.Clone(cols), func(c column) bool { return c.title == "" })
	head, rule := "     V", "  -----"
	for i, c := range cols {
		width := utf8.RuneCountInString(c.title)
		head += " | " + c.title
		if i < len(cols)-1 {
			width++ // the space before the next bar
		}
		rule += "+" + strings.Repeat("-", width+1)
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, r := range rows {
		line := fmt.Sprintf("%6d", r.V)
		for _, c := range cols {
			line += fmt.Sprintf(" | %*.3f", utf8.RuneCountInString(c.title), c.value(r))
		}
		fmt.Fprintln(w, line)
	}
}

// describeScheme is the table's line about a scheme other than the
// exercise's random tokens, or "" for those.
func describeScheme(s sim.Scheme) string {
	switch s {
	case sim.EqualTokens:
		return "Tokens: equal partitions, the ring cut into N·V equal ranges (boundary i at floor(i·2**32/(N·V)))."
	case sim.GreedyTokens:
		return "Tokens: greedy allocation, nodes joining one by one and placing each token to relieve the busiest node."
	}
	return ""
}

// printJSON writes one JSON object per row: "v", "scheme", then the
// columns in order. Numbers keep full float64 precision.
func printJSON(w io.Writer, scheme sim.Scheme, cols []column, rows []row) error {
	var line []byte
	name, err := json.Marshal(scheme.String())
	if err != nil {
		return err
	}
	for _, r := range rows {
		line = append(line[:0], `{"v":`...)
		line = strconv.AppendInt(line, int64(r.V), 10)
		line = append(line, `,"scheme":`...)
		line = append(line, name...)
		for _, c := range cols {
			key, err := json.Marshal(c.key)
			if err != nil {
				return err
			}
			x := c.value(r)
			num, err := json.Marshal(x)
			if err != nil {
				return fmt.Errorf("%s = %v at V=%d, which JSON cannot hold", c.key, x, r.V)
			}
			line = append(line, ',')
			line = append(line, key...)
			line = append(line, ':')
			line = append(line, num...)
		}
		line = append(line, "}\n"...)
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// loadsJSON is the -loads -json output: one seed's ring for each V.
type loadsJSON struct {
	Nodes  int        `json:"nodes"`
	Seed   int        `json:"seed"`
	Assign string     `json:"assign"`
	Scheme string     `json:"scheme"`
	Rows   []loadsRow `json:"rows"`
}

type loadsRow struct {
	V     int      `json:"v"`
	Loads []uint64 `json:"loads"` // node 0 first; they sum to 2**32
}

func printLoads(ctx context.Context, w io.Writer, o options) error {
	all := loadsJSON{Nodes: o.nodes, Seed: o.loadsSeed, Assign: o.assign.String(), Scheme: o.scheme.String()}
	for _, v := range o.vs {
		if err := ctx.Err(); err != nil {
			return err
		}
		loads, err := sim.Loads(sim.Params{Nodes: o.nodes, V: v, Seeds: 1, Seed: o.loadsSeed, Assign: o.assign, Scheme: o.scheme})
		if err != nil {
			return err
		}
		if o.json {
			all.Rows = append(all.Rows, loadsRow{V: v, Loads: loads})
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d:", v)
		for _, l := range loads {
			fmt.Fprintf(&b, " %d", l)
		}
		fmt.Fprintln(w, b.String())
	}
	if o.json {
		return json.NewEncoder(w).Encode(all)
	}
	return nil
}
