// Package ebitentest runs a package's tests inside a running ebiten game,
// because images can only be drawn and read back, and widgets updated, once
// ebiten's loop has started. Tests that use it need a display (Xvfb).
package ebitentest

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Main is a TestMain body: it runs m inside the game loop and exits.
func Main(m *testing.M) {
	l := &loop{m: m}
	ebiten.SetWindowSize(320, 180)
	ebiten.SetWindowTitle("vnodes tests")
	if err := ebiten.RunGameWithOptions(l, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		fmt.Fprintln(os.Stderr, "tests:", err)
		os.Exit(1)
	}
	os.Exit(l.code)
}

type loop struct {
	m    *testing.M
	code int
}

func (l *loop) Update() error {
	l.code = l.m.Run()
	return ebiten.Termination
}

func (l *loop) Draw(*ebiten.Image)         {}
func (l *loop) Layout(w, h int) (int, int) { return w, h }
