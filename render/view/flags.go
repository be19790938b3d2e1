package view

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// flagHelp says what each setting means, for the desktop program's -h.
var flagHelp = map[string]string{
	"v":      fmt.Sprintf("ranges (virtual nodes) per node, %d..%d", MinV, MaxV),
	"n":      fmt.Sprintf("number of nodes, %d..%d", MinNodes, MaxNodes),
	"seed":   fmt.Sprintf("which seed's ring to show, 0..%d", Seeds-1),
	"assign": "how ranges go to nodes: roundrobin or random",
	"step":   fmt.Sprintf("open the lesson at this step, 1..%d (0 = free exploring)", len(Lesson)),
	"theme":  "dark or light",
}

// FlagUsage is the desktop program's help text.
func FlagUsage() string {
	var b strings.Builder
	b.WriteString("usage: vnodes [-v V] [-n N] [-seed S] [-assign roundrobin|random] [-step K] [-theme dark|light]\n")
	b.WriteString("The same settings as a link's ?v=16&n=10…; a bad value is clamped and shown as a notice.\n\n")
	for _, k := range Keys {
		fmt.Fprintf(&b, "  -%-7s %s\n", k, flagHelp[k])
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
		notices = append(notices, fmt.Sprintf("ignored argument %q", Shorten(a)))
	}
	return s, notices, false
}
