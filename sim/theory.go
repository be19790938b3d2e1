package sim

import "math"

// The exact law behind the table. N·V points cut the ring into N·V gaps
// whose lengths, as fractions of the ring, are jointly Dirichlet(1, …, 1).
// A node's load is the sum of V of those gaps (which V does not matter:
// round-robin and random assignment give the same law), so it follows a
// Beta(V, N·V − V) distribution with mean 1/N and variance
// (N−1)/(N²·(N·V+1)). The loads always sum to the whole ring, so the mean
// of the N loads is exactly 1/N and the expected square of their CV is
// that variance over (1/N)²:
//
//	E[CV²] = (N−1) / (N·V + 1)
//
// CV·√V therefore tends to √((N−1)/N) as V grows (0.949 for 10 nodes) and
// never "breaks down" at large V: the widths' dependence (they must add up
// to the ring) is the (N−1) in the numerator, there from the start.

// TheoryCV is the root-mean-square CV of the loads over all rings of N
// nodes with V random ranges each: √((N−1)/(N·V+1)).
func TheoryCV(nodes, v int) float64 {
	return math.Sqrt(float64(nodes-1) / (float64(nodes)*float64(v) + 1))
}

// TheoryBusiestOneRange is the expected load of the busiest node, in fair
// shares, when each of N nodes owns one random range: the harmonic number
// H_N = 1 + 1/2 + … + 1/N (the largest of N uniform spacings has mean
// H_N/N of the ring).
func TheoryBusiestOneRange(nodes int) float64 {
	h := 0.0
	for k := nodes; k >= 1; k-- { // smallest terms first: less rounding
		h += 1 / float64(k)
	}
	return h
}
