package render

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
)

// DrawNotices shows messages about settings that were changed on load
// (a bad link or flag), in a box under the title.
func (s *Scene) DrawNotices(dst *ebiten.Image, notices []string) {
	defer s.onWindow()()
	l := s.layout
	if len(notices) == 0 {
		return
	}
	const most = 5 // a link with hundreds of bad keys must not cover the screen
	if len(notices) > most {
		notices = append(notices[:most:most], fmt.Sprintf("and %d more", len(notices)-most))
	}
	msg := "Some settings were adjusted: " + strings.Join(notices, "; ")
	f := s.fonts.Small
	pad := 10 * l.Scale
	lineH := 24 * l.Scale
	lines := Wrap(msg, f, l.Bars.X+l.Bars.W-l.Title.X-2*pad)
	box := geom.Rect{X: l.Title.X, Y: l.RingLabel.Y, W: l.Bars.X + l.Bars.W - l.Title.X, H: float64(len(lines))*lineH + 2*pad}
	fillRect(dst, box, s.pal.Panel)
	strokeRect(dst, box, 2*max(1, l.Scale), s.pal.Warning)
	for i, ln := range lines {
		s.drawText(dst, ln, f, box.X+pad, box.Y+pad+float64(i)*lineH, topLeft, s.pal.Text)
	}
}
