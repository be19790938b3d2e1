package geom

import (
	"math"
	"slices"
	"testing"
)

func TestBarAxisMax(t *testing.T) {
	cases := map[float64]float64{0: 3, 0.5: 3, 1: 3, 2.99: 3, 3: 3, 3.0001: 4, 4: 4, 4.5: 5, 7.2: 8, 10: 10, 49.01: 50}
	for in, want := range cases {
		if got := BarAxisMax(in); got != want {
			t.Errorf("BarAxisMax(%v) = %v, want %v", in, got, want)
		}
	}
	prev := 0.0
	for i := 0; i <= 20000; i++ {
		x := float64(i) / 1000
		got := BarAxisMax(x)
		if got < 3 || got < x || got != math.Trunc(got) {
			t.Fatalf("BarAxisMax(%v) = %v: want a whole number >= max(3, x)", x, got)
		}
		if got >= math.Max(3, x)+1 {
			t.Fatalf("BarAxisMax(%v) = %v: grew by more than one unit past what fits", x, got)
		}
		if got < prev {
			t.Fatalf("BarAxisMax(%v) = %v shrank from %v", x, got, prev)
		}
		prev = got
	}
}

func TestLogAxisMap(t *testing.T) {
	axes := []LogAxis{
		{Min: 1, Max: 256, From: 100, To: 500},
		{Min: 1, Max: 256, From: 500, To: 100}, // a y axis, growing upwards
		{Min: 0.01, Max: 1, From: 0, To: 300},
	}
	for _, a := range axes {
		near := func(got, want float64) bool { return math.Abs(got-want) < 1e-9 }
		if got := a.Map(a.Min); !near(got, a.From) {
			t.Errorf("%+v.Map(Min) = %v, want From", a, got)
		}
		if got := a.Map(a.Max); !near(got, a.To) {
			t.Errorf("%+v.Map(Max) = %v, want To", a, got)
		}
		mid := (a.From + a.To) / 2
		if got := a.Map(math.Sqrt(a.Min * a.Max)); !near(got, mid) {
			t.Errorf("%+v.Map(geometric mean) = %v, want the middle %v", a, got, mid)
		}
		for _, below := range []float64{a.Min / 2, a.Min * 0.999, 0, -1, math.Inf(-1)} {
			if got := a.Map(below); !near(got, a.From) {
				t.Errorf("%+v.Map(%v) = %v, want clamped to From", a, below, got)
			}
		}
		for _, above := range []float64{a.Max * 1.001, a.Max * 100, math.Inf(1)} {
			if got := a.Map(above); !near(got, a.To) {
				t.Errorf("%+v.Map(%v) = %v, want clamped to To", a, above, got)
			}
		}
		// Equal ratios are equal distances.
		r := math.Pow(a.Max/a.Min, 0.125)
		d0 := a.Map(a.Min*r) - a.Map(a.Min)
		for k := 1; k < 8; k++ {
			v := a.Min * math.Pow(r, float64(k))
			if d := a.Map(v*r) - a.Map(v); !near(d, d0) {
				t.Errorf("%+v: step %d is %v long, step 0 %v", a, k, d, d0)
			}
		}
		// Monotone from From to To.
		sign := math.Copysign(1, a.To-a.From)
		prev := a.Map(a.Min)
		for k := 1; k <= 1000; k++ {
			v := a.Min * math.Pow(a.Max/a.Min, float64(k)/1000)
			got := a.Map(v)
			if (got-prev)*sign <= 0 {
				t.Fatalf("%+v: Map is not monotone at %v", a, v)
			}
			prev = got
		}
	}
}

func TestSliderPositions(t *testing.T) {
	s := Slider{VMax: 256}
	if got := s.Pos(1); got != 0 {
		t.Fatalf("Pos(1) = %d, want 0", got)
	}
	if s.Max() != s.Pos(256) {
		t.Fatalf("Max() = %d, Pos(256) = %d", s.Max(), s.Pos(256))
	}
	for v := 2; v <= 256; v++ {
		if s.Pos(v) <= s.Pos(v-1) {
			t.Fatalf("Pos(%d) = %d is not above Pos(%d) = %d", v, s.Pos(v), v-1, s.Pos(v-1))
		}
	}
	// The small values get far more room than a linear slider would give them.
	if lin := float64(s.Max()) / 255; float64(s.Pos(2)-s.Pos(1)) < 10*lin {
		t.Errorf("1 to 2 takes %d positions, a linear slider %v", s.Pos(2)-s.Pos(1), lin)
	}
	// Out-of-range values clamp.
	for _, c := range [][2]int{{0, 1}, {-5, 1}, {257, 256}, {10000, 256}} {
		if got, want := s.Pos(c[0]), s.Pos(c[1]); got != want {
			t.Errorf("Pos(%d) = %d, want Pos(%d) = %d", c[0], got, c[1], want)
		}
	}
}

// swallowed reports whether v's own position lies in the detent of another landmark.
func swallowed(s Slider, v int) bool {
	for _, l := range Landmarks {
		if l != v && l <= s.VMax && abs(s.Pos(v)-s.Pos(l)) <= detent {
			return true
		}
	}
	return false
}

// inDetent reports whether position p snaps to a landmark.
func inDetent(s Slider, p int) bool {
	for _, l := range Landmarks {
		if l <= s.VMax && abs(p-s.Pos(l)) <= detent {
			return true
		}
	}
	return false
}

