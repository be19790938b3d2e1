package model

import (
	"vnodes/assets/lang"
	"vnodes/render/view"
)

// commonShortcuts are the keys every view shares, in the overlay's order;
// the views' own go in at viewShortcutsAt.
var commonShortcuts = []view.Shortcut{
	{Action: view.ActionVUp, Value: 0, Name: "vUp", Label: "→", Does: lang.N("more ranges: next power of two (Shift: +1); in the lesson, reveal / next step")},
	{Action: view.ActionVDown, Value: 0, Name: "vDown", Label: "←", Does: lang.N("fewer ranges: previous power of two (Shift: −1); in the lesson, previous step")},
	{Action: view.ActionNodesUp, Value: 0, Name: "nodesUp", Label: "↑ / ↓", Does: lang.N("one node more / fewer")},
	{Action: view.ActionNodesDown, Value: 0, Name: "nodesDown", Label: "", Does: ""},
	{Action: view.ActionSeed, Value: 0, Name: "seed", Label: "0 – 9", Does: lang.N("show the ring of that seed")},
	{Action: view.ActionAdvance, Value: 0, Name: "space", Label: lang.N("Space"), Does: lang.N("in the lesson: reveal the answer, then go on")},
	{Action: view.ActionAverage, Value: 0, Name: "average", Label: "A", Does: lang.N("bars: this seed's nodes ↔ mean of 20 seeds, busiest first")},
	{Action: view.ActionLesson, Value: 0, Name: "lesson", Label: "L", Does: lang.N("start the guided lesson / leave it for free exploring")},
	{Action: view.ActionFullscreen, Value: 0, Name: "fullscreen", Label: "F", Does: lang.N("full screen on / off")},
	{Action: view.ActionTheme, Value: 0, Name: "theme", Label: "T", Does: lang.N("colours: dark → light (bright rooms) → projector (high contrast)")},
	{Action: view.ActionReset, Value: 0, Name: "reset", Label: "R", Does: lang.N("back to the start: V = 1, 10 nodes, seed 0, out of the lesson")},
	{Action: view.ActionSavePicture, Value: 0, Name: "picture", Label: "S", Does: lang.N("save the picture as a PNG file, for slides and worksheets")},
	{Action: view.ActionCopyFigures, Value: 0, Name: "figures", Label: "E", Does: lang.N("copy the figures as a table, to paste into a spreadsheet or slide")},
	{Action: view.ActionLanguage, Value: 0, Name: "language", Label: "I", Does: lang.N("language: the next of English, Español, Deutsch, Français, Português")},
	{Action: view.ActionChart, Value: 0, Name: "chart", Label: "C", Does: lang.N("chart: CV against V ↔ CV·√V against V with the exact law")},
	{Action: view.ActionOverlay, Value: 0, Name: "overlay", Label: "O", Does: lang.N("compare on the chart: 3, 10 and 100 nodes → the other assignment → none")},
	{Action: view.ActionZoom, Value: 1, Name: "zoomIn", Label: "+ / −", Does: lang.N("zoom in / out: everything larger; the wheel (Shift: sideways) and Tab move around")},
	{Action: view.ActionZoom, Value: -1, Name: "zoomOut", Label: "", Does: ""},
	{Action: view.ActionHelp, Value: 0, Name: "help", Label: "?", Does: lang.N("show / hide this list (Esc hides it)")},
}

const viewShortcutsAt = 16

// Shortcuts are every keyboard shortcut, in the overlay's order: the
// common ones, with each view's key (toggling it) among them.
func Shortcuts(r *view.Registry) []view.Shortcut {
	out := append([]view.Shortcut(nil), commonShortcuts[:viewShortcutsAt]...)
	out = append(out, r.Shortcuts()...)
	return append(out, commonShortcuts[viewShortcutsAt:]...)
}

// HelpRows are the overlay's visible rows: key and what it does, in the
// current language. (KeyList, for state(), keeps them in English.)
func HelpRows(r *view.Registry) [][2]string {
	var out [][2]string
	for _, s := range Shortcuts(r) {
		if s.Label != "" {
			out = append(out, [2]string{lang.T(s.Label), lang.T(s.Does)})
		}
	}
	return out
}
