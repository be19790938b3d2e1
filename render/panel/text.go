package panel

import (
	"fmt"

	"vnodes/sim"
)

// Pct writes a fraction of the ring as a percentage.
func Pct(x float64) string {
	switch {
	case x == 0:
		return "0 %"
	case x < 0.001:
		return "<0.1 %"
	}
	return fmt.Sprintf("%.1f %%", 100*x)
}

// F3 writes a figure to three decimals, as the exercise's table does.
func F3(x float64) string { return fmt.Sprintf("%.3f", x) }

// Plural picks the word for a count.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Ordinal writes 1st, 2nd, 3rd, 4th…
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Thousands writes n with commas between groups of three digits.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// AssignLabel names an assignment in running text.
func AssignLabel(a sim.Assignment) string {
	if a == sim.Random {
		return "random"
	}
	return "round-robin"
}

// Fit is the first of options, longest wording first, that is no wider
// than room in font f; the last if none is.
func Fit(c Canvas, f Font, room float64, options []string) string {
	for _, o := range options {
		if c.TextWidth(o, f) <= room {
			return o
		}
	}
	return options[len(options)-1]
}

// FitHeader is the first of options that fits under the title, clear of
// the buttons at the top right.
func FitHeader(c Canvas, options []string) string {
	l := c.Layout()
	return Fit(c, Small, l.TopRight.X-l.Title.X-12*l.Scale, options)
}
