package geom

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

const full = uint64(1) << 32 // positions on the ring

// ringDist is the distance between two positions going the short way round.
func ringDist(a, b uint64) uint64 {
	d := (a - b) % full
	if a < b {
		d = (b - a) % full
	}
	return min(d, full-d)
}

func TestAngleLandmarks(t *testing.T) {
	cases := []struct {
		pos  uint64
		want float64
	}{
		{0, -math.Pi / 2},       // top
		{full / 4, 0},           // right
		{full / 2, math.Pi / 2}, // bottom (screen y points down)
		{3 * full / 4, math.Pi}, // left
		{full, 3 * math.Pi / 2}, // all the way round: the top again
	}
	for _, c := range cases {
		if got := Angle(c.pos); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Angle(%d) = %v, want %v", c.pos, got, c.want)
		}
	}
}

// On screen (y down) the ring goes top, right, bottom, left: clockwise.
func TestAngleIsClockwise(t *testing.T) {
	pt := func(pos uint64) (x, y float64) { a := Angle(pos); return math.Cos(a), math.Sin(a) }
	quads := []struct {
		pos  uint64
		x, y float64
	}{{0, 0, -1}, {full / 4, 1, 0}, {full / 2, 0, 1}, {3 * full / 4, -1, 0}}
	for _, q := range quads {
		x, y := pt(q.pos)
		if math.Abs(x-q.x) > 1e-12 || math.Abs(y-q.y) > 1e-12 {
			t.Errorf("position %d is drawn at (%.3f, %.3f), want (%v, %v)", q.pos, x, y, q.x, q.y)
		}
	}
	// Strictly increasing: a later position is further clockwise.
	prev := Angle(0)
	for pos := uint64(1) << 20; pos < full; pos += 1 << 20 {
		a := Angle(pos)
		if a <= prev {
			t.Fatalf("Angle(%d) = %v is not above Angle(%d) = %v", pos, a, pos-1<<20, prev)
		}
		// Screen cross product of consecutive directions is positive for a
		// clockwise turn when y points down.
		x0, y0 := math.Cos(prev), math.Sin(prev)
		x1, y1 := math.Cos(a), math.Sin(a)
		if x0*y1-y0*x1 <= 0 {
			t.Fatalf("from %d to %d the ring turns anticlockwise", pos-1<<20, pos)
		}
		prev = a
	}
	if a := Angle(full - 1); a >= 3*math.Pi/2 || a < 3*math.Pi/2-1e-6 {
		t.Errorf("Angle(2^32-1) = %v, want just below 3π/2", a)
	}
}

func TestPositionCardinal(t *testing.T) {
	cases := []struct {
		dx, dy float64
		want   uint64
	}{
		{0, -1, 0}, {1, 0, full / 4}, {0, 1, full / 2}, {-1, 0, 3 * full / 4},
		{0, -300, 0}, {250, 0, full / 4},
		{-1e-300, -1, 0}, // a hair anticlockwise of the top wraps to 0, not past 2^32
		{-1e-9, -1, 0},
		{1, -1, full / 8}, {-1, -1, 7 * full / 8},
	}
	for _, c := range cases {
		got := Position(c.dx, c.dy)
		if d := ringDist(uint64(got), c.want); d > 2 {
			t.Errorf("Position(%v, %v) = %d, want %d (off by %d)", c.dx, c.dy, got, c.want, d)
		}
	}
}

// Position undoes Angle to within one part in 2^20 of the ring, at any radius.
func TestPositionInvertsAngle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	positions := []uint64{0, 1, 2, full/4 - 1, full / 4, full/2 - 1, full / 2, full/2 + 1, 3 * full / 4, full - 2, full - 1}
	for range 200000 {
		positions = append(positions, uint64(r.Uint32()))
	}
	const tol = full >> 20
	for _, radius := range []float64{1, 295, 708, 0.01} {
		for _, p := range positions {
			a := Angle(p)
			got := Position(radius*math.Cos(a), radius*math.Sin(a))
			if d := ringDist(uint64(got), p); d > tol {
				t.Fatalf("Position(Angle(%d)) at r=%v = %d, off by %d > %d", p, radius, got, d, tol)
			}
		}
	}
}

// bruteRange is the range that holds pos: the last boundary at or before it,
// or the last range (which wraps round) when pos is before every boundary.
func bruteRange(b []uint32, pos uint32) int {
	idx := len(b) - 1
	for i, x := range b {
		if x <= pos {
			idx = i
		}
	}
	return idx
}

func TestFindRangeCases(t *testing.T) {
	b := []uint32{10, 20, 30}
	cases := map[uint32]int{0: 2, 9: 2, 10: 0, 11: 0, 19: 0, 20: 1, 29: 1, 30: 2, 31: 2, math.MaxUint32: 2}
	for pos, want := range cases {
		if got := FindRange(b, pos); got != want {
			t.Errorf("FindRange(%v, %d) = %d, want %d", b, pos, got, want)
		}
	}
	for _, pos := range []uint32{0, 4, 5, 6, math.MaxUint32} {
		if got := FindRange([]uint32{5}, pos); got != 0 {
			t.Errorf("FindRange([5], %d) = %d, want 0 (a single range covers the ring)", pos, got)
		}
	}
	if got := FindRange([]uint32{0, 100}, 0); got != 0 {
		t.Errorf("FindRange([0 100], 0) = %d, want 0", got)
	}
	if got := FindRange([]uint32{0, 100}, math.MaxUint32); got != 1 {
		t.Errorf("FindRange([0 100], max) = %d, want 1", got)
	}
	if got := FindRange([]uint32{7, 7, 7, 9}, 7); got != 2 {
		t.Errorf("FindRange([7 7 7 9], 7) = %d, want 2 (the only non-empty range starting at 7)", got)
	}
}

func TestFindRangeMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 2000 {
		n := 1 + r.IntN(64)
		if trial%10 == 0 {
			n = 1 + r.IntN(3000)
		}
		b := make([]uint32, n)
		for i := range b {
			if trial%3 == 0 {
				b[i] = uint32(r.IntN(40)) // small values: duplicates, boundary at 0
			} else {
				b[i] = r.Uint32()
			}
		}
		slices.Sort(b)
		queries := []uint32{0, 1, math.MaxUint32, b[0] - 1}
		for _, x := range b {
			queries = append(queries, x, x-1, x+1)
		}
		for range 50 {
			queries = append(queries, r.Uint32())
		}
		for _, q := range queries {
			if got, want := FindRange(b, q), bruteRange(b, q); got != want {
				t.Fatalf("FindRange(%v, %d) = %d, want %d", b, q, got, want)
			}
		}
	}
}

func TestSector(t *testing.T) {
	const cx, cy, rIn, rOut = 100.0, 50.0, 20.0, 40.0
	cases := []struct {
		a0, a1, step float64
		n            int // segments per arc
	}{
		{-math.Pi / 2, -math.Pi/2 + 0.05, 0.1, 1},
		{0, 1, 0.25, 4},
		{-math.Pi / 2, 3 * math.Pi / 2, 0.1, 63}, // a full turn
		{1, 1, 0.1, 1},                           // empty arc: still a closed shape
		{0.3, 2.9, 0.02, 130},
	}
	prefix := []Point{{-1, -1}, {-2, -2}}
	for _, c := range cases {
		dst := slices.Clone(prefix)
		pts := Sector(dst, cx, cy, rIn, rOut, c.a0, c.a1, c.step)
		if !slices.Equal(pts[:len(prefix)], prefix) {
			t.Errorf("Sector overwrote what was already in dst")
		}
		pts = pts[len(prefix):]
		if len(pts) != 2*(c.n+1) {
			t.Errorf("Sector(%v..%v step %v) has %d points, want %d", c.a0, c.a1, c.step, len(pts), 2*(c.n+1))
			continue
		}
		near := func(p Point, r, a float64) bool {
			return math.Abs(p.X-(cx+r*math.Cos(a))) < 1e-9 && math.Abs(p.Y-(cy+r*math.Sin(a))) < 1e-9
		}
		if !near(pts[0], rOut, c.a0) {
			t.Errorf("first point %v is not on the outer radius at a0", pts[0])
		}
		if !near(pts[c.n], rOut, c.a1) {
			t.Errorf("last outer point %v is not on the outer radius at a1", pts[c.n])
		}
		if !near(pts[c.n+1], rIn, c.a1) {
			t.Errorf("first inner point %v is not on the inner radius at a1", pts[c.n+1])
		}
		if !near(pts[len(pts)-1], rIn, c.a0) {
			t.Errorf("last point %v is not on the inner radius at a0", pts[len(pts)-1])
		}
		for i, p := range pts {
			d := math.Hypot(p.X-cx, p.Y-cy)
			if d < rIn-1e-9 || d > rOut+1e-9 {
				t.Errorf("point %d %v is %v from the centre, outside [%v, %v]", i, p, d, rIn, rOut)
			}
			want := rOut
			if i > c.n {
				want = rIn
			}
			if math.Abs(d-want) > 1e-9 {
				t.Errorf("point %d is at radius %v, want %v", i, d, want)
			}
		}
		// Neighbouring points on an arc are at most step apart in angle.
		maxChord := 2 * rOut * math.Sin(c.step/2)
		for i := 0; i < c.n; i++ {
			if d := math.Hypot(pts[i+1].X-pts[i].X, pts[i+1].Y-pts[i].Y); d > maxChord+1e-9 {
				t.Errorf("outer segment %d is %v long, more than a %v-radian chord (%v)", i, d, c.step, maxChord)
			}
		}
	}
}

// The outer band lies outside every lane; the lanes are equal, disjoint and
// nested, node 0 outermost. (RingLanes' comment calls the lanes "thinner"
// than the band, but for N <= 3 each lane is wider than the band, so that is
// not asserted.)
func TestRingLanes(t *testing.T) {
	for _, r := range []float64{295, 295 * 0.5, 295 * 2.4, 100, 40} {
		for n := 1; n <= 50; n++ {
			band, lanes := RingLanes(r, n)
			if band.Out != r || !(band.In > 0 && band.In < band.Out) {
				t.Fatalf("r=%v N=%d: band %+v, want (0 <) In < Out = r", r, n, band)
			}
			if len(lanes) != n {
				t.Fatalf("r=%v N=%d: %d lanes", r, n, len(lanes))
			}
			width := lanes[0].Out - lanes[0].In
			for i, l := range lanes {
				if !(l.In > 0 && l.In < l.Out) {
					t.Fatalf("r=%v N=%d: lane %d = %+v is empty or inverted", r, n, i, l)
				}
				if l.Out > band.In {
					t.Fatalf("r=%v N=%d: lane %d = %+v reaches into the band %+v", r, n, i, l, band)
				}
				if math.Abs((l.Out-l.In)-width) > 1e-9*r {
					t.Fatalf("r=%v N=%d: lane %d is %v wide, lane 0 %v: nodes get unequal lanes", r, n, i, l.Out-l.In, width)
				}
				// Node 0 outermost; each lane wholly inside the one before.
				if i > 0 && !(l.Out < lanes[i-1].In) {
					t.Fatalf("r=%v N=%d: lane %d = %+v touches or is outside lane %d = %+v", r, n, i, l, i-1, lanes[i-1])
				}
			}
		}
	}
}
