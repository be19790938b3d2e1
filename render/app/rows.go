package app

import (
	"time"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// curveVs are the V values plotted on the CV chart: every V up to 16, then
// a geometric grid up to sim.MaxV.
var curveVs = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256,
	320, 384, 448, 512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096}

// sweepDelay: the table and chart sweep many values of V, which takes tens
// of milliseconds in a browser, so while N or the assignment keeps changing
// (a held key, repeated clicks) they wait until it has settled.
const sweepDelay = 250 * time.Millisecond

// rowCache holds the rows shown: the spread's for one N and assignment,
// and the view's own. Rows for other settings are never shown: until the
// sweep for the new ones has run, current returns none.
type rowCache struct {
	set      *rowSet
	view     view.Rows
	overlays *overlaySet
	asked    view.Settings // rowsKey of the settings asked for lately…
	changed  time.Time     // …and when it last changed
}

// follow notes the settings asked for now.
func (c *rowCache) follow(s view.Settings) {
	if k := rowsKey(s); k != c.asked {
		c.asked, c.changed = k, time.Now()
	}
}

func (c *rowCache) matches(s view.Settings) bool {
	return c.set != nil && c.set.nodes == s.Nodes && c.set.assign == s.Assign
}

// viewMatches reports whether the view's own rows for s are kept (or it
// has none).
func (c *rowCache) viewMatches(s view.Settings) bool {
	return view.RowsCostOf(s) == 0 || (c.view != nil && c.view.For(s))
}

// due says which rows s needs, once its settings have been still for a
// moment (or at once when there is nothing to show yet).
func (c *rowCache) due(s view.Settings) need {
	settled := time.Since(c.changed) >= sweepDelay
	return need{
		spreadRows: !c.matches(s) && (c.set == nil || settled),
		viewRows:   !c.viewMatches(s) && (c.view == nil || settled),
		overlays:   s.Overlay != view.OverlayNone && !c.overlaysMatch(s) && settled,
	}
}

func (c *rowCache) overlaysMatch(s view.Settings) bool {
	return c.overlays != nil && c.overlays.key == overlayKeyOf(s)
}

// currentOverlays is the chart's comparison curves for s, or none.
func (c *rowCache) currentOverlays(s view.Settings) []panel.Curve {
	if s.Overlay == view.OverlayNone || !c.overlaysMatch(s) {
		return nil
	}
	if c.overlays.lang != lang.Current() {
		c.overlays.relabel(s)
	}
	return c.overlays.curves
}

// take keeps what work swept.
func (c *rowCache) take(w work) {
	if w.spread != nil {
		c.set = w.spread
	}
	if w.viewRows != nil {
		c.view = w.viewRows
	}
	if w.overlays != nil {
		c.overlays = w.overlays
	}
}

// current is the spread's rows to show with s: none while they are for
// another N.
func (c *rowCache) current(s view.Settings) (table, curve []sim.Row) {
	if !c.matches(s) {
		return nil, nil
	}
	return c.set.table, c.set.curve
}

// currentView is the view's rows to show with s, or nil.
func (c *rowCache) currentView(s view.Settings) view.Rows {
	if c.view == nil || !c.view.For(s) {
		return nil
	}
	return c.view
}
