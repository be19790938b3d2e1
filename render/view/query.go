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
		switch {
		case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(strings.TrimSpace(raw), "-"):
			*dst = lo
			note("%s=%s is too small: using %d", key, Shorten(strings.TrimSpace(raw)), lo)
		case errors.Is(err, strconv.ErrRange):
			*dst = hi
			note("%s=%s is too large: using %d", key, Shorten(strings.TrimSpace(raw)), hi)
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
			note("assign=%q is not roundrobin or random: using %s", Shorten(raw), sim.RoundRobin)
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
	fmt.Fprintf(&b, "v=%d&n=%d&seed=%d&assign=%s", s.V, s.Nodes, s.Seed, s.Assign)
	if s.Step > 0 {
		fmt.Fprintf(&b, "&step=%d", s.Step)
	}
	if s.Theme != Dark {
		fmt.Fprintf(&b, "&theme=%s", s.Theme)
	}
	return b.String()
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
