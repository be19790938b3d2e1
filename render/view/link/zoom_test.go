package link_test

import (
	"strings"
	"testing"
	"vnodes/render/view/link"
	"vnodes/render/view/model"

	"vnodes/render/view"
)

func TestZoomLinks(t *testing.T) {
	for _, c := range []struct {
		query  string
		want   float64 // ZoomFactor
		notice string  // "" for none
	}{
		{"", 1, ""},
		{"zoom=2", 2, ""},
		{"zoom=1.5", 1.5, ""},
		{"zoom=150%25", 1.5, ""},
		{"zoom=1", 1, ""},
		{"zoom=3", 3, ""},
		{"zoom=7", 3, "zoom=7 is above 3: using 3"},
		{"zoom=0.5", 1, "zoom=0.5 is below 1: using 1"},
		{"zoom=-2", 1, "zoom=-2 is below 1: using 1"},
		{"zoom=big", 1, `zoom="big" is not a number`},
		{"zoom=NaN", 1, `zoom="NaN" is not a number`},
		{"zoom=1e999", 3, "zoom=1e999 is too large: using 3"},
	} {
		s, notices := link.ParseQuery(reg, c.query)
		if got := s.ZoomFactor(); got != c.want {
			t.Errorf("ParseQuery(%q): zoom %v, want %v", c.query, got, c.want)
		}
		switch {
		case c.notice == "" && len(notices) > 0:
			t.Errorf("ParseQuery(%q): notices %q, want none", c.query, notices)
		case c.notice != "" && (len(notices) != 1 || !strings.Contains(notices[0], c.notice)):
			t.Errorf("ParseQuery(%q): notices %q, want one saying %q", c.query, notices, c.notice)
		}
		// The link written back carries the zoom (and nothing for 1x).
		back, _ := link.ParseQuery(reg, link.Query(reg, s))
		if back != s {
			t.Errorf("ParseQuery(%q) then Query() = %q, which reads back as %+v, not %+v", c.query, link.Query(reg, s), back, s)
		}
		if strings.Contains(link.Query(reg, s), "zoom") != (c.want > 1) {
			t.Errorf("Query(ParseQuery(%q)) = %q: zoom written iff above 1", c.query, link.Query(reg, s))
		}
	}
}

// + and − walk the zoom steps and stop at the ends; R keeps the zoom (a
// reader who needs large text keeps it across a reset), as it keeps the theme.
func TestZoomKeys(t *testing.T) {
	m := model.NewModel(reg, reg.Default())
	var seen []float64
	for range len(view.ZoomSteps) + 1 {
		m.Apply(view.Intent{Action: view.ActionZoom, Value: 1})
		seen = append(seen, m.Want.ZoomFactor())
	}
	want := append(append([]float64{}, view.ZoomSteps[1:]...), 3, 3)
	for i := range want {
		if seen[i] != want[i] {
			t.Fatalf("zooming in gives %v, want %v", seen, want)
		}
	}
	m.Apply(view.Intent{Action: view.ActionReset})
	if m.Want.ZoomFactor() != 3 {
		t.Errorf("R reset the zoom to %v", m.Want.ZoomFactor())
	}
	m.Apply(view.Intent{Action: view.ActionZoom, Value: -1})
	if got := m.Want.ZoomFactor(); got != 2.5 {
		t.Errorf("zoom out from 3 gives %v, want 2.5", got)
	}
	m.Want.Zoom = 1.7 // from a link: between steps
	m.Apply(view.Intent{Action: view.ActionZoom, Value: -1})
	if got := m.Want.ZoomFactor(); got != 1.5 {
		t.Errorf("zoom out from 1.7 gives %v, want 1.5", got)
	}
	for range 9 {
		m.Apply(view.Intent{Action: view.ActionZoom, Value: -1})
	}
	if m.Want.Zoom != 0 || m.Want != model.NewModel(reg, reg.Default()).Want {
		t.Errorf("zoomed all the way out, settings are %+v: want the default ones", m.Want)
	}
}
