package geom

import "math"

// CircleSteps is how many straight pieces make a circle of radius r look
// round: the chord sags less than a tenth of a pixel.
func CircleSteps(r float64) int {
	if r <= 0.2 {
		return 12
	}
	return min(max(12, int(math.Ceil(math.Pi/math.Acos(max(-1, 1-0.1/r))))), 720)
}
