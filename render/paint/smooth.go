package paint

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// Smooth shapes: lines, frames, discs and rings whose edges fade out over
// one pixel through the alpha of their triangles' corners. ebiten's vector
// package smooths edges with a stencil pass per batch of paths: three
// shaders to compile and link before the first frame, and in the browser
// the largest part of repainting the charts during a drag. These are
// plain triangles from one white texel, which ebiten batches with the rest.
//
// Coverage is exact for edges on pixel boundaries (a 1-pixel line on a
// pixel row fills that row and nothing else) and within a few percent at
// other positions and angles, about what 4× multisampling gives.

// whiteTexel is the one white pixel every smooth shape samples.
var whiteTexel *ebiten.Image

func white() *ebiten.Image {
	if whiteTexel == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		whiteTexel = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return whiteTexel
}

// edgeProfile is the coverage across a band from lo to hi, as corners and
// their weights: full inside, fading to none over the pixel around each
// edge. A band thinner than a pixel becomes a faint tent of the same area.
func edgeProfile(lo, hi float64, pos, wt []float64) ([]float64, []float64) {
	if hi-lo >= 1 {
		return append(pos, lo-0.5, lo+0.5, hi-0.5, hi+0.5), append(wt, 0, 1, 1, 0)
	}
	c := (lo + hi) / 2
	return append(pos, c-1, c, c+1), append(wt, 0, max(hi-lo, 0), 0)
}

// profileAt is a profile's coverage at x, between its corners.
func profileAt(pos, wt []float64, x float64) float64 {
	if x <= pos[0] || x >= pos[len(pos)-1] {
		return 0
	}
	i := 1
	for pos[i] < x {
		i++
	}
	if pos[i] == pos[i-1] {
		return wt[i]
	}
	t := (x - pos[i-1]) / (pos[i] - pos[i-1])
	return wt[i-1] + t*(wt[i]-wt[i-1])
}

// smoothMesh gathers the triangles of shapes for one image. Outside a
// paint each shape is drawn when it is complete; while a scene paints
// (hold), shapes gather until something else is drawn (flushShapes), so
// that a chart's grid, dashes, curves and markers are one draw call, not
// one each: in a browser every call costs a trip through ebiten's layers.
type smoothMesh struct {
	dst        *ebiten.Image // the image the gathered triangles are for
	hold       bool
	vs         []ebiten.Vertex
	is         []uint16
	r, g, b, a float32
	pos, wt    [2][]float64 // scratch profiles
}

var mesh smoothMesh

// OneByOne is for tests: a paint draws each shape when complete.
var OneByOne bool

// meshVertexLimit keeps a batch's vertices within 16-bit indices, with
// room for the largest piece added between checks (a polyline's piece and
// its round join: a circle of 720 steps of 4 corners).
const meshVertexLimit = 1<<16 - 8*720

// begin starts a shape for dst in colour c.
func (m *smoothMesh) begin(dst *ebiten.Image, c color.Color) {
	if dst != m.dst || len(m.vs) > meshVertexLimit {
		m.flush()
		m.dst = dst
	}
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	m.r, m.g, m.b, m.a = float32(n.R)/255, float32(n.G)/255, float32(n.B)/255, float32(n.A)/255
}

// end completes a shape: drawn now, or later while a paint holds shapes.
func (m *smoothMesh) end() {
	if !m.hold {
		m.flush()
	}
}

// flush draws the triangles gathered.
func (m *smoothMesh) flush() {
	if len(m.is) > 0 {
		m.dst.DrawTriangles(m.vs, m.is, white(), &ebiten.DrawTrianglesOptions{})
	}
	m.vs, m.is, m.dst = m.vs[:0], m.is[:0], nil
}

// Flush draws the shapes a paint holds: before anything else is
// drawn, so that the picture keeps the order of the drawing.
func Flush() { mesh.flush() }

// Hold gathers shapes until the returned function is called, which
// draws them.
func Hold() (release func()) {
	mesh.hold = !OneByOne
	return func() { mesh.hold = false; mesh.flush() }
}

