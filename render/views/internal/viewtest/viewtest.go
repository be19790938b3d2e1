// Package viewtest holds what the views' tests share.
package viewtest

import (
	"testing"

	"vnodes/render/view"
	"vnodes/render/view/link"
)

// Links checks that each link opens its settings with no notice, and that
// the link written from them reads back as the same settings, silently.
func Links(t *testing.T, reg *view.Registry, links map[string]view.Settings) {
	t.Helper()
	for query, want := range links {
		got, notices := link.ParseQuery(reg, query)
		if got != want || len(notices) != 0 {
			t.Errorf("ParseQuery(%q) = %+v, %q\n want %+v and no notices", query, got, notices, want)
		}
		back, again := link.ParseQuery(reg, link.Query(reg, got))
		if back != got || len(again) != 0 {
			t.Errorf("%q → %q → %+v, %q: the link does not read back", query, link.Query(reg, got), back, again)
		}
	}
}
