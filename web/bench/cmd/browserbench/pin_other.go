//go:build !linux

package main

// pinProcesses is Linux only: elsewhere nothing is pinned.
func pinProcesses(int, <-chan struct{}) bool { return false }
