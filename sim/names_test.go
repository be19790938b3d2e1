package sim

import "testing"

func TestNodeNames(t *testing.T) {
	cases := map[int]string{0: "A", 1: "B", 12: "M", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA", 999: "ALL"}
	for in, want := range cases {
		if got := NodeName(in); got != want {
			t.Errorf("NodeName(%d) = %q, want %q", in, got, want)
		}
	}
	seen := make(map[string]int)
	for i := range 1000 {
		l := NodeName(i)
		if j, dup := seen[l]; dup {
			t.Fatalf("NodeName(%d) = NodeName(%d) = %q", i, j, l)
		}
		seen[l] = i
		if back, ok := ParseNodeName(l); !ok || back != i {
			t.Fatalf("ParseNodeName(%q) = %d, %v; want %d", l, back, ok, i)
		}
	}
	for _, bad := range []string{"", "A1", "3", "ABCDE", "é"} {
		if _, ok := ParseNodeName(bad); ok {
			t.Errorf("ParseNodeName(%q) accepted", bad)
		}
	}
}

// The app's slider goes to 1024: every landmark is its own detent and a
// drag across the whole track never goes back.
