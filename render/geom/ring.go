package geom

import "math"

// RingSize mirrors sim.RingSize without importing it.
const ringSize = 1 << 32

// Angle maps a ring position to radians, 0 at the top, growing clockwise
// (screen y points down), like a clock face.
func Angle(pos uint64) float64 {
	return 2*math.Pi*float64(pos)/ringSize - math.Pi/2
}

// Position is the inverse of Angle for a point (x, y) relative to the centre.
func Position(dx, dy float64) uint32 {
	a := math.Atan2(dy, dx) + math.Pi/2 // 0 at the top
	if a < 0 {
		a += 2 * math.Pi
	}
	p := a / (2 * math.Pi) * ringSize
	if p >= ringSize {
		p = 0
	}
	return uint32(p)
}

// Point is a 2-D point in screen pixels.
type Point struct{ X, Y float64 }

// Sector returns the outline of an annular sector (a thick arc) between
// angles a0 < a1, radii rIn < rOut, around (cx, cy). The arcs are flattened
// into segments of at most maxStep radians so even a full turn looks round.
func Sector(dst []Point, cx, cy, rIn, rOut, a0, a1, maxStep float64) []Point {
	n := max(1, int(math.Ceil((a1-a0)/maxStep)))
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		dst = append(dst, Point{cx + rOut*math.Cos(a), cy + rOut*math.Sin(a)})
	}
	for i := n; i >= 0; i-- {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		dst = append(dst, Point{cx + rIn*math.Cos(a), cy + rIn*math.Sin(a)})
	}
	return dst
}

// Lane is one concentric band of the ring drawing.
type Lane struct{ In, Out float64 }

// RingLanes splits a ring of outer radius r into an outer band that shows
// every range in its owner's colour, and one lane per node inside it, outermost for node 0, so each node's share can be seen on its own
// even when thousands of ranges make the outer band a blur.
func RingLanes(r float64, nodes int) (band Lane, lanes []Lane) {
	band = Lane{In: r * 0.86, Out: r}
	inner, outer := r*0.34, r*0.82
	step := (outer - inner) / float64(nodes)
	gap := math.Min(step*0.18, 3)
	lanes = make([]Lane, nodes)
	for i := range lanes {
		out := outer - float64(i)*step
		lanes[i] = Lane{In: out - step + gap, Out: out}
	}
	return band, lanes
}

// FindRange returns the index of the range that contains ring position pos,
// given the sorted boundaries (range i starts at boundaries[i]; the last
// range wraps round to the first boundary).
func FindRange(boundaries []uint32, pos uint32) int {
	lo, hi := 0, len(boundaries)
	for lo < hi { // first index whose boundary is > pos
		mid := (lo + hi) / 2
		if boundaries[mid] > pos {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo == 0 {
		return len(boundaries) - 1 // before the first boundary: the wrapping range
	}
	return lo - 1
}
