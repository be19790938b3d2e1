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

// The app's own packages stop background work through a channel
// (sim.Options.Stop), not a context: ebiten imports package context but
// uses none of its cancellation, so ours alone would link it (46 kB of
// the .wasm).
func TestAppPackagesDoNotUseContext(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "vnodes")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	own := 0
	for line := range strings.Lines(string(out)) {
		pkg, imports, _ := strings.Cut(strings.TrimSpace(line), ":")
		if pkg != "vnodes" && !strings.HasPrefix(pkg, "vnodes/") {
			continue
		}
		own++
		for _, imp := range strings.Fields(imports) {
			if imp == "context" {
				t.Errorf("%s imports context in the browser build", pkg)
			}
		}
	}
	if own < 5 {
		t.Fatalf("found %d of the app's packages; expected render, sim and the rest", own)
	}
}
