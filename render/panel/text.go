package panel

import (
	"vnodes/assets/lang"
	"vnodes/sim"
)

// Pct writes a fraction of the ring as a percentage.
func Pct(x float64) string {
	switch {
	case x == 0:
		return lang.T("0 %")
	case x < 0.001:
		return lang.T("<0.1 %")
	}
	return lang.Sprintf("%.1f %%", 100*x)
}

// F3 writes a figure to three decimals, as the exercise's table does,
// in the current language's way (1,378 in Spanish).
func F3(x float64) string { return lang.Float(x, 'f', 3) }

// Plural picks the word for a count, translated, by the current
// language's rule.
func Plural(n int, one, many string) string { return lang.Plural(n, one, many) }

// Ordinal writes a rank: 1st, 2nd, 3rd, 4th… in English, by the
// catalog's two formats in other languages (1.º, 1., 1er, 2e…).
func Ordinal(n int) string {
	switch {
	case lang.Current() == lang.English:
		return lang.Ordinal(n)
	case n == 1:
		return lang.Sprintf("%dst", n) // French's 1er
	}
	return lang.Sprintf("%dth", n)
}

// Thousands writes n with the current language's mark between groups of
// three digits (20,000; 20.000).
func Thousands(n int) string { return lang.Int(n) }

// Nodes is "1 node" or "10 nodes", in the current language.
func Nodes(n int) string { return lang.Count(n, "%d node", "%d nodes") }

// Seeds is "1 seed" or "20 seeds", in the current language.
func Seeds(n int) string { return lang.Count(n, "%d seed", "%d seeds") }

// AssignLabel names an assignment in running text.
func AssignLabel(a sim.Assignment) string {
	if a == sim.Random {
		return lang.T("random")
	}
	return lang.T("round-robin")
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
	if l.Compact() { // the title has the width to itself, and wraps
		return Fit(c, Small, 2*l.Title.W, options)
	}
	return Fit(c, Small, l.TopRight.X-l.Title.X-12*l.Scale, options)
}
