// Package link reads settings from a link's query and from the desktop
// program's flags, and writes the link back: the common keys and each
// view's own (Linker), every bad value clamped with a notice that says so.
package link

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// Key is one link parameter (and desktop flag) and what it does.
type Key struct {
	Name, Help string
}

// Linker is a view with link parameters of its own. Default: none; the
// view opens with view=<its ID>.
type Linker interface {
	// Keys are the parameters it reads, in the order Write writes them.
	Keys() []Key
	// Parse reads its parameters from a link into its settings (the
	// receiver) and reports whether the link asks for this view; s.View
	// is the view the link shows so far (a lesson step's, say). A nil
	// View with true asks for the first view of the registry (the link
	// closes this one).
	Parse(p *Parser, s view.Settings) (view.View, bool)
	// Write adds its parameters to a link.
	Write(b *strings.Builder)
}

// keysOf are v's link parameters, none by default.
func keysOf(v view.View) []Key {
	if l, ok := v.(Linker); ok {
		return l.Keys()
	}
	return nil
}

// commonKeys are the link parameters every view shares, in the order Query
// writes them: the first seven before the views' own, the rest after.
// Their help is in the current language.
func commonKeys() []Key {
	return []Key{
		{"v", lang.Sprintf("ranges (virtual nodes) per node, %d..%d", view.MinV, view.MaxV)},
		{"n", lang.Sprintf("number of nodes, %d..%d", view.MinNodes, view.MaxNodes)},
		{"seed", lang.Sprintf("which seed's ring to show, 0..%d", view.Seeds-1)},
		{"assign", lang.T("how ranges go to nodes: roundrobin or random")},
		{"step", lang.T("open the lesson at this step (0 = free exploring)")},
		{"theme", lang.T("dark, light or projector")},
		{"view", ""}, // names the views: see Keys
		{"chart", lang.T("which chart: cv (CV against V) or law (CV·√V against V, with the exact law)")},
		{"overlay", lang.T("other curves on the chart: none, nodes (3, 10 and 100 nodes) or assign (the other assignment)")},
		{"embed", lang.T("1: leave out the title bar, as inside another page")},
		{"lang", lang.Sprintf("the language: %s (without it, the browser's or the system's)", strings.Join(lang.Tags(), ", "))},
		{"zoom", lang.Sprintf("enlarge the whole scene, %s..%s times (+ and − change it; the wheel moves around)", FormatFloat(geom.MinZoom), FormatFloat(geom.MaxZoom))}, // as a link writes them
	}
}

// viewKeysAt is where the views' own parameters go among the common ones.
const viewKeysAt = 7

// Keys are every link parameter the app understands, in the order Query
// writes them; the help of the common ones in the current language (a
// view's may be marked with lang.N: show it through lang.T).
func Keys(r *view.Registry) []Key {
	common := commonKeys()
	keys := slices.Clone(common[:viewKeysAt])
	ids := r.IDs()
	keys[viewKeysAt-1].Help = lang.Sprintf("open a view: %s (at a lesson step that opens another, %s stays in the first)",
		strings.Join(ids, ", "), ids[0])
	for _, v := range r.Views() {
		keys = append(keys, keysOf(v)...)
	}
	return append(keys, common[viewKeysAt:]...)
}

// Parser reads one query, collecting a notice for every value it had to
// change. Views read their own parameters with it.
type Parser struct {
	q       url.Values
	notices []string
}

// Note adds a notice for the screen, in the current language: format is
// translated as by lang.Sprintf (the extractor collects the literal given
// to any Note).
func (p *Parser) Note(format string, args ...any) {
	p.notices = append(p.notices, lang.Sprintf(format, args...))
}

// Has reports whether the link carries key.
func (p *Parser) Has(key string) bool {
	_, ok := p.Value(key)
	return ok
}

// HasAny reports whether the link carries any of keys: for a view that
// any of its parameters opens.
func (p *Parser) HasAny(keys []Key) bool {
	for _, k := range keys {
		if p.Has(k.Name) {
			return true
		}
	}
	return false
}

// Value is key's value in the link (the last one, if it is given twice).
func (p *Parser) Value(key string) (string, bool) {
	vs, ok := p.q[key]
	if !ok || len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1], true
}

// Int reads a whole number into dst, clamped to lo..hi; dst keeps its
// value when the text is not a number.
func (p *Parser) Int(key string, dst *int, lo, hi int) {
	raw, ok := p.Value(key)
	if !ok {
		return
	}
	raw = strings.TrimSpace(raw)
	n, err := strconv.Atoi(raw)
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(raw, "-"):
		*dst = lo
		p.Note("%s=%s is too small: using %d", key, view.Shorten(raw), lo)
	case errors.Is(err, strconv.ErrRange):
		*dst = hi
		p.Note("%s=%s is too large: using %d", key, view.Shorten(raw), hi)
	case err != nil:
		p.Note("%s=%s is not a whole number: using %d", key, view.Quote(raw), *dst)
	case n < lo:
		*dst = lo
		p.Note("%s=%s is below %d: using %d", key, view.Shorten(raw), lo, lo)
	case n > hi:
		*dst = hi
		p.Note("%s=%s is above %d: using %d", key, view.Shorten(raw), hi, hi)
	default:
		*dst = n
	}
}

