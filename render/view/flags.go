package view

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"vnodes/render/geom"
	"vnodes/sim"
)

// flagHelp says what each setting means, for the desktop program's -h.
var flagHelp = map[string]string{
	"v":        fmt.Sprintf("ranges (virtual nodes) per node, %d..%d", MinV, MaxV),
	"n":        fmt.Sprintf("number of nodes, %d..%d", MinNodes, MaxNodes),
	"seed":     fmt.Sprintf("which seed's ring to show, 0..%d", Seeds-1),
	"assign":   "how ranges go to nodes: roundrobin or random",
	"step":     fmt.Sprintf("open the lesson at this step, 1..%d (0 = free exploring)", len(Lesson)),
	"theme":    "dark, light or projector",
	"view":     "spread: stay in the spread of loads at a lesson step that opens another view",
	"change":   "show a node that joins, leaves or fails: join, leave or fail",
	"node":     "which node leaves or fails: a name (A, B, … AA) or a number from 1 (default: the busiest)",
	"load":     "show requests over the ring: uniform, hot (one hot key) or zipf",
	"hot":      fmt.Sprintf("the hot key's share of all requests, 0..%g (or a percentage, 30%%)", sim.MaxHot),
	"salt":     fmt.Sprintf("split the hot key into this many salted sub-keys, %d..%d", sim.MinSalt, sim.MaxSalt),
	"zipf":     fmt.Sprintf("Zipf's exponent s, 0..%g", sim.MaxZipf),
	"keys":     fmt.Sprintf("how many keys the Zipf requests go to, %d..%d", sim.MinKeys, sim.MaxKeys),
	"fix":      "a fix for hot keys: none, bounded (bounded loads) or replicate",
	"eps":      fmt.Sprintf("bounded loads: a node takes at most (1+eps) times the mean, eps 0..%g", sim.MaxEps),
	"embed":    "1: leave out the title bar, as inside another page",
	"zoom":     fmt.Sprintf("enlarge the whole scene, %g..%g times (+ and − change it; the wheel moves around)", geom.MinZoom, geom.MaxZoom),
	"chart":    "which chart: cv (CV against V) or law (CV·√V against V, with the exact law)",
	"overlay":  "other curves on the chart: none, nodes (3, 10 and 100 nodes) or assign (the other assignment)",
	"scheme":   "open the token schemes view on one: random (the exercise), equal (N·V equal ranges) or greedy (an allocator)",
	"replicas": fmt.Sprintf("replication: how many nodes serve each key, %d..%d", sim.MinReplicas, sim.MaxReplicas),
}

// FlagUsage is the desktop program's help text.
func FlagUsage() string {
	var b strings.Builder
	b.WriteString("usage: vnodes [-v V] [-n N] [-seed S] [-assign roundrobin|random] [-step K] [-theme dark|light|projector]\n")
	b.WriteString("              [-change join|leave|fail [-node C]] [-load uniform|hot|zipf [-hot 0.3] [-salt 8] ...]\n")
	b.WriteString("The same settings as a link's ?v=16&n=10…; a bad value is clamped and shown as a notice.\n\n")
	for _, k := range Keys {
		fmt.Fprintf(&b, "  -%-9s %s\n", k, flagHelp[k])
	}
	return b.String()
}

// ParseFlags reads the desktop program's command line: the keys a link
// carries, as -key value, -key=value or --key value. It never fails: a bad
// value is clamped as in a link, and an unknown flag or a stray argument is
// skipped with a notice while every valid flag still counts. help is true
// when -h, -help or --help was given.
func ParseFlags(args []string) (s Settings, notices []string, help bool) {
	q := url.Values{}
	var extra []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			extra = append(extra, args[i+1:]...)
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			extra = append(extra, arg)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		switch {
		case name == "h" || name == "help":
			return Default(), nil, true
		case !slices.Contains(Keys, name):
			if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++ // its value goes with it
			}
			notices = append(notices, fmt.Sprintf("unknown flag -%s ignored (vnodes -h lists the flags)", Shorten(name)))
			continue
		case !hasValue && i+1 < len(args):
			i++
			value = args[i]
		case !hasValue:
			notices = append(notices, fmt.Sprintf("flag -%s has no value: ignored", name))
			continue
		}
		q.Set(name, value)
	}
	s, parsed := Parse(q)
	notices = append(parsed, notices...)
	for _, a := range extra {
		notices = append(notices, fmt.Sprintf("ignored argument %s", Quote(a)))
	}
	return s, notices, false
}
