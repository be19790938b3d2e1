package load

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// Shown is requests over every seed's ring: the selected seed's, drawn,
// and the 20-seed means of data and requests. Virtual nodes flatten the
// data bars; a hot key keeps one request bar standing at about h·N
// whatever V is.
type Shown struct {
	wr   sim.WorkloadResult
	rows []sim.WorkloadRow // nil while worked out
}

func (s *Shown) Sim() *sim.Result { return &s.wr.Result }

func (s *Shown) WithRows(r view.Rows) view.Shown {
	out := *s
	out.rows = view.TableList[sim.WorkloadRow](r)
	return &out
}

// Ring is the workload's ring, the busiest node by requests singled out.
func (s *Shown) Ring(l *panel.Look) panel.RingSpec {
	return panel.RingSpec{Ring: &s.wr.Ring, Key: s.wr.Selected.RequestStats.Busiest, NodeBars: !l.Concealed && !l.Average}
}

func (s *Shown) Header(c panel.Canvas) (title, sub string) {
	p := s.wr.Params
	ranges := panel.Plural(p.V, "range", "ranges")
	var options []string
	for _, words := range workloadWords(s.wr.Workload) {
		options = append(options,
			lang.Sprintf("%s, V = %d %s each · %s", panel.Nodes(p.Nodes), p.V, ranges, words),
			lang.Sprintf("%s, V = %d · %s", panel.Nodes(p.Nodes), p.V, words))
	}
	return lang.T("Virtual nodes even out the data, not hot requests"), panel.FitHeader(c, options)
}

// workloadWords describe the requests and the fix, longest first.
func workloadWords(wl sim.Workload) []string {
	var long, short string
	switch wl.Kind {
	case sim.Uniform:
		return []string{lang.T("uniform requests: each node's requests follow its data"), lang.T("uniform requests")}
	case sim.HotKey:
		long = lang.Sprintf("one key takes %.0f %% of the requests", 100*wl.Hot)
		short = lang.Sprintf("one key: %.0f %% of requests", 100*wl.Hot)
		if wl.Salt > 1 {
			long = lang.Sprintf(lang.Plural(wl.Salt, "one key takes %.0f %% of the requests, salted into %d sub-key", "one key takes %.0f %% of the requests, salted into %d sub-keys"), 100*wl.Hot, wl.Salt)
			short = lang.Sprintf(lang.Plural(wl.Salt, "one key: %.0f %% of requests, in %d sub-key", "one key: %.0f %% of requests, in %d sub-keys"), 100*wl.Hot, wl.Salt)
		}
	case sim.Zipf:
		long = lang.Sprintf("Zipf requests over %s keys, s = %.2g", panel.Thousands(wl.Keys), wl.Zipf)
		short = lang.Sprintf("Zipf, %s keys, s = %.2g", panel.Thousands(wl.Keys), wl.Zipf)
	}
	switch wl.Fix {
	case sim.Bounded:
		long += lang.Sprintf(" · bounded loads, cap %.2f×", 1+wl.Eps)
		short += lang.Sprintf(" · bounded, cap %.2f×", 1+wl.Eps)
	case sim.Replicate:
		long += " · " + lang.Count(wl.Replicas, "each key read from %d node", "each key read from %d nodes")
		short += " · " + lang.Count(wl.Replicas, "%d replica", "%d replicas")
	}
	return []string{long, short}
}

// AxisMax is the top of the load bars' axis: room for the busiest bar of
// either kind and for the cap.
func AxisMax(l geom.Layout, w *sim.WorkloadResult) float64 {
	sel := &w.Selected
	return panel.AxisMax(l, max(slices.Max(sel.Data), slices.Max(sel.Request), sel.Cap))
}

// barColours are node i's data and request bar colours.
func barColours(pal *panel.Palette, i, nodes, busiest, hover int) (data, req color.NRGBA) {
	req = pal.NodeColor(i)
	switch {
	case nodes > panel.MaxLanes && i != busiest && i != hover:
		req = pal.Muted // colours repeat: only the two that matter keep theirs
	case hover >= 0 && i != hover:
		req = panel.Dim(req, pal.Background, 0.45)
	}
	return panel.Dim(req, pal.Background, 0.4), req
}

// RequestRect is the narrow request bar in front of a data bar.
func RequestRect(l geom.Layout, nodes, i int, share, top float64) geom.Rect {
	r := panel.BarRect(l, nodes, i, share, top)
	w := r.W * 0.5
	return geom.Rect{X: r.X + (r.W-w)/2, Y: r.Y, W: w, H: r.H}
}

