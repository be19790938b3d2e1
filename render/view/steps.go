package view

// NextPowerOfTwo is the smallest power of two above v (capped at MaxV);
// the arrow keys step V through 1, 2, 4, 8, ... MaxV.
func NextPowerOfTwo(v int) int {
	p := 1
	for p <= v {
		p *= 2
	}
	return min(p, MaxV)
}

// PrevPowerOfTwo is the largest power of two below v (at least MinV).
func PrevPowerOfTwo(v int) int {
	p := 1
	for p*2 < v {
		p *= 2
	}
	return min(max(p, MinV), MaxV)
}
