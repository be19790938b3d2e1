//go:build !js

package host

import (
	"fmt"
	"os"
	"strings"

	"github.com/ebitenui/ebitenui/input"

	"vnodes/render/view"
	"vnodes/render/view/link"
)

// desktop is the app as a native program in a window of its own.
type desktop struct{}

// New is the host the program runs in: here, the desktop.
func New() Host { return desktop{} }

// Open reads the same settings a link carries, as flags (see
// link.ParseFlags); -h prints the usage and exits. The language is
// settled first (-lang's, else the locale's), so that the notices, -h and
// the first frame are in it.
func (desktop) Open(r *view.Registry) Opening {
	asked, ok := link.LangOfFlags(os.Args[1:])
	var prefs []string
	for _, env := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(env); v != "" {
			v, _, _ = strings.Cut(v, ".") // de_DE.UTF-8
			prefs = append(prefs, v)
			break
		}
	}
	ambient, failed := startLanguage(asked, ok, prefs)
	s, notices, help := link.ParseFlags(r, os.Args[1:])
	if help {
		fmt.Print(link.FlagUsage(r)) // in the current language
		os.Exit(0)
	}
	return Opening{Settings: s, Notices: append(notices, failed...), Ambient: ambient}
}

// WithoutPicture: a desktop without graphics has no text version to fall
// back on (displaycheck says so before ebiten starts).
func (desktop) WithoutPicture(error) bool { return false }

// Mark: the desktop has no performance tools to tell.
func (desktop) Mark(string) {}

// RunFrame runs f: a desktop calls Update and Draw on one goroutine
// already, whose stack stays warm.
func (desktop) RunFrame(f func()) { f() }

// Yield: background work runs on other cores and need not give way.
func (desktop) Yield() {}

// Pointer is where the mouse is, which the window system reports up to
// date on every tick. One outside the window is reported outside the
// screen, which the app checks already.
func (desktop) Pointer(float64) (x, y float64, inside bool) {
	cx, cy := input.CursorPosition()
	return float64(cx), float64(cy), true
}

// PageZoom: a desktop window has no page zoom; ebiten follows its
// screen's scale itself.
func (desktop) PageZoom() (dpr, w, h float64) { return 0, 0, 0 }

// Sync: the desktop has no controls or page of its own.
func (desktop) Sync(App) {}