func (s *Shown) PaintBars(c panel.Canvas) {
	if c.Look().Average {
		s.rankedBars(c)
		return
	}
	l, pal, hover := c.Layout(), c.Palette(), c.Look().Hover
	sel := &s.wr.Selected
	n := len(sel.Data)
	panel.BarsLabel(c, lang.T("Load per node, in fair shares: data behind, requests in front"),
		lang.T("Load per node in fair shares: data behind, requests in front"),
		lang.T("Per node, in fair shares: data behind, requests in front"))
	top := AxisMax(l, &s.wr)
	capY := math.NaN()
	if sel.Cap > 0 {
		capY = l.Bars.Y + l.Bars.H - sel.Cap/top*l.Bars.H
	}
	lw := panel.BarAxesAvoiding(c, top, capY)
	busiest := sel.RequestStats.Busiest
	for i := range n {
		dc, rc := barColours(pal, i, n, busiest, hover)
		c.Fill(panel.BarRect(l, n, i, sel.Data[i], top), dc)
		r := RequestRect(l, n, i, sel.Request[i], top)
		c.Fill(r, rc)
		if i == busiest || i == hover {
			c.Frame(r, 2*lw, pal.Text)
		}
	}
	panel.FairLine(c, top, lw)
	if sel.Cap > 0 {
		c.Dashed(l.Bars.X, capY, l.Bars.X+l.Bars.W, capY, 3*lw, 12*l.Scale, pal.Warning)
		c.Text(lang.T("cap"), panel.Small, l.Bars.X-10*l.Scale, capY, panel.MiddleRight, pal.Warning)
	}
	first := []int{busiest}
	if hover >= 0 && hover != busiest {
		first = append(first, hover)
	}
	panel.BarNames(c, n, first, sim.NodeName)
	var taken []geom.Rect
	for _, i := range first {
		b := panel.BarRect(l, n, i, max(sel.Data[i], sel.Request[i]), top)
		taken = append(taken, panel.BarValue(c, lang.Sprintf("%.2f×", sel.Request[i]), b, taken))
	}
	dc, rc := barColours(pal, busiest, n, busiest, hover)
	items := []panel.LegendItem{
		{Kind: panel.LegendFill, Col: dc, Text: lang.T("data (ring owned)")},
		{Kind: panel.LegendFill, Col: rc, Text: lang.T("requests")},
		{Kind: panel.LegendDashed, Col: pal.Accent, Text: lang.T("fair share")},
	}
	if sel.Cap > 0 {
		items = append(items, panel.LegendItem{Kind: panel.LegendDashed, Col: pal.Warning, Text: lang.Sprintf("cap %.2f×", sel.Cap)})
	}
	x := l.BarsLabel.X
	panel.Legend(c, x, panel.BarsLegendY(l), l.Bars.X+l.Bars.W-x, items)
}

// rankedBars is the 20-seed ranking for both loads: the mean over the
// seeds of the busiest node's data and requests, then the 2nd, and so on,
// each kind ranked on its own.
func (s *Shown) rankedBars(c panel.Canvas) {
	l, pal := c.Layout(), c.Palette()
	w := &s.wr
	panel.BarsLabel(c, lang.Sprintf("Mean of seeds 0–%d, busiest first: requests over data", w.Params.Seeds-1))
	data, req := w.RankedShares, w.RankedRequests
	n := len(data)
	top := panel.AxisMax(l, max(slices.Max(data), slices.Max(req)))
	lw := panel.BarAxes(c, top)
	for k := range n {
		col := pal.Muted
		if k == 0 {
			col = pal.Accent
		}
		c.Fill(panel.BarRect(l, n, k, data[k], top), panel.Dim(col, pal.Background, 0.4))
		c.Fill(RequestRect(l, n, k, req[k], top), col)
	}
	panel.FairLine(c, top, lw)
	panel.BarNames(c, n, []int{0}, func(k int) string { return panel.Ordinal(k + 1) })
	panel.BarValue(c, lang.Sprintf("%.3f×", req[0]), panel.BarRect(l, n, 0, max(data[0], req[0]), top), nil)
	x := l.BarsLabel.X
	panel.Legend(c, x, panel.BarsLegendY(l), l.Bars.X+l.Bars.W-x, []panel.LegendItem{
		{Kind: panel.LegendFill, Col: panel.Dim(pal.Accent, pal.Background, 0.4), Text: lang.T("data")},
		{Kind: panel.LegendFill, Col: pal.Accent, Text: lang.T("requests")},
		{Kind: panel.LegendDashed, Col: pal.Accent, Text: lang.T("fair share")},
	})
}

