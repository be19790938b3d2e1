// Package sim is the model behind vnodes: N nodes share a hash ring of 2**32
// positions, each owning V ranges cut by randomly drawn points. sim works
// out the figures the app shows about such rings, for each seed 0..K-1 and
// as means over them; it has no graphics.
//
// Every seed's ring is defined by Python's random.Random(seed): the ring
// draws N·V points with randrange(2**32), sorts them, and deals the ranges
// round-robin or, for the Random assignment, in an order the same generator
// shuffles. Go reproduces that stream bit for bit, so the numbers here are
// the exercise's numbers (testdata/reference.py is the Python model).
// Anything a later view draws for a seed continues that same stream after
// the ring: see GeneratorAfterRing.
//
// Every call that goes over seeds computes one seed per worker, spread over
// the cores by a pool of helper goroutines, one per extra core
// (GOMAXPROCS-1), started by the first call that can use them. The helpers
// never exit on their own, and after each call they busy-poll for the next
// one for a moment before they park, so that calls in quick succession do
// not wait for a parked core to wake. StopWorkers ends them (tests and a
// program's exit can call it); later calls still work and start them
// again. Under GOOS=js (the browser has one thread) there are no helpers
// and nothing polls.
//
// The machinery lives under sim/internal: the generator and its batch
// seeding (pyrand), dealing, sorting and summing loads (sorting), each with
// AVX2 kernels and their plain Go twins, and the worker pool (pool).
package sim
