//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"

	"vnodes/sim/view"
)

// startupSettings reads the same settings a link carries, as flags. Values
// are taken as text so that a bad one is clamped with a notice, as in the
// browser, instead of stopping the program.
func startupSettings() (view.Settings, []string) {
	s, notices, help := settingsFromArgs(os.Args[1:])
	if help {
		os.Exit(0)
	}
	return s, notices
}

// settingsFromArgs parses flags; help is true for -h, after the usage was printed.
func settingsFromArgs(args []string) (s view.Settings, notices []string, help bool) {
	fs := flag.NewFlagSet("vnodes", flag.ContinueOnError)
	usage := map[string]string{
		"v":      "ranges (virtual nodes) per node, 1..256",
		"n":      "number of nodes, 2..50",
		"seed":   "which seed's ring to show, 0..19",
		"assign": "how ranges go to nodes: rr (round-robin) or random",
		"step":   "open the lesson at this step (0 = free exploring)",
		"theme":  "dark or light",
	}
	values := map[string]*string{}
	for _, k := range view.Keys {
		values[k] = fs.String(k, "", usage[k])
	}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(os.Stderr)
			fs.PrintDefaults()
			return view.Default(), nil, true
		}
		s, notices := view.Parse(nil)
		return s, append(notices, fmt.Sprintf("command line not understood (%v): using defaults", err)), false
	}
	q := url.Values{}
	fs.Visit(func(f *flag.Flag) { q.Set(f.Name, *values[f.Name]) })
	s, notices = view.Parse(q)
	for _, arg := range fs.Args() {
		notices = append(notices, fmt.Sprintf("ignored argument %q", arg))
	}
	return s, notices, false
}

// afterUpdate has nothing to do on the desktop.
func afterUpdate(*Game) {}

// pointerInside: on the desktop a pointer outside the window is reported
// outside the screen, which updateHover already checks.
func pointerInside() bool { return true }
