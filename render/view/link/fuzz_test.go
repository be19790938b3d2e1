package link_test

import (
	"net/url"
	"strings"
	"testing"
	"vnodes/render/view/link"
)

// FuzzParseQuery feeds arbitrary addresses to ParseQuery: whatever comes in,
// the app must get settings that are already in range, that a link written
// from them reads back exactly and silently, and notices that stay short
// however long the address is.
func FuzzParseQuery(f *testing.F) {
	for _, seed := range []string{
		"",
		"v=16&n=10&seed=3&assign=rr&theme=light",
		"assign=random",
		"step=0",
		"step=1",
		"v=0", "v=abc", "n=100000", "seed=-1", "seed=20", "assign=foo", "theme=pink",
		"v=%zz", "?v=4&n=%", "v=16;n=5", "foo=1&bar=2",
		"v=99999999999999999999999",
		"theme=%ff%fe&%ff=1",
		"change=join", "change=leave&node=C", "change=fail&node=AB&n=40", "node=Q",
		"load=hot&hot=0.3&salt=8", "load=zipf&zipf=1.1&keys=10000", "fix=bounded&eps=0.25",
		"load=hot&fix=replicate&replicas=3", "hot=NaN", "eps=-1", "change=join&load=zipf",
		"v=" + strings.Repeat("9", 200),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		s, notices := link.ParseQuery(reg, raw)
		if c := s.Clamp(); c != s {
			t.Fatalf("ParseQuery(%q) = %+v, out of range (clamps to %+v)", raw, s, c)
		}
		if !inRange(s) {
			t.Fatalf("ParseQuery(%q) = %+v, out of range", raw, s)
		}
		written := link.Query(reg, s)
		back, again := link.ParseQuery(reg, written)
		if back != s || len(again) != 0 {
			t.Fatalf("ParseQuery(%q) = %+v, %q; want %+v back with no notices", written, back, again, s)
		}
		q, _ := url.ParseQuery(written)
		if back, again := link.Parse(reg, q); back != s || len(again) != 0 {
			t.Fatalf("Parse(%v) = %+v, %q; want %+v back with no notices", q, back, again, s)
		}
		// A notice shows at most a few dozen characters of each key or value,
		// so its length is bounded by the number of keys, not their size.
		parsed, _ := url.ParseQuery(strings.TrimPrefix(raw, "?"))
		limit := 300 + 260*len(parsed)
		for _, n := range notices {
			if len(n) > limit {
				t.Fatalf("ParseQuery(%q) gave a %d-byte notice (limit %d): %q", raw, len(n), limit, n)
			}
		}
	})
}