// Float reads a number (a percentage such as 30% too) into dst, clamped
// to lo..hi.
func (p *Parser) Float(key string, dst *float64, lo, hi float64) {
	raw, ok := p.Value(key)
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
		p.Note("%s=%s is too small: using %s", key, view.Shorten(raw), FormatFloat(lo))
	case errors.Is(err, strconv.ErrRange):
		*dst = hi
		p.Note("%s=%s is too large: using %s", key, view.Shorten(raw), FormatFloat(hi))
	case err != nil || math.IsNaN(x):
		p.Note("%s=%s is not a number: using %s", key, view.Quote(raw), FormatFloat(*dst))
	case x < lo:
		*dst = lo
		p.Note("%s=%s is below %s: using %s", key, view.Shorten(raw), FormatFloat(lo), FormatFloat(lo))
	case x > hi:
		*dst = hi
		p.Note("%s=%s is above %s: using %s", key, view.Shorten(raw), FormatFloat(hi), FormatFloat(hi))
	default:
		*dst = x
	}
}

// FormatFloat writes x as briefly as it reads back.
func FormatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Parse reads settings from a URL query. Unknown keys are ignored and bad
// values replaced by the default or clamped; every such change comes back
// as a short notice for the screen.
func Parse(r *view.Registry, q url.Values) (view.Settings, []string) {
	s := r.Default()
	p := &Parser{q: q}
	p.Int("v", &s.V, view.MinV, view.MaxV)
	p.Int("n", &s.Nodes, view.MinNodes, view.MaxNodes)
	p.Int("seed", &s.Seed, 0, view.Seeds-1)
	steps := lesson.Of(r)
	p.Int("step", &s.Step, 0, len(steps))
	if s.Step > 0 { // a lesson link opens the step as it starts, unless it says otherwise
		l := steps[s.Step-1]
		if !p.Has("v") {
			s.V = l.V
		}
		if l.Nodes > 0 && !p.Has("n") {
			s.Nodes = l.Nodes
		}
		s.View, s.Assign = l.View, l.Assign
	}
	if raw, ok := p.Value("assign"); ok {
		if a, err := sim.ParseAssignment(raw); err == nil {
			s.Assign = a
		} else {
			p.Note("assign=%s is not roundrobin or random: using %s", view.Quote(raw), sim.RoundRobin)
		}
	}
	if raw, ok := p.Value("theme"); ok {
		if i := slices.Index(view.ThemeNames, strings.ToLower(strings.TrimSpace(raw))); i >= 0 {
			s.Theme = view.Theme(i)
		} else {
			p.Note("theme=%s is not dark, light or projector: using dark", view.Quote(raw))
		}
	}
	parseView(r, p, &s)
	parseChart(p, &s)
	if raw, ok := p.Value("embed"); ok {
		switch strings.TrimSpace(raw) {
		case "1", "true", "yes":
			s.Embed = true
		case "0", "false", "no":
		default:
			p.Note("embed=%s is not 1 or 0: ignored", view.Quote(raw))
		}
	}
	p.Float("zoom", &s.Zoom, geom.MinZoom, geom.MaxZoom)
	if raw, ok := p.Value("lang"); ok {
		if tag, ok := lang.Match(raw); ok {
			s.Lang = tag
		} else {
			p.Note("lang=%s is not one of this app's languages (%s): using the browser's", view.Quote(raw), strings.Join(lang.Tags(), ", "))
		}
	}
	known := Keys(r)
	var unknown []string
	for k := range q {
		if !slices.ContainsFunc(known, func(key Key) bool { return key.Name == k }) {
			unknown = append(unknown, view.Quote(k))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		if len(unknown) > 6 {
			unknown = append(unknown[:6], lang.Sprintf("and %d more", len(unknown)-6))
		}
		p.Note("ignored unknown parameter(s): %s", strings.Join(unknown, ", "))
	}
	return lesson.Clamp(r, s), p.notices
}

// parseView reads which view the link opens: view= names one, and a
// view's own parameters open it (the first in the registry's order wins;
// the others' parameters are ignored, with a notice).
func parseView(r *view.Registry, p *Parser, s *view.Settings) {
	if raw, ok := p.Value("view"); ok {
		if v, found := r.ByID(strings.TrimSpace(raw)); found {
			if v.ID() != s.View.ID() {
				s.View = v
			}
		} else {
			p.Note("view=%s is not %s: ignored", view.Quote(raw), strings.Join(r.IDs(), ", "))
		}
	}
	var winner view.View
	for _, v := range r.Views() {
		l, ok := v.(Linker)
		if !ok {
			continue
		}
		if winner != nil {
			var given []string
			for _, k := range l.Keys() {
				if p.Has(k.Name) {
					given = append(given, k.Name+"=")
				}
			}
			if len(given) > 0 {
				p.Note("%s and %s are separate views: showing %s, ignoring %s", lang.T(winner.Name()), lang.T(v.Name()), lang.T(winner.Name()), strings.Join(given, ", "))
			}
			continue
		}
		cur := l // the view's own settings: the step's, or its defaults
		if s.View.ID() == v.ID() {
			cur = s.View.(Linker)
		}
		got, asked := cur.Parse(p, *s)
		switch {
		case asked && got == nil:
			s.View = r.First()
		case asked:
			s.View, winner = got, got
		case s.View.ID() == v.ID():
			s.View = got // the step's view, with whatever the link set of its own
		}
	}
}

// ParseQuery is Parse for a raw query string such as "v=16&n=10"; a query
// that cannot be decoded at all is ignored with a notice.
// LangOfFlags is LangOf for the desktop program's flags (-lang es,
// --lang=es).
func LangOfFlags(args []string) (tag string, ok bool) {
	for i := len(args) - 1; i >= 0; i-- {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "lang" {
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return "", false
			}
			value = args[i+1]
		}
		return lang.Match(value)
	}
	return "", false
}

