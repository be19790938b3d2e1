package geom

import "testing"

func TestTickStep(t *testing.T) {
	for _, c := range []struct {
		span, length, gap float64
		want              int
	}{
		{3, 520, 26, 1},
		{20, 520, 26, 1},
		{21, 520, 26, 2},
		{40, 520, 26, 2},
		{41, 520, 26, 5},
		{301, 520, 26, 20},
		{1000, 520, 26, 50},
		{0, 520, 26, 1},
		{5, 0, 26, 1},
	} {
		got := TickStep(c.span, c.length, c.gap)
		if got != c.want {
			t.Errorf("TickStep(%v, %v, %v) = %d, want %d", c.span, c.length, c.gap, got, c.want)
		}
		if c.span > 0 && c.length > 0 && c.length/c.span*float64(got) < c.gap {
			t.Errorf("TickStep(%v, %v, %v) = %d puts ticks closer than the gap", c.span, c.length, c.gap, got)
		}
	}
}

func TestRoundUpTo(t *testing.T) {
	for _, c := range []struct {
		x    float64
		step int
		want float64
	}{{3, 1, 3}, {301, 20, 320}, {300, 20, 300}, {7, 0, 7}} {
		if got := RoundUpTo(c.x, c.step); got != c.want {
			t.Errorf("RoundUpTo(%v, %d) = %v, want %v", c.x, c.step, got, c.want)
		}
	}
}