// servedAt is where node serves a key that hashes into range from: the
// key's own position if node owns that range, else the start of the first
// range clockwise that node owns. ok is false past a walk of maxWalk
// ranges, which keeps a frame's work bounded on huge rings.
func servedAt(r *sim.Ring, k sim.KeyPlacement, node int) (pos uint32, ok bool) {
	m := len(r.Boundaries)
	for step := range min(m, maxWalk) {
		j := (k.Range + step) % m
		if int(r.Owners[j]) == node {
			if step == 0 {
				return k.Position, true
			}
			return r.Boundaries[j], true
		}
	}
	return 0, false
}

const maxWalk = 1 << 14

// keyMarkRadius is a key's dot size: smaller when there are many, and for
// Zipf keys growing with their share of the requests.
func (s *Shown) keyMarkRadius(sc float64, k sim.KeyPlacement, heaviest float64) float64 {
	if s.wr.Workload.Kind == sim.Zipf {
		return (3.5 + 6*math.Sqrt(k.Weight/heaviest)) * sc
	}
	switch n := len(s.wr.Selected.Keys); {
	case n == 1:
		return 9 * sc
	case n <= 8:
		return 7 * sc
	case n <= 32:
		return 5 * sc
	}
	return 3.5 * sc
}

// keyMarks put a dot on the band where each listed key lands, in the
// colour of the node that serves it. A key that bounded loads sent away is
// an empty ring where it hashed, joined by an arc to a dot where it is
// served; a replicated key has arcs to its other replicas.
func (s *Shown) keyMarks(c panel.Canvas, spec panel.RingSpec) {
	keys := s.wr.Selected.Keys
	if len(keys) == 0 {
		return
	}
	l, pal := c.Layout(), c.Palette()
	r := &s.wr.Ring
	band, _ := geom.RingLanes(l.Ring.R, len(panel.LaneNodes(spec, c.Look().Hover)))
	mid := (band.In + band.Out) / 2
	arcR := band.In - 6*l.Scale
	at := func(pos uint32, rad float64) (float32, float32) {
		a := geom.Angle(uint64(pos))
		return float32(l.Ring.X + rad*math.Cos(a)), float32(l.Ring.Y + rad*math.Sin(a))
	}
	heaviest := 0.0
	for _, k := range keys {
		heaviest = max(heaviest, k.Weight)
	}
	lw := max(1, l.Scale)
	dot := func(pos uint32, rad float64, col color.NRGBA) {
		x, y := at(pos, mid)
		c.Disc(float64(x), float64(y), rad+2*lw, pal.Text)
		c.Disc(float64(x), float64(y), rad, col)
	}
	arc := func(from, to uint32) {
		a0 := geom.Angle(uint64(from))
		a1 := geom.Angle(uint64(to))
		if a1 < a0 {
			a1 += 2 * math.Pi
		}
		steps := max(2, int(math.Ceil((a1-a0)*float64(geom.CircleSteps(arcR))/(2*math.Pi))))
		xs, ys := make([]float64, steps+1), make([]float64, steps+1)
		for i := range xs {
			a := a0 + (a1-a0)*float64(i)/float64(steps)
			xs[i], ys[i] = l.Ring.X+arcR*math.Cos(a), l.Ring.Y+arcR*math.Sin(a)
		}
		c.Polyline(xs, ys, 2*lw, pal.Text)
	}
	// Heaviest last, so it sits on top; keys come heaviest first.
	for i := len(keys) - 1; i >= 0; i-- {
		k := keys[i]
		rad := s.keyMarkRadius(l.Scale, k, heaviest)
		switch {
		case k.Displaced():
			x, y := at(k.Position, mid)
			c.Circle(float64(x), float64(y), rad, 2*lw, pal.Text)
			if pos, ok := servedAt(r, k, k.Served[0]); ok {
				arc(k.Position, pos)
				dot(pos, rad, pal.NodeColor(k.Served[0]))
			}
		default:
			for _, node := range k.Served[min(1, len(k.Served)):] {
				if pos, ok := servedAt(r, k, node); ok {
					arc(k.Position, pos)
					dot(pos, rad*0.7, pal.NodeColor(node))
				}
			}
			dot(k.Position, rad, pal.NodeColor(k.Owner))
		}
	}
}

