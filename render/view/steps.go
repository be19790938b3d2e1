package view

// NextPowerOfTwo is the smallest power of two above v, up to the slider's
// top; the arrow keys step V through 1, 2, 4, 8, ... MaxSliderV. A larger V
// (from a link) stays as it is.
func NextPowerOfTwo(v int) int {
	if v >= MaxSliderV {
		return min(v, MaxV)
	}
	p := 1
	for p <= v {
		p *= 2
	}
	return p
}

// PrevPowerOfTwo is the largest power of two below v (at least MinV).
func PrevPowerOfTwo(v int) int {
	p := 1
	for p*2 < v {
		p *= 2
	}
	return min(max(p, MinV), MaxV)
}
