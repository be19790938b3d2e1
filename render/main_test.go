package render

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the tests inside a running game, because ebiten can only
// draw and read pixels back once its loop has started. It needs a display:
// make test runs it under xvfb-run.
func TestMain(m *testing.M) {
	g := &testLoop{m: m}
	ebiten.SetWindowSize(320, 180)
	ebiten.SetWindowTitle("vnodes render tests")
	if err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		fmt.Fprintln(os.Stderr, "render tests:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

type testLoop struct {
	m    *testing.M
	code int
}

func (l *testLoop) Update() error {
	l.code = l.m.Run()
	return ebiten.Termination
}
func (l *testLoop) Draw(*ebiten.Image)         {}
func (l *testLoop) Layout(w, h int) (int, int) { return w, h }
