// Package ebitentest runs a package's tests while an ebiten game runs,
// because images can only be drawn and read back, and widgets updated, once
// ebiten's loop has started. Tests that use it need a display (Xvfb).
//
// The tests run on a goroutine of their own while the loop goes on, so
// that frames end between them: ebiten lets go of deallocated images and
// unused glyphs at the end of a frame, and a run of hundreds of scenes
// inside one frame kept gigabytes of them.
package ebitentest

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Main is a TestMain body: it runs m while the game loop runs, and exits
// with m's code once m is done.
func Main(m *testing.M) {
	l := &loop{m: m, done: make(chan int, 1)}
	ebiten.SetWindowSize(320, 180)
	ebiten.SetWindowTitle("vnodes tests")
	if err := ebiten.RunGameWithOptions(l, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		fmt.Fprintln(os.Stderr, "tests:", err)
		os.Exit(1)
	}
	os.Exit(l.code)
}

type loop struct {
	m       *testing.M
	started bool
	done    chan int
	code    int
}

func (l *loop) Update() error {
	if !l.started {
		l.started = true
		go func() { l.done <- l.m.Run() }()
	}
	select {
	case l.code = <-l.done:
		return ebiten.Termination
	case released := <-holds:
		<-released // no frame ends until Still's function returns
		return nil
	default:
		return nil
	}
}

// holds carries Still's requests to the loop.
var holds = make(chan chan struct{})

// Still runs f inside one frame: no frame ends while it runs, so ebiten
// neither moves images between its atlases nor lets any go meanwhile. A
// test that compares pixels drawn at different times needs it.
func Still(f func()) {
	released := make(chan struct{})
	holds <- released
	defer close(released)
	f()
}

func (l *loop) Draw(*ebiten.Image)         {}
func (l *loop) Layout(w, h int) (int, int) { return w, h }
