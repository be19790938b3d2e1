package link_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"

	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/views/change"
	"vnodes/render/views/load"
	"vnodes/render/views/spread"
	"vnodes/sim"
)

// inRange reports whether every field of s is one the app can show.
func inRange(s view.Settings) bool {
	return s.V >= view.MinV && s.V <= view.MaxV &&
		s.Nodes >= view.MinNodes && s.Nodes <= view.MaxNodes &&
		s.Seed >= 0 && s.Seed < view.Seeds &&
		s.Step >= 0 && s.Step <= len(lesson.Of(reg)) &&
		(s.Assign == sim.RoundRobin || s.Assign == sim.Random) &&
		(s.Theme == view.Dark || s.Theme == view.Light)
}

// with returns the default settings changed by f.
func with(f func(*view.Settings)) view.Settings {
	s := reg.Default()
	f(&s)
	return s
}

func TestDefault(t *testing.T) {
	d := reg.Default()
	want := inSpread(view.Settings{V: 1, Nodes: sim.DefaultNodes, Seed: 0, Assign: sim.RoundRobin, Step: 0, Theme: view.Dark})
	if d != want {
		t.Fatalf("Default() = %+v, want %+v", d, want)
	}
	if !inRange(d) || d.Clamp() != d {
		t.Fatalf("Default() = %+v is out of range", d)
	}
	if s, notices := link.ParseQuery(reg, ""); s != d || len(notices) != 0 {
		t.Fatalf("ParseQuery(\"\") = %+v, %q; want the default and no notices", s, notices)
	}
	if s, notices := link.Parse(reg, nil); s != d || len(notices) != 0 {
		t.Fatalf("Parse(nil) = %+v, %q; want the default and no notices", s, notices)
	}
}

func TestParams(t *testing.T) {
	s := view.Settings{V: 16, Nodes: 7, Seed: 3, Assign: sim.Random, Step: 0, Theme: view.Light}
	want := sim.Params{Nodes: 7, V: 16, Seeds: view.Seeds, Seed: 3, Assign: sim.Random}
	if got := s.Params(); got != want {
		t.Fatalf("Params() = %+v, want %+v", got, want)
	}
	if view.Seeds != sim.DefaultSeeds {
		t.Fatalf("Seeds = %d, want sim.DefaultSeeds = %d", view.Seeds, sim.DefaultSeeds)
	}
}

func TestThemeString(t *testing.T) {
	if got := view.Dark.String(); got != "dark" {
		t.Errorf("Dark.String() = %q", got)
	}
	if got := view.Light.String(); got != "light" {
		t.Errorf("Light.String() = %q", got)
	}
	if got := view.Projector.String(); got != "projector" {
		t.Errorf("Projector.String() = %q", got)
	}
	if s, notices := link.ParseQuery(reg, "theme=projector"); s.Theme != view.Projector || len(notices) != 0 {
		t.Errorf("theme=projector gave %+v, %q", s, notices)
	}
	if got := view.Theme(7).String(); got != "dark" {
		t.Errorf("Theme(7).String() = %q, want dark (the fallback)", got)
	}
}

