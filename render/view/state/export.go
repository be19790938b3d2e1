package state

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"vnodes/render/view"
	"vnodes/render/view/link"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/sim"
)

// Figures to take away: a file name for what is shown, the figures as
// tab-separated tables (they paste as tables into a spreadsheet or a
// slide), and what a reset changed.

// ExportName names a picture or a table of s: vnodes-v16-n10-seed0, with
// the view when it is not the first.
func ExportName(r *view.Registry, s view.Settings) string {
	name := fmt.Sprintf("vnodes-v%d-n%d-seed%d", s.V, s.Nodes, s.Seed)
	if s.Assign == sim.Random {
		name += "-random"
	}
	if s.View != nil && r.Index(s.View) > 0 {
		name += "-" + s.View.ID()
	}
	return name
}

// FiguresTSV is what is shown as tab-separated tables, a blank line
// between them: the settings and the link; every figure of the shown
// view (its part of state(), names as there); each node's load; and the
// exercise's table of 20-seed means by V (table may be nil while it is
// worked out). The heads are in the current language and the numbers
// written its way (1,378 in a Spanish spreadsheet), with the same digits;
// the figures' names, the link and the settings' values stay as in links.
func FiguresTSV(r *view.Registry, s view.Settings, shown view.Shown, table []sim.Row) string {
	var b strings.Builder
	res := shown.Sim()
	fmt.Fprintf(&b, "vnodes\t%s\n", link.Query(r, s))
	fmt.Fprintf(&b, "%s\t%s\n", lang.T("view"), lang.T(s.View.Name()))
	fmt.Fprintf(&b, "V\t%d\n%s\t%d\n%s\t%d\n", s.V, lang.T("nodes"), s.Nodes, lang.T("seed"), s.Seed)
	fmt.Fprintf(&b, "%s\t%s\n\n", lang.T("assignment"), panel.AssignLabel(s.Assign))

	fmt.Fprintf(&b, "%s\t%s\n", lang.T("figure"), lang.T("value"))
	fmt.Fprintf(&b, "imbalance\t%s\ncv\t%s\navgImbalance\t%s\navgCV\t%s\n",
		number(res.Ring.Stats.Imbalance), number(res.Ring.Stats.CV), number(res.Average.Imbalance), number(res.Average.CV))
	for _, kv := range flatFigures(view.StateOf(shown)) {
		fmt.Fprintf(&b, "%s\t%s\n", kv[0], kv[1])
	}

	fmt.Fprintf(&b, "\n%s\t%s\t%s\t%s\n", lang.T("node"), lang.T("ranges"), lang.T("share of the ring"), lang.T("fair shares"))
	ranges := make([]int, res.Ring.Nodes)
	for _, o := range res.Ring.Owners {
		ranges[o]++
	}
	for i := range res.Ring.Nodes {
		fmt.Fprintf(&b, "%s\t%d\t%s\t%s\n", sim.NodeName(i), ranges[i], number(float64(res.Ring.Loads[i])/float64(sim.RingSize)), number(res.Ring.Share(i)))
	}
	if len(table) > 0 {
		fmt.Fprintf(&b, "\nV\t%s\tCV\n", lang.Sprintf("busiest over the mean (%s)", panel.Seeds(view.Seeds)))
		for _, row := range table {
			fmt.Fprintf(&b, "%d\t%s\t%s\n", row.V, number(row.Imbalance), number(row.CV))
		}
	}
	return b.String()
}

// number writes x with the digits %v gives (as briefly as it reads back),
// the current language's way: 1.378 → 1,378.
func number(x float64) string { return lang.Num(strconv.FormatFloat(x, 'g', -1, 64)) }

// flatFigures are the numbers, strings and yes/no values at the top of a
// view's state, by their names in state(), sorted; lists and nested
// objects are left out (the node table carries the loads).
func flatFigures(state any) [][2]string {
	if state == nil {
		return nil
	}
	b, err := json.Marshal(state)
	var top map[string]any
	if err != nil || json.Unmarshal(b, &top) != nil {
		return nil
	}
	var out [][2]string
	for _, name := range slices.Sorted(maps.Keys(top)) {
		switch x := top[name].(type) {
		case float64:
			out = append(out, [2]string{name, number(x)})
		case bool:
			out = append(out, [2]string{name, strconv.FormatBool(x)})
		case string:
			out = append(out, [2]string{name, x})
		}
	}
	return out
}