func (m *smoothMesh) vertex(x, y, coverage float64) {
	m.vs = append(m.vs, ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1.5, SrcY: 1.5,
		ColorR: m.r, ColorG: m.g, ColorB: m.b, ColorA: m.a * float32(coverage)})
}

// quad adds the two triangles of corners i, j, k, l (in order round it),
// unless all four are clear.
func (m *smoothMesh) quad(i, j, k, l int) {
	if m.vs[i].ColorA == 0 && m.vs[j].ColorA == 0 && m.vs[k].ColorA == 0 && m.vs[l].ColorA == 0 {
		return
	}
	m.is = append(m.is, uint16(i), uint16(j), uint16(k), uint16(i), uint16(k), uint16(l))
}

// grid adds a tensor grid in the frame of origin o, axis u and normal n:
// corner (i, j) sits at o + us[i]·u + vs[j]·n with the given coverage.
func (m *smoothMesh) grid(ox, oy, ux, uy float64, us, vs []float64, coverage func(i, j int) float64) {
	nx, ny := -uy, ux
	first := len(m.vs)
	for j, v := range vs {
		for i, u := range us {
			m.vertex(ox+u*ux+v*nx, oy+u*uy+v*ny, coverage(i, j))
		}
	}
	w := len(us)
	for j := 0; j+1 < len(vs); j++ {
		for i := 0; i+1 < w; i++ {
			c := first + j*w + i
			m.quad(c, c+1, c+w+1, c+w)
		}
	}
}

// band adds a rectangle along u from u0 to u1 and across from v0 to v1.
func (m *smoothMesh) band(ox, oy, ux, uy, u0, u1, v0, v1 float64) {
	m.pos[0], m.wt[0] = edgeProfile(u0, u1, m.pos[0][:0], m.wt[0][:0])
	m.across(ox, oy, ux, uy, v0, v1)
}

// piece adds one piece of a polyline: like band, but an end that meets the
// next piece is cut square without fading, so that pieces in line join
// without a seam.
func (m *smoothMesh) piece(ox, oy, ux, uy, length, width float64, fadeStart, fadeEnd bool) {
	pos, wt := m.pos[0][:0], m.wt[0][:0]
	switch {
	case fadeStart && fadeEnd:
		pos, wt = edgeProfile(0, length, pos, wt)
	case fadeStart:
		pos, wt = append(pos, -0.5, min(0.5, length), length), append(wt, 0, 1, 1)
	case fadeEnd:
		pos, wt = append(pos, 0, max(0, length-0.5), length+0.5), append(wt, 1, 1, 0)
	default:
		pos, wt = append(pos, 0, length), append(wt, 1, 1)
	}
	m.pos[0], m.wt[0] = pos, wt
	m.across(ox, oy, ux, uy, -width/2, width/2)
}

// across completes band and piece: the profile across, and the grid.
func (m *smoothMesh) across(ox, oy, ux, uy, v0, v1 float64) {
	m.pos[1], m.wt[1] = edgeProfile(v0, v1, m.pos[1][:0], m.wt[1][:0])
	m.grid(ox, oy, ux, uy, m.pos[0], m.pos[1], func(i, j int) float64 { return m.wt[0][i] * m.wt[1][j] })
}

// Line draws a straight line with square ends flush with its end
// points, as a stroke without caps would.
func Line(dst *ebiten.Image, x0, y0, x1, y1, width float64, c color.Color) {
	length := math.Hypot(x1-x0, y1-y0)
	if length == 0 || width <= 0 {
		return
	}
	mesh.begin(dst, c)
	mesh.band(x0, y0, (x1-x0)/length, (y1-y0)/length, 0, length, -width/2, width/2)
	mesh.end()
}

