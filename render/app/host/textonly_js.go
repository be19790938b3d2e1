package host

import "syscall/js"

// textOnly is why the page cannot draw the picture, as the loader found
// it (window.vnodesTextOnly: no WebGL), or "" when it can. The app then
// runs as the page's text version (a11y_js.go), shown as the page and
// saying why, with its controls working and its figures following.
func textOnly() string {
	if why := js.Global().Get("vnodesTextOnly"); why.Truthy() {
		return why.String()
	}
	return ""
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
