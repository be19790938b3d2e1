//go:build (linux || freebsd || netbsd || openbsd) && !android && !js

package displaycheck

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"displaycheck/usage"
)

func init() {
	if os.Getenv("DISPLAY") != "" || strings.HasSuffix(filepath.Base(os.Args[0]), ".test") {
		return // a display to use, or a test binary that is not the program
	}
	if slices.ContainsFunc(os.Args[1:], func(a string) bool { return a == "-h" || a == "-help" || a == "--help" }) {
		fmt.Print(usage.Text)
		os.Exit(0)
	}
	fmt.Fprintln(os.Stderr, "vnodes: no display found: set DISPLAY, or use `make serve` and a browser")
	os.Exit(1)
}
