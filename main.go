// Command vnodes is an interactive lesson on consistent hashing: drag V and
// watch many small ranges per node even out the load. It runs in a browser
// (WebAssembly) and as a desktop program; the program itself is render/app.
package main

import (
	"log"

	_ "displaycheck" // no display: one clear line instead of ebiten's panic (runs before ebiten)

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/app"
	"vnodes/render/app/host"
	"vnodes/sim"
)

func main() {
	h := host.New()        // the browser's page, or the desktop
	h.Mark("main")         // the runtime and every package's init are done
	opening := app.Open(h) // the address bar, or the flags
	ebiten.SetWindowTitle(app.WindowTitle())
	ebiten.SetWindowSize(1280, 720)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowSizeLimits(320, 320, -1, -1) // as narrow as a phone: the compact layouts take over
	// Every frame starts by copying the whole opaque scene over the screen:
	// clearing it first would be one more full-screen pass for the GPU, which
	// in a browser without one is the CPU the page runs on.
	ebiten.SetScreenClearedEveryFrame(false)
	game := app.New(h, opening)
	// In a browser, the page's task ends here and ebiten's start and the
	// first frame come in the next: one long task from the download to
	// the first frame would hold off the page's own input and painting.
	h.Yield()
	err := ebiten.RunGame(game)
	if err != nil && h.WithoutPicture(err) {
		game.RunText() // no WebGL in this browser: the app as text
	}
	sim.StopWorkers() // the simulation's helper goroutines end with the window
	if err != nil {
		log.Fatal(err)
	}
}
