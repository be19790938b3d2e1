//go:build !amd64 || !gc || purego

package pyrand

// Without the amd64 vector kernels (WebAssembly, other CPUs, or the purego
// tag) the generator runs the plain Go versions.

func twistState(mt *[mtN]uint32) { twistGeneric(mt) }

func acceptPairs(state *[mtN]uint32, k int, dst []uint32, n int) (int, int) {
	return acceptPairsGeneric(state, k, dst, n)
}

func seedStates(b *Batch) { seedStatesGeneric(b) }
