// Package app is the ebiten + ebitenui program: it turns input into
// intents, applies them to the model (render/view), has the shown view
// compute (in the background when the work is large), and hands what it
// computed to the scene (render) to paint. It never asks which view is
// shown: it asks the view.
//
// Where a change goes:
//   - a new view: a folder of its own under render/views and one line in
//     the registry (render/views/views.go); nothing here changes;
//   - a new common setting (a link parameter and a desktop flag):
//     render/view (Settings, Clamp, the registry's Parse, Query and Keys);
//   - a new common key or button: an Action in render/view (actions.go, and
//     a Shortcut row for a key), what it does in Model.Apply, its key in
//     input.go, its button in widgets.go (buttons only emit intents); a
//     view's own controls are declared by the view (View.Controls) and
//     built by viewcontrols.go and, for screen readers, a11y_js.go;
//   - platform code: browser_js.go (address bar, window.vnodes) and
//     desktop_notjs.go (flags);
//   - something new drawn on the screen outside the scene and the widgets
//     (an overlay): its inputs go into frameKey (quiet.go), or a frame with
//     nothing else new leaves the old picture standing.
package app