func TestParseQueryGood(t *testing.T) {
	cases := []struct {
		query string
		want  view.Settings
	}{
		{"v=16&n=10&seed=3&assign=rr&theme=light",
			inSpread(view.Settings{V: 16, Nodes: 10, Seed: 3, Assign: sim.RoundRobin, Theme: view.Light})},
		{"assign=random", with(func(s *view.Settings) { s.Assign = sim.Random })},
		{"step=0", reg.Default()},
		{"", reg.Default()},
		{"?v=4", with(func(s *view.Settings) { s.V = 4 })},
		{"v=256&n=50&seed=19", with(func(s *view.Settings) { s.V, s.Nodes, s.Seed = 256, 50, 19 })},
		{"v=1&n=2&seed=0", with(func(s *view.Settings) { s.V, s.Nodes, s.Seed = 1, 2, 0 })},
		{"theme=light&seed=5&n=3&v=64", with(func(s *view.Settings) { s.V, s.Nodes, s.Seed, s.Theme = 64, 3, 5, view.Light })},
		{"theme=dark", reg.Default()},
		{"theme=LIGHT", with(func(s *view.Settings) { s.Theme = view.Light })},
		{"assign=RANDOM", with(func(s *view.Settings) { s.Assign = sim.Random })},
		{"assign=rand", with(func(s *view.Settings) { s.Assign = sim.Random })},
		{"assign=roundrobin", with(func(s *view.Settings) { s.Assign = sim.RoundRobin })},
		{"assign=round-robin", with(func(s *view.Settings) { s.Assign = sim.RoundRobin })},
		{"v=%2016%20&n=+12", with(func(s *view.Settings) { s.V, s.Nodes = 16, 12 })}, // blanks trimmed
		{"v=2&v=8", with(func(s *view.Settings) { s.V = 8 })},                        // the last value wins
		{"assign=random&assign=rr", reg.Default()},
		{fmt.Sprintf("step=%d", len(lesson.Of(reg))), lesson.Settings(reg, len(lesson.Of(reg)), view.Dark)},
	}
	for _, c := range cases {
		got, notices := link.ParseQuery(reg, c.query)
		if got != c.want || len(notices) != 0 {
			t.Errorf("ParseQuery(%q) = %+v, %q; want %+v and no notices", c.query, got, notices, c.want)
		}
	}
}

func TestParseQueryBadValues(t *testing.T) {
	d := reg.Default()
	cases := []struct {
		query   string
		want    view.Settings
		mention []string // every one must appear in the single notice
	}{
		{"v=0", with(func(s *view.Settings) { s.V = 1 }), []string{"v=", "1"}},
		{"v=-5", with(func(s *view.Settings) { s.V = 1 }), []string{"v=", "-5", "1"}},
		{"v=5000", with(func(s *view.Settings) { s.V = view.MaxV }), []string{"v=", "5000", "4096"}},
		{"v=abc", d, []string{"v=", "abc", fmt.Sprint(d.V)}},
		{"v=", d, []string{"v="}},
		{"v=16.5", d, []string{"v=", "16.5"}},
		{"v=1e2", d, []string{"v=", "1e2"}},
		{"n=100000", with(func(s *view.Settings) { s.Nodes = view.MaxNodes }), []string{"n=", "100000", "1000"}},
		{"n=1", with(func(s *view.Settings) { s.Nodes = 2 }), []string{"n=", "2"}},
		{"n=ten", d, []string{"n=", "ten", fmt.Sprint(d.Nodes)}},
		{"seed=-1", with(func(s *view.Settings) { s.Seed = 0 }), []string{"seed=", "-1", "0"}},
		{"seed=20", with(func(s *view.Settings) { s.Seed = 19 }), []string{"seed=", "20", "19"}},
		{"seed=x", d, []string{"seed=", "x"}},
		{"assign=foo", d, []string{"assign=", "foo"}},
		{"assign=", d, []string{"assign="}},
		{"theme=pink", d, []string{"theme=", "pink", "dark"}},
		{"step=-1", with(func(s *view.Settings) { s.Step = 0 }), []string{"step=", "-1"}},
		{fmt.Sprintf("step=%d", len(lesson.Of(reg))+1), lesson.Settings(reg, len(lesson.Of(reg)), view.Dark),
			[]string{fmt.Sprintf("step=%d", len(lesson.Of(reg))+1)}},
		{"step=first", d, []string{"step=", "first"}},
	}
	for _, c := range cases {
		got, notices := link.ParseQuery(reg, c.query)
		if got != c.want {
			t.Errorf("ParseQuery(%q) = %+v, want %+v", c.query, got, c.want)
		}
		if len(notices) != 1 {
			t.Errorf("ParseQuery(%q) notices = %q, want exactly one", c.query, notices)
			continue
		}
		for _, m := range c.mention {
			if !strings.Contains(notices[0], m) {
				t.Errorf("ParseQuery(%q) notice %q does not mention %q", c.query, notices[0], m)
			}
		}
	}
}

