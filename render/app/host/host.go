// Package host is where the app runs, a browser page or a desktop window,
// behind the one interface the loop holds (Host): the browser's in the
// *_js.go files, the desktop's in the *_notjs.go files.
package host

import (
	"image"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/model"
	"vnodes/render/view/state"
	"vnodes/sim"
)

// Host is what only the browser page or the desktop knows or does.
type Host interface {
	// Open settles the language and reads the settings the page's address
	// or the command line carries.
	Open(r *view.Registry) Opening
	// Mark notes a step of start-up for the host's performance tools.
	Mark(step string)
	// RunFrame runs the body of an Update or a Draw.
	RunFrame(f func())
	// Yield lets background work give way to the frames, if they share a
	// thread with it. It is called from the work's goroutines, and once
	// at start-up to end the page's task there.
	Yield()
	// Pointer is where the mouse or finger last was, in screen pixels
	// (scale is screen pixels per CSS pixel), and whether it is over the
	// app.
	Pointer(scale float64) (x, y float64, inside bool)
	// PageZoom is the page's device pixel ratio and the window's size in
	// device pixels, read together, or zeros where there is no page to
	// zoom.
	PageZoom() (dpr, w, h float64)
	// Sync hands app what the host's own controls asked for since the last
	// frame, and keeps the host's own copy of the app (the page's text
	// version, the address bar) in step with it.
	Sync(app App)
	// SavePicture saves w × h RGBA pixels as a PNG named name; say tells
	// the person where it went, or why it did not.
	SavePicture(px []byte, w, h int, name string, say func(string))
	// SaveFigures hands the person the figures as a table: on the
	// clipboard, or in a file named name.
	SaveFigures(text, name string, say func(string))
	// WithoutPicture reports whether the app can go on as the host's own
	// text version after the graphics failed to start with err (a browser
	// without WebGL), and readies the host for it; the desktop cannot.
	WithoutPicture(err error) bool
}

// Opening is what the host opens the app with.
type Opening struct {
	Settings view.Settings
	Notices  []string // what was changed on the way in (a bad link or flag)
	// Ambient is the language the reader prefers among the app's: what
	// settings without a language show.
	Ambient string
}

// App is the running app as the host sees it.
type App interface {
	// Emit asks for an intent, as a widget does.
	Emit(in view.Intent)
	// Say shows a message as a notice.
	Say(msg string)
	// Showing is what is on screen, for the page's text version.
	Showing() Showing
	// State is what is on screen, for window.vnodes.state().
	State() state.State
	// Regions are the rectangles of every control and drawing area in
	// screen pixels, and how many screen pixels a CSS pixel is.
	Regions() (map[string]image.Rectangle, float64)
	// ResetTiming forgets the frames measured so far.
	ResetTiming()
}

// Showing is what is on screen, as the app last showed it.
type Showing struct {
	Model    *model.Model
	Shown    view.Settings // what the result is for
	Result   view.Shown    // nil before the first result
	Working  bool          // other settings are being worked out
	Exercise []sim.Row     // the exercise's table for Shown, nil until it is in
	// Controls are the shown view's own; ControlsGen counts their changes.
	Controls    []view.Control
	ControlsGen int
	Frames      int // frames drawn so far
}

// startLanguage settles the language before the settings are read, so
// that their notices and the first frame are in it: asked is what the
// link or the flags ask for (ok false for none the app has), prefs the
// reader's languages. It returns the language the reader prefers among
// the app's, and a notice when a catalog could not be had and English is
// shown instead.
func startLanguage(asked string, ok bool, prefs []string) (ambient string, notices []string) {
	ambient = lang.Prefer(prefs)
	tag := ambient
	if ok {
		tag = asked
	}
	if err := lang.Load(tag); err != nil {
		if tag == ambient {
			ambient = lang.English
		}
		lang.Use(lang.English)
		return ambient, []string{lang.Sprintf("%s could not be loaded (%v): showing English", lang.Name(tag), err)}
	}
	lang.Use(tag)
	return ambient, nil
}
