//go:build !js

package app

import (
	"fmt"
	"os"
	"strings"

	"github.com/ebitenui/ebitenui/input"

	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/render/views"
)

// StartupSettings reads the same settings a link carries, as flags (see
// view.ParseFlags). -h prints the usage and exits.
//
// The language is settled first (-lang's, else the locale's), so that the
// notices, -h and the first frame are in it.
func StartupSettings() (view.Settings, []string) {
	asked, ok := link.LangOfFlags(os.Args[1:])
	var prefs []string
	for _, env := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(env); v != "" {
			v, _, _ = strings.Cut(v, ".") // de_DE.UTF-8
			prefs = append(prefs, v)
			break
		}
	}
	failed := startLanguage(asked, ok, prefs)
	s, notices, help := link.ParseFlags(views.All, os.Args[1:])
	notices = append(notices, failed...)
	if help {
		fmt.Print(link.FlagUsage(views.All)) // in the current language
		os.Exit(0)
	}
	return s, notices
}

// TextOnly: the desktop program draws, or does not start.
func TextOnly() string { return "" }

// RunText is the browser's (see textonly_js.go).
func RunText(view.Settings, []string, string) {}

// afterUpdate has nothing to do on the desktop.
func afterUpdate(*Game) {}

// pointerInside: on the desktop a pointer outside the window is reported
// outside the screen, which updateHover already checks.
func pointerInside() bool { return true }

// pixelRatioAndSize: a desktop window has no page zoom; ebiten follows its
// screen's scale itself.
func pixelRatioAndSize() (dpr, w, h float64) { return 0, 0, 0 }

// pointerPosition is where the mouse or finger is, in screen pixels. On
// the desktop the window system reports it up to date on every tick.
func pointerPosition() (float64, float64) {
	x, y := input.CursorPosition()
	return float64(x), float64(y)
}

// pause lets background work give way: on the desktop it runs on other
// cores and need not.
func pause() {}

// pageIntents: the desktop has no page of its own.
func pageIntents(*Game) {}

// MarkStartup does nothing on the desktop (see its browser twin).
func MarkStartup(string) {}

// onWarmStack runs f: a desktop calls Update and Draw on one goroutine
// already (see its browser twin).
func onWarmStack(f func()) { f() }