// An integer too big for int is still garbage in a link; whatever the app
// does with it, it must stay in range and say so.
func TestParseQueryHugeNumbers(t *testing.T) {
	for _, q := range []string{
		"v=99999999999999999999999",
		"v=-99999999999999999999999",
		"n=18446744073709551616",
		"seed=9223372036854775808",
		"step=-9223372036854775809",
	} {
		got, notices := link.ParseQuery(reg, q)
		if !inRange(got) {
			t.Errorf("ParseQuery(%q) = %+v, out of range", q, got)
		}
		key := q[:strings.IndexByte(q, '=')+1]
		if len(notices) != 1 || !strings.Contains(notices[0], key) {
			t.Errorf("ParseQuery(%q) notices = %q, want one mentioning %q", q, notices, key)
		}
	}
}

// A bad value costs only its own setting.
func TestParseQueryBadValueKeepsOthers(t *testing.T) {
	got, notices := link.ParseQuery(reg, "v=abc&n=12&seed=99&assign=random&theme=light")
	want := inSpread(view.Settings{V: reg.Default().V, Nodes: 12, Seed: 19, Assign: sim.Random, Theme: view.Light})
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if len(notices) != 2 {
		t.Fatalf("notices = %q, want two (v and seed)", notices)
	}
	joined := strings.Join(notices, "\n")
	for _, m := range []string{"v=", "seed="} {
		if !strings.Contains(joined, m) {
			t.Errorf("notices %q do not mention %q", notices, m)
		}
	}
}

func TestParseUnknownKeys(t *testing.T) {
	q := "v=4&foo=1&Bar=2&zz=3&foo=9&V=16"
	got, notices := link.ParseQuery(reg, q)
	// Keys are case-sensitive: V=16 is not v=16.
	if want := with(func(s *view.Settings) { s.V = 4 }); got != want {
		t.Fatalf("ParseQuery(%q) = %+v, want %+v", q, got, want)
	}
	if len(notices) != 1 {
		t.Fatalf("ParseQuery(%q) notices = %q, want one listing the unknown keys", q, notices)
	}
	n := notices[0]
	for _, k := range []string{"foo", "Bar", "zz", "V"} {
		if !strings.Contains(n, k) {
			t.Errorf("notice %q does not list %q", n, k)
		}
	}
	if strings.Count(n, "foo") != 1 {
		t.Errorf("notice %q lists foo more than once", n)
	}
	// Sorted, so the same link always gives the same words whatever the map order.
	if !(strings.Index(n, "Bar") < strings.Index(n, `"V",`) && strings.Index(n, `"V",`) < strings.Index(n, "foo") &&
		strings.Index(n, "foo") < strings.Index(n, "zz")) {
		t.Errorf("notice %q does not list the keys in sorted order", n)
	}
	for range 20 {
		if _, again := link.ParseQuery(reg, q); !slices.Equal(again, notices) {
			t.Fatalf("notices differ between calls: %q then %q", notices, again)
		}
	}
	// Known keys never count as unknown.
	if _, notices := link.ParseQuery(reg, "v=2&n=3&seed=4&assign=rr&step=0&theme=dark"); len(notices) != 0 {
		t.Errorf("all known keys gave notices %q", notices)
	}
}

// A key that is present with no values at all counts as absent.
func TestParseEmptyValueList(t *testing.T) {
	got, notices := link.Parse(reg, url.Values{"v": {}, "theme": {}, "assign": nil})
	if got != reg.Default() || len(notices) != 0 {
		t.Fatalf("Parse with empty value lists = %+v, %q; want the default and no notices", got, notices)
	}
}

