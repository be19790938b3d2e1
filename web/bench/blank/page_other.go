//go:build !js

package main

// On the desktop there is no page to tell.
func updated()    {}
func drawn(int)   {}
func mark(string) {}
