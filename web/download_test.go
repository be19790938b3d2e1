package web

import (
	"os/exec"
	"strings"
	"testing"
)

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
