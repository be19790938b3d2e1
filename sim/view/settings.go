// Package view holds what the app is showing, apart from how it is drawn:
// the simulation parameters, the lesson step and the theme. It reads and
// writes them as URL query parameters (the native program builds the same
// query from its flags), clamping bad values and saying what it changed.
package view

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"vnodes/sim"
)

// Limits of the app's controls: narrower than sim's, so that every change
// re-simulates within a frame, even in a browser.
const (
	MinV, MaxV         = 1, 256
	MinNodes, MaxNodes = 2, 50
	Seeds              = sim.DefaultSeeds // seeds 0..19 are averaged and selectable
)

// Theme is the colour scheme.
type Theme uint8

const (
	Dark Theme = iota
	Light
)

func (t Theme) String() string {
	if t == Light {
		return "light"
	}
	return "dark"
}

// Settings is everything a link or a set of flags can carry.
type Settings struct {
	V, Nodes, Seed int
	Assign         sim.Assignment
	Step           int // lesson step (1-based); 0 is the free sandbox
	Theme          Theme
}

// Default is what the app opens with: the lumpy case the lesson starts from.
func Default() Settings {
	return Settings{V: 1, Nodes: sim.DefaultNodes, Seed: 0, Assign: sim.RoundRobin, Theme: Dark}
}

// Params are the simulation parameters of s.
func (s Settings) Params() sim.Params {
	return sim.Params{Nodes: s.Nodes, V: s.V, Seeds: Seeds, Seed: s.Seed, Assign: s.Assign}
}

// Clamp brings every field into range.
func (s Settings) Clamp() Settings {
	s.V = min(max(s.V, MinV), MaxV)
	s.Nodes = min(max(s.Nodes, MinNodes), MaxNodes)
	s.Seed = min(max(s.Seed, 0), Seeds-1)
	s.Step = min(max(s.Step, 0), len(Lesson))
	if s.Assign != sim.Random {
		s.Assign = sim.RoundRobin
	}
	if s.Theme != Light {
		s.Theme = Dark
	}
	return s
}

// Keys are the query parameters the app understands, in the order Query writes them.
var Keys = []string{"v", "n", "seed", "assign", "step", "theme"}

// Parse reads settings from a URL query. Unknown keys are ignored and bad
// values replaced by the default or clamped; every such change comes back as
// a short notice for the screen.
func Parse(q url.Values) (Settings, []string) {
	s := Default()
	var notices []string
	note := func(format string, args ...any) { notices = append(notices, fmt.Sprintf(format, args...)) }

	intParam := func(key string, dst *int, lo, hi int) {
		raw, ok := lastValue(q, key)
		if !ok {
			return
		}
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if errors.Is(err, strconv.ErrRange) { // a whole number too big for an int: clamp it too
			n, err = hi+1, nil
			if strings.HasPrefix(strings.TrimSpace(raw), "-") {
				n = lo - 1
			}
			raw = Shorten(raw)
		}
		switch {
		case err != nil:
			note("%s=%q is not a whole number: using %d", key, Shorten(raw), *dst)
		case n < lo:
			*dst = lo
			note("%s=%d is below %d: using %d", key, n, lo, lo)
		case n > hi:
			*dst = hi
			note("%s=%d is above %d: using %d", key, n, hi, hi)
		default:
			*dst = n
		}
	}
	intParam("v", &s.V, MinV, MaxV)
	intParam("n", &s.Nodes, MinNodes, MaxNodes)
	intParam("seed", &s.Seed, 0, Seeds-1)
	intParam("step", &s.Step, 0, len(Lesson))
	if _, hasV := q["v"]; !hasV && s.Step > 0 {
		s.V = Lesson[s.Step-1].V // a lesson link without v opens the step as it starts
	}

	if raw, ok := lastValue(q, "assign"); ok {
		if a, err := sim.ParseAssignment(raw); err == nil {
			s.Assign = a
		} else {
			note("assign=%q is not rr or random: using round-robin", Shorten(raw))
		}
	}
	if raw, ok := lastValue(q, "theme"); ok {
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "dark":
			s.Theme = Dark
		case "light":
			s.Theme = Light
		default:
			note("theme=%q is not light or dark: using dark", Shorten(raw))
		}
	}
	var unknown []string
	for k := range q {
		if !slices.Contains(Keys, k) {
			unknown = append(unknown, strconv.Quote(Shorten(k)))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		if len(unknown) > 6 {
			unknown = append(unknown[:6], fmt.Sprintf("and %d more", len(unknown)-6))
		}
		note("ignored unknown parameter(s): %s", strings.Join(unknown, ", "))
	}
	return s, notices
}

// ParseQuery is Parse for a raw query string such as "v=16&n=10"; a query
// that cannot be decoded at all is ignored with a notice.
func ParseQuery(raw string) (Settings, []string) {
	q, err := url.ParseQuery(strings.TrimPrefix(raw, "?"))
	if err != nil {
		s, notices := Parse(q) // ParseQuery keeps what it could read
		return s, append(notices, "part of the address could not be read and was ignored")
	}
	return Parse(q)
}

// Query writes s as a URL query, in a fixed order, leaving out the step when
// there is no lesson and the theme when it is the default.
func (s Settings) Query() string {
	var b strings.Builder
	fmt.Fprintf(&b, "v=%d&n=%d&seed=%d&assign=%s", s.V, s.Nodes, s.Seed, assignName(s.Assign))
	if s.Step > 0 {
		fmt.Fprintf(&b, "&step=%d", s.Step)
	}
	if s.Theme != Dark {
		fmt.Fprintf(&b, "&theme=%s", s.Theme)
	}
	return b.String()
}

func assignName(a sim.Assignment) string {
	if a == sim.Random {
		return "random"
	}
	return "rr"
}

func lastValue(q url.Values, key string) (string, bool) {
	vs, ok := q[key]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1], true
}

// Shorten keeps user-supplied text short on screen: notices whatever a
// link contains, and a typed guess echoed back.
func Shorten(s string) string {
	const limit = 24
	if r := []rune(s); len(r) > limit {
		return string(r[:limit]) + "…"
	}
	return s
}
