package sim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"vnodes/sim/internal/pyrand"
	"vnodes/sim/internal/sorting"
)

// Nodes of different sizes (Dynamo's third reason for virtual nodes: a
// node's number of them follows its capacity). Node i has an integer size
// w[i] and gets V·w[i] tokens. The model, exactly:
//   - T = V·Σw points are drawn as in the exercise,
//     random.Random(seed).randrange(2**32) T times, and sorted; range r (in
//     ring order) runs from the r-th point to the next, wrapping.
//   - The owner list before any shuffle: for r in 0 … V·max(w)−1, for i in
//     0 … N−1, append i if r < V·w[i]. With all sizes 1 this is i mod N,
//     the exercise's round-robin. RoundRobin: range r belongs to entry r.
//     Random: the same generator, after the points, shuffles that list
//     (random.shuffle), as the random assignment does.
//   - A node's relative load is its share of the ring over its share of
//     the capacity, (width / 2**32) / (w[i] / Σw): 1 is a fair load for its
//     size.

// Limits of a node's size.
const MinSize, MaxSize = 1, 8

// SizesParams are a ring's parameters with each node's size.
type SizesParams struct {
	Params
	Sizes []int // one per node, each MinSize..MaxSize
}

// ParseSizes reads sizes written as a link or a flag carries them
// ("1,1,2,4"), for nodes nodes: a shorter list is padded with 1s; a longer
// one, a size out of range or a word is an error that says which.
func ParseSizes(s string, nodes int) ([]int, error) {
	out := make([]int, 0, nodes)
	if strings.TrimSpace(s) != "" {
		for i, f := range strings.Split(s, ",") {
			f = strings.TrimSpace(f)
			n, err := strconv.Atoi(f)
			switch {
			case err != nil:
				return nil, fmt.Errorf("size %d, %q, is not a whole number", i+1, clipped(f))
			case n < MinSize || n > MaxSize:
				return nil, fmt.Errorf("size %d is %d: a node's size is %d to %d", i+1, n, MinSize, MaxSize)
			}
			out = append(out, n)
		}
	}
	if len(out) > nodes {
		return nil, fmt.Errorf("%d sizes for %d nodes: give at most one a node", len(out), nodes)
	}
	for len(out) < nodes {
		out = append(out, 1)
	}
	return out, nil
}

// clipped is s cut to a length an error message can quote.
func clipped(s string) string {
	if r := []rune(s); len(r) > 12 {
		return string(r[:12]) + "…"
	}
	return s
}

// FormatSizes writes sizes as ParseSizes reads them, without the 1s at
// the end ("" for all 1s).
func FormatSizes(sizes []int) string {
	end := len(sizes)
	for end > 0 && sizes[end-1] == 1 {
		end--
	}
	parts := make([]string, end)
	for i, w := range sizes[:end] {
		parts[i] = strconv.Itoa(w)
	}
	return strings.Join(parts, ",")
}

// Validate reports the first parameter that is out of range.
func (sp SizesParams) Validate() error {
	if err := sp.Params.Validate(); err != nil {
		return err
	}
	if sp.Scheme != RandomTokens {
		return fmt.Errorf("nodes of different sizes need random tokens")
	}
	if len(sp.Sizes) != sp.Nodes {
		return fmt.Errorf("%d sizes for %d nodes", len(sp.Sizes), sp.Nodes)
	}
	for i, w := range sp.Sizes {
		if w < MinSize || w > MaxSize {
			return fmt.Errorf("node %s's size is %d: a node's size is %d to %d", NodeName(i), w, MinSize, MaxSize)
		}
	}
	if t := sp.tokens(); t > MaxNodes*MaxV {
		return fmt.Errorf("%d tokens in all: at most %d", t, MaxNodes*MaxV)
	}
	return nil
}

// tokens is V·Σw, the ring's token count.
func (sp SizesParams) tokens() int {
	sum := 0
	for _, w := range sp.Sizes {
		sum += w
	}
	return sp.V * sum
}

// SizesStats are one ring's relative loads summed up: the largest, the
// spread (population standard deviation over the mean), and for each size
// the root-mean-square deviation of its nodes' relative loads from 1.
type SizesStats struct {
	Imbalance, CV float64
	RMSDevBySize  map[int]float64
}

// SizesResult is the selected seed's ring and relative loads, its
// figures, and the means over the seeds.
type SizesResult struct {
	Params   SizesParams
	Ring     Ring      // the selected seed's ring; Loads are the widths owned
	Relative []float64 // the selected seed's relative loads
	Seed     SizesStats
	Mean     SizesStats
}

// RunSizes works out the relative loads of every seed's ring.
func RunSizes(sp SizesParams) (SizesResult, error) { return RunSizesWith(sp, Options{}) }

