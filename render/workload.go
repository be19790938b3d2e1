package render

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"

	"vnodes/render/geom"
	"vnodes/sim"
)

// The hot keys view (ModeLoad): each node's request load in front of its
// data load, the keys marked where they land on the ring, and the figures
// of both side by side. Virtual nodes flatten the data bars; a hot key
// keeps one request bar standing at about h·N whatever V is.

func (s *Scene) loadHeader(w *sim.WorkloadResult) (title, sub string) {
	p := w.Params
	ranges := plural(p.V, "range", "ranges")
	var options []string
	for _, words := range workloadWords(w.Workload) {
		options = append(options,
			fmt.Sprintf("%d nodes, V = %d %s each · %s", p.Nodes, p.V, ranges, words),
			fmt.Sprintf("%d nodes, V = %d · %s", p.Nodes, p.V, words))
	}
	return "Virtual nodes even out the data, not hot requests", s.fitHeader(options)
}

// workloadWords describe the requests and the fix, longest first.
func workloadWords(wl sim.Workload) []string {
	var long, short string
	switch wl.Kind {
	case sim.Uniform:
		return []string{"uniform requests: each node's requests follow its data", "uniform requests"}
	case sim.HotKey:
		long = fmt.Sprintf("one key takes %.0f %% of the requests", 100*wl.Hot)
		short = fmt.Sprintf("one key: %.0f %% of requests", 100*wl.Hot)
		if wl.Salt > 1 {
			long += fmt.Sprintf(", salted into %d sub-keys", wl.Salt)
			short += fmt.Sprintf(", in %d sub-keys", wl.Salt)
		}
	case sim.Zipf:
		long = fmt.Sprintf("Zipf requests over %s keys, s = %.2g", thousands(wl.Keys), wl.Zipf)
		short = fmt.Sprintf("Zipf, %s keys, s = %.2g", thousands(wl.Keys), wl.Zipf)
	}
	switch wl.Fix {
	case sim.Bounded:
		long += fmt.Sprintf(" · bounded loads, cap %.2f×", 1+wl.Eps)
		short += fmt.Sprintf(" · bounded, cap %.2f×", 1+wl.Eps)
	case sim.Replicate:
		long += fmt.Sprintf(" · each key read from %d nodes", wl.Replicas)
		short += fmt.Sprintf(" · %d replicas", wl.Replicas)
	}
	return []string{long, short}
}

// loadAxisMax is the top of the load bars' axis: room for the busiest bar of
// either kind and for the cap.
func (s *Scene) loadAxisMax(w *sim.WorkloadResult) float64 {
	sel := &w.Selected
	return s.barAxisMax(max(slices.Max(sel.Data), slices.Max(sel.Request), sel.Cap))
}

// loadBarColours are node i's data and request bar colours.
func (s *Scene) loadBarColours(i, nodes, busiest int) (data, req color.NRGBA) {
	req = s.pal.NodeColor(i)
	switch {
	case nodes > maxLanes && i != busiest && i != s.hover:
		req = s.pal.Muted // colours repeat: only the two that matter keep theirs
	case s.hover >= 0 && i != s.hover:
		req = dim(req, s.pal.Background, 0.45)
	}
	return dim(req, s.pal.Background, 0.4), req
}

// requestRect is the narrow request bar in front of a data bar.
func requestRect(l geom.Layout, nodes, i int, share, axisMax float64) geom.Rect {
	r := barRect(l, nodes, i, share, axisMax)
	w := r.W * 0.5
	return geom.Rect{X: r.X + (r.W-w)/2, Y: r.Y, W: w, H: r.H}
}

