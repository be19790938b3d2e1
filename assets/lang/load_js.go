//go:build js && !embedlang

package lang

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"
)

// Load fetches tag's catalog from the site (lang-<tag>.json, which the
// site builder writes there) and makes it available to Use. The page's
// loader may have asked for it already, while the program downloaded
// (window.vnodesCatalog): then Load takes that answer. It waits for
// the answer: call it before the game starts or from a goroutine, never
// from a JavaScript callback.
func Load(tag string) error {
	if Loaded(tag) {
		return nil
	}
	known := false
	for _, k := range Known {
		known = known || k.Tag == tag
	}
	if !known {
		return fmt.Errorf("no catalog for %q", tag)
	}
	type answer struct {
		c   *Catalog
		err error
	}
	done := make(chan answer, 1)
	var onText, onResponse, onError js.Func
	release := func() { onText.Release(); onResponse.Release(); onError.Release() }
	onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "the request failed"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		done <- answer{err: errors.New(msg)}
		return nil
	})
	onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
		c, err := fromJS(tag, args[0])
		done <- answer{c: c, err: err}
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		r := args[0]
		if !r.Get("ok").Bool() {
			done <- answer{err: fmt.Errorf("the server answered %d", r.Get("status").Int())}
			return nil
		}
		r.Call("text").Call("then", onText, onError)
		return nil
	})
	if early := js.Global().Get("vnodesCatalog"); early.Truthy() && early.Get("tag").String() == tag {
		js.Global().Delete("vnodesCatalog") // taken once; a later change of language fetches
		early.Get("text").Call("then", onText, onError)
	} else {
		js.Global().Call("fetch", "lang-"+tag+".json").Call("then", onResponse, onError)
	}
	a := <-done
	release()
	if a.err != nil {
		return fmt.Errorf("loading lang-%s.json: %w", tag, a.err)
	}
	Add(a.c)
	return nil
}

// fromJS reads a catalog's text with the browser's JSON.parse: Go's JSON
// decoder, run for the first time at start-up in WebAssembly, took about
// a tenth of a second of a German page's first frame (BENCHMARKS.md). The
// messages come over in one string, texts and translations in turn,
// separated by NUL, which no text contains.
func fromJS(tag string, text js.Value) (c *Catalog, err error) {
	defer func() {
		if r := recover(); r != nil { // JSON.parse throws on a broken file
			c, err = nil, fmt.Errorf("catalog %s: %v", tag, r)
		}
	}()
	o := js.Global().Get("JSON").Call("parse", text)
	if o.Type() != js.TypeObject || o.Get("messages").Type() != js.TypeObject {
		return nil, fmt.Errorf("catalog %s: no messages", tag)
	}
	field := func(name, otherwise string) string {
		if v := o.Get(name); v.Type() == js.TypeString {
			return v.String()
		}
		return otherwise
	}
	c = &Catalog{Tag: tag, Name: field("name", tag), Decimal: field("decimal", "."), Group: field("group", ""),
		Plural: field("plural", "1"), Text: map[string]string{}}
	flat := js.Global().Get("Object").Call("entries", o.Get("messages")).Call("flat").Call("join", "\x00").String()
	if flat == "" {
		return c, nil
	}
	parts := strings.Split(flat, "\x00")
	if len(parts)%2 != 0 {
		return nil, fmt.Errorf("catalog %s: a text without its translation", tag)
	}
	for i := 0; i < len(parts); i += 2 {
		c.Text[parts[i]] = parts[i+1]
	}
	return c, nil
}
