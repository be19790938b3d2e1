//go:build js

package main

import "syscall/js"

var loadingRemoved bool

// updated removes #loading after the first Update, where vnodes does.
func updated() {
	if loadingRemoved {
		return
	}
	loadingRemoved = true
	if el := js.Global().Get("document").Call("getElementById", "loading"); el.Truthy() {
		el.Call("remove")
	}
}

// drawn counts drawn frames in window.blankFrames, which the benchmark
// reads as it reads vnodes' state().frames.
func drawn(n int) { js.Global().Set("blankFrames", n) }

// mark makes a User Timing mark named as vnodes names its start-up marks
// (render/app/host's Mark), so that the benchmark can set the two
// programs' start-up steps side by side.
func mark(name string) {
	if p := js.Global().Get("performance"); p.Truthy() && p.Get("mark").Truthy() {
		p.Call("mark", "vnodes:"+name)
	}
}
