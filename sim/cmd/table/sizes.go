package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"

	"vnodes/sim"
)

// parseWeights reads -weights: each node's size, padded with 1s. It prints
// a table of its own, so it goes with none of the flags that add columns
// to the exercise's.
func parseWeights(weights *textFlag, o options) ([]int, error) {
	switch {
	case o.loads:
		return nil, fmt.Errorf("-weights and -loads cannot go together: -loads prints one seed's loads")
	case o.change != sim.NoChange, o.replicas, len(o.algos) > 0, o.load:
		return nil, fmt.Errorf("-weights prints a table of its own: it goes with -nodes, -seeds, -v and -assign only")
	case o.scheme != sim.RandomTokens:
		return nil, fmt.Errorf("-weights needs random tokens (-scheme random)")
	}
	sizes, err := sim.ParseSizes(weights.text, o.nodes)
	if err != nil {
		return nil, fmt.Errorf("-weights %q: %v", clip(weights.text), err)
	}
	return sizes, nil
}

// sizesRow is one line of the -weights table.
type sizesRow struct {
	V              int                `json:"v"`
	Weights        []int              `json:"weights"`
	Assign         string             `json:"assign"`
	Imbalance      float64            `json:"imbalance"`
	CV             float64            `json:"cv"`
	RMSDevByWeight map[string]float64 `json:"rmsDevByWeight"`
}

// sizesSweep is sim.SizesSweepWith; tests may replace it.
var sizesSweep = sim.SizesSweepWith

// printSizes measures and prints the -weights table.
func printSizes(ctx context.Context, w io.Writer, o options, status *statusLine) error {
	big := int64(o.seeds)*int64(slices.Max(o.vs))*int64(o.nodes)*int64(slices.Max(o.weights)) >= rowByRowWork
	got, err := alongside(ctx, status, big, "table: nodes of different sizes…", func(opt sim.Options) ([]sim.SizesRow, error) {
		return sizesSweep(o.sweepParams(), o.weights, opt)
	})
	if err != nil {
		return err
	}
	sizes := slices.Sorted(maps.Keys(got[0].RMSDevBySize))
	if o.json {
		enc := json.NewEncoder(w)
		for _, r := range got {
			row := sizesRow{V: r.V, Weights: o.weights, Assign: o.assign.String(), Imbalance: r.Imbalance, CV: r.CV, RMSDevByWeight: map[string]float64{}}
			for k, x := range r.RMSDevBySize {
				row.RMSDevByWeight[strconv.Itoa(k)] = x
			}
			if err := enc.Encode(row); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(w, "%d nodes of sizes %v (%s assignment); node i gets V·size[i] tokens; figures are means over seeds 0..%d.\n", o.nodes, o.weights, o.assign, o.seeds-1)
	fmt.Fprintln(w, "A node's relative load is its share of the ring over its share of the capacity (1 is fair for its size).")
	fmt.Fprintln(w, "Last columns: the root-mean-square deviation of the relative loads from 1, by size.")
	fmt.Fprintln(w)
	fmt.Fprint(w, "     V | busiest relative | CV of relative")
	for _, k := range sizes {
		fmt.Fprintf(w, " | size %d", k)
	}
	fmt.Fprintln(w)
	for _, r := range got {
		fmt.Fprintf(w, "%6d | %16.3f | %14.3f", r.V, r.Imbalance, r.CV)
		for _, k := range sizes {
			fmt.Fprintf(w, " | %6.3f", r.RMSDevBySize[k])
		}
		fmt.Fprintln(w)
	}
	return nil
}
