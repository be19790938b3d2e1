package paint

import (
	"strings"
	"testing"
)

// Lines break at spaces and never at a no-break space, so "20 000",
// "12 %" and French "plus ?" stay whole on one line at any width, and
// every word keeps its place.
func TestWrapNeverBreaksANoBreakSpace(t *testing.T) {
	face := NewFonts(1, false).Small
	text := "Placer 20\u00a0000 clés coûte 12\u00a0% de plus\u00a0? Oui, et 3\u202f500 de moins ailleurs."
	whole := []string{"20\u00a0000", "12\u00a0%", "plus\u00a0?", "3\u202f500"}
	for width := 10.0; width <= 400; width += 7 {
		lines := Wrap(text, face, width)
		if got := strings.Join(lines, " "); got != text {
			t.Fatalf("width %v: the words come back as %q", width, got)
		}
		for _, w := range whole {
			found := false
			for _, l := range lines {
				found = found || strings.Contains(l, w)
			}
			if !found {
				t.Errorf("width %v: %q is broken across lines %q", width, w, lines)
			}
		}
	}
}
