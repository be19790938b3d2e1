package app

import (
	"time"

	"vnodes/render/view"
	"vnodes/sim"
)

// curveVs are the V values plotted on the CV chart: every V up to 16, then
// a geometric grid up to sim.MaxV.
var curveVs = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256,
	320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096}

// sweepDelay: the table and chart sweep many values of V, which takes tens
// of milliseconds in a browser, so while N or the assignment keeps changing
// (a held key, repeated clicks) they wait until it has settled.
const sweepDelay = 250 * time.Millisecond

// rowCache holds the rows shown, for one N and assignment. Rows for
// another N are never shown: until the sweep for the new N has run,
// current returns none.
type rowCache struct {
	set     *rowSet
	nodes   int // the N and assignment asked for lately…
	assign  sim.Assignment
	changed time.Time // …and when they last changed
}

// follow notes the N and assignment asked for now.
func (c *rowCache) follow(s view.Settings) {
	if s.Nodes != c.nodes || s.Assign != c.assign {
		c.nodes, c.assign, c.changed = s.Nodes, s.Assign, time.Now()
	}
}

func (c *rowCache) matches(s view.Settings) bool {
	return c.set != nil && c.set.nodes == s.Nodes && c.set.assign == s.Assign
}

// due: s needs other rows, and its N has settled (or nothing is shown yet).
func (c *rowCache) due(s view.Settings) bool {
	return !c.matches(s) && (c.set == nil || time.Since(c.changed) >= sweepDelay)
}

// current is the rows to show with s: none while they are for another N.
func (c *rowCache) current(s view.Settings) (table, curve []sim.Row) {
	if !c.matches(s) {
		return nil, nil
	}
	return c.set.table, c.set.curve
}