// RunSizesWith is RunSizes that can be stopped and followed through o
// (see Options).
func RunSizesWith(sp SizesParams, o Options) (SizesResult, error) {
	rows, err := sweepPoints([]SizesParams{sp}, sp.Seeds, o, SizesParams.Validate, measureSizes,
		func(p SizesParams, perSeed [][]float64) SizesResult {
			return SizesResult{Params: p, Mean: meanSizes(perSeed, p.Sizes)}
		})
	if err != nil {
		return SizesResult{}, err
	}
	res := rows[0]
	ws := getWorkspace(nil)
	defer putWorkspace(ws)
	ws.drawSizedRing(sp.Seed, sp.Params, sp.Sizes)
	res.Ring = ws.ring(sp.Seed, sp.Nodes)
	res.Relative = relativeLoads(res.Ring.Loads, sp.Sizes)
	res.Seed = meanSizes([][]float64{res.Relative}, sp.Sizes)
	return res, nil
}

func (sp SizesParams) draw(ws *workspace, seed int) { ws.drawSizedRing(seed, sp.Params, sp.Sizes) }
func (sp SizesParams) work() int64                  { return sizesWork(sp) }

// sizesWork is what one seed's ring and loads of sp report, as
// drawSizedRing and measureLoads count them: the draws, the owners (and
// the shuffle's swaps), the sort, then the loads.
func sizesWork(sp SizesParams) int64 {
	m := sp.tokens()
	shuffle := 0
	if sp.Assign == Random {
		shuffle = m - 1
	}
	return int64(m + m + shuffle + sorting.SortWork(m) + m)
}

// measureSizes is the relative loads of the ring of p just drawn into ws.
func measureSizes(ws *workspace, _ int, p SizesParams) []float64 {
	return relativeLoads(ws.measureLoads(p.Nodes), p.Sizes)
}

// SizesRow is one V's figures, means over the seeds.
type SizesRow struct {
	V int
	SizesStats
}

// SizesSweep averages the figures of sizes over seeds 0..sp.Seeds-1 for
// every V in sp.Vs, in the order asked.
func SizesSweep(sp SweepParams, sizes []int) ([]SizesRow, error) {
	return SizesSweepWith(sp, sizes, Options{})
}

// SizesSweepWith is SizesSweep that can be stopped and followed through o.
func SizesSweepWith(sp SweepParams, sizes []int, o Options) ([]SizesRow, error) {
	return sweepVs(sp, o, func(p Params) SizesParams { return SizesParams{Params: p, Sizes: sizes} },
		SizesParams.Validate, measureSizes,
		func(p SizesParams, perSeed [][]float64) SizesRow {
			return SizesRow{V: p.V, SizesStats: meanSizes(perSeed, p.Sizes)}
		})
}

// relativeLoads are each node's share of the ring over its share of the
// capacity.
func relativeLoads(loads []uint64, sizes []int) []float64 {
	total := 0
	for _, w := range sizes {
		total += w
	}
	out := make([]float64, len(loads))
	for i, l := range loads {
		out[i] = (float64(l) / float64(RingSize)) / (float64(sizes[i]) / float64(total))
	}
	return out
}

// meanSizes sums up relative loads, one slice a seed, in seed order: the
// means of each seed's largest and CV, and each size's root-mean-square
// deviation from 1 over every seed and node of that size.
func meanSizes(perSeed [][]float64, sizes []int) SizesStats {
	var st SizesStats
	sq, count := map[int]float64{}, map[int]int{}
	for _, rel := range perSeed {
		n := float64(len(rel))
		var sum float64
		for _, x := range rel {
			sum += x
		}
		mean := sum / n
		var dev float64
		for _, x := range rel {
			dev += (x - mean) * (x - mean)
		}
		st.Imbalance += slices.Max(rel)
		st.CV += math.Sqrt(dev/n) / mean
		for i, x := range rel {
			sq[sizes[i]] += (x - 1) * (x - 1)
			count[sizes[i]]++
		}
	}
	k := float64(len(perSeed))
	st.Imbalance /= k
	st.CV /= k
	st.RMSDevBySize = map[int]float64{}
	for w, s := range sq {
		st.RMSDevBySize[w] = math.Sqrt(s / float64(count[w]))
	}
	return st
}

// drawSizedRing builds the ring of p with nodes of the given sizes for
// one seed into ws.points (sorted) and ws.owners, as the model above says.
func (ws *workspace) drawSizedRing(seed int, p Params, sizes []int) {
	m, most := 0, 0
	for _, w := range sizes {
		m += p.V * w
		most = max(most, w)
	}
	ws.batch.Seed(&ws.rng, uint64(seed))
	ws.drawn = grow(ws.drawn, m)
	if !ws.drawPoints(ws.drawn) {
		return
	}
	ws.owners = ws.owners[:0]
	for r := range p.V * most {
		for i, w := range sizes {
			if r < p.V*w {
				ws.owners = append(ws.owners, uint16(i))
			}
		}
	}
	if !ws.m.addAll(m) { // the owners, as dealOwners counts them
		return
	}
	if p.Assign == Random {
		// In pieces of TickUnits steps, as dealOwners shuffles.
		for from := m - 1; from > 0; from -= TickUnits {
			to := max(from-TickUnits, 0)
			pyrand.ShuffleSteps(&ws.rng, ws.owners, from, to)
			if !ws.m.add(from - to) {
				return
			}
		}
	}
	ws.points, _ = sorting.SortedCopyStep(&ws.points, &ws.radixTmp, ws.drawn, ws.m.step())
}