func (s *Shown) centre(c panel.Canvas, spec panel.RingSpec) {
	pal, look := c.Palette(), c.Look()
	if look.Concealed {
		panel.Predict(c)
		return
	}
	sel := &s.wr.Selected
	node := panel.FocusNode(spec, look.Hover)
	top := lang.Sprintf("busiest: node %s", sim.NodeName(node))
	if look.Hover >= 0 {
		top = lang.Sprintf("node %s", sim.NodeName(node))
	}
	panel.CentreText(c, top, pal.NodeColor(node), lang.Sprintf("%.2f×", sel.Request[node]), lang.Sprintf("requests; data %.2f×", sel.Data[node]))
}

func (s *Shown) ringLegend(c panel.Canvas) {
	keys := s.wr.Selected.Keys
	if len(keys) == 0 {
		return
	}
	l, pal := c.Layout(), c.Palette()
	col := pal.NodeColor(keys[0].Owner)
	long, short := lang.T("the hot key, in the serving node's colour"), lang.T("the hot key, by serving node")
	switch {
	case s.wr.Workload.Kind == sim.Zipf:
		long = lang.Count(len(keys), "the %d heaviest key, in the serving node's colour", "the %d heaviest keys, in the serving node's colour")
		short = lang.Count(len(keys), "the %d heaviest key, by serving node", "the %d heaviest keys, by serving node")
	case len(keys) > 1:
		long = lang.Count(len(keys), "its %d sub-key, in the serving node's colour", "its %d sub-keys, in the serving node's colour")
		short = lang.Count(len(keys), "its %d sub-key, by serving node", "its %d sub-keys, by serving node")
	}
	items := []panel.LegendItem{{Kind: panel.LegendDot, Col: col, Text: long}}
	switch s.wr.Workload.Fix {
	case sim.Bounded:
		if slices.ContainsFunc(keys, sim.KeyPlacement.Displaced) {
			items = append(items, panel.LegendItem{Kind: panel.LegendHollow, Col: pal.Text, Text: lang.T("hashed here, sent on")})
		}
	case sim.Replicate:
		items = append(items, panel.LegendItem{Kind: panel.LegendDot, Col: pal.Muted, Text: lang.T("replicas")})
	}
	x := l.RingLabel.X
	width := panel.RingLegendWidth(c, x)
	if panel.LegendWidth(c, items) > width { // one line: a second would reach the V label
		items[0].Text = short
	}
	panel.Legend(c, x, panel.RingLegendY(c), width, items)
}

func (s *Shown) PaintRing(c panel.Canvas, spec panel.RingSpec) {
	r := spec.Ring
	if r.Nodes > panel.MaxLanes {
		panel.RingLabel(c, []string{
			lang.Sprintf("Seed %d's ring: outer band = every range, lanes = busiest by requests, pointed node", r.Seed),
			lang.Sprintf("Seed %d's ring: band = every range, lanes = busiest by requests, pointed", r.Seed),
		})
	} else {
		panel.PlainRingLabel(c, r)
	}
	s.keyMarks(c, spec)
	s.centre(c, spec)
	s.ringLegend(c)
}

// PaintColumn fills the view's figures: data and request imbalance side by
// side, for this seed above the means over the seeds for each V.
func (s *Shown) PaintColumn(c panel.Canvas) {
	w := &s.wr
	sel := &w.Selected
	f3 := panel.F3
	bounded := w.Workload.Fix == sim.Bounded && w.Workload.Kind != sim.Uniform
	f := panel.Figures{
		Groups:  []panel.FigureGroup{{Text: lang.T("data"), First: 0, End: 2}, {Text: lang.T("requests"), First: 2, End: 4}},
		Heads:   []string{lang.T("max/mean"), "CV", lang.T("max/mean"), "CV"},
		Cols:    []float64{0.42, 0.57, 0.84, 1},
		Top:     []panel.FigureRow{{Label: lang.Sprintf("seed %d", sel.Seed), Cells: []string{f3(sel.DataStats.Imbalance), f3(sel.DataStats.CV), f3(sel.RequestStats.Imbalance), f3(sel.RequestStats.CV)}}},
		Caption: lang.Sprintf("mean of seeds 0–%d, by V", w.Params.Seeds-1),
		Current: -1,
		Working: s.rows == nil,
	}
	if bounded {
		f.Groups = append(f.Groups, panel.FigureGroup{Text: lang.T("keys"), First: 4, End: 5})
		f.Heads = append(f.Heads, lang.T("moved"))
		f.Cols = []float64{0.36, 0.5, 0.71, 0.84, 1}
		f.Top[0].Cells = append(f.Top[0].Cells, fmt.Sprint(sel.Displaced))
	}
	if w.Workload.Kind == sim.HotKey {
		// One key lands on one node: that node's requests are at least h·N.
		f.Top = append(f.Top, panel.FigureRow{Label: lang.T("key alone"), Cells: []string{"", "", lang.Float(w.Workload.Hot*float64(w.Params.Nodes), 'f', 2)}, Muted: true})
	}
	rows := s.rows
	if rows != nil { // a V between the exercise's: its row is the result's own mean
		rows = panel.WithRow(rows, sim.WorkloadRow{V: w.Params.V, Data: w.Average, Request: w.RequestAverage, Displaced: w.MeanDisplaced},
			func(r sim.WorkloadRow) int { return r.V })
	}
	for i, r := range rows {
		if r.V == w.Params.V {
			f.Current = i
		}
		cells := []string{f3(r.Data.Imbalance), f3(r.Data.CV), f3(r.Request.Imbalance), f3(r.Request.CV)}
		if bounded {
			cells = append(cells, lang.Float(r.Displaced, 'f', 1))
		}
		f.Rows = append(f.Rows, panel.FigureRow{Label: lang.Sprintf("V = %d", r.V), Cells: cells})
	}
	panel.DrawFigures(c, f)
}

