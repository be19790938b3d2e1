package render

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"vnodes/render/geom"
	"vnodes/sim"
)

// ringCache keeps the drawn ring in an offscreen image: thousands of arcs
// are filled once per result, not once per frame.
type ringCache struct {
	img   *ebiten.Image
	valid bool
	paths []vector.Path // one per node, reused between redraws
	lanes []vector.Path
	pts   []geom.Point
}

func (c *ringCache) invalidate() { c.valid = false }

// ringPad leaves room around the circle for antialiased edges.
const ringPad = 4

// maxArcStep is the longest straight segment of an arc, in radians.
const maxArcStep = 0.015

func (s *Scene) drawRing(dst *ebiten.Image) {
	l := s.layout
	r := &s.result.Ring
	drawText(dst, fmt.Sprintf("The ring for seed %d: outer band = every range, inner lanes = one node each", r.Seed),
		s.fonts.Small, l.RingLabel.X, l.RingLabel.Y, TopLeft, s.pal.Muted)
	c := &s.ring
	size := int(math.Ceil(2*l.Ring.R)) + 2*ringPad
	if c.img == nil || c.img.Bounds().Dx() != size {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImage(size, size)
		c.valid = false
	}
	if !c.valid {
		c.img.Clear()
		s.paintRing(c.img, float64(size)/2, l.Ring.R)
		c.valid = true
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(l.Ring.X-float64(size)/2, l.Ring.Y-float64(size)/2)
	dst.DrawImage(c.img, op)
	s.drawRingCentre(dst)
}

// focusNode is the node drawn at full strength: the hovered one, else the busiest.
func (s *Scene) focusNode() int {
	if s.hover >= 0 {
		return s.hover
	}
	return s.result.Ring.Stats.Busiest
}

func (s *Scene) paintRing(img *ebiten.Image, centre, radius float64) {
	r := &s.result.Ring
	c := &s.ring
	nodes := r.Nodes
	band, lanes := geom.RingLanes(radius, nodes)
	for len(c.paths) < nodes {
		c.paths = append(c.paths, vector.Path{})
		c.lanes = append(c.lanes, vector.Path{})
	}
	for i := range nodes {
		c.paths[i].Reset()
		c.lanes[i].Reset()
	}
	// Empty lanes first, so the part of the ring a node does not own shows as a track.
	focus := s.focusNode()
	for i, lane := range lanes {
		track := withAlpha(s.pal.Grid, 90)
		if i == focus {
			track = s.pal.Highlight
		}
		annulus(img, centre, lane, track)
	}
	for i := range r.Boundaries {
		w := r.Width(i)
		if w == 0 {
			continue
		}
		a0 := geom.Angle(uint64(r.Boundaries[i]))
		a1 := a0 + 2*math.Pi*float64(w)/float64(sim.RingSize)
		o := int(r.Owners[i])
		c.pts = geom.Sector(c.pts[:0], centre, centre, band.In, band.Out, a0, a1, maxArcStep)
		addPolygon(&c.paths[o], c.pts)
		c.pts = geom.Sector(c.pts[:0], centre, centre, lanes[o].In, lanes[o].Out, a0, a1, maxArcStep)
		addPolygon(&c.lanes[o], c.pts)
	}
	for i := range nodes {
		col := s.pal.NodeColor(i)
		bandCol := col
		if i != focus {
			bandCol = dim(col, s.pal.Background, 0.45)
		}
		fill(img, &c.paths[i], bandCol)
		fill(img, &c.lanes[i], col)
	}
	// With few ranges, mark every boundary so each range can be counted.
	if len(r.Boundaries) <= 80 {
		for _, b := range r.Boundaries {
			a := geom.Angle(uint64(b))
			cos, sin := math.Cos(a), math.Sin(a)
			line(img, centre+band.In*cos, centre+band.In*sin, centre+(band.Out+2)*cos, centre+(band.Out+2)*sin, 2, s.pal.Background)
		}
	}
}

func (s *Scene) drawRingCentre(dst *ebiten.Image) {
	l, r := s.layout, &s.result.Ring
	node := s.focusNode()
	what := fmt.Sprintf("seed %d: busiest node", r.Seed)
	if s.hover >= 0 {
		what = fmt.Sprintf("seed %d: node", r.Seed)
	}
	x, y := l.Ring.X, l.Ring.Y
	if s.view.Concealed {
		drawText(dst, "?", s.fonts.Big, x, y, Center, s.pal.Text)
		drawText(dst, "predict first", s.fonts.Small, x, y+36*l.Scale, Center, s.pal.Muted)
		return
	}
	drawText(dst, fmt.Sprintf("%s %s", what, geom.NodeLabel(node)), s.fonts.Small, x, y-38*l.Scale, Center, s.pal.NodeColor(node))
	drawText(dst, fmt.Sprintf("%.2f×", r.Share(node)), s.fonts.Big, x, y, Center, s.pal.Text)
	drawText(dst, "its fair share", s.fonts.Small, x, y+36*l.Scale, Center, s.pal.Muted)
}

func annulus(img *ebiten.Image, centre float64, lane geom.Lane, c color.Color) {
	var p vector.Path
	p.Arc(float32(centre), float32(centre), float32(lane.Out), 0, 2*math.Pi, vector.Clockwise)
	p.Close()
	p.Arc(float32(centre), float32(centre), float32(lane.In), 2*math.Pi, 0, vector.CounterClockwise)
	p.Close()
	fill(img, &p, c)
}

func addPolygon(p *vector.Path, pts []geom.Point) {
	p.MoveTo(float32(pts[0].X), float32(pts[0].Y))
	for _, q := range pts[1:] {
		p.LineTo(float32(q.X), float32(q.Y))
	}
	p.Close()
}

func fill(img *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(img, p, nil, op)
}

// dim mixes c towards the background, keeping its hue recognisable.
func dim(c, bg color.NRGBA, keep float64) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8(float64(a)*keep + float64(b)*(1-keep)) }
	return color.NRGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
}
