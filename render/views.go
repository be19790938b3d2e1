package render

import (
	"vnodes/sim"
)

// Mode is what the scene shows besides the ring and the loads.
type Mode uint8

const (
	ModeSpread Mode = iota // the exercise: how evenly the ranges spread the load
	ModeChange             // a node joins, leaves or fails: what moves
	ModeLoad               // requests that are not uniform: hot keys and their fixes
)

// SetChange shows a node joining, leaving or failing (View.Mode
// ModeChange): c for the selected seed and the 20-seed means, rows the
// means for the exercise's V values (nil while they are being worked out).
func (s *Scene) SetChange(c *sim.ChangeResult, rows []sim.ChangeRow) {
	s.change, s.changeRows = c, rows
	s.ring.invalidateStrip()
	s.frameValid = false
}

// SetWorkload shows requests over the ring (View.Mode ModeLoad): w for the
// selected seed and the 20-seed means, rows the means for the exercise's V
// values (nil while they are being worked out).
func (s *Scene) SetWorkload(w *sim.WorkloadResult, rows []sim.WorkloadRow) {
	s.workload, s.workloadRows = w, rows
	s.ring.invalidateStrip()
	s.frameValid = false
}
