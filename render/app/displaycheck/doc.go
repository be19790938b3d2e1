// Package displaycheck stops the desktop program with one clear line when
// there is no display, or DISPLAY names one that does not answer, and
// prints the usage for -h without any display, before ebiten can start: ebiten opens its window
// system in a package init, and without a display it panics there, before
// main runs and before any of vnodes' own packages are initialised.
//
// Go initialises packages in the order of their import paths, each once
// everything it imports is ready. This package imports only the standard
// library and lives in a module of its own named "displaycheck", which
// sorts before "github.com/hajimehoshi/ebiten/...", so its init always runs
// first. main imports it for that side effect. (A package inside the vnodes
// module would sort after ebiten and run too late.)
package displaycheck
