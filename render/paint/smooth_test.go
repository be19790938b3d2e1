//go:build !js

package paint

import (
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// alphaOf draws with draw onto a clear 64×64 image and returns its alpha
// channel, 0 to 1.
func alphaOf(draw func(dst *ebiten.Image)) []float64 {
	img := ebiten.NewImage(64, 64)
	defer img.Deallocate()
	draw(img)
	px := make([]byte, 4*64*64)
	img.ReadPixels(px)
	a := make([]float64, 64*64)
	for i := range a {
		a[i] = float64(px[4*i+3]) / 255
	}
	return a
}

func sum(a []float64) float64 {
	t := 0.0
	for _, v := range a {
		t += v
	}
	return t
}

// Lines, frames, discs, rings and triangles cover the area they should,
// at any angle and position, thin or thick.
func TestSmoothShapesCoverTheirArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		x0, y0 := 12+rng.Float64()*40, 12+rng.Float64()*40
		a, length := rng.Float64()*2*math.Pi, 4+rng.Float64()*8
		width := 0.4 + rng.Float64()*5
		x1, y1 := x0+length*math.Cos(a), y0+length*math.Sin(a)
		got := sum(alphaOf(func(dst *ebiten.Image) { Line(dst, x0, y0, x1, y1, width, color.White) }))
		if want := length * width; math.Abs(got-want) > 0.06*want+0.5 {
			t.Errorf("line of %.1f×%.2f px at %.0f°: covers %.2f px², want %.2f", length, width, a*180/math.Pi, got, want)
		}
	}
	for _, r := range []float64{1, 2.5, 7, 20} {
		got := sum(alphaOf(func(dst *ebiten.Image) { Disc(dst, 31.3, 32.6, r, color.White) }))
		if want := math.Pi * r * r; math.Abs(got-want) > 0.04*want+0.3 {
			t.Errorf("disc of radius %g covers %.2f px², want %.2f", r, got, want)
		}
		got = sum(alphaOf(func(dst *ebiten.Image) { Circle(dst, 31.3, 32.6, r+2, 2, color.White) }))
		if want := math.Pi * ((r+3)*(r+3) - (r+1)*(r+1)); math.Abs(got-want) > 0.04*want+0.3 {
			t.Errorf("ring of radius %g covers %.2f px², want %.2f", r+2, got, want)
		}
	}
	xs, ys := []float64{10.2, 50.7, 30.1}, []float64{12.4, 20.9, 55.3}
	want := math.Abs((xs[1]-xs[0])*(ys[2]-ys[0])-(xs[2]-xs[0])*(ys[1]-ys[0])) / 2
	if got := sum(alphaOf(func(dst *ebiten.Image) { Polygon(dst, xs, ys, color.White) })); math.Abs(got-want) > 0.03*want {
		t.Errorf("triangle covers %.2f px², want %.2f", got, want)
	}
	if got := sum(alphaOf(func(dst *ebiten.Image) { Frame(dst, 10.3, 8.6, 30, 20, 2, color.White) })); math.Abs(got-2*2*(30+20)) > 4 {
		t.Errorf("frame covers %.2f px², want %d", got, 2*2*(30+20))
	}
}

// On pixel boundaries the shapes are exact: a 1-pixel line fills its row
// and nothing else, and a frame's corners have no seams.
func TestSmoothShapesAreCrispOnPixelBoundaries(t *testing.T) {
	a := alphaOf(func(dst *ebiten.Image) { Line(dst, 4, 10.5, 40, 10.5, 1, color.White) })
	for y := range 64 {
		for x := range 64 {
			want := 0.0
			if y == 10 && x >= 4 && x < 40 {
				want = 1
			}
			if a[y*64+x] != want {
				t.Fatalf("1-pixel line: (%d, %d) has alpha %.2f, want %g", x, y, a[y*64+x], want)
			}
		}
	}
	a = alphaOf(func(dst *ebiten.Image) { Frame(dst, 10, 10, 20, 16, 2, color.White) })
	for y := range 64 {
		for x := range 64 {
			inOuter := x >= 9 && x < 31 && y >= 9 && y < 27
			inInner := x >= 11 && x < 29 && y >= 11 && y < 25
			want := 0.0
			if inOuter && !inInner {
				want = 1
			}
			if a[y*64+x] != want {
				t.Fatalf("frame: (%d, %d) has alpha %.2f, want %g", x, y, a[y*64+x], want)
			}
		}
	}
}

// exactCoverage is each pixel's share inside a shape, counted on a 16×16
// grid of points within it.
func exactCoverage(inside func(x, y float64) bool) []float64 {
	const n = 16
	a := make([]float64, 64*64)
	for py := range 64 {
		for px := range 64 {
			c := 0
			for sy := range n {
				for sx := range n {
					if inside(float64(px)+(float64(sx)+0.5)/n, float64(py)+(float64(sy)+0.5)/n) {
						c++
					}
				}
			}
			a[py*64+px] = float64(c) / (n * n)
		}
	}
	return a
}

