// Package sizes is nodes of different sizes, the third reason Dynamo gave
// for virtual nodes: a node's number of tokens can follow its capacity.
// Node i of size w[i] gets V·w[i] tokens; its relative load is its share of
// the ring over its share of the capacity, so that 1 is fair for every
// size. It shows the ring (a bigger node's lane holds more tokens), the
// bars as wide as each node's size and as tall as its relative load, the
// figures by size, and how each size's deviation falls with V.
package sizes

import (
	"slices"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/sim"
)

// View is the sizes view; its value is each node's size, as a link writes
// them ("1,1,2,4"; "" when all are 1).
type View struct {
	W string
}

// Default is what the view opens on: ten nodes of three generations, five
// of size 1, three of 2 and two of 4 (with more nodes, the rest of size 1).
var Default = View{W: sim.FormatSizes(generations(sim.DefaultNodes))}

func (View) ID() string { return "sizes" }

// Name stays in English (it is state().mode): the tab shows it through
// lang.T.
func (View) Name() string { return lang.N("sizes") }

func (View) Shortcut() view.Shortcut {
	return view.Shortcut{Name: "sizes", Label: "W", Does: lang.T("sizes view: nodes of different sizes, each with tokens in proportion")}
}

func (View) Keys() []link.Key {
	return []link.Key{{Name: "w", Help: lang.Sprintf("sizes view: each node's size, %d..%d, comma-separated (padded with 1s)", sim.MinSize, sim.MaxSize)}}
}

// sizes are each of the nodes' sizes, padded with 1s (a list that no
// longer fits the nodes is cut), read as sim reads them.
func (v View) sizes(nodes int) []int {
	parts := strings.Split(v.W, ",")
	if len(parts) > nodes {
		parts = parts[:nodes]
	}
	out, err := sim.ParseSizes(strings.Join(parts, ","), nodes)
	if err != nil { // W is written by Parse, the presets and Apply only: never
		return slices.Repeat([]int{1}, nodes)
	}
	return out
}

// Parse reads w=, which opens the view.
func (v View) Parse(p *link.Parser, s view.Settings) (view.View, bool) {
	raw, ok := p.Value("w")
	if !ok {
		return v, false
	}
	sizes, err := sim.ParseSizes(raw, s.Nodes)
	if err != nil {
		p.Note("w=%s: %s: every node is of size 1", view.Shorten(raw), err.Error())
		return View{}, true
	}
	return View{W: sim.FormatSizes(sizes)}, true
}

func (v View) Write(b *strings.Builder) {
	b.WriteString("&w=")
	if v.W == "" {
		b.WriteString("1")
		return
	}
	b.WriteString(v.W)
}

// Clamp keeps a size for each node only, within the limits, and V low
// enough for the ring's V·Σw tokens to stay within the app's largest
// ring (MaxNodes·MaxV).
func (v View) Clamp(s view.Settings) view.Settings {
	sizes := v.sizes(s.Nodes)
	sum := 0
	for i, w := range sizes {
		sizes[i] = min(max(w, sim.MinSize), sim.MaxSize)
		sum += sizes[i]
	}
	s.V = min(s.V, sim.MaxNodes*sim.MaxV/sum)
	s.View = View{W: sim.FormatSizes(sizes)}
	return s
}

// Presets are the clusters the card offers: each node's size, for nodes
// nodes.
var presets = []struct {
	name, label string
	sizes       func(nodes int) []int
}{
	{"presetEqual", lang.N("[sizes] all 1"), func(n int) []int { return slices.Repeat([]int{1}, n) }},
	{"presetTwo", lang.N("[sizes: half the nodes 1, half 2] 1 and 2"), func(n int) []int { return halves(n, 2) }},
	{"presetFour", lang.N("[sizes: half the nodes 1, half 4] 1 and 4"), func(n int) []int { return halves(n, 4) }},
	{"presetMixed", lang.N("[sizes: half 1, three tenths 2, a fifth 4] 1, 2, 4"), generations},
	{"presetOne", lang.N("[sizes: one node of 8, the rest 1] one 8"), func(n int) []int { s := slices.Repeat([]int{1}, n); s[n-1] = sim.MaxSize; return s }},
}

// generations are n nodes of three generations: half of size 1, three
// tenths of size 2, the rest of size 4 (5, 3 and 2 of ten).
func generations(n int) []int {
	out := slices.Repeat([]int{1}, n)
	for i := n / 2; i < n; i++ {
		out[i] = 2
		if i >= n*8/10 {
			out[i] = 4
		}
	}
	return out
}

