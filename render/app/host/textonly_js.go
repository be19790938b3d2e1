package host

import (
	"strings"
	"syscall/js"
)

// noWebGL is why the page cannot draw the picture: ebiten found no WebGL 2
// context for its canvas.
const noWebGL = "this browser offers no WebGL (it is turned off, or its graphics driver is blocked)"

// WithoutPicture turns the page into the app's text version when ebiten
// could not get its WebGL context (its error names getContext): the text
// is shown as the page and says why (a11y_js.go). Any other error is not
// one the page can carry on from.
func (b *browser) WithoutPicture(err error) bool {
	if err == nil || !strings.Contains(err.Error(), "getContext") {
		return false
	}
	b.textOnly = noWebGL
	pageWithoutCanvas()
	return true
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