// LangOf is the language a link asks for, read before the rest so that
// its notices come out in that language; ok is false when it asks for none
// the app has.
func LangOf(rawQuery string) (tag string, ok bool) {
	q, _ := url.ParseQuery(strings.TrimPrefix(rawQuery, "?"))
	if vs := q["lang"]; len(vs) > 0 {
		return lang.Match(vs[len(vs)-1])
	}
	return "", false
}

func ParseQuery(r *view.Registry, raw string) (view.Settings, []string) {
	q, err := url.ParseQuery(strings.TrimPrefix(raw, "?"))
	if err != nil {
		s, notices := Parse(r, q) // ParseQuery keeps what it could read
		return s, append(notices, lang.T("part of the address could not be read and was ignored"))
	}
	return Parse(r, q)
}

// Query writes s as a URL query, in a fixed order, leaving out the step
// when there is no lesson, the theme when it is the default, and the view
// when it is the step's own or the first.
func Query(r *view.Registry, s view.Settings) string {
	var b strings.Builder
	fmt.Fprintf(&b, "v=%d&n=%d&seed=%d&assign=%s", s.V, s.Nodes, s.Seed, s.Assign)
	if s.Step > 0 {
		fmt.Fprintf(&b, "&step=%d", s.Step)
	}
	if s.Theme != view.Dark {
		fmt.Fprintf(&b, "&theme=%s", s.Theme)
	}
	if s.View != nil {
		at := b.Len()
		if l, ok := s.View.(Linker); ok {
			l.Write(&b)
		}
		// A view that writes nothing of its own is named when the step
		// would open another one.
		if steps := lesson.Of(r); b.Len() == at && s.Step > 0 && s.Step <= len(steps) && steps[s.Step-1].View.ID() != s.View.ID() {
			b.WriteString("&view=" + s.View.ID())
		}
	}
	writeChart(&b, s)
	if s.Embed {
		b.WriteString("&embed=1")
	}
	if s.Zoom > 1 {
		fmt.Fprintf(&b, "&zoom=%s", FormatFloat(s.Zoom))
	}
	if s.Lang != "" {
		b.WriteString("&lang=" + s.Lang)
	}
	return b.String()
}

// ParseNode reads a node of a link (node=, failed=): its name (A, B, …
// AA) or its number from 1; ok is false for anything else or a node past
// the last.
func ParseNode(raw string, nodes int) (node int, ok bool) {
	raw = strings.TrimSpace(raw)
	if n, err := strconv.Atoi(raw); err == nil {
		return n - 1, n >= 1 && n <= nodes
	}
	n, ok := sim.ParseNodeName(raw)
	return n, ok && n < nodes
}

// parseChart reads chart= and overlay=.
func parseChart(p *Parser, s *view.Settings) {
	if raw, ok := p.Value("chart"); ok {
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "cv":
			s.Chart = panel.ChartCV
		case "law":
			s.Chart = panel.ChartLaw
		default:
			p.Note("chart=%s is not cv or law: using cv", view.Quote(raw))
		}
	}
	if raw, ok := p.Value("overlay"); ok {
		i := slices.Index(view.OverlayNames, strings.ToLower(strings.TrimSpace(raw)))
		if i < 0 {
			p.Note("overlay=%s is not none, nodes or assign: using none", view.Quote(raw))
		} else {
			s.Overlay = view.Overlay(i)
		}
	}
}

func writeChart(b *strings.Builder, s view.Settings) {
	if s.Chart != panel.ChartCV {
		fmt.Fprintf(b, "&chart=%s", s.Chart)
	}
	if s.Overlay != view.OverlayNone {
		fmt.Fprintf(b, "&overlay=%s", s.Overlay)
	}
}