// With VMax = 256, dragging alone cannot land on V = 65, 254 or 255: their
// positions (690, 1084, 1085) sit inside the detents of 64 (Pos 687) and 256
// (Pos 1087), and no position between detents rounds to them either. (63,
// though also in 64's detent at Pos 683, is reached from position 682.)
// The +/- buttons and the keyboard still reach them.
var mouseUnreachable = []int{65, 254, 255}

func TestSliderValues(t *testing.T) {
	s := Slider{VMax: 256}
	if got := Landmarks; !slices.Equal(got, []int{1, 2, 4, 16, 64, 256, 1024}) {
		t.Fatalf("Landmarks = %v", got)
	}
	for _, l := range Landmarks {
		if l > s.VMax {
			continue
		}
		if got := s.V(s.Pos(l)); got != l {
			t.Errorf("V(Pos(%d)) = %d", l, got)
		}
		for d := -detent; d <= detent; d++ {
			p := s.Pos(l) + d
			if p < 0 || p > s.Max() {
				continue
			}
			if got := s.V(p); got != l {
				t.Errorf("V(%d) = %d, want landmark %d (within its detent)", p, got, l)
			}
		}
	}
	for v := 1; v <= 256; v++ {
		if swallowed(s, v) {
			continue
		}
		if got := s.V(s.Pos(v)); got != v {
			t.Errorf("V(Pos(%d)) = V(%d) = %d", v, s.Pos(v), got)
		}
	}
	reached := make(map[int]bool)
	prev := s.V(0)
	for p := 0; p <= s.Max(); p++ {
		v := s.V(p)
		if v < 1 || v > 256 {
			t.Fatalf("V(%d) = %d, out of range", p, v)
		}
		if v < prev {
			t.Fatalf("V(%d) = %d is below V(%d) = %d", p, v, p-1, prev)
		}
		// Outside the detents, V is the value whose position is nearest
		// (the smaller one on a tie).
		if !inDetent(s, p) {
			best := 1
			for w := 2; w <= 256; w++ {
				if abs(s.Pos(w)-p) < abs(s.Pos(best)-p) {
					best = w
				}
			}
			if v != best {
				t.Fatalf("V(%d) = %d (Pos %d), but Pos(%d) = %d is nearer", p, v, s.Pos(v), best, s.Pos(best))
			}
		}
		prev = v
		reached[v] = true
	}
	var unreachable []int
	for v := 1; v <= 256; v++ {
		if !reached[v] {
			unreachable = append(unreachable, v)
			if !swallowed(s, v) {
				t.Errorf("V = %d cannot be reached and is not in a landmark's detent", v)
			}
		}
	}
	if !slices.Equal(unreachable, mouseUnreachable) {
		t.Errorf("values the mouse cannot reach = %v, documented %v", unreachable, mouseUnreachable)
	}
	// Out-of-range positions clamp.
	for _, c := range [][2]int{{-1, 0}, {-1000, 0}, {s.Max() + 1, s.Max()}, {s.Max() + 5000, s.Max()}} {
		if got, want := s.V(c[0]), s.V(c[1]); got != want {
			t.Errorf("V(%d) = %d, want V(%d) = %d", c[0], got, c[1], want)
		}
	}
	if s.V(-1) != 1 || s.V(s.Max()+1) != 256 {
		t.Errorf("ends: V(-1) = %d, V(Max+1) = %d; want 1 and 256", s.V(-1), s.V(s.Max()+1))
	}
}

// A smaller VMax keeps the same promises, ignoring landmarks above it.
func TestSliderSmallerVMax(t *testing.T) {
	for _, vmax := range []int{1, 2, 10, 50, 100} {
		s := Slider{VMax: vmax}
		if s.Pos(1) != 0 || s.Max() != s.Pos(vmax) {
			t.Fatalf("VMax=%d: Pos(1) = %d, Max() = %d, Pos(VMax) = %d", vmax, s.Pos(1), s.Max(), s.Pos(vmax))
		}
		prev := 1
		for p := -3; p <= s.Max()+3; p++ {
			v := s.V(p)
			if v < 1 || v > vmax || v < prev {
				t.Fatalf("VMax=%d: V(%d) = %d (previous %d)", vmax, p, v, prev)
			}
			prev = v
		}
		if s.V(s.Max()) != vmax {
			t.Fatalf("VMax=%d: V(Max()) = %d", vmax, s.V(s.Max()))
		}
		for v := 1; v <= vmax; v++ {
			if !swallowed(s, v) && s.V(s.Pos(v)) != v {
				t.Fatalf("VMax=%d: V(Pos(%d)) = %d", vmax, v, s.V(s.Pos(v)))
			}
		}
	}
}

func TestSliderTo1024(t *testing.T) {
	s := Slider{VMax: 1024}
	for _, l := range Landmarks {
		if got := s.V(s.Pos(l)); got != l {
			t.Errorf("V(Pos(%d)) = %d", l, got)
		}
	}
	prev := 0
	for p := 0; p <= s.Max(); p++ {
		v := s.V(p)
		if v < prev || v < 1 || v > 1024 {
			t.Fatalf("V(%d) = %d after %d", p, v, prev)
		}
		prev = v
	}
	if prev != 1024 {
		t.Fatalf("the right end gives V = %d", prev)
	}
}
