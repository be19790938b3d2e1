//go:build js

package host

import (
	"syscall/js"

	"vnodes/assets/lang"
)

// SavePicture has the browser encode the pixels as a PNG, off the page's
// thread, and download it as name. What came of it is said at the next
// Sync.
func (b *browser) SavePicture(px []byte, w, h int, name string, _ func(string)) {
	data := js.Global().Get("Uint8ClampedArray").New(len(px))
	js.CopyBytesToJS(data, px)
	canvas := js.Global().Get("document").Call("createElement", "canvas")
	canvas.Set("width", w)
	canvas.Set("height", h)
	canvas.Call("getContext", "2d").Call("putImageData", js.Global().Get("ImageData").New(data, w, h), 0, 0)
	var done js.Func
	done = js.FuncOf(func(_ js.Value, args []js.Value) any {
		done.Release()
		if len(args) == 0 || !args[0].Truthy() {
			b.messages = append(b.messages, lang.T("The browser could not make the picture."))
			return nil
		}
		download(args[0], name)
		b.messages = append(b.messages, lang.Sprintf("Saved the picture as %s (in the browser's downloads).", name))
		return nil
	})
	canvas.Call("toBlob", done, "image/png")
}

// SaveFigures puts text on the clipboard, or, where the page may not use
// it (an address other than this machine's, or a refusal), downloads it
// as name. (why, below, is already translated.) What came of it is said
// at the next Sync.
func (b *browser) SaveFigures(text, name string, _ func(string)) {
	fallback := func(why string) {
		blob := js.Global().Get("Blob").New([]any{text}, map[string]any{"type": "text/tab-separated-values"})
		download(blob, name)
		b.messages = append(b.messages, lang.Sprintf("%s: the figures were saved as %s (in the browser's downloads).", why, name))
	}
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.Truthy() || !clip.Get("writeText").Truthy() {
		fallback(lang.T("This page may not use the clipboard"))
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		b.messages = append(b.messages, lang.T("Copied the figures: paste them into a spreadsheet or a slide as a table."))
		return nil
	})
	fail = js.FuncOf(func(js.Value, []js.Value) any {
		release()
		fallback(lang.T("The clipboard refused"))
		return nil
	})
	clip.Call("writeText", text).Call("then", ok, fail)
}

// download has the browser save blob as name.
func download(blob js.Value, name string) {
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		revoke.Release()
		js.Global().Get("URL").Call("revokeObjectURL", url)
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
}
