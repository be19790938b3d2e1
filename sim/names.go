package sim

import (
	"slices"
	"strings"
)

// NodeName names node i the way spreadsheets name columns: A..Z, then
// AA..AZ, BA..ZZ, AAA..: one system for any size of cluster, so "AB" is
// always a node and a number is always a figure. The app, its links and
// the table command all use it.
func NodeName(i int) string {
	var b []byte
	for i = max(i, 0) + 1; i > 0; i = (i - 1) / 26 {
		b = append(b, byte('A'+(i-1)%26))
	}
	slices.Reverse(b)
	return string(b)
}

// ParseNodeName is the inverse of NodeName (letters in either case); ok is
// false for anything else.
func ParseNodeName(name string) (int, bool) {
	if name == "" || len(name) > 4 {
		return 0, false
	}
	n := 0
	for _, c := range strings.ToUpper(name) {
		if c < 'A' || c > 'Z' {
			return 0, false
		}
		n = n*26 + int(c-'A') + 1
	}
	return n - 1, true
}
