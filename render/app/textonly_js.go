//go:build js

package app

import (
	"syscall/js"
	"time"

	"vnodes/render/view"
)

// TextOnly is why the page cannot draw the picture, as the loader found
// it (window.vnodesTextOnly: no WebGL), or "" when it can.
func TextOnly() string {
	if why := js.Global().Get("vnodesTextOnly"); why.Truthy() {
		return why.String()
	}
	return ""
}

// RunText runs the app without its picture: the page's text version
// (a11y_js.go), shown as the page and saying why, with its controls
// working and its figures following. The simulation needs no graphics.
func RunText(s view.Settings, notices []string, why string) {
	a11y.textOnly = why
	pageWithoutCanvas()
	g := New(s, notices)
	for {
		onWarmStack(g.textUpdate)
		time.Sleep(textTick)
	}
}

// pageWithoutCanvas hides what ebiten put into the page when it was
// loaded (its canvas, filling the window, and a black body): with no
// picture the page is the text, and it scrolls (page.css, body.text-only).
// The canvas stays in the page, hidden: ebitenui's own start-up looks for
// it.
func pageWithoutCanvas() {
	doc := js.Global().Get("document")
	canvases := doc.Call("querySelectorAll", "body > canvas")
	for i := range canvases.Length() {
		canvases.Index(i).Get("style").Set("display", "none")
	}
	body := doc.Get("body")
	body.Get("style").Set("backgroundColor", "")
	body.Get("classList").Call("add", "text-only")
}

// textTick is how often the text version takes the page's intents and the
// background work's results.
const textTick = 50 * time.Millisecond

// textUpdate is Update without a screen: the page's intents, the work
// they ask for, and the page's text after it.
func (g *Game) textUpdate() {
	pageIntents(g)
	for _, in := range g.intents {
		if in.Action != view.ActionFullscreen {
			g.model.Apply(in)
		}
	}
	g.intents = g.intents[:0]
	g.bringUpToDate()
	g.followLanguage()
	g.notices.expire(g.model.Want)
	afterUpdate(g)
}
