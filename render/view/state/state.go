// Package state is what is on screen, for tests, curious engineers and the
// class to take away: window.vnodes.state(), a name for a picture or a
// table of what is shown, and the figures as tab-separated tables.
package state

import (
	"encoding/json"
	"fmt"
	"vnodes/render/view"
	"vnodes/render/view/model"
)

// State is what window.vnodes.state() returns in the browser: what is on
// screen, for tests and curious engineers. The common part is flat; the
// shown view's own figures are one more key, named by the view's ID
// ("change": {…}), its shape the view's State type. docs/state.md lists
// every key.
type State struct {
	V            int       `json:"v"`
	Nodes        int       `json:"nodes"`
	Seed         int       `json:"seed"`
	Assign       string    `json:"assign"`
	Step         int       `json:"step"`
	Theme        string    `json:"theme"`
	Lang         string    `json:"lang"` // the language shown: "en", "es", "de", "fr", "pt-BR"
	Mode         string    `json:"mode"` // the view's name (its tab): "spread", "joins", "replicas", "hot keys", "tokens", "hashes"
	Imbalance    float64   `json:"imbalance"`
	CV           float64   `json:"cv"`
	Busiest      string    `json:"busiest"`
	AvgImbalance float64   `json:"avgImbalance"`
	AvgCV        float64   `json:"avgCV"`
	Loads        []float64 `json:"loads"`  // each node's load in fair shares
	Ranked       []float64 `json:"ranked"` // the k-th busiest node's load, mean of 20 seeds
	Colors       []string  `json:"colors"` // each node's colour, #rrggbb (the newcomer of a join too)
	Frames       int       `json:"frames"`
	Working      bool      `json:"working"`  // large settings are being worked out in the background
	Progress     float64   `json:"progress"` // how far that work has got, 0 to 1
	Query        string    `json:"query"`    // the link to what is shown
	Notices      []string  `json:"notices"`
	Lesson       Lesson    `json:"lesson"`
	Display      Display   `json:"display"`
	Timing       Timing    `json:"timing"`

	// ViewID and View are the shown view's own figures, encoded under the
	// key ViewID.
	ViewID string `json:"-"`
	View   any    `json:"-"`
}

// Lesson is where the class is in the lesson.
type Lesson struct {
	Revealed  bool   `json:"revealed"`
	Choice    int    `json:"choice"`
	Typed     string `json:"typed"`
	Concealed bool   `json:"concealed"` // the figures that answer the question are hidden
	Text      string `json:"text"`      // what the card says ("" outside the lesson)
}

// Display is how the scene is shown.
type Display struct {
	AverageView bool      `json:"averageView"`
	Chart       string    `json:"chart"`    // "cv" or "law"
	Overlay     string    `json:"overlay"`  // "none", "nodes" or "assign"
	Overlays    []string  `json:"overlays"` // the comparison curves drawn, by label
	Help        bool      `json:"help"`
	HoverNode   string    `json:"hoverNode"`
	Tooltip     string    `json:"tooltip"`
	Fullscreen  bool      `json:"fullscreen"`
	Embed       bool      `json:"embed"`  // no title bar
	Zoom        float64   `json:"zoom"`   // how many times its fitted size the scene is drawn
	Layout      string    `json:"layout"` // the layout in use: wide, upright or sideways
	Page        string    `json:"page"`   // the page a compact layout shows ("" in the wide one)
	TextPx      float64   `json:"textPx"` // the smallest text drawn, in CSS pixels
	Focus       string    `json:"focus"`  // the canvas control the keyboard is on (Tab), by layout name
	Keys        []KeyInfo `json:"keys"`
}

// Timing is what the frames cost.
type Timing struct {
	SimMillis    float64 `json:"simMillis"`    // the last re-simulation
	UpdateMillis float64 `json:"updateMillis"` // Go time in the last Update
	DrawMillis   float64 `json:"drawMillis"`   // Go time in the last Draw (GPU work excluded)
	// Go time (Update+Draw) per frame in which the scene changed, over the
	// latest such frames (window.vnodes.resetTiming() starts afresh).
	GoMillisP50   float64 `json:"goMillisP50"`
	GoMillisP95   float64 `json:"goMillisP95"`
	GoMillisMax   float64 `json:"goMillisMax"`
	ChangedFrames int     `json:"changedFrames"`
	// DrawnFrames counts the frames that drew their picture; the others
	// would have drawn the last one again, and left it on screen instead.
	DrawnFrames int    `json:"drawnFrames"`
	HeapBytes   uint64 `json:"heapBytes"` // Go heap in use (runtime.MemStats.HeapAlloc)
	GCCycles    int    `json:"gcCycles"`  // garbage collections so far (runtime.MemStats.NumGC)
	// StartupGCCycles is the collections run before the first frame (the
	// browser puts the collector off until then; -1 until it is back on).
	StartupGCCycles int `json:"startupGCCycles"`
}

// KeyInfo is one keyboard shortcut as State lists it.
type KeyInfo struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Does  string `json:"does"`
}

// KeyList is the shortcuts as State lists them.
func KeyList(r *view.Registry) []KeyInfo {
	var out []KeyInfo
	for _, s := range model.Shortcuts(r) {
		out = append(out, KeyInfo{Name: s.Name, Label: s.Label, Does: s.Does})
	}
	return out
}

// MarshalJSON writes the common part and the view's under its ID.
func (s State) MarshalJSON() ([]byte, error) {
	type common State // without this method
	b, err := json.Marshal(common(s))
	if err != nil || s.ViewID == "" || s.View == nil {
		return b, err
	}
	v, err := json.Marshal(s.View)
	if err != nil {
		return nil, fmt.Errorf("view %s: %w", s.ViewID, err)
	}
	key, _ := json.Marshal(s.ViewID)
	out := append(b[:len(b)-1:len(b)-1], ',')
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, v...)
	return append(out, '}'), nil
}
