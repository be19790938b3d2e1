package geom

import "math"

// TickStep is the step between labelled ticks of an axis that shows 0 to
// span over length pixels, so that ticks stay at least minGap pixels
// apart: 1, 2 or 5 times a power of ten, and never below 1 (the bar axes
// count whole fair shares).
func TickStep(span, length, minGap float64) int {
	if !(span > 0) || !(length > 0) {
		return 1
	}
	need := int(math.Ceil(span * minGap / length))
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*p >= need {
				return m * p
			}
		}
	}
}

// RoundUpTo rounds x up to a whole number of steps.
func RoundUpTo(x float64, step int) float64 {
	s := float64(max(step, 1))
	return math.Ceil(x/s) * s
}
