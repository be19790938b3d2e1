package render

import (
	"math"

	"vnodes/render/geom"
)

// NodeAt is the node drawn at screen point (x, y): its bar, one of its
// ranges in the outer band, or its own lane; -1 for none. Bars count only
// while they show this seed's nodes. With a join shown, the newcomer is
// the last node, one past the cluster it joined.
func (s *Scene) NodeAt(x, y float64) int {
	if s.result == nil {
		return -1
	}
	l, r := s.layout, s.shownRing()
	if s.barsShowNodes() {
		for i := range r.Nodes {
			if barSlot(l, r.Nodes, i).Contains(x, y) {
				return i
			}
		}
	}
	dx, dy := x-l.Ring.X, y-l.Ring.Y
	dist := math.Hypot(dx, dy)
	if dist > l.Ring.R {
		return -1
	}
	shown := s.laneNodes()
	band, lanes := geom.RingLanes(l.Ring.R, len(shown))
	if dist >= band.In {
		return int(r.Owners[geom.FindRange(r.Boundaries, geom.Position(dx, dy))])
	}
	for i, lane := range lanes {
		if dist >= lane.In && dist <= lane.Out {
			return max(shown[i], -1)
		}
	}
	return -1
}
