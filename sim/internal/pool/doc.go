// Package pool spreads batches of independent work over the cores.
//
// ForEach hands out consecutive batches of 0..total-1 from a shared counter
// to the caller and to helper goroutines, one per extra core
// (GOMAXPROCS-1). The helpers are started by the first ForEach that can use
// them and never exit on their own: after each job a helper busy-polls for
// the next one for a moment (spin; yielding to other goroutines meanwhile),
// and only then parks, because on a small VM waking a parked goroutine
// costs a good part of what a whole table costs. Stop ends them; a later
// ForEach starts them again.
//
// Under GOOS=js (the browser has one thread) there are no helpers at all:
// ForEach runs every batch in the caller, and nothing ever polls.
package pool