func TestParseTruncatesLongValues(t *testing.T) {
	long := strings.Repeat("x", 10000)
	wide := strings.Repeat("é", 1000) // two bytes a rune: truncation must not split one
	for _, key := range []string{"v", "n", "seed", "step", "assign", "theme"} {
		for _, val := range []string{long, wide} {
			got, notices := link.Parse(reg, url.Values{key: {val}})
			if got != reg.Default() {
				t.Errorf("%s=<%d bytes> gave %+v, want the default", key, len(val), got)
			}
			if len(notices) != 1 {
				t.Errorf("%s=<%d bytes> gave notices %q, want one", key, len(val), notices)
				continue
			}
			n := notices[0]
			if len(n) > 200 {
				t.Errorf("%s=<%d bytes> notice is %d bytes long: %q", key, len(val), len(n), n)
			}
			if !strings.Contains(n, key+"=") {
				t.Errorf("notice %q does not mention %s", n, key)
			}
			if !utf8.ValidString(n) {
				t.Errorf("notice %q is not valid UTF-8", n)
			}
		}
	}
	// Unknown keys too.
	_, notices := link.Parse(reg, url.Values{long: {"1"}, wide: {"2"}})
	if len(notices) != 1 || len(notices[0]) > 200 || !utf8.ValidString(notices[0]) {
		t.Errorf("long unknown keys gave notices %q, want one short valid one", notices)
	}
	// Short values are shown whole.
	_, notices = link.ParseQuery(reg, "theme=abcdefghijklmnopqrstuvwx") // 24 letters
	if len(notices) != 1 || !strings.Contains(notices[0], "abcdefghijklmnopqrstuvwx") {
		t.Errorf("24-letter value was cut: %q", notices)
	}
}

// A query that cannot be fully decoded still gives usable settings, keeps
// what it could read, and says that something was lost.
func TestParseQueryInvalidEncoding(t *testing.T) {
	cases := []struct {
		query string
		want  view.Settings
	}{
		{"v=%zz", reg.Default()},
		{"v=%zz&n=12", with(func(s *view.Settings) { s.Nodes = 12 })},
		{"n=12&v=%zz", with(func(s *view.Settings) { s.Nodes = 12 })},
		{"%zz=1&v=8", with(func(s *view.Settings) { s.V = 8 })},
		{"v=8&theme=%", with(func(s *view.Settings) { s.V = 8 })},
		{"v=%G1&seed=2", with(func(s *view.Settings) { s.Seed = 2 })},
	}
	for _, c := range cases {
		got, notices := link.ParseQuery(reg, c.query)
		if got != c.want {
			t.Errorf("ParseQuery(%q) = %+v, want %+v", c.query, got, c.want)
		}
		if len(notices) == 0 {
			t.Errorf("ParseQuery(%q) gave no notice", c.query)
		}
	}
	// A semicolon is not a separator any more; whatever survives is in range.
	got, notices := link.ParseQuery(reg, "v=16;n=5")
	if !inRange(got) || len(notices) == 0 {
		t.Errorf("ParseQuery(\"v=16;n=5\") = %+v, %q; want in range with a notice", got, notices)
	}
}

func TestQueryFormat(t *testing.T) {
	cases := []struct {
		s    view.Settings
		want string
	}{
		{reg.Default(), "v=1&n=10&seed=0&assign=roundrobin"},
		{inSpread(view.Settings{V: 16, Nodes: 10, Seed: 3, Assign: sim.Random, Theme: view.Light}),
			"v=16&n=10&seed=3&assign=random&theme=light"},
		{inSpread(view.Settings{V: 256, Nodes: 50, Seed: 19, Assign: sim.RoundRobin, Theme: view.Dark}),
			"v=256&n=50&seed=19&assign=roundrobin"},
		// Query writes what it is given; the step comes before the theme.
		{inSpread(view.Settings{V: 2, Nodes: 5, Seed: 1, Step: 2, Theme: view.Light}),
			"v=2&n=5&seed=1&assign=roundrobin&step=2&theme=light"},
		{inSpread(view.Settings{V: 2, Nodes: 5, Seed: 1, Step: 3}), "v=2&n=5&seed=1&assign=roundrobin&step=3"},
		// A view with no parameters of its own is named when the step's is another.
		{inSpread(view.Settings{V: 2, Nodes: 5, Seed: 1, Step: 5}), "v=2&n=5&seed=1&assign=roundrobin&step=5&view=spread"},
	}
	for _, c := range cases {
		if got := link.Query(reg, c.s); got != c.want {
			t.Errorf("Query(%+v) = %q, want %q", c.s, got, c.want)
		}
	}
}

