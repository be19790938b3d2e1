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

// rowCache holds the seed-averaged rows for one N and assignment: the
// exercise's table and the chart's curve. Rows for another N are never
// shown: until the sweep runs, current returns none.
type rowCache struct {
	table, curve []sim.Row
	nodes        int
	assign       sim.Assignment
	ok           bool
	changed      time.Time // when N or the assignment last changed, while rows are due
}

// follow notes a change of N or assignment: the rows are stale from now.
func (c *rowCache) follow(w view.Settings) {
	if c.ok && (c.nodes != w.Nodes || c.assign != w.Assign) {
		c.ok = false
		c.changed = time.Now()
	}
}

// update sweeps when the rows are stale and N has settled (or at once the
// first time), and reports whether it swept.
func (c *rowCache) update(w view.Settings) (bool, error) {
	if c.ok || (!c.changed.IsZero() && time.Since(c.changed) < sweepDelay) {
		return false, nil
	}
	c.changed = time.Time{}
	sweep := func(vs []int) ([]sim.Row, error) {
		return sim.Sweep(sim.SweepParams{Nodes: w.Nodes, Seeds: view.Seeds, Assign: w.Assign, Vs: vs})
	}
	table, err := sweep(sim.ExerciseVs)
	if err != nil {
		return false, err
	}
	curve, err := sweep(curveVs)
	if err != nil {
		return false, err
	}
	c.table, c.curve = table, curve
	c.nodes, c.assign, c.ok = w.Nodes, w.Assign, true
	return true, nil
}

// current is the rows to show: none while they are stale.
func (c *rowCache) current() (table, curve []sim.Row) {
	if !c.ok {
		return nil, nil
	}
	return c.table, c.curve
}
