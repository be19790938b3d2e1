package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"vnodes/sim"
)

// parseHashes reads -algo, -leave and, with -algo, -keys (the keys placed;
// without -algo -keys belongs to -load zipf). -algo prints its own table,
// so it goes with none of the flags that add columns to the other one.
func parseHashes(algo, leave, renumber, keys *textFlag, o options) (algos []sim.HashAlgorithm, k, l int, r sim.Renumber, err error) {
	switch {
	case !algo.set && leave.set:
		return nil, 0, 0, 0, errors.New("-leave needs -algo")
	case !algo.set:
		return nil, 0, 0, 0, errors.New("-renumber needs -algo")
	case o.loads:
		return nil, 0, 0, 0, errors.New("-algo and -loads cannot go together: -loads prints one seed's loads")
	case o.change != sim.NoChange:
		return nil, 0, 0, 0, errors.New("-algo and -change cannot go together: -algo measures its own join and leave")
	}
	if renumber.set {
		if r, err = sim.ParseRenumber(renumber.text); err != nil {
			return nil, 0, 0, 0, fmt.Errorf("-renumber %q: want shift or last", clip(renumber.text))
		}
	}
	for name := range strings.SplitSeq(algo.text, ",") {
		if strings.TrimSpace(strings.ToLower(name)) == "all" {
			algos = append(algos, sim.RingHash, sim.JumpHash, sim.RendezvousHash, sim.MaglevHash)
			continue
		}
		a, err := sim.ParseHashAlgorithm(name)
		if err != nil {
			return nil, 0, 0, 0, fmt.Errorf("-algo %q: %q is not ring, jump, rendezvous, maglev or all", clip(algo.text), clip(name))
		}
		algos = append(algos, a)
	}
	k = sim.DefaultHashKeys
	if keys.set {
		if k, err = parseCount("keys", keys.text, sim.MinHashKeys, sim.MaxHashKeys); err != nil {
			return nil, 0, 0, 0, err
		}
		keys.set = false // taken: not a workload's
	}
	if o.nodes+1 > sim.MaxNodes {
		return nil, 0, 0, 0, fmt.Errorf("-algo measures a node joining: at most %d nodes", sim.MaxNodes-1)
	}
	l = sim.DefaultLeave(o.nodes)
	if leave.set {
		if l, err = parseNode("leave", leave.text, o.nodes); err != nil {
			return nil, 0, 0, 0, err
		}
	}
	return algos, k, l, r, nil
}

// hashRow is one line of the -algo table: an algorithm (the ring at one
// V) and its figures, means over the seeds.
type hashRow struct {
	Algo        string  `json:"algo"`
	V           int     `json:"v,omitempty"` // the ring's only
	Keys        int     `json:"keys"`
	Imbalance   float64 `json:"imbalance"`
	CV          float64 `json:"cv"`
	RandomCV    float64 `json:"randomCV"`
	MovedJoin   float64 `json:"movedJoin"`
	MovedLeave  float64 `json:"movedLeave"`
	Leave       string  `json:"leave"`
	Renumber    string  `json:"renumber,omitempty"` // jump's only
	MemoryBytes int     `json:"memoryBytes"`
	Lookup      string  `json:"lookup"` // what a lookup costs, in steps

	LookupNs float64 `json:"lookupNs"`
}

// runHashes is sim.RunHashesWith; tests may replace it.
var runHashes = sim.RunHashesWith

// printHashes measures and prints the -algo table: the ring once per V,
// the others once (they have no tokens).
func printHashes(ctx context.Context, w io.Writer, o options) error {
	var rows []hashRow
	for _, a := range o.algos {
		vs := o.vs
		if a != sim.RingHash {
			vs = vs[:1] // any V: the others do not read the ring
		}
		for _, v := range vs {
			hp := sim.HashParams{Params: sim.Params{Nodes: o.nodes, V: v, Seeds: o.seeds, Assign: o.assign, Scheme: o.scheme}, Keys: o.keys, Leave: o.leave, Renumber: o.renumber}
			got, err := alongside(ctx, &statusLine{}, false, "", func(opt sim.Options) ([]sim.HashResult, error) {
				r, err := runHashes(hp, opt)
				return []sim.HashResult{r}, err
			})
			if err != nil {
				return err
			}
			res := got[0]
			f := res.Mean[a]
			row := hashRow{Algo: a.String(), Keys: o.keys, Imbalance: f.Imbalance, CV: f.CV, RandomCV: sim.RandomCV(o.nodes, o.keys),
				MovedJoin: f.MovedJoin, MovedLeave: f.MovedLeave, Leave: sim.NodeName(o.leave),
				MemoryBytes: sim.MemoryBytes(a, o.nodes, v), Lookup: sim.LookupCost(a), LookupNs: lookupNanos(sim.NewLookups(res.Ring), a, o.keys)}
			switch a {
			case sim.RingHash:
				row.V = v
			case sim.JumpHash:
				row.Renumber = o.renumber.String()
			}
			rows = append(rows, row)
		}
	}
	if o.json {
		enc := json.NewEncoder(w)
		for _, r := range rows {
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(w, "%d keys on %d nodes, means over seeds 0..%d; node %s leaves, node %s joins.\n", o.keys, o.nodes, o.seeds-1, sim.NodeName(o.leave), sim.NodeName(o.nodes))
	gap := "every node after the leaver takes the number below its own"
	if o.renumber == sim.RenumberLast {
		gap = "the last node takes the leaver's number"
	}
	fmt.Fprintf(w, "Jump closes the leaver's gap the %s way: %s.\n", o.renumber, gap)
	fmt.Fprintf(w, "Keys thrown at random would have a CV of %.3f (root-mean-square; less even placement than that is possible). Lookup times are measured on this machine.\n\n", sim.RandomCV(o.nodes, o.keys))
	fmt.Fprintln(w, "algorithm      |   V | max/mean |    CV | moved on join | moved on leave |   memory | lookup        | lookup ns")
	fmt.Fprintln(w, "---------------+-----+----------+-------+---------------+----------------+----------+---------------+----------")
	for _, r := range rows {
		v := "-"
		if r.V > 0 {
			v = fmt.Sprint(r.V)
		}
		fmt.Fprintf(w, "%-14s | %3s | %8.3f | %5.3f | %13.3f | %14.3f | %8d | %-13s | %9.1f\n", r.Algo, v, r.Imbalance, r.CV, r.MovedJoin, r.MovedLeave, r.MemoryBytes, r.Lookup, r.LookupNs)
	}
	return nil
}

// lookupNanos times lookups by a over keys keys (a SplitMix64 sequence):
// nanoseconds per lookup on this machine, the best of three passes.
func lookupNanos(l *sim.Lookups, a sim.HashAlgorithm, keys int) float64 {
	best := time.Duration(1<<63 - 1)
	sink := 0
	for range 3 {
		start := time.Now()
		x := uint64(0)
		for range keys {
			x += 0x9e3779b97f4a7c15
			sink += l.Node(a, x)
		}
		best = min(best, time.Since(start))
	}
	if sink == -1 {
		fmt.Print() // keeps the lookups from being optimised away
	}
	return float64(best.Nanoseconds()) / float64(keys)
}
