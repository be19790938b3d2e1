package web

import (
	"os/exec"
	"strings"
	"testing"
)

// The browser build leaves out packages whose work the app does more
// cheaply itself, each worth tens of kilobytes of the download (see
// BENCHMARKS.md): encoding/json (window.vnodes.state() goes through
// view.Plain) and x/image's TrueType parser (assets/fontface draws the
// fonts from outlines). An import that brings one back fails here.
func TestBrowserBuildLeavesOutHeavyPackages(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "vnodes")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list gave %d packages; expected the whole build", len(deps))
	}
	for _, p := range deps {
		switch p {
		case "encoding/json", "golang.org/x/image/font/sfnt", "golang.org/x/image/font/opentype":
			t.Errorf("the browser build imports %s", p)
		}
	}
}
