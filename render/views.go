package render

import (
	"fmt"

	"vnodes/sim"
)

// Mode is what the scene shows besides the ring and the loads.
type Mode uint8

const (
	ModeSpread Mode = iota // the exercise: how evenly the ranges spread the load
	ModeChange             // a node joins, leaves or fails: what moves
	ModeLoad               // requests that are not uniform: hot keys and their fixes
	ModeTokens             // token schemes side by side
)

// SetChange shows a node joining, leaving or failing (View.Mode
// ModeChange): c for the selected seed and the 20-seed means, rows the
// means for the exercise's V values (nil while they are being worked out).
// Until c arrives the scene shows the ring as it is.
func (s *Scene) SetChange(c *sim.ChangeResult, rows []sim.ChangeRow) {
	s.change, s.changeRows = c, rows
	s.clampHover()
	s.ring.invalidateStrip()
	s.staleFrame()
}

// SetWorkload shows requests over the ring (View.Mode ModeLoad): w for the
// selected seed and the 20-seed means, rows the means for the exercise's V
// values (nil while they are being worked out). Until w arrives the scene
// shows the ring as it is.
func (s *Scene) SetWorkload(w *sim.WorkloadResult, rows []sim.WorkloadRow) {
	s.workload, s.workloadRows = w, rows
	s.clampHover()
	s.ring.invalidateStrip()
	s.staleFrame()
}

// changeShown is the change being drawn: in ModeChange once it is worked
// out, and not while a lesson question is open, since what moved is the
// answer.
func (s *Scene) changeShown() *sim.Change {
	if s.view.Mode != ModeChange || s.change == nil || s.view.Concealed {
		return nil
	}
	return &s.change.Seed
}

// workloadShown is the workload being drawn: in ModeLoad once worked out.
func (s *Scene) workloadShown() *sim.WorkloadResult {
	if s.view.Mode != ModeLoad || s.workload == nil {
		return nil
	}
	return s.workload
}

// shownRing is the ring on screen: after the change, or the workload's,
// or the result's.
func (s *Scene) shownRing() *sim.Ring {
	if c := s.changeShown(); c != nil {
		return &c.After
	}
	if w := s.workloadShown(); w != nil {
		return &w.Ring
	}
	return &s.result.Ring
}

// keyNode is the node the ring and the bars single out when nothing is
// hovered: the newcomer or the node that leaves, the busiest by requests,
// or the busiest by data.
func (s *Scene) keyNode() int {
	if c := s.changeShown(); c != nil {
		return c.Node
	}
	if w := s.workloadShown(); w != nil {
		return w.Selected.RequestStats.Busiest
	}
	return s.result.Ring.Stats.Busiest
}

// nodeCount is how many nodes have a bar: one more than the cluster after
// a join, the newcomer being the last.
func (s *Scene) nodeCount() int {
	if s.result == nil {
		return 0
	}
	return s.shownRing().Nodes
}

// clampHover forgets a hovered node that no longer exists.
func (s *Scene) clampHover() {
	if s.hover >= s.nodeCount() {
		s.hover = -1
	}
}

// barsShowNodes reports whether the bars stand for this seed's nodes (so
// that hovering one means a node): not when they are hidden or ranked.
func (s *Scene) barsShowNodes() bool {
	if s.view.Concealed {
		return false
	}
	return !s.view.Average || s.changeShown() != nil // a change has no ranked view
}

// pct writes a fraction of the ring as a percentage.
func pct(x float64) string {
	switch {
	case x == 0:
		return "0 %"
	case x < 0.001:
		return "<0.1 %"
	}
	return fmt.Sprintf("%.1f %%", 100*x)
}
