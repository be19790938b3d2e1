package render

import (
	"math"

	"vnodes/render/geom"
	"vnodes/render/panel"
)

// NodeAt is the node drawn at screen point (x, y): its bar, one of its
// ranges in the outer band, or its own lane; -1 for none. Bars count only
// while they stand for the ring's nodes. With a join shown, the newcomer
// is the last node, one past the cluster it joined.
func (s *Scene) NodeAt(x, y float64) int {
	if s.painter == nil {
		return -1
	}
	l, spec := s.layout, s.ringSpec()
	r := spec.Ring
	if spec.NodeBars {
		for i := range r.Nodes {
			if panel.BarSlot(l, r.Nodes, i).Contains(x, y) {
				return i
			}
		}
	}
	dx, dy := x-l.Ring.X, y-l.Ring.Y
	dist := math.Hypot(dx, dy)
	if dist > l.Ring.R {
		return -1
	}
	shown := panel.LaneNodes(spec, s.look.Hover)
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
