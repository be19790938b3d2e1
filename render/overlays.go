package render

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/paint"
	"vnodes/render/panel"
)

// What sits over the scene: the tooltip, the keyboard overlay, the zoom
// badge, notices about settings that were changed, and the progress of
// background work. They are drawn every frame they show, outside the
// kept frame.

// DrawTooltip shows text in a box next to the pointer, kept on screen,
// translated (lang.T) before it is wrapped.
func (s *Scene) DrawTooltip(dst *ebiten.Image, x, y float64, msg string) {
	l := s.layout
	msg = lang.T(msg)
	f := s.fonts.Small
	pad := 10 * l.Scale
	lines := paint.Wrap(msg, f, 320*l.Scale)
	lineH := 24 * l.Scale
	w := 0.0
	for _, ln := range lines {
		w = max(w, paint.TextWidth(ln, f))
	}
	box := geom.Rect{X: x + 18*l.Scale, Y: y + 18*l.Scale, W: w + 2*pad, H: float64(len(lines))*lineH + 2*pad}
	if win := s.fit.Screen; box.X+box.W > win.X+win.W { // the window's edge, when zoomed
		box.X = x - 18*l.Scale - box.W
	}
	if win := s.fit.Screen; box.Y+box.H > win.Y+win.H {
		box.Y = y - 18*l.Scale - box.H
	}
	paint.Fill(dst, box, s.pal.Panel)
	paint.Frame(dst, box.X, box.Y, box.W, box.H, 2*max(1, l.Scale), s.pal.Text)
	for i, ln := range lines {
		s.drawText(dst, ln, f, box.X+pad, box.Y+pad+float64(i)*lineH, panel.TopLeft, s.pal.Text)
	}
}

// DrawHelp lists the keyboard shortcuts over a dimmed screen: each row is
// a key and what it does, both shown through lang.T.
func (s *Scene) DrawHelp(dst *ebiten.Image, rows [][2]string) {
	defer s.onWindow()()
	l := s.layout
	paint.Fill(dst, l.Screen, panel.WithAlpha(s.pal.Background, 215))
	rowH := 38 * l.Scale
	box := geom.Rect{W: 980 * l.Scale, H: float64(len(rows))*rowH + 110*l.Scale}
	box.X = l.Screen.CenterX() - box.W/2
	box.Y = l.Screen.CenterY() - box.H/2
	paint.Fill(dst, box, s.pal.Panel)
	paint.Frame(dst, box.X, box.Y, box.W, box.H, 2*max(1, l.Scale), s.pal.Accent)
	pad := 26 * l.Scale
	s.drawText(dst, lang.T("Keyboard"), s.fonts.Title, box.X+pad, box.Y+pad, panel.TopLeft, s.pal.Text)
	y := box.Y + 80*l.Scale
	for _, r := range rows {
		s.drawText(dst, r[0], s.fonts.BodyBold, box.X+pad+120*l.Scale, y, panel.TopRight, s.pal.Accent)
		s.drawText(dst, r[1], s.fonts.Body, box.X+pad+150*l.Scale, y, panel.TopLeft, s.pal.Text)
		y += rowH
	}
}

// DrawZoomBadge says, in a corner of the window, that the scene is zoomed
// and how to move around it or back.
func (s *Scene) DrawZoomBadge(dst *ebiten.Image, zoom float64) {
	defer s.onWindow()()
	l := s.layout
	msg := lang.Sprintf("zoom %g× · wheel or Tab: move · −: smaller", zoom)
	f := s.fonts.Small
	pad := 8 * l.Scale
	r := paint.TextBox(msg, f, 0, 0, panel.TopLeft)
	box := geom.Rect{W: r.W + 2*pad, H: r.H + 2*pad}
	box.X, box.Y = l.Screen.X+l.Screen.W-box.W-pad, l.Screen.Y+l.Screen.H-box.H-pad
	paint.Fill(dst, box, panel.WithAlpha(s.pal.Panel, 235))
	paint.Frame(dst, box.X, box.Y, box.W, box.H, max(1, l.Scale), s.pal.Accent)
	s.drawText(dst, msg, f, box.X+pad, box.Y+pad, panel.TopLeft, s.pal.Text)
}