// halves is the first half of n nodes of size 1, the rest of size w.
func halves(n, w int) []int {
	out := slices.Repeat([]int{1}, n)
	for i := n / 2; i < n; i++ {
		out[i] = w
	}
	return out
}

// Apply: "preset" sets the sizes of preset Value; "node" doubles node
// Value's size (counted from 0), from the largest back to 1.
func (v View) Apply(in view.Intent, s view.Settings) view.View {
	sizes := v.sizes(s.Nodes)
	switch in.Name {
	case "preset":
		if in.Value >= 0 && in.Value < len(presets) {
			sizes = presets[in.Value].sizes(s.Nodes)
		}
	case "node":
		if in.Value >= 0 && in.Value < len(sizes) {
			if sizes[in.Value] *= 2; sizes[in.Value] > sim.MaxSize {
				sizes[in.Value] = 1
			}
		}
	}
	return View{W: sim.FormatSizes(sizes)}
}

// Click on a node doubles its size.
func (v View) Click(node int, s view.Settings) (view.Intent, bool) {
	return view.NodeClick(v, "node", node, s)
}

func (v View) params(s view.Settings, w *view.Work) sim.SizesParams {
	return sim.SizesParams{Params: w.Params(s), Sizes: v.sizes(s.Nodes)}
}

// tokens is V·Σw.
func (v View) tokens(s view.Settings) int {
	sum := 0
	for _, w := range v.sizes(s.Nodes) {
		sum += w
	}
	return s.V * sum
}

// Compute is every seed's ring of nodes of these sizes.
func (v View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	cost := v.Cost(s)
	res, err := sim.RunSizesWith(v.params(s, w), w.Options(cost))
	if err = w.Step(cost, err); err != nil {
		return nil, err
	}
	return newShown(res), nil
}

func (v View) Cost(s view.Settings) int { return 2 * (view.Seeds + 1) * v.tokens(s) }

// rows are the figures by V for these sizes.
type rows struct {
	settings view.Settings
	list     []sim.SizesRow
}

func (r *rows) For(s view.Settings) bool {
	return r.settings.Nodes == s.Nodes && r.settings.Assign == s.Assign && r.settings.View == s.View
}

// chartVs are the V the chart and the table show.
var chartVs = []int{1, 2, 4, 16, 64, 256}

func (v View) Rows(s view.Settings, w *view.Work) (view.Rows, error) {
	cost := v.RowsCost(s)
	list, err := sim.SizesSweepWith(w.Sweep(s, chartVs), v.sizes(s.Nodes), w.Options(cost))
	if err = w.Step(cost, err); err != nil {
		return nil, err
	}
	return &rows{settings: s, list: list}, nil
}

func (v View) RowsCost(s view.Settings) int {
	sum := 0
	for _, x := range chartVs {
		sum += x
	}
	return 2 * view.Seeds * v.tokens(s) / s.V * sum
}

// Controls: the presets (and "own" when the sizes are none of them),
// the sizes in words, and what the view shows.
func (v View) Controls(s view.Settings) []view.Control {
	sizes := v.sizes(s.Nodes)
	var choices []view.Choice
	own := true
	for i, p := range presets {
		on := slices.Equal(sizes, p.sizes(s.Nodes))
		own = own && !on
		choices = append(choices, view.Choice{Name: p.name, Label: lang.T(p.label), On: on,
			Intent: view.Intent{Action: view.ActionView, View: v.ID(), Name: "preset", Value: i}})
	}
	if own {
		choices = append(choices, view.Choice{Name: "presetOwn", Label: lang.T("[sizes chosen by clicking nodes] own"), On: true,
			Intent: view.Intent{Action: view.ActionView, View: v.ID(), Name: "preset", Value: -1}})
	}
	return []view.Control{
		{Label: lang.T("sizes"), Choices: choices},
		{Text: inWords(sizes) + ". " + lang.T("Click a node to double its size.") + " " +
			lang.T("A node of size w gets V·w tokens. The small nodes are the lumpy ones: a node's deviation falls like 1/√(V·w), so the smallest machine sets how many tokens a cluster needs.")},
	}
}

// inWords is how many nodes there are of each size: "5 of size 1, 3 of
// size 2".
func inWords(sizes []int) string {
	counts := map[int]int{}
	for _, w := range sizes {
		counts[w]++
	}
	var words []string
	for w := sim.MinSize; w <= sim.MaxSize; w++ {
		if counts[w] > 0 {
			words = append(words, lang.Sprintf("%d of size %d", counts[w], w))
		}
	}
	return strings.Join(words, ", ")
}

var _ panel.Shown = (*Shown)(nil)
