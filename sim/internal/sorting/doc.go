// Package sorting puts ring points in order and measures round-robin loads
// from them, as fast as uniform 32-bit values allow.
//
// Points are dealt into buckets by their top bits (Dealt) and the buckets
// cleaned up with a short insertion sort or, on amd64, with vector
// compare-exchanges; beyond DealMax points an LSD radix sort takes over
// (SortedCopy). A sweep deals once with draw indexes and then drops the
// points drawn after each shorter prefix (Dealt.KeepDrawnBefore).
// RoundRobinLoads sums points by rank class instead of adding up widths.
//
// The AVX2 kernels (kernels_amd64.s) each have a plain Go twin, which the
// build uses for other CPUs, WebAssembly and the purego tag
// (kernels_noasm.go), and tests check every pair against each other.
package sorting