// DrawNotices shows messages about settings that were changed on load (a
// bad link or flag), in a box under the title. Each notice is shown
// through lang.T (the parser's are translated already).
func (s *Scene) DrawNotices(dst *ebiten.Image, notices []string) {
	defer s.onWindow()()
	l := s.layout
	if len(notices) == 0 {
		return
	}
	const most = 5 // a link with hundreds of bad keys must not cover the screen
	shown := make([]string, 0, most+1)
	for _, n := range notices[:min(most, len(notices))] {
		shown = append(shown, lang.T(n))
	}
	if len(notices) > most {
		shown = append(shown, lang.Sprintf("and %d more", len(notices)-most))
	}
	msg := lang.Sprintf("Some settings were adjusted: %s", strings.Join(shown, "; "))
	f := s.fonts.Small
	pad := 10 * l.Scale
	lineH := 24 * l.Scale
	w := noticeWidth(l)
	lines := paint.Wrap(msg, f, w-2*pad)
	box := geom.Rect{X: l.Title.X, Y: l.RingLabel.Y, W: w, H: float64(len(lines))*lineH + 2*pad}
	paint.Fill(dst, box, s.pal.Panel)
	paint.Frame(dst, box.X, box.Y, box.W, box.H, 2*max(1, l.Scale), s.pal.Warning)
	for i, ln := range lines {
		s.drawText(dst, ln, f, box.X+pad, box.Y+pad+float64(i)*lineH, panel.TopLeft, s.pal.Text)
	}
}

// noticeWidth is how wide the notices' box is: over the ring and the bars,
// or on a compact layout's page without the bars, as wide as the title.
func noticeWidth(l geom.Layout) float64 {
	return max(l.Bars.X+l.Bars.W, l.Title.X+l.Title.W) - l.Title.X
}

// DrawProgress shows that work is running, and how far it has got, in a
// box over the ring and bars; the controls stay usable meanwhile. what is
// shown through lang.T.
func (s *Scene) DrawProgress(dst *ebiten.Image, fraction float64, what string) {
	defer s.onWindow()()
	l := s.layout
	w, h := 640*l.Scale, 110*l.Scale
	box := geom.Rect{X: l.Ring.X + (l.Bars.X+l.Bars.W-l.Ring.X)/2 - w/2 - l.Ring.R/2, Y: l.Ring.Y - h/2, W: w, H: h}
	paint.Fill(dst, box, s.pal.Panel)
	paint.Frame(dst, box.X, box.Y, box.W, box.H, 2*max(1, l.Scale), s.pal.Accent)
	pad := 18 * l.Scale
	paint.Text(dst, lang.T(what), s.fonts.Body, box.X+pad, box.Y+pad, panel.TopLeft, s.pal.Text)
	bar := geom.Rect{X: box.X + pad, Y: box.Y + box.H - pad - 22*l.Scale, W: box.W - 2*pad - 70*l.Scale, H: 22 * l.Scale}
	paint.Fill(dst, bar, s.pal.Background)
	paint.Fill(dst, geom.Rect{X: bar.X, Y: bar.Y, W: bar.W * min(max(fraction, 0), 1), H: bar.H}, s.pal.Accent)
	paint.Frame(dst, bar.X, bar.Y, bar.W, bar.H, max(1, l.Scale), s.pal.PanelEdge)
	paint.Text(dst, lang.Sprintf("%.0f%%", 100*fraction), s.fonts.BodyBold, box.X+box.W-pad, bar.CenterY(), panel.MiddleRight, s.pal.Text)
}

// DrawVSlider draws the V slider with its handle at position pos of last:
// a thick rail and a tall handle, easy to grab with a finger or to see
// from the back of a room. It is drawn every frame, outside the kept
// scene, because the handle follows the pointer.
func (s *Scene) DrawVSlider(dst *ebiten.Image, pos, last int, hot, pressed bool) {
	l := s.layout
	r := l.VSlider
	rail := max(6*l.Scale, r.H/4)
	railColour := s.pal.Grid
	if hot {
		railColour = s.pal.Muted
	}
	paint.Fill(dst, geom.Rect{X: r.X, Y: r.CenterY() - rail/2, W: r.W, H: rail}, railColour)
	hw := geom.SliderHandle * l.Scale
	handle := geom.Rect{X: l.SliderX(pos, last) - hw/2, Y: r.Y, W: hw, H: r.H}
	fill, edge := s.pal.Accent, s.pal.Text
	switch {
	case pressed:
		fill, edge = s.pal.Text, s.pal.Text
	case hot:
		fill, edge = s.pal.Text, s.pal.Accent
	}
	paint.Fill(dst, handle, fill)
	paint.Frame(dst, handle.X, handle.Y, handle.W, handle.H, max(1, 2*l.Scale), edge)
}
