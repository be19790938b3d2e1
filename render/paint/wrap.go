package paint

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Wrap breaks s into lines no wider than width pixels, at spaces. A
// no-break space (U+00A0, U+202F: "20 000", "12 %", French "?") never
// breaks: what it joins stays on one line.
func Wrap(s string, face text.Face, width float64) []string {
	var lines []string
	for para := range strings.SplitSeq(s, "\n") {
		cur := ""
		for _, word := range strings.FieldsFunc(para, breaks) {
			try := word
			if cur != "" {
				try = cur + " " + word
			}
			if cur != "" && text.Advance(try, face) > width {
				lines = append(lines, cur)
				cur = word
			} else {
				cur = try
			}
		}
		lines = append(lines, cur)
	}
	return lines
}

// TextWidth is how far s advances in face.
func TextWidth(s string, face text.Face) float64 { return text.Advance(s, face) }

// breaks reports whether a line may break at r: a space or a tab, not a
// no-break space.
func breaks(r rune) bool { return r == ' ' || r == '\t' }
