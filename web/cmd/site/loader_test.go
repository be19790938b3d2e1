package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"vnodes/assets/lang"
)

// The loading screen speaks every language the app has, and no other:
// loader.js's table of its words has a line per tag of lang.Known.
func TestTheLoadingScreenSpeaksEveryLanguage(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("..", "..", "static", "loader.js"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^\s*"([A-Za-z-]+)": \{ loading: "[^"]+", of: "[^"]+", starting: "[^"]+", failed: "[^"]+", mb: "[^"]+" \},$`).FindAllStringSubmatch(string(js), -1) {
		got = append(got, m[1])
	}
	want := lang.Tags()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("loader.js speaks %v, the app %v", got, want)
	}
}
