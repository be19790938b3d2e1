package geom

import (
	"math"
	"testing"
)

// A zoomed layout is the fitted one enlarged about the screen: every region
// keeps its place relative to the others, so what never overlaps at 1x
// never overlaps zoomed, and text grows with everything else.
func TestZoomEnlargesEverythingAlike(t *testing.T) {
	for _, size := range [][2]float64{{1600, 900}, {1366, 768}, {1024, 768}} {
		w, h := size[0], size[1]
		fit := NewLayout(w, h)
		for _, z := range []float64{1.5, 2, 3} {
			l := NewZoomedLayout(w, h, z, 350, 430) // looking at the ring
			if math.Abs(l.Scale-fit.Scale*z) > 1e-9 {
				t.Fatalf("%vx%v zoom %v: scale %v, want %v", w, h, z, l.Scale, fit.Scale*z)
			}
			zr := rects(l)
			for name, r := range rects(fit) {
				got := zr[name]
				wantX := l.Screen.X + (r.X-fit.Screen.X)*z
				wantY := l.Screen.Y + (r.Y-fit.Screen.Y)*z
				if math.Abs(got.X-wantX) > 1e-6 || math.Abs(got.Y-wantY) > 1e-6 ||
					math.Abs(got.W-r.W*z) > 1e-6 || math.Abs(got.H-r.H*z) > 1e-6 {
					t.Errorf("%vx%v zoom %v: %s at %+v, want the fitted one enlarged", w, h, z, name, got)
				}
			}
			// The screen is covered: no empty band beside a design larger than it.
			if l.Screen.X > 1e-9 || l.Screen.Y > 1e-9 || l.Screen.X+l.Screen.W < w-1e-9 || l.Screen.Y+l.Screen.H < h-1e-9 {
				t.Errorf("%vx%v zoom %v: the design %+v leaves part of the screen empty", w, h, z, l.Screen)
			}
		}
	}
}

// The design point asked for comes to the middle of the screen, unless
// that would show beyond the design's edge; DesignAt inverts the placement.
func TestZoomLooksWhereAsked(t *testing.T) {
	l := NewZoomedLayout(1600, 900, 2, 800, 450)
	if x, y := l.DesignAt(800, 450); math.Abs(x-800) > 1e-9 || math.Abs(y-450) > 1e-9 {
		t.Errorf("the middle of the screen shows design (%v, %v), want (800, 450)", x, y)
	}
	corner := NewZoomedLayout(1600, 900, 2, 0, 0) // asks for the top-left corner in the middle
	if x, y := corner.DesignAt(0, 0); x != 0 || y != 0 {
		t.Errorf("the top-left of the screen shows design (%v, %v), want the design's corner (0, 0)", x, y)
	}
	far := NewZoomedLayout(1600, 900, 2, 5000, 5000)
	if x, y := far.DesignAt(1600, 900); math.Abs(x-DesignW) > 1e-9 || math.Abs(y-DesignH) > 1e-9 {
		t.Errorf("the bottom-right of the screen shows design (%v, %v), want the design's corner", x, y)
	}
	if got := NewZoomedLayout(1600, 900, 1, 0, 0); got != NewLayout(1600, 900) {
		t.Error("zoom 1 is not the fitted layout: the design must stay centred whatever point is asked for")
	}
}

func TestClampZoom(t *testing.T) {
	for in, want := range map[float64]float64{0: 1, -2: 1, 1: 1, 2.5: 2.5, 3: 3, 40: 3, math.Inf(1): 3, math.NaN(): 1} {
		if got := ClampZoom(in); got != want {
			t.Errorf("ClampZoom(%v) = %v, want %v", in, got, want)
		}
	}
}