// Query writes its keys in the order of Keys, and only keys from Keys.
func TestQueryKeyOrder(t *testing.T) {
	if !slices.Equal(keyNames()[:6], []string{"v", "n", "seed", "assign", "step", "theme"}) {
		t.Fatalf("Keys = %q: the exercise's keys come first", keyNames())
	}
	for _, s := range []view.Settings{
		{V: 8, Nodes: 4, Seed: 2, Assign: sim.Random, Step: 1, Theme: view.Light},
		{V: 8, Nodes: 4, View: change.View{Kind: sim.Leave, Leaver: 3}, Theme: view.Light},
		{V: 8, Nodes: 4, View: load.View{Load: sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 8, Fix: sim.Bounded, Eps: 0.5}}},
		{V: 8, Nodes: 4, View: load.View{Load: sim.Workload{Kind: sim.Zipf, Zipf: 1.2, Keys: 500, Fix: sim.Replicate, Replicas: 4}}},
		{V: 8, Nodes: 4, View: change.View{Kind: sim.Join}, Chart: panel.ChartLaw, Overlay: view.OverlayNodes, Embed: true, Zoom: 2},
		{V: 8, Nodes: 4, Step: 5, View: spread.View{}},
	} {
		s = reg.Clamp(s)
		next := 0
		for part := range strings.SplitSeq(link.Query(reg, s), "&") {
			k, _, ok := strings.Cut(part, "=")
			if !ok {
				t.Fatalf("Query() part %q has no '='", part)
			}
			i := slices.Index(keyNames()[next:], k)
			if i < 0 {
				t.Fatalf("%q: key %q is unknown or out of order", link.Query(reg, s), k)
			}
			next += i + 1
		}
	}
}

// Every in-range setting survives a trip through a link unchanged and silently.
func TestQueryRoundTrip(t *testing.T) {
	count := 0
	for v := view.MinV; v <= view.MaxV; v += 1 + v/64 { // every small V, then a sample
		for _, n := range []int{view.MinNodes, 3, 10, view.MaxStepperNodes, view.MaxNodes} {
			for _, seed := range []int{0, 7, view.Seeds - 1} {
				for _, a := range []sim.Assignment{sim.RoundRobin, sim.Random} {
					for step := 0; step <= len(lesson.Of(reg)); step++ {
						for _, th := range []view.Theme{view.Dark, view.Light} {
							s := inSpread(view.Settings{V: v, Nodes: n, Seed: seed, Assign: a, Step: step, Theme: th})
							if step > 0 {
								s.View = lesson.Of(reg)[step-1].View // a step's own view: a link names no other
							}
							s = reg.Clamp(s)
							got, notices := link.ParseQuery(reg, link.Query(reg, s))
							if got != s || len(notices) != 0 {
								t.Fatalf("ParseQuery(%q) = %+v, %q; want %+v", link.Query(reg, s), got, notices, s)
							}
							if got, _ := link.ParseQuery(reg, "?"+link.Query(reg, s)); got != s {
								t.Fatalf("ParseQuery(\"?\"+%q) = %+v, want %+v", link.Query(reg, s), got, s)
							}
							count++
						}
					}
				}
			}
		}
	}
	if count == 0 {
		t.Fatal("no settings tried")
	}
}

