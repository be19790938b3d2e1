//go:build e2e

package app

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"

	"vnodes/render/panel"
)

// The desktop program really opens a window and draws the app in it: start
// the built binary on the test's X display (Xvfb under make test) and read
// the screen back.
func TestDesktopProgramDrawsItsWindow(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run under xvfb-run (make test does)")
	}
	bin := filepath.Join(t.TempDir(), "vnodes")
	build := exec.Command("go", "build", "-o", bin, "vnodes") // the module's main package
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	app := exec.Command(bin, "-v", "16")
	app.Stderr = os.Stderr
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = app.Process.Kill(); _ = app.Wait() }()

	conn, err := xgb.NewConn()
	if err != nil {
		t.Fatalf("connect to X: %v", err)
	}
	defer conn.Close()
	screen := xproto.Setup(conn).DefaultScreen(conn)
	deadline := time.Now().Add(90 * time.Second)
	var colours, bgPixels int
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		colours, bgPixels = sampleScreen(t, conn, screen)
		if colours >= 50 && bgPixels > 1000 {
			time.Sleep(2 * time.Second) // let it settle, then keep a picture for people
			saveScreen(t, conn, screen, filepath.Join("testdata", "screens", "desktop.png"))
			return
		}
	}
	t.Fatalf("after 90 s the screen shows %d colours and %d background pixels: the window stayed blank", colours, bgPixels)
}

// Without a display the program says so in one line and exits 1, and -h
// still prints the usage, instead of dying in ebiten's own start-up.
func TestDesktopWithoutADisplay(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "vnodes")
	build := exec.Command("go", "build", "-o", bin, "vnodes")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "LANG=") && !strings.HasPrefix(kv, "LC_") {
			env = append(env, kv)
		}
	}
	display := "" // none
	run := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		if display != "" {
			cmd.Env = append(env, "DISPLAY="+display)
		}
		out, err := cmd.CombinedOutput()
		code := 0
		if exit, ok := err.(*exec.ExitError); ok {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	out, code := run("-v", "16")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "no display found") || strings.Contains(out, "panic") {
		t.Errorf("no display: exit %d, output %q; want exit 1 and one line saying so", code, out)
	}
	out, code = run("-h")
	if code != 0 || !strings.HasPrefix(out, "usage: vnodes") || !strings.Contains(out, "-change") {
		t.Errorf("-h with no display: exit %d, output %q; want the usage", code, out)
	}
	// In the language asked for, or the locale's.
	out, _ = run("-h", "-lang", "es")
	if !strings.HasPrefix(out, "uso: vnodes") || !strings.Contains(out, "-lang") {
		t.Errorf("-h -lang es: %q; want the usage in Spanish", out)
	}
	env = append(env, "LANG=de_AT.UTF-8")
	out, _ = run("-h")
	if !strings.HasPrefix(out, "Aufruf: vnodes") {
		t.Errorf("-h with LANG=de_AT.UTF-8: %q; want the usage in German", out)
	}
	env = env[:len(env)-1]
	// A display that does not answer (a stale SSH session's, say): one line.
	for n := 7531; ; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); os.IsNotExist(err) {
			display = fmt.Sprintf(":%d", n)
			break
		}
	}
	out, code = run("-v", "16")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "cannot open display \""+display+"\"") || strings.Contains(out, "panic") {
		t.Errorf("DISPLAY=%s: exit %d, output %q; want exit 1 and one line saying so", display, code, out)
	}
	out, code = run("-h")
	if code != 0 || !strings.HasPrefix(out, "usage: vnodes") {
		t.Errorf("-h with DISPLAY=%s: exit %d, output %q; want the usage", display, code, out)
	}
	display = "localhost:7531.0" // a forwarded display that is gone: nothing listens on TCP 13531
	if out, code = run(); code != 1 || !strings.Contains(out, "no X server answers at localhost port 13531") {
		t.Errorf("DISPLAY=%s: exit %d, output %q", display, code, out)
	}
}

// sampleScreen counts distinct colours, and pixels of the app's dark
// background, across the whole X screen.
func sampleScreen(t *testing.T, conn *xgb.Conn, s *xproto.ScreenInfo) (colours, bgPixels int) {
	t.Helper()
	w, h := s.WidthInPixels, s.HeightInPixels
	img, err := xproto.GetImage(conn, xproto.ImageFormatZPixmap, xproto.Drawable(s.Root), 0, 0, w, h, 0xffffffff).Reply()
	if err != nil {
		t.Fatalf("read the screen: %v", err)
	}
	bg := panel.DarkPalette().Background
	seen := map[[3]byte]bool{}
	for i := 0; i+3 < len(img.Data); i += 4 * 3 { // every third pixel, BGRX
		c := [3]byte{img.Data[i+2], img.Data[i+1], img.Data[i]}
		seen[c] = true
		if c == [3]byte{bg.R, bg.G, bg.B} {
			bgPixels++
		}
	}
	return len(seen), bgPixels
}

func saveScreen(t *testing.T, conn *xgb.Conn, s *xproto.ScreenInfo, path string) {
	t.Helper()
	w, h := int(s.WidthInPixels), int(s.HeightInPixels)
	img, err := xproto.GetImage(conn, xproto.ImageFormatZPixmap, xproto.Drawable(s.Root), 0, 0, uint16(w), uint16(h), 0xffffffff).Reply()
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+3 < len(img.Data) && i < 4*w*h; i += 4 {
		out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = img.Data[i+2], img.Data[i+1], img.Data[i], 0xff
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, out); err != nil {
		t.Fatal(err)
	}
}