func (s *Shown) PaintChart(c panel.Canvas) { panel.CVChart(c) }

// Tooltip: a node's data and requests, each in fair shares.
func (s *Shown) Tooltip(node int) string {
	w := &s.wr.Selected
	if node < 0 || node >= len(w.Request) {
		return ""
	}
	return lang.Sprintf("Node %s\n%s · data %.2f× its fair share\nrequests %.2f× its fair share",
		sim.NodeName(node), view.Ranges(s.wr.Params.V), w.Data[node], w.Request[node])
}

// State is the hot keys view's part of window.vnodes.state(): the
// workload and the fix, each node's share of the requests in fair shares,
// and the request figures for the selected seed and as the 20-seed mean.
type State struct {
	Kind                string    `json:"kind"` // "uniform", "hot" or "zipf"
	Fix                 string    `json:"fix"`
	RequestLoads        []float64 `json:"requestLoads"`
	RequestImbalance    float64   `json:"requestImbalance"`
	RequestCV           float64   `json:"requestCV"`
	AvgRequestImbalance float64   `json:"avgRequestImbalance"`
	AvgRequestCV        float64   `json:"avgRequestCV"`
	Displaced           int       `json:"displaced"`
}

func (s *Shown) State() any {
	w := &s.wr
	return State{Kind: w.Workload.Kind.String(), Fix: w.Workload.Fix.String(), RequestLoads: w.Selected.Request,
		RequestImbalance: w.Selected.RequestStats.Imbalance, RequestCV: w.Selected.RequestStats.CV,
		AvgRequestImbalance: w.RequestAverage.Imbalance, AvgRequestCV: w.RequestAverage.CV, Displaced: w.Selected.Displaced}
}

func (s *Shown) Describe() (summary, note string) {
	summary, _ = view.Describe(&s.wr.Result)
	w := &s.wr
	summary += lang.Sprintf("Requests: %s. The busiest node gets %.2f times its fair share of the requests (%.3f on average over the seeds), against %.2f of the data.",
		kindLabel(w.Workload.Kind), w.Selected.RequestStats.Imbalance, w.RequestAverage.Imbalance, w.Selected.DataStats.Imbalance)
	note = lang.Sprintf("V = %d: the busiest node gets %.2f times its fair share of the requests.", w.Params.V, w.Selected.RequestStats.Imbalance)
	return summary, note
}

// Measured is the busiest node's 20-seed mean share of the requests.
func (s *Shown) Measured(string) (view.Figure, bool) {
	w := &s.wr
	return view.Figure{
		Text: lang.Sprintf("busiest node: requests %.3f× its fair share\n(data %.3f×) · request CV %.3f",
			w.RequestAverage.Imbalance, w.Average.Imbalance, w.RequestAverage.CV),
		Value: w.RequestAverage.Imbalance, Unit: "×",
	}, true
}

// kindLabel names the kind of requests in running text, translated
// (sim.LoadKind.Label's words).
func kindLabel(k sim.LoadKind) string {
	switch k {
	case sim.HotKey:
		return lang.T("hot key")
	case sim.Zipf:
		return "zipf" // the same in every language
	}
	return lang.T("uniform")
}
