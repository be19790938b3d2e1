package view

// State is what window.vnodes.state() returns in the browser: what is on
// screen, for tests and curious engineers. The app fills it and hands it to
// the page through PlainJSON, named by the json tags, once per call; the
// browser tests decode the same struct.
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
	// DrawnFrames counts the frames that drew their picture; the others
	// would have drawn the last one again, and left it on screen instead.
	DrawnFrames  int       `json:"drawnFrames"`
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
	GCCycles      int     `json:"gcCycles"`  // garbage collections so far (runtime.MemStats.NumGC)
	// StartupGCCycles is the collections run before the first frame (the
	// browser puts the collector off until then; -1 until it is back on).
	StartupGCCycles int     `json:"startupGCCycles"`
	Working         bool    `json:"working"`  // large settings are being worked out in the background
	Progress        float64 `json:"progress"` // how far that work has got, 0 to 1

	Mode     string   `json:"mode"`     // "spread", "join & leave" or "hot keys"
	Chart    string   `json:"chart"`    // "cv" or "law"
	Embed    bool     `json:"embed"`    // no title bar
	Zoom     float64  `json:"zoom"`     // how many times its fitted size the scene is drawn
	Upright  bool     `json:"upright"`  // a portrait window: the scene asks to be turned sideways
	Focus    string   `json:"focus"`    // the canvas control the keyboard is on (Tab), by layout name
	Overlay  string   `json:"overlay"`  // "none", "nodes" or "assign"
	Overlays []string `json:"overlays"` // the comparison curves drawn, by label
	TheoryCV float64  `json:"theoryCV"` // the exact law's RMS CV for this N and V

	// The token schemes view: the scheme of the ring shown ("random" in
	// every other view) and, for each scheme at this N and V, the 20-seed
	// figures (empty until worked out, and outside the view).
	Scheme  string          `json:"scheme"`
	Schemes []SchemeFigures `json:"schemes"`

	// The join & leave view, for the selected seed unless Avg…: the change
	// ("" outside the view, "join", "leave" or "fail"), the node that
	// joined or left, the fraction of the ring that changed owner and the
	// least any ring could move, what each old node gave (join) or received
	// (leave) as a fraction of the ring, how many did, the newcomer's (or
	// leaver's) load in fair shares, and what hash mod N would move.
	Change        string    `json:"change"`
	ChangeNode    string    `json:"changeNode,omitempty"`
	Moved         float64   `json:"moved"`
	MovedIdeal    float64   `json:"movedIdeal"`
	Donors        []float64 `json:"donors"`
	DonorCount    int       `json:"donorCount"`
	NewcomerShare float64   `json:"newcomerShare"`
	ModNMoved     float64   `json:"modNMoved"`
	AvgMoved      float64   `json:"avgMoved"`
	AvgDonors     float64   `json:"avgDonors"`

	// The hot keys view: the workload ("" outside the view), the fix, each
	// node's share of the requests in fair shares, and the request
	// figures for the selected seed and as the 20-seed mean.
	Load                string    `json:"load"`
	Fix                 string    `json:"fix"`
	RequestLoads        []float64 `json:"requestLoads"`
	RequestImbalance    float64   `json:"requestImbalance"`
	RequestCV           float64   `json:"requestCV"`
	AvgRequestImbalance float64   `json:"avgRequestImbalance"`
	AvgRequestCV        float64   `json:"avgRequestCV"`
	Displaced           int       `json:"displaced"`
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

// SchemeFigures are one token scheme's 20-seed figures.
type SchemeFigures struct {
	Scheme       string  `json:"scheme"`
	AvgImbalance float64 `json:"avgImbalance"`
	AvgCV        float64 `json:"avgCV"`
}