func insideLine(x0, y0, x1, y1, w float64) func(x, y float64) bool {
	l := math.Hypot(x1-x0, y1-y0)
	ux, uy := (x1-x0)/l, (y1-y0)/l
	return func(x, y float64) bool {
		u, v := (x-x0)*ux+(y-y0)*uy, -(x-x0)*uy+(y-y0)*ux
		return u >= 0 && u <= l && math.Abs(v) <= w/2
	}
}

// The shapes' edges are close to the exact share of each pixel they cover,
// within a quarter at the worst pixel (sharp corners) and a twentieth on
// average. That is closer than ebiten's smoothed vector paths: when these
// came in, a 2.5-pixel diagonal line was off by 0.025 on average here and
// by 0.062 there.
func TestSmoothShapesMatchExactCoverage(t *testing.T) {
	dist := func(x, y, cx, cy float64) float64 { return math.Hypot(x-cx, y-cy) }
	xs, ys := []float64{10.2, 50.7, 30.1}, []float64{12.4, 20.9, 55.3}
	cases := []struct {
		name   string
		ours   func(dst *ebiten.Image)
		inside func(x, y float64) bool
	}{
		{"diagonal line", func(dst *ebiten.Image) { Line(dst, 5.3, 7.1, 55.2, 41.9, 2.5, color.White) },
			insideLine(5.3, 7.1, 55.2, 41.9, 2.5)},
		{"thin line", func(dst *ebiten.Image) { Line(dst, 3, 60.2, 61, 30.7, 1, color.White) },
			insideLine(3, 60.2, 61, 30.7, 1)},
		{"disc", func(dst *ebiten.Image) { Disc(dst, 30.4, 31.7, 13.2, color.White) },
			func(x, y float64) bool { return dist(x, y, 30.4, 31.7) <= 13.2 }},
		{"ring", func(dst *ebiten.Image) { Circle(dst, 30.4, 31.7, 20.5, 3, color.White) },
			func(x, y float64) bool { return math.Abs(dist(x, y, 30.4, 31.7)-20.5) <= 1.5 }},
		{"frame", func(dst *ebiten.Image) { Frame(dst, 8.5, 9.25, 40.3, 30.1, 2, color.White) },
			func(x, y float64) bool {
				in := func(d float64) bool { return x >= 8.5-d && x <= 48.8+d && y >= 9.25-d && y <= 39.35+d }
				return in(1) && !in(-1)
			}},
		{"triangle", func(dst *ebiten.Image) { Polygon(dst, xs, ys, color.White) },
			func(x, y float64) bool {
				side := func(i, j int) bool { return (xs[j]-xs[i])*(y-ys[i])-(ys[j]-ys[i])*(x-xs[i]) >= 0 }
				return side(0, 1) && side(1, 2) && side(2, 0)
			}},
	}
	for _, c := range cases {
		ours, exact := alphaOf(c.ours), exactCoverage(c.inside)
		worst, total := 0.0, 0.0
		for i := range ours {
			d := math.Abs(ours[i] - exact[i])
			worst, total = max(worst, d), total+d
		}
		if mean := total / sum(exact); worst > 0.25 || mean > 0.05 {
			t.Errorf("%s: off the exact coverage by up to %.2f, on average %.3f per covered pixel", c.name, worst, mean)
		}
	}
}

// A polyline through points on one straight line looks like that line:
// its pieces join without seams. (Its two ends may fade a little
// differently when the first or last piece is shorter than a pixel.)
func TestSmoothPolylineHasNoSeams(t *testing.T) {
	for _, end := range [][2]float64{{58.3, 20.5}, {50.2, 47.9}} {
		x0, y0 := 4.6, 20.5
		var xs, ys []float64
		for k := range 40 {
			f := float64(k) / 39
			f = f * f // uneven pieces, some shorter than a pixel
			xs, ys = append(xs, x0+f*(end[0]-x0)), append(ys, y0+f*(end[1]-y0))
		}
		line := alphaOf(func(dst *ebiten.Image) { Line(dst, x0, y0, end[0], end[1], 2, color.White) })
		poly := alphaOf(func(dst *ebiten.Image) { Polyline(dst, xs, ys, 2, color.White) })
		for i := range line {
			px, py := float64(i%64)+0.5, float64(i/64)+0.5
			if math.Hypot(px-x0, py-y0) < 1.5 || math.Hypot(px-end[0], py-end[1]) < 1.5 {
				continue
			}
			if math.Abs(line[i]-poly[i]) > 2.0/255 {
				t.Fatalf("to (%g, %g): pixel (%d, %d) is %.3f along the polyline, %.3f along the line",
					end[0], end[1], i%64, i/64, poly[i], line[i])
			}
		}
	}
}
