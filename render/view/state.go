package view

// State is what window.vnodes.state() returns in the browser: what is on
// screen, for tests and curious engineers. The app fills it, marshals it
// once per call, and the browser tests decode the same struct.
type State struct {
	V            int       `json:"v"`
	Nodes        int       `json:"nodes"`
	Seed         int       `json:"seed"`
	Assign       string    `json:"assign"`
	Step         int       `json:"step"`
	Theme        string    `json:"theme"`
	Imbalance    float64   `json:"imbalance"`
	CV           float64   `json:"cv"`
	Busiest      string    `json:"busiest"`
	AvgImbalance float64   `json:"avgImbalance"`
	AvgCV        float64   `json:"avgCV"`
	Loads        []float64 `json:"loads"` // each node's load in fair shares
	Frames       int       `json:"frames"`
	Notices      []string  `json:"notices"`
	SimMillis    float64   `json:"simMillis"` // the last re-simulation
	Colors       []string  `json:"colors"`    // each node's colour, #rrggbb
	Query        string    `json:"query"`
	Revealed     bool      `json:"revealed"`
	Choice       int       `json:"choice"`
	Typed        string    `json:"typed"`
	Concealed    bool      `json:"concealed"`
	AverageView  bool      `json:"averageView"`
	Help         bool      `json:"help"`
	HoverNode    string    `json:"hoverNode"`
	Tooltip      string    `json:"tooltip"`
	LessonText   string    `json:"lessonText"`
	Keys         []KeyInfo `json:"keys"`
	Ranked       []float64 `json:"ranked"` // the k-th busiest node's load, mean of 20 seeds
	Fullscreen   bool      `json:"fullscreen"`
	UpdateMillis float64   `json:"updateMillis"` // Go time in the last Update
	DrawMillis   float64   `json:"drawMillis"`   // Go time in the last Draw (GPU work excluded)
	// Go time (Update+Draw) per frame in which the scene changed, over the
	// latest such frames (window.vnodes.resetTiming() starts afresh).
	GoMillisP50   float64 `json:"goMillisP50"`
	GoMillisP95   float64 `json:"goMillisP95"`
	GoMillisMax   float64 `json:"goMillisMax"`
	ChangedFrames int     `json:"changedFrames"`
	HeapBytes     uint64  `json:"heapBytes"` // Go heap in use (runtime.MemStats.HeapAlloc)
}

// KeyInfo is one keyboard shortcut as State lists it.
type KeyInfo struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Does  string `json:"does"`
}

// KeyList is Shortcuts as State lists them.
func KeyList() []KeyInfo {
	out := make([]KeyInfo, len(Shortcuts))
	for i, s := range Shortcuts {
		out[i] = KeyInfo{Name: s.Name, Label: s.Label, Does: s.Does}
	}
	return out
}