func (s *Scene) drawLoadBars(dst *ebiten.Image, w *sim.WorkloadResult) {
	l := s.layout
	sel := &w.Selected
	n := len(sel.Data)
	s.drawText(dst, "Load per node, in fair shares: data behind, requests in front", s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	axisMax := s.loadAxisMax(w)
	capY := math.NaN()
	if sel.Cap > 0 {
		capY = l.Bars.Y + l.Bars.H - sel.Cap/axisMax*l.Bars.H
	}
	lw := s.drawBarAxesAvoiding(dst, axisMax, capY)
	busiest := sel.RequestStats.Busiest
	for i := range n {
		dc, rc := s.loadBarColours(i, n, busiest)
		d := barRect(l, n, i, sel.Data[i], axisMax)
		fillRect(dst, d, dc)
		r := requestRect(l, n, i, sel.Request[i], axisMax)
		fillRect(dst, r, rc)
		if i == busiest || i == s.hover {
			strokeRect(dst, r, 2*lw, s.pal.Text)
		}
	}
	s.drawFairLine(dst, axisMax, lw)
	if sel.Cap > 0 {
		s.dashedLine(dst, l.Bars.X, capY, l.Bars.X+l.Bars.W, capY, 3*lw, 12*l.Scale, s.pal.Warning)
		s.drawText(dst, "cap", s.fonts.Small, l.Bars.X-10*l.Scale, capY, middleRight, s.pal.Warning)
	}
	first := []int{busiest}
	if s.hover >= 0 && s.hover != busiest {
		first = append(first, s.hover)
	}
	s.drawBarNames(dst, n, first, sim.NodeName)
	var taken []geom.Rect
	for _, i := range first {
		b := barRect(l, n, i, max(sel.Data[i], sel.Request[i]), axisMax)
		taken = append(taken, s.drawBarValue(dst, fmt.Sprintf("%.2f×", sel.Request[i]), b, taken))
	}
	s.drawLoadBarsLegend(dst, w, n, busiest)
}

func (s *Scene) drawLoadBarsLegend(dst *ebiten.Image, w *sim.WorkloadResult, n, busiest int) {
	l := s.layout
	dc, rc := s.loadBarColours(busiest, n, busiest)
	items := []legendItem{
		{kind: legendFill, col: dc, text: "data (ring owned)"},
		{kind: legendFill, col: rc, text: "requests"},
		{kind: legendDashed, col: s.pal.Accent, text: "fair share"},
	}
	if w.Selected.Cap > 0 {
		items = append(items, legendItem{kind: legendDashed, col: s.pal.Warning, text: fmt.Sprintf("cap %.2f×", w.Selected.Cap)})
	}
	x := l.BarsLabel.X
	s.drawLegend(dst, x, s.barsLegendY(), l.Bars.X+l.Bars.W-x, items)
}

// drawRankedLoadBars is drawRankedBars for both loads: the mean over the
// seeds of the busiest node's data and requests, then the 2nd, and so on,
// each kind ranked on its own.
func (s *Scene) drawRankedLoadBars(dst *ebiten.Image, w *sim.WorkloadResult) {
	l := s.layout
	s.drawText(dst, fmt.Sprintf("Mean of seeds 0–%d, busiest first: requests over data", w.Params.Seeds-1), s.fonts.Small, l.BarsLabel.X, l.BarsLabel.Y, topLeft, s.pal.Muted)
	data, req := w.RankedShares, w.RankedRequests
	n := len(data)
	axisMax := s.barAxisMax(max(slices.Max(data), slices.Max(req)))
	lw := s.drawBarAxes(dst, axisMax)
	for k := range n {
		c := s.pal.Muted
		if k == 0 {
			c = s.pal.Accent
		}
		d := barRect(l, n, k, data[k], axisMax)
		fillRect(dst, d, dim(c, s.pal.Background, 0.4))
		fillRect(dst, requestRect(l, n, k, req[k], axisMax), c)
	}
	s.drawFairLine(dst, axisMax, lw)
	s.drawBarNames(dst, n, []int{0}, func(k int) string { return ordinal(k + 1) })
	s.drawBarValue(dst, fmt.Sprintf("%.3f×", req[0]), barRect(l, n, 0, max(data[0], req[0]), axisMax), nil)
	x := l.BarsLabel.X
	s.drawLegend(dst, x, s.barsLegendY(), l.Bars.X+l.Bars.W-x, []legendItem{
		{kind: legendFill, col: dim(s.pal.Accent, s.pal.Background, 0.4), text: "data"},
		{kind: legendFill, col: s.pal.Accent, text: "requests"},
		{kind: legendDashed, col: s.pal.Accent, text: "fair share"},
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
func (s *Scene) keyMarkRadius(w *sim.WorkloadResult, k sim.KeyPlacement, heaviest float64) float64 {
	sc := s.layout.Scale
	if w.Workload.Kind == sim.Zipf {
		return (3.5 + 6*math.Sqrt(k.Weight/heaviest)) * sc
	}
	switch n := len(w.Selected.Keys); {
	case n == 1:
		return 9 * sc
	case n <= 8:
		return 7 * sc
	case n <= 32:
		return 5 * sc
	}
	return 3.5 * sc
}

// drawKeyMarks puts a dot on the band where each listed key lands, in the
// colour of the node that serves it. A key that bounded loads sent away is
// an empty ring where it hashed, joined by an arc to a dot where it is
// served; a replicated key has arcs to its other replicas.
func (s *Scene) drawKeyMarks(dst *ebiten.Image, w *sim.WorkloadResult) {
	keys := w.Selected.Keys
	if len(keys) == 0 {
		return
	}
	l := s.layout
	r := &w.Ring
	band, _ := geom.RingLanes(l.Ring.R, len(s.laneNodes()))
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
	dot := func(pos uint32, rad float64, c color.NRGBA) {
		x, y := at(pos, mid)
		smoothDisc(dst, float64(x), float64(y), rad+2*lw, s.pal.Text)
		smoothDisc(dst, float64(x), float64(y), rad, c)
	}
	arc := func(from, to uint32) {
		a0 := geom.Angle(uint64(from))
		a1 := geom.Angle(uint64(to))
		if a1 < a0 {
			a1 += 2 * math.Pi
		}
		steps := max(2, int(math.Ceil((a1-a0)*float64(circleSteps(arcR))/(2*math.Pi))))
		xs, ys := make([]float64, steps+1), make([]float64, steps+1)
		for i := range xs {
			a := a0 + (a1-a0)*float64(i)/float64(steps)
			xs[i], ys[i] = l.Ring.X+arcR*math.Cos(a), l.Ring.Y+arcR*math.Sin(a)
		}
		smoothPolyline(dst, xs, ys, 2*lw, s.pal.Text)
	}
	// Heaviest last, so it sits on top; keys come heaviest first.
	for i := len(keys) - 1; i >= 0; i-- {
		k := keys[i]
		rad := s.keyMarkRadius(w, k, heaviest)
		switch {
		case k.Displaced():
			x, y := at(k.Position, mid)
			smoothRing(dst, float64(x), float64(y), rad, 2*lw, s.pal.Text)
			if pos, ok := servedAt(r, k, k.Served[0]); ok {
				arc(k.Position, pos)
				dot(pos, rad, s.pal.NodeColor(k.Served[0]))
			}
		default:
			for _, node := range k.Served[min(1, len(k.Served)):] {
				if pos, ok := servedAt(r, k, node); ok {
					arc(k.Position, pos)
					dot(pos, rad*0.7, s.pal.NodeColor(node))
				}
			}
			dot(k.Position, rad, s.pal.NodeColor(k.Owner))
		}
	}
}

func (s *Scene) drawLoadCentre(dst *ebiten.Image, w *sim.WorkloadResult) {
	l := s.layout
	x, y := l.Ring.X, l.Ring.Y
	if s.view.Concealed {
		s.drawText(dst, "?", s.fonts.Big, x, y, center, s.pal.Text)
		s.drawText(dst, "predict first", s.fonts.Small, x, y+36*l.Scale, center, s.pal.Muted)
		return
	}
	sel := &w.Selected
	node := s.focusNode()
	top := fmt.Sprintf("busiest: node %s", sim.NodeName(node))
	if s.hover >= 0 {
		top = fmt.Sprintf("node %s", sim.NodeName(node))
	}
	s.drawText(dst, top, s.fonts.Small, x, y-38*l.Scale, center, s.pal.NodeColor(node))
	s.drawText(dst, fmt.Sprintf("%.2f×", sel.Request[node]), s.fonts.Big, x, y, center, s.pal.Text)
	s.drawText(dst, fmt.Sprintf("requests; data %.2f×", sel.Data[node]), s.fonts.Small, x, y+36*l.Scale, center, s.pal.Muted)
}

func (s *Scene) drawLoadRingLegend(dst *ebiten.Image, w *sim.WorkloadResult) {
	keys := w.Selected.Keys
	if len(keys) == 0 {
		return
	}
	l := s.layout
	col := s.pal.NodeColor(keys[0].Owner)
	what := "the hot key"
	switch {
	case w.Workload.Kind == sim.Zipf:
		what = fmt.Sprintf("the %d heaviest keys", len(keys))
	case len(keys) > 1:
		what = fmt.Sprintf("its %d sub-keys", len(keys))
	}
	items := []legendItem{{kind: legendDot, col: col, text: what + ", in the serving node's colour"}}
	switch w.Workload.Fix {
	case sim.Bounded:
		if slices.ContainsFunc(keys, sim.KeyPlacement.Displaced) {
			items = append(items, legendItem{kind: legendHollow, col: s.pal.Text, text: "hashed here, sent on"})
		}
	case sim.Replicate:
		items = append(items, legendItem{kind: legendDot, col: s.pal.Muted, text: "replicas"})
	}
	x := l.RingLabel.X
	s.drawLegend(dst, x, s.ringLegendY(), l.Ring.X+l.Ring.R-x, items)
}

// drawLoadFigures fills the view's figures: data and request imbalance
// side by side, for this seed above the means over the seeds for each V.
func (s *Scene) drawLoadFigures(dst *ebiten.Image) {
	w := s.workload
	if w == nil {
		s.drawFigures(dst, figures{working: true, cols: []float64{1}})
		return
	}
	sel := &w.Selected
	bounded := w.Workload.Fix == sim.Bounded && w.Workload.Kind != sim.Uniform
	f := figures{
		groups:  []figureGroup{{"data", 0, 2}, {"requests", 2, 4}},
		heads:   []string{"max/mean", "CV", "max/mean", "CV"},
		cols:    []float64{0.42, 0.57, 0.84, 1},
		top:     []figureRow{{label: fmt.Sprintf("seed %d", sel.Seed), cells: []string{f3(sel.DataStats.Imbalance), f3(sel.DataStats.CV), f3(sel.RequestStats.Imbalance), f3(sel.RequestStats.CV)}}},
		caption: fmt.Sprintf("mean of seeds 0–%d, by V", w.Params.Seeds-1),
		current: -1,
		working: s.workloadRows == nil,
	}
	if bounded {
		f.groups = append(f.groups, figureGroup{"keys", 4, 5})
		f.heads = append(f.heads, "moved")
		f.cols = []float64{0.36, 0.5, 0.71, 0.84, 1}
		f.top[0].cells = append(f.top[0].cells, fmt.Sprint(sel.Displaced))
	}
	if w.Workload.Kind == sim.HotKey {
		// One key lands on one node: that node's requests are at least h·N.
		f.top = append(f.top, figureRow{label: "key alone", cells: []string{"", "", fmt.Sprintf("%.2f", w.Workload.Hot*float64(w.Params.Nodes))}, muted: true})
	}
	rows := s.workloadRows
	if !slices.ContainsFunc(rows, func(r sim.WorkloadRow) bool { return r.V == w.Params.V }) && rows != nil {
		// The current V is not one of the exercise's: its row is the result's own mean.
		rows = append(slices.Clone(rows), sim.WorkloadRow{V: w.Params.V, Data: w.Average, Request: w.RequestAverage, Displaced: w.MeanDisplaced})
		sort.Slice(rows, func(i, j int) bool { return rows[i].V < rows[j].V })
	}
	for i, r := range rows {
		if r.V == w.Params.V {
			f.current = i
		}
		cells := []string{f3(r.Data.Imbalance), f3(r.Data.CV), f3(r.Request.Imbalance), f3(r.Request.CV)}
		if bounded {
			cells = append(cells, fmt.Sprintf("%.1f", r.Displaced))
		}
		f.rows = append(f.rows, figureRow{label: fmt.Sprintf("V = %d", r.V), cells: cells})
	}
	s.drawFigures(dst, f)
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
