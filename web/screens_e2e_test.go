//go:build e2e

package web

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateScreens = flag.Bool("update-screens", false, "write the README screenshots into docs/screens")

// shoot saves a screenshot as a test artefact and, with -update-screens
// (make screenshots), as one of the README's pictures.
func shoot(t *testing.T, p *page, name string) {
	t.Helper()
	png := p.screenshot()
	saveArtifact(t, name, png)
	if !*updateScreens {
		return
	}
	dir := filepath.Join("..", "docs", "screens")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestScreenshots captures the app in the states the README shows.
func TestScreenshots(t *testing.T) {
	for _, s := range []struct{ name, query string }{
		{"v1.png", "?v=1"}, {"v16.png", "?v=16"}, {"v256.png", "?v=256"}, {"light-v16.png", "?v=16&theme=light"},
	} {
		shoot(t, openApp(t, s.query), s.name)
	}
}
