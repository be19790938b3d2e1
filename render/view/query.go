package view

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"vnodes/render/geom"
	"vnodes/sim"
)

// Keys are the query parameters the app understands, in the order Query writes them.
var Keys = []string{"v", "n", "seed", "assign", "step", "theme", "view",
	"change", "node", "load", "hot", "salt", "zipf", "keys", "fix", "eps", "replicas", "scheme", "chart", "overlay", "embed", "zoom"}

// parser reads one query, collecting a notice for every value it had to
// change.
type parser struct {
	q       url.Values
	notices []string
}

func (p *parser) note(format string, args ...any) {
	p.notices = append(p.notices, fmt.Sprintf(format, args...))
}

func (p *parser) has(key string) bool {
	_, ok := lastValue(p.q, key)
	return ok
}

// int reads a whole number into dst, clamped to lo..hi; dst keeps its
// value when the text is not a number.
func (p *parser) int(key string, dst *int, lo, hi int) {
	raw, ok := lastValue(p.q, key)
	if !ok {
		return
	}
	raw = strings.TrimSpace(raw)
	n, err := strconv.Atoi(raw)
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(raw, "-"):
		*dst = lo
		p.note("%s=%s is too small: using %d", key, Shorten(raw), lo)
	case errors.Is(err, strconv.ErrRange):
		*dst = hi
		p.note("%s=%s is too large: using %d", key, Shorten(raw), hi)
	case err != nil:
		p.note("%s=%s is not a whole number: using %d", key, Quote(raw), *dst)
	case n < lo:
		*dst = lo
		p.note("%s=%d is below %d: using %d", key, n, lo, lo)
	case n > hi:
		*dst = hi
		p.note("%s=%d is above %d: using %d", key, n, hi, hi)
	default:
		*dst = n
	}
}

// float reads a number (a percentage such as 30% too) into dst, clamped to
// lo..hi.
func (p *parser) float(key string, dst *float64, lo, hi float64) {
	raw, ok := lastValue(p.q, key)
	if !ok {
		return
	}
	raw = strings.TrimSpace(raw)
	text, percent := strings.CutSuffix(raw, "%")
	x, err := strconv.ParseFloat(text, 64)
	if percent {
		x /= 100
	}
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(raw, "-"):
		*dst = lo
		p.note("%s=%s is too small: using %s", key, Shorten(raw), formatFloat(lo))
	case errors.Is(err, strconv.ErrRange):
		*dst = hi
		p.note("%s=%s is too large: using %s", key, Shorten(raw), formatFloat(hi))
	case err != nil || math.IsNaN(x):
		p.note("%s=%s is not a number: using %s", key, Quote(raw), formatFloat(*dst))
	case x < lo:
		*dst = lo
		p.note("%s=%s is below %s: using %s", key, Shorten(raw), formatFloat(lo), formatFloat(lo))
	case x > hi:
		*dst = hi
		p.note("%s=%s is above %s: using %s", key, Shorten(raw), formatFloat(hi), formatFloat(hi))
	default:
		*dst = x
	}
}

// Parse reads settings from a URL query. Unknown keys are ignored and bad
// values replaced by the default or clamped; every such change comes back as
// a short notice for the screen.
func Parse(q url.Values) (Settings, []string) {
	s := Default()
	p := &parser{q: q}
	p.int("v", &s.V, MinV, MaxV)
	p.int("n", &s.Nodes, MinNodes, MaxNodes)
	p.int("seed", &s.Seed, 0, Seeds-1)
	p.int("step", &s.Step, 0, len(Lesson))
	if s.Step > 0 { // a lesson link opens the step as it starts, unless it says otherwise
		l := Lesson[s.Step-1]
		if _, hasV := q["v"]; !hasV {
			s.V = l.V
		}
		s.Mode, s.Change, s.Load, s.Scheme = l.Mode, l.Change, l.Load, l.Scheme
	}

	if raw, ok := lastValue(q, "assign"); ok {
		if a, err := sim.ParseAssignment(raw); err == nil {
			s.Assign = a
		} else {
			p.note("assign=%s is not roundrobin or random: using %s", Quote(raw), sim.RoundRobin)
		}
	}
	if raw, ok := lastValue(q, "theme"); ok {
		if i := slices.Index(themeNames, strings.ToLower(strings.TrimSpace(raw))); i >= 0 {
			s.Theme = Theme(i)
		} else {
			p.note("theme=%s is not dark, light or projector: using dark", Quote(raw))
		}
	}
	parseModes(p, &s)
	parseChart(p, &s)
	if raw, ok := lastValue(q, "embed"); ok {
		switch strings.TrimSpace(raw) {
		case "1", "true", "yes":
			s.Embed = true
		case "0", "false", "no":
		default:
			p.note("embed=%s is not 1 or 0: ignored", Quote(raw))
		}
	}
	p.float("zoom", &s.Zoom, geom.MinZoom, geom.MaxZoom)
	var unknown []string
	for k := range q {
		if !slices.Contains(Keys, k) {
			unknown = append(unknown, Quote(k))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		if len(unknown) > 6 {
			unknown = append(unknown[:6], fmt.Sprintf("and %d more", len(unknown)-6))
		}
		p.note("ignored unknown parameter(s): %s", strings.Join(unknown, ", "))
	}
	return s.Clamp(), p.notices
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
	writeModes(&b, s)
	writeChart(&b, s)
	if s.Embed {
		b.WriteString("&embed=1")
	}
	if s.Zoom > 1 {
		fmt.Fprintf(&b, "&zoom=%s", formatFloat(s.Zoom))
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

// Shorten makes user-supplied text (a link's value, a flag, a typed guess)
// safe to show: anything outside printable ASCII escaped (\u00e9), since the
// app's fonts hold only the characters the app itself prints, and cut with
// "…" after 24 characters on screen.
func Shorten(s string) string {
	const limit = 24
	var b strings.Builder
	for _, r := range s {
		e := strconv.QuoteToASCII(string(r))
		e = e[1 : len(e)-1]
		if b.Len()+len(e) > limit {
			return b.String() + "…"
		}
		b.WriteString(e)
	}
	return b.String()
}

// Quote is Shorten in double quotes.
func Quote(s string) string { return `"` + Shorten(s) + `"` }
