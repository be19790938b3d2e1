package sim

import "math"

// Stats describes how evenly one ring spreads the load.
type Stats struct {
	Imbalance float64 // busiest node's load over the mean load (1 = perfectly even)
	CV        float64 // population standard deviation of the loads over their mean
	Busiest   int     // the node with the largest load (the lowest index on ties)
}

// statsOf measures loads that sum to RingSize. The deviations are kept as
// exact integers (N*load - 2**32) so the only rounding is in the last steps.
func statsOf(loads []uint64) Stats {
	n := len(loads)
	busiest := 0
	var sumSquares float64
	for i, l := range loads {
		if l > loads[busiest] {
			busiest = i
		}
		d := float64(int64(uint64(n)*l) - int64(RingSize))
		sumSquares += d * d
	}
	mean := float64(RingSize) / float64(n)
	return Stats{
		Imbalance: float64(loads[busiest]) / mean,
		CV:        math.Sqrt(sumSquares/float64(n)) / float64(RingSize),
		Busiest:   busiest,
	}
}

// Average is a statistic averaged over seeds 0..K-1.
type Average struct {
	Imbalance float64
	CV        float64
}

// averageOf takes the plain mean over seeds, summing in seed order.
func averageOf(perSeed []Stats) Average {
	var a Average
	for _, s := range perSeed {
		a.Imbalance += s.Imbalance
		a.CV += s.CV
	}
	k := float64(len(perSeed))
	return Average{Imbalance: a.Imbalance / k, CV: a.CV / k}
}
