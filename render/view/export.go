package view

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"vnodes/sim"
)

// Figures to take away: a file name for what is shown, the figures as
// tab-separated tables (they paste as tables into a spreadsheet or a
// slide), and what a reset changed.

// ExportName names a picture or a table of s: vnodes-v16-n10-seed0, with
// the view when it is not the first.
func (r *Registry) ExportName(s Settings) string {
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
// worked out).
func (r *Registry) FiguresTSV(s Settings, shown Shown, table []sim.Row) string {
	var b strings.Builder
	res := shown.Sim()
	fmt.Fprintf(&b, "vnodes\t%s\n", r.Query(s))
	fmt.Fprintf(&b, "view\t%s\nV\t%d\nnodes\t%d\nseed\t%d\nassignment\t%s\n\n", s.View.Name(), s.V, s.Nodes, s.Seed, s.Assign)

	b.WriteString("figure\tvalue\n")
	fmt.Fprintf(&b, "imbalance\t%v\ncv\t%v\navgImbalance\t%v\navgCV\t%v\n", res.Ring.Stats.Imbalance, res.Ring.Stats.CV, res.Average.Imbalance, res.Average.CV)
	for _, kv := range flatFigures(shown.State()) {
		fmt.Fprintf(&b, "%s\t%s\n", kv[0], kv[1])
	}

	b.WriteString("\nnode\tranges\tshare of the ring\tfair shares\n")
	ranges := make([]int, res.Ring.Nodes)
	for _, o := range res.Ring.Owners {
		ranges[o]++
	}
	for i := range res.Ring.Nodes {
		fmt.Fprintf(&b, "%s\t%d\t%v\t%v\n", sim.NodeName(i), ranges[i], float64(res.Ring.Loads[i])/float64(sim.RingSize), res.Ring.Share(i))
	}
	if len(table) > 0 {
		fmt.Fprintf(&b, "\nV\tbusiest over the mean (%d seeds)\tCV\n", Seeds)
		for _, row := range table {
			fmt.Fprintf(&b, "%d\t%v\t%v\n", row.V, row.Imbalance, row.CV)
		}
	}
	return b.String()
}

// flatFigures are the numbers, strings and yes/no values at the top of a
// view's state, by name, sorted; lists and nested objects are left out
// (the node table carries the loads).
func flatFigures(state any) [][2]string {
	raw, err := json.Marshal(state)
	if err != nil {
		return nil
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return nil
	}
	var out [][2]string
	for name, v := range fields {
		var x any
		if json.Unmarshal(v, &x) != nil {
			continue
		}
		switch x := x.(type) {
		case float64, bool:
			out = append(out, [2]string{name, string(v)})
		case string:
			out = append(out, [2]string{name, x})
		}
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return out
}

// ResetNotice says what a reset from before to the start changed, and
// that nothing did when nothing had.
func (r *Registry) ResetNotice(before Settings) string {
	start := r.Default()
	var changed []string
	if before.Step > 0 {
		changed = append(changed, "left the lesson")
	}
	if before.View != nil && before.View.ID() != start.View.ID() {
		changed = append(changed, fmt.Sprintf("the %s view → %s", before.View.Name(), start.View.Name()))
	} else if before.View != nil && before.View != start.View {
		changed = append(changed, "the view's settings")
	}
	add := func(differ bool, format string, args ...any) {
		if differ {
			changed = append(changed, fmt.Sprintf(format, args...))
		}
	}
	add(before.V != start.V, "V %d → %d", before.V, start.V)
	add(before.Nodes != start.Nodes, "%d → %d nodes", before.Nodes, start.Nodes)
	add(before.Seed != start.Seed, "seed %d → %d", before.Seed, start.Seed)
	add(before.Assign != start.Assign, "%s → %s", before.Assign.Label(), start.Assign.Label())
	add(before.Chart != start.Chart || before.Overlay != start.Overlay, "the chart")
	if len(changed) == 0 {
		return fmt.Sprintf("Already at the start: V = %d, %d nodes, seed %d.", start.V, start.Nodes, start.Seed)
	}
	return "Reset: " + strings.Join(changed, ", ") + "."
}
