package view

import (
	"encoding"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
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
// worked out). The heads are in the current language and the numbers
// written its way (1,378 in a Spanish spreadsheet), with the same digits;
// the figures' names, the link and the settings' values stay as in links.
func (r *Registry) FiguresTSV(s Settings, shown Shown, table []sim.Row) string {
	var b strings.Builder
	res := shown.Sim()
	fmt.Fprintf(&b, "vnodes\t%s\n", r.Query(s))
	fmt.Fprintf(&b, "%s\t%s\n", lang.T("view"), lang.T(s.View.Name()))
	fmt.Fprintf(&b, "V\t%d\n%s\t%d\n%s\t%d\n", s.V, lang.T("nodes"), s.Nodes, lang.T("seed"), s.Seed)
	fmt.Fprintf(&b, "%s\t%s\n\n", lang.T("assignment"), panel.AssignLabel(s.Assign))

	fmt.Fprintf(&b, "%s\t%s\n", lang.T("figure"), lang.T("value"))
	fmt.Fprintf(&b, "imbalance\t%s\ncv\t%s\navgImbalance\t%s\navgCV\t%s\n",
		number(res.Ring.Stats.Imbalance), number(res.Ring.Stats.CV), number(res.Average.Imbalance), number(res.Average.CV))
	for _, kv := range flatFigures(shown.State()) {
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
		fmt.Fprintf(&b, "\nV\t%s\tCV\n", lang.Sprintf("busiest over the mean (%d seeds)", Seeds))
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
// objects are left out (the node table carries the loads). It reads the
// struct's fields and JSON names itself: decoding state()'s JSON would put
// Go's JSON decoder in the download for this one use.
func flatFigures(state any) [][2]string {
	v := reflect.ValueOf(state)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	var out [][2]string
	for i := range v.NumField() {
		f := v.Type().Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		x := v.Field(i)
		if !f.IsExported() || name == "-" || strings.Contains(opts, "omitempty") && x.IsZero() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if text, ok := figureText(x); ok {
			out = append(out, [2]string{name, text})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] }) // sort.Slice is linked already; slices.SortFunc would add its own copy
	return out
}

// figureText is one value as state() writes it, numbers the current
// language's way; false for lists and objects.
func figureText(x reflect.Value) (string, bool) {
	if m, ok := x.Interface().(encoding.TextMarshaler); ok {
		b, err := m.MarshalText()
		return string(b), err == nil
	}
	switch x.Kind() {
	case reflect.Float32, reflect.Float64:
		return number(x.Float()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return lang.Num(strconv.FormatInt(x.Int(), 10)), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return lang.Num(strconv.FormatUint(x.Uint(), 10)), true
	case reflect.Bool:
		return strconv.FormatBool(x.Bool()), true
	case reflect.String:
		return x.String(), true
	}
	return "", false
}

// ResetNotice says what a reset from before to the start changed, and
// that nothing did when nothing had.
func (r *Registry) ResetNotice(before Settings) string {
	start := r.Default()
	var changed []string
	add := func(differ bool, text string) {
		if differ {
			changed = append(changed, text)
		}
	}
	add(before.Step > 0, lang.T("left the lesson"))
	if before.View != nil && before.View.ID() != start.View.ID() {
		add(true, lang.Sprintf("the %s view → %s", lang.T(before.View.Name()), lang.T(start.View.Name())))
	} else {
		add(before.View != nil && before.View != start.View, lang.T("the view's settings"))
	}
	add(before.V != start.V, lang.Sprintf("V %d → %d", before.V, start.V))
	add(before.Nodes != start.Nodes, lang.Sprintf("%d → %d nodes", before.Nodes, start.Nodes))
	add(before.Seed != start.Seed, lang.Sprintf("seed %d → %d", before.Seed, start.Seed))
	add(before.Assign != start.Assign, fmt.Sprintf("%s → %s", panel.AssignLabel(before.Assign), panel.AssignLabel(start.Assign)))
	add(before.Chart != start.Chart || before.Overlay != start.Overlay, lang.T("the chart"))
	if len(changed) == 0 {
		return lang.Sprintf("Already at the start: V = %d, %d nodes, seed %d.", start.V, start.Nodes, start.Seed)
	}
	return lang.Sprintf("Reset: %s.", strings.Join(changed, ", "))
}
