// Command table prints the vnodes experiment as a table: for each V, the
// seed-averaged imbalance (busiest node over the mean) and CV of node loads.
//
//	go run ./sim/cmd/table [-nodes 10] [-seeds 20] [-v 1,2,4,16,64,256] [-assign roundrobin|random] [-loads SEED]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"vnodes/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	nodes, seeds int
	vs           []int
	assign       sim.Assignment
	loadsSeed    int // -1: print the table
}

// run is main without the process: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "table: %v\n", err)
		return 2
	}
	if opts.loadsSeed >= 0 {
		err = printLoads(stdout, opts)
	} else {
		err = printTable(stdout, opts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "table: %v\n", err)
		return 1
	}
	return 0
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported in one line by run
	nodes := fs.Int("nodes", sim.DefaultNodes, "number of nodes N (1..1000)")
	seeds := fs.Int("seeds", sim.DefaultSeeds, "average over seeds 0..K-1 (K in 1..1000)")
	vList := fs.String("v", "1,2,4,16,64,256", "comma-separated ranges per node, each in 1..4096")
	assign := fs.String("assign", "roundrobin", "how ranges are dealt to nodes: roundrobin or random")
	loads := fs.Int("loads", -1, "print every node's integer load for this one seed instead of the table")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.PrintDefaults()
		}
		return options{}, err
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	opts := options{nodes: *nodes, seeds: *seeds, loadsSeed: *loads}
	var err error
	if opts.assign, err = sim.ParseAssignment(*assign); err != nil {
		return options{}, err
	}
	if opts.vs, err = parseVList(*vList); err != nil {
		return options{}, err
	}
	if f := fs.Lookup("loads"); f.Value.String() != "-1" && *loads < 0 {
		return options{}, fmt.Errorf("-loads %d: a seed must be 0 or more", *loads)
	}
	// Validate every V up front so the error names the flag, not an internal call.
	for _, v := range opts.vs {
		p := sim.Params{Nodes: opts.nodes, V: v, Seeds: opts.seeds, Assign: opts.assign}
		if err := p.Validate(); err != nil {
			return options{}, err
		}
	}
	return opts, nil
}

func parseVList(s string) ([]int, error) {
	var vs []int
	for field := range strings.SplitSeq(s, ",") {
		field = strings.TrimSpace(field)
		v, err := strconv.Atoi(field)
		if err != nil {
			return nil, fmt.Errorf("-v %q: %q is not a whole number", s, field)
		}
		if v < sim.MinV || v > sim.MaxV {
			return nil, fmt.Errorf("-v %q: %d is out of range: each V must be between %d and %d", s, v, sim.MinV, sim.MaxV)
		}
		vs = append(vs, v)
	}
	return vs, nil
}

func printTable(w io.Writer, o options) error {
	rows, err := sim.Sweep(sim.SweepParams{Nodes: o.nodes, Seeds: o.seeds, Assign: o.assign, Vs: o.vs})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%d nodes share a ring of 2**32 positions; with uniform keys a node's load is the width it owns.\n", o.nodes)
	fmt.Fprintf(w, "Each node owns V ranges (%s assignment); figures are means over seeds 0..%d.\n\n", o.assign, o.seeds-1)
	fmt.Fprintln(w, "     V | imbalance max/mean | CV (std/mean) | 1/sqrt(V) | CV*sqrt(V)")
	fmt.Fprintln(w, "  -----+--------------------+---------------+-----------+-----------")
	for _, r := range rows {
		root := math.Sqrt(float64(r.V))
		fmt.Fprintf(w, "%6d | %18.3f | %13.3f | %9.3f | %10.3f\n", r.V, r.Imbalance, r.CV, 1/root, r.CV*root)
	}
	return nil
}

func printLoads(w io.Writer, o options) error {
	for _, v := range o.vs {
		loads, err := sim.Loads(sim.Params{Nodes: o.nodes, V: v, Seeds: 1, Seed: o.loadsSeed, Assign: o.assign})
		if err != nil {
			return err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d:", v)
		for _, l := range loads {
			fmt.Fprintf(&b, " %d", l)
		}
		fmt.Fprintln(w, b.String())
	}
	return nil
}
