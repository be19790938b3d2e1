//go:build !js

package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"

	"vnodes/sim/view"
)

// startupSettings reads the same settings a link carries, as flags. Values
// are taken as text so that a bad one is clamped with a notice, as in the
// browser, instead of stopping the program.
func startupSettings() (view.Settings, []string) {
	fs := flag.NewFlagSet("vnodes", flag.ContinueOnError)
	help := map[string]string{
		"v":      "ranges (virtual nodes) per node, 1..256",
		"n":      "number of nodes, 2..50",
		"seed":   "which seed's ring to show, 0..19",
		"assign": "how ranges go to nodes: rr (round-robin) or random",
		"step":   "open the lesson at this step (0 = free exploring)",
		"theme":  "dark or light",
	}
	values := map[string]*string{}
	for _, k := range view.Keys {
		values[k] = fs.String(k, "", help[k])
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		s, notices := view.Parse(nil)
		return s, append(notices, fmt.Sprintf("command line not understood (%v): using defaults", err))
	}
	q := url.Values{}
	fs.Visit(func(f *flag.Flag) { q.Set(f.Name, *values[f.Name]) })
	s, notices := view.Parse(q)
	for _, arg := range fs.Args() {
		notices = append(notices, fmt.Sprintf("ignored argument %q", arg))
	}
	return s, notices
}

// afterUpdate has nothing to do on the desktop.
func afterUpdate(*Game) {}