// Frame draws the outline of a rectangle, the stroke centred on its
// edges, as one piece so that its corners join without seams.
func Frame(dst *ebiten.Image, x, y, w, h, width float64, c color.Color) {
	if width <= 0 || w <= 0 || h <= 0 {
		return
	}
	half := width / 2
	// Every profile has at most four corners, so all of it fits on the
	// stack: a frame is drawn for each panel and highlighted bar, every paint.
	var store [2][2][2][4]float64 // [axis][outer, inner][pos, wt]
	var axisStore [2][8]float64
	var axes [2][]float64
	var outer, inner [2][2][]float64
	for k, span := range [2][2]float64{{x, x + w}, {y, y + h}} {
		o, in := &store[k][0], &store[k][1]
		outer[k][0], outer[k][1] = edgeProfile(span[0]-half, span[1]+half, o[0][:0], o[1][:0])
		if span[1]-span[0] > width {
			inner[k][0], inner[k][1] = edgeProfile(span[0]+half, span[1]-half, in[0][:0], in[1][:0])
		}
		axes[k] = append(append(axisStore[k][:0], outer[k][0]...), inner[k][0]...)
		for i := 1; i < len(axes[k]); i++ { // eight values at most: an insertion sort
			for j := i; j > 0 && axes[k][j] < axes[k][j-1]; j-- {
				axes[k][j], axes[k][j-1] = axes[k][j-1], axes[k][j]
			}
		}
		axes[k] = slices.Compact(axes[k])
	}
	cover := func(p [2][]float64, x float64) float64 {
		if p[0] == nil {
			return 0
		}
		return profileAt(p[0], p[1], x)
	}
	mesh.begin(dst, c)
	mesh.grid(0, 0, 1, 0, axes[0], axes[1], func(i, j int) float64 {
		px, py := axes[0][i], axes[1][j]
		return cover(outer[0], px)*cover(outer[1], py) - cover(inner[0], px)*cover(inner[1], py)
	})
	mesh.end()
}

// annulus adds the area between radii lo and hi round (cx, cy); lo ≤ 0 is
// a disc.
func (m *smoothMesh) annulus(cx, cy, lo, hi float64) {
	m.pos[0], m.wt[0] = edgeProfile(lo, hi, m.pos[0][:0], m.wt[0][:0])
	radii, wt := m.pos[0], m.wt[0]
	if lo > 0 {
		for i, r := range radii {
			radii[i] = max(r, 0) // a ring thinner than its fade: no corners past the centre
		}
	} else { // a disc: the profile's inner half folds onto the centre
		radii, wt = radii[len(radii)/2:], wt[len(wt)/2:]
		if len(radii) == 1 || radii[0] > 0 {
			radii, wt = append([]float64{0}, radii...), append([]float64{wt[0]}, wt...)
		}
	}
	steps := geom.CircleSteps(hi)
	first := len(m.vs)
	for k := range steps {
		a := 2 * math.Pi * float64(k) / float64(steps)
		cos, sin := math.Cos(a), math.Sin(a)
		for i, r := range radii {
			m.vertex(cx+r*cos, cy+r*sin, wt[i])
		}
	}
	w := len(radii)
	for k := range steps {
		c, n := first+k*w, first+(k+1)%steps*w
		for i := 0; i+1 < w; i++ {
			m.quad(c+i, c+i+1, n+i+1, n+i)
		}
	}
}

// Disc fills a circle.
func Disc(dst *ebiten.Image, cx, cy, r float64, c color.Color) {
	if r <= 0 {
		return
	}
	mesh.begin(dst, c)
	mesh.annulus(cx, cy, -r, r)
	mesh.end()
}

// Circle strokes a circle, the stroke centred on it.
func Circle(dst *ebiten.Image, cx, cy, r, width float64, c color.Color) {
	if r <= 0 || width <= 0 {
		return
	}
	mesh.begin(dst, c)
	mesh.annulus(cx, cy, r-width/2, r+width/2)
	mesh.end()
}

