// Package pyrand reproduces, bit for bit, the draws vnodes takes from
// Python's random.Random(seed): the 32-bit Mersenne Twister (MT19937) with
// Python's seeding of integers, randrange(2**32) for a ring point,
// randrange(n) and shuffle.
//
// Python's stream is the definition of the exercise's numbers, so nothing
// here may change a single draw. What it adds is speed: RingPoints draws a
// block of points at once, Batch seeds up to eight seeds side by side, and
// on amd64 the twist, the draw acceptance and the batch seeding run as AVX2
// kernels (kernels_amd64.s). Each kernel has a plain Go twin, which the
// build uses for other CPUs, WebAssembly and the purego tag
// (kernels_noasm.go), and tests check every pair against each other.
package pyrand
