// Package app is the ebiten + ebitenui program: it turns input into
// intents, applies them to the model (render/view), re-runs the simulation
// (sim) when the settings change, and hands the result to the scene
// (render) to draw.
//
// Where a change goes:
//   - a new setting (a link parameter and a desktop flag): render/view
//     (Settings, Clamp, Parse, Query, ParseFlags), then what it changes here;
//   - a new key or button: an Action in render/view (actions.go, and a
//     Shortcut row for a key), what it does in Model.Apply, its key in
//     input.go, its button in widgets.go (buttons only emit intents);
//   - a new figure or view: computed in sim, drawn by a method of
//     render.Scene, fed from compute (compute.go, which also decides what runs in
//     the background); what the page exposes in
//     view.State (browser_js.go fills it);
//   - platform code: browser_js.go (address bar, window.vnodes) and
//     desktop_notjs.go (flags);
//   - something new drawn on the screen outside the scene and the widgets
//     (an overlay): its inputs go into frameKey (quiet.go), or a frame with
//     nothing else new leaves the old picture standing.
package app
