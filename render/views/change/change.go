// Package change is the join & leave view: a node joins, leaves or fails,
// and only part of the ring changes owner. It shows the ring after the
// change with what moved lit, each node's load before and after, and the
// moved fraction against what fair shares take and against hash mod N.
package change

import (
	"fmt"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/sim"
)

// View is the join & leave view; its value is the change shown.
type View struct {
	Kind   sim.ChangeKind // Join, Leave or Fail
	Leaver int            // the node that leaves or fails, counted from 1; 0 for the busiest of each ring
}

// Default is what the view opens on: a node joins.
var Default = View{Kind: sim.Join}

func (View) Name() string { return lang.N("joins") }
func (View) ID() string   { return "change" }

func (View) Shortcut() view.Shortcut {
	return view.Shortcut{Name: "join", Label: "J", Does: lang.T("join & leave view: a node joins or leaves, and what moves")}
}

func (View) Keys() []link.Key {
	return []link.Key{
		{Name: "change", Help: lang.T("show a node that joins, leaves or fails: join, leave or fail")},
		{Name: "node", Help: lang.T("which node leaves or fails: a name (A, B, … AA) or a number from 1 (default: the busiest)")},
	}
}

// Parse reads change= (which opens the view; change=none closes it) and
// node=.
func (v View) Parse(p *link.Parser, s view.Settings) (view.View, bool) {
	current := s.View.ID() == v.ID()
	asked := false
	if raw, ok := p.Value("change"); ok {
		if k, err := sim.ParseChangeKind(raw); err == nil {
			if k == sim.NoChange {
				return nil, true
			}
			v.Kind, asked = k, true
		} else {
			p.Note("change=%s is not join, leave or fail: ignored", view.Quote(raw))
		}
	}
	if raw, ok := p.Value("node"); ok {
		switch n, ok := link.ParseNode(raw, s.Nodes); {
		case !(asked || current) || v.Kind == sim.Join:
			p.Note("node=%s only says which node leaves or fails: ignored", view.Shorten(raw))
		case !ok:
			p.Note("node=%s is not one of the %s (A, B, … or 1 to %d): the busiest leaves", view.Quote(raw), panel.Nodes(s.Nodes), s.Nodes)
		default:
			v.Leaver = n + 1
		}
	}
	if (asked || current) && v.Kind == sim.Join && s.Nodes >= view.MaxNodes {
		p.Note("n=%d leaves no room for a node to join: using %d", s.Nodes, view.MaxNodes-1)
	}
	return v, asked
}

func (v View) Write(b *strings.Builder) {
	fmt.Fprintf(b, "&change=%s", v.Kind)
	if v.Leaver > 0 {
		fmt.Fprintf(b, "&node=%s", sim.NodeName(v.Leaver-1))
	}
}

// Clamp keeps room for a newcomer, and forgets a leaver that is not one
// of the nodes.
func (v View) Clamp(s view.Settings) view.Settings {
	if v.Kind == sim.NoChange || v.Kind > sim.Fail {
		v.Kind = sim.Join
	}
	if v.Kind == sim.Join {
		s.Nodes = min(s.Nodes, view.MaxNodes-1) // the newcomer must fit
		v.Leaver = 0
	} else if v.Leaver < 0 || v.Leaver > s.Nodes {
		v.Leaver = 0
	}
	s.View = v
	return s
}

// Apply: "change" picks the change (Value a sim.ChangeKind), "leaver" the
// node that leaves (Value counted from 1; 0 for the busiest).
func (v View) Apply(in view.Intent, _ view.Settings) view.View {
	switch in.Name {
	case "change":
		v.Kind = sim.ChangeKind(in.Value)
	case "leaver":
		v.Leaver = in.Value
	}
	return v
}

// Click on a node chooses who leaves or fails.
func (v View) Click(node int, s view.Settings) (view.Intent, bool) {
	if v.Kind == sim.Join || node < 0 || node >= s.Nodes {
		return view.Intent{}, false
	}
	return view.Intent{Action: view.ActionView, View: v.ID(), Name: "leaver", Value: node + 1}, true
}

func (v View) params(p sim.Params) sim.ChangeParams {
	return sim.ChangeParams{Params: p, Kind: v.Kind, Node: v.Leaver - 1}
}

// Compute is the ring of every seed and the change of each.
func (v View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	res, err := w.Run(w.Params(s), view.RunCost(s, 0))
	if err != nil {
		return nil, err
	}
	cr, err := sim.RunChangeWith(v.params(w.Params(s)), w.Options(view.RunCost(s, 0)))
	if err = w.Step(view.RunCost(s, 0), err); err != nil {
		return nil, err
	}
	return &Shown{res: res, cr: cr}, nil
}

func (View) Cost(s view.Settings) int { return 2 * view.RunCost(s, 0) }

func (v View) Rows(s view.Settings, w *view.Work) (view.Rows, error) {
	list, err := sim.ChangeSweepWith(w.Sweep(s, sim.ExerciseVs), v.Kind, v.Leaver-1, w.Options(v.RowsCost(s)))
	if err = w.Step(v.RowsCost(s), err); err != nil {
		return nil, err
	}
	return view.NewTable(s, list), nil
}

func (View) RowsCost(s view.Settings) int { return view.SweepCost(s, sim.ExerciseVs) }

// Controls: the change, and who joins or leaves.
func (v View) Controls(s view.Settings) []view.Control {
	choice := func(name, label string, k sim.ChangeKind) view.Choice {
		return view.Choice{Name: name, Label: label, On: v.Kind == k,
			Intent: view.Intent{Action: view.ActionView, View: v.ID(), Name: "change", Value: int(k)}}
	}
	out := []view.Control{{Label: lang.T("Change"), Choices: []view.Choice{
		choice("changeJoin", lang.T("a node joins"), sim.Join),
		choice("changeLeave", lang.T("one leaves"), sim.Leave),
		choice("changeFail", lang.T("one fails"), sim.Fail),
	}}}
	if v.Kind == sim.Join {
		return append(out, view.Control{Note: lang.Sprintf("Node %s joins with V new tokens of its own.", sim.NodeName(s.Nodes))})
	}
	leaving := lang.T("Leaving: the busiest node of each ring.")
	if v.Leaver > 0 {
		leaving = lang.Sprintf("Leaving: node %s.", sim.NodeName(v.Leaver-1))
	}
	return append(out,
		view.Control{Note: leaving},
		view.Control{Note: lang.T("Click a bar to choose."), Button: &view.Button{Name: "leaverBusiest", Label: lang.T("the busiest"),
			Intent: view.Intent{Action: view.ActionView, View: v.ID(), Name: "leaver", Value: 0}}})
}