func TestClamp(t *testing.T) {
	L := len(lesson.Of(reg))
	cases := []struct{ in, want view.Settings }{
		{view.Settings{V: 0, Nodes: 0, Seed: -1, Step: -1}, view.Settings{V: 1, Nodes: 2, Seed: 0, Step: 0}},
		{view.Settings{V: -100, Nodes: 1, Seed: -100, Step: -5}, view.Settings{V: 1, Nodes: 2, Seed: 0, Step: 0}},
		{view.Settings{V: 4097, Nodes: 1001, Seed: 20, Step: L + 1}, view.Settings{V: 4096, Nodes: 1000, Seed: 19, Step: L}},
		{view.Settings{V: 1 << 40, Nodes: 1 << 40, Seed: 1 << 40, Step: 1 << 40}, view.Settings{V: 4096, Nodes: 1000, Seed: 19, Step: L}},
		{view.Settings{V: 1, Nodes: 2, Assign: sim.Assignment(7), Theme: view.Theme(9)},
			view.Settings{V: 1, Nodes: 2, Assign: sim.RoundRobin, Theme: view.Dark}},
		{view.Settings{V: 64, Nodes: 20, Seed: 5, Assign: sim.Random, Step: L, Theme: view.Light},
			view.Settings{V: 64, Nodes: 20, Seed: 5, Assign: sim.Random, Step: L, Theme: view.Light}},
	}
	for _, c := range cases {
		got, want := lesson.Clamp(reg, c.in), inSpread(c.want)
		if got != want {
			t.Errorf("Clamp(%+v) = %+v, want %+v", c.in, got, want)
		}
		if !inRange(got) {
			t.Errorf("Clamp(%+v) = %+v is out of range", c.in, got)
		}
		if again := lesson.Clamp(reg, got); again != got {
			t.Errorf("Clamp is not idempotent: %+v then %+v", got, again)
		}
	}
	// In-range settings are left alone.
	for v := view.MinV; v <= view.MaxV; v += 1 + v/64 {
		for n := view.MinNodes; n <= view.MaxNodes; n += 1 + n/16 {
			s := inSpread(view.Settings{V: v, Nodes: n, Seed: (v + n) % view.Seeds, Assign: sim.Assignment(v % 2)})
			if got := reg.Clamp(s); got != s {
				t.Fatalf("%+v.Clamp() = %+v, want it unchanged", s, got)
			}
		}
	}
}

// A link to a lesson step opens it with the step's V unless the link says otherwise.
func TestStepLinkOpensWithTheStepsV(t *testing.T) {
	for step := 1; step <= len(lesson.Of(reg)); step++ {
		s, notices := link.ParseQuery(reg, fmt.Sprintf("step=%d", step))
		if s.Step != step || s.V != lesson.Of(reg)[step-1].V || len(notices) != 0 {
			t.Errorf("step=%d opens %+v (notices %q), want V=%d", step, s, notices, lesson.Of(reg)[step-1].V)
		}
	}
	if len(lesson.Of(reg)) >= 2 {
		if s, _ := link.ParseQuery(reg, "step=2&v=5"); s.Step != 2 || s.V != 5 {
			t.Errorf("step=2&v=5 opens %+v, want the link's V=5", s)
		}
	}
}

// A link's text reaches the canvas escaped: the app's fonts hold only the
// characters the app prints, so Ω would be a box.
func TestNoticesEscapeWhatTheFontsLack(t *testing.T) {
	_, notices := link.ParseQuery(reg, "assign=%CE%A9mega&%D0%96=1")
	joined := strings.Join(notices, "\n")
	for _, want := range []string{`"\u03a9mega"`, `"\u0416"`} {
		if !strings.Contains(joined, want) {
			t.Errorf("notices %q lack %s", notices, want)
		}
	}
	if strings.ContainsAny(joined, "ΩЖ") {
		t.Errorf("notices %q show the characters unescaped", notices)
	}
}
