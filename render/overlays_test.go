package render

import (
	"testing"

	"vnodes/render/geom"
)

// The notices about a bad link are written in a box at least as wide as
// the title on every layout and page, and inside the screen: on a phone's
// page without the bars it was a few words wide.
func TestNoticesHaveRoomOnEveryPage(t *testing.T) {
	windows := []geom.Window{{W: 1600, H: 900, DSF: 1}, {W: 390 * 3, H: 844 * 3, DSF: 3}, {W: 844 * 3, H: 390 * 3, DSF: 3}, {W: 1024, H: 576, DSF: 1}}
	for _, win := range windows {
		for _, page := range geom.Pages {
			l := geom.NewLayoutFor(win, page, 1, geom.DesignW/2, geom.DesignH/2)
			w := noticeWidth(l)
			if w < l.Title.W || l.Title.X+w > l.Screen.X+l.Screen.W+0.5 {
				t.Errorf("%s, page %s: notices %.0f px wide from x = %.0f; the title is %.0f wide, the screen ends at %.0f",
					l.Name, page, w, l.Title.X, l.Title.W, l.Screen.X+l.Screen.W)
			}
		}
	}
}