// Polyline strokes the line through the points, with round joins,
// as one batch of triangles. Where pieces overlap at a join they are drawn
// over each other: right for opaque colours, slightly darker at the joins
// for translucent ones.
func Polyline(dst *ebiten.Image, xs, ys []float64, width float64, c color.Color) {
	if len(xs) < 2 || width <= 0 {
		return
	}
	mesh.begin(dst, c)
	for i := 0; i+1 < len(xs); i++ {
		dx, dy := xs[i+1]-xs[i], ys[i+1]-ys[i]
		length := math.Hypot(dx, dy)
		if length == 0 {
			continue
		}
		mesh.piece(xs[i], ys[i], dx/length, dy/length, length, width, i == 0, i+2 == len(xs))
		if i > 0 && bends(xs[i-1], ys[i-1], xs[i], ys[i], xs[i+1], ys[i+1]) {
			mesh.annulus(xs[i], ys[i], -width/2, width/2)
		}
		if len(mesh.vs) > meshVertexLimit { // indices are 16 bits
			mesh.end()
			mesh.begin(dst, c)
		}
	}
	mesh.end()
}

// bends reports whether the line turns at b by more than about 3°, enough
// for a gap to show at the outside of the join without a round cap.
func bends(ax, ay, bx, by, cx, cy float64) bool {
	ux, uy, vx, vy := bx-ax, by-ay, cx-bx, cy-by
	cross, dot := ux*vy-uy*vx, ux*vx+uy*vy
	return dot <= 0 || math.Abs(cross) > 0.05*dot
}

// convexRings adds rings of a closed convex polygon's outline, each moved
// out from it by one of offsets (negative: in), with the given coverages,
// and strips between neighbouring rings; fill also closes the innermost
// ring with a fan.
func (m *smoothMesh) convexRings(xs, ys, offsets, wt []float64, fill bool) {
	n := len(xs)
	area := 0.0
	for i := range n {
		j := (i + 1) % n
		area += xs[i]*ys[j] - xs[j]*ys[i]
	}
	out := 1.0 // which side of each edge is outside, from the winding
	if area < 0 {
		out = -1
	}
	first := len(m.vs)
	for i := range n {
		// The corner moves along the mitre of its two edges' outward normals.
		p, q := (i+n-1)%n, (i+1)%n
		ax, ay := edgeNormal(xs[p], ys[p], xs[i], ys[i], out)
		bx, by := edgeNormal(xs[i], ys[i], xs[q], ys[q], out)
		k := 1 / max(1+ax*bx+ay*by, 0.25) // long mitres at sharp corners are capped
		mx, my := (ax+bx)*k, (ay+by)*k
		for r, d := range offsets {
			m.vertex(xs[i]+d*mx, ys[i]+d*my, wt[r])
		}
	}
	w := len(offsets)
	for i := range n {
		c, nx := first+i*w, first+(i+1)%n*w
		for r := 0; r+1 < w; r++ {
			m.quad(c+r, c+r+1, nx+r+1, nx+r)
		}
	}
	if fill {
		for i := 1; i+1 < n; i++ {
			m.is = append(m.is, uint16(first), uint16(first+i*w), uint16(first+(i+1)*w))
		}
	}
}

// edgeNormal is the unit normal of the edge from a to b on the side out
// says (1 for a polygon wound with positive area).
func edgeNormal(ax, ay, bx, by, out float64) (float64, float64) {
	dx, dy := bx-ax, by-ay
	l := math.Hypot(dx, dy)
	if l == 0 {
		return 0, 0
	}
	return out * dy / l, -out * dx / l
}

// Polygon fills a convex polygon.
func Polygon(dst *ebiten.Image, xs, ys []float64, c color.Color) {
	if len(xs) < 3 {
		return
	}
	mesh.begin(dst, c)
	mesh.convexRings(xs, ys, []float64{-0.5, 0.5}, []float64{1, 0}, true)
	mesh.end()
}

// PolygonOutline strokes a convex polygon's outline, the stroke
// centred on its edges.
func PolygonOutline(dst *ebiten.Image, xs, ys []float64, width float64, c color.Color) {
	if len(xs) < 3 || width <= 0 {
		return
	}
	mesh.begin(dst, c)
	pos, wt := edgeProfile(-width/2, width/2, nil, nil)
	mesh.convexRings(xs, ys, pos, wt, false)
	mesh.end()
}
