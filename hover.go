package main

import (
	"fmt"
	"math"

	"github.com/ebitenui/ebitenui/input"

	"vnodes/render"
	"vnodes/render/geom"
	"vnodes/sim/view"
)

// hoverInfo is the node under the pointer (or the last tap), if any.
type hoverInfo struct {
	node int // -1 for none
	x, y float64
	text string
	of   view.Settings // the settings text describes
}

// nodeAt finds the node drawn at screen point (x, y): a bar, a range in the
// outer band, or a node's own lane.
func (g *Game) nodeAt(x, y float64) int {
	l, r := g.layout, &g.result.Ring
	if !g.averageView && !g.concealed() {
		for i := range r.Nodes {
			if render.BarSlot(l, r.Nodes, i).Contains(x, y) {
				return i
			}
		}
	}
	dx, dy := x-l.Ring.X, y-l.Ring.Y
	dist := math.Hypot(dx, dy)
	if dist > l.Ring.R {
		return -1
	}
	band, lanes := geom.RingLanes(l.Ring.R, r.Nodes)
	if dist >= band.In {
		return int(r.Owners[geom.FindRange(r.Boundaries, geom.Position(dx, dy))])
	}
	for i, lane := range lanes {
		if dist >= lane.In && dist <= lane.Out {
			return i
		}
	}
	return -1
}

// updateHover follows the pointer; ebitenui's input reports a finger on a
// touch screen as the cursor, so a tap works like a hover.
func (g *Game) updateHover() {
	cx, cy := input.CursorPosition()
	x, y := float64(cx), float64(cy)
	node := -1
	// No tooltip while one would give a lesson's answer away, or once the
	// pointer has left the window (its last position is still reported).
	if !g.showHelp && !g.concealed() && pointerInside() && g.layout.Screen.Contains(x, y) {
		node = g.nodeAt(x, y)
	}
	if node != g.hover.node || g.hover.of != g.shown {
		g.hover.text = ""
		if node >= 0 {
			g.hover.text = g.describeNode(node) // counts ranges: once per node, not per frame
		}
	}
	g.hover.node, g.hover.x, g.hover.y, g.hover.of = node, x, y, g.shown
	g.scene.SetHover(node)
}

func (g *Game) describeNode(node int) string {
	r := &g.result.Ring
	ranges := 0
	for _, o := range r.Owners {
		if int(o) == node {
			ranges++
		}
	}
	share := r.Share(node)
	return fmt.Sprintf("Node %s\n%d %s · %.1f%% of the ring\n%.2f× its fair share",
		geom.NodeLabel(node), ranges, render.Plural(ranges, "range", "ranges"), 100*share/float64(r.Nodes), share)
}
