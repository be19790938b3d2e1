package replicas

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/sim"
)

// Shown is every seed's ring with its replicas and failure figures, and
// the selected seed's ring with some nodes down: the chosen ones, or the
// worst set.
type Shown struct {
	res    sim.Result
	rr     sim.ReplicaResult
	runs   []run // the ring's bins with a copy down, in runs of one state
	chosen bool  // the nodes down were picked by the person, not the worst set
	rows   []pair
	// compare are the shown assignment's rows at CompareNodes (nil while
	// they are worked out).
	compare []sim.ReplicaRow
}

func (s *Shown) Sim() *sim.Result { return &s.res }

func (s *Shown) WithRows(r view.Rows) view.Shown {
	out := *s
	out.rows, out.compare = nil, nil
	if t, ok := r.(*table); ok {
		out.rows, out.compare = t.list, t.compare
	}
	return &out
}

func (s *Shown) ring() *sim.ReplicaRing { return &s.rr.Seed }

// down are the nodes down in the picture.
func (s *Shown) down() []int { return s.rr.Seed.Down }

// Ring is the selected seed's ring, the first node down singled out.
func (s *Shown) Ring(l *panel.Look) panel.RingSpec {
	spec := panel.SpreadRing(&s.res, l)
	if d := s.down(); len(d) > 0 {
		spec.Key = d[0]
	}
	return spec
}

// names are nodes' names, joined.
func names(nodes []int) string {
	out := make([]string, len(nodes))
	for i, n := range nodes {
		out[i] = sim.NodeName(n)
	}
	return strings.Join(out, ", ")
}

func (s *Shown) Header(c panel.Canvas) (title, sub string) {
	p := s.rr.Params
	return lang.T("Replicas: what many tokens cost when nodes fail"),
		panel.FitHeader(c, []string{
			lang.Sprintf("%s, V = %d %s each · %s · %d down at once (every set of %d tried)",
				panel.Nodes(p.Nodes), p.V, panel.Plural(p.V, "range", "ranges"), lang.Count(p.Copies(), "every range on %d node", "every range on %d nodes"), p.Down, p.Down),
			lang.Sprintf("%s, V = %d · %s · %d down at once", panel.Nodes(p.Nodes), p.V, lang.Count(p.Copies(), "each range on %d node", "each range on %d nodes"), p.Down),
		})
}

// stateColour is how a range's state shows on the ring, nil for fine.
func stateColour(pal *panel.Palette, st sim.RangeState) color.NRGBA {
	switch st {
	case sim.Degraded:
		return pal.Accent
	case sim.NoQuorum:
		return pal.Warning
	case sim.Lost:
		return pal.Text
	}
	return color.NRGBA{}
}

// binsPiece is how many ranges stateBins bins between pauses; a piece
// counts binsPiece/binsUnit ring points of work.
const (
	binsPiece = 1 << 16
	binsUnit  = 4
)

func binsCost(s view.Settings) int { return s.Nodes * s.V / binsUnit }

// stateBins is, for each of the ring's angular bins, the worst state of
// a range in it, worked out in pieces between pauses so that a ring of
// millions of ranges never holds the browser's thread for long.
func stateBins(r *sim.ReplicaRing, w *view.Work) ([]sim.RangeState, error) {
	bins := make([]sim.RangeState, geom.StripBins)
	const shift = 32 - geom.StripBits
	count := len(r.States)
	for lo := 0; lo < count; lo += binsPiece {
		hi := min(lo+binsPiece, count)
		for i := lo; i < hi; i++ {
			st := r.States[i]
			if st == sim.Fine {
				continue
			}
			start := uint64(r.Boundaries[i])
			last := (start + r.Width(i) - 1) >> shift // the bin of its last position, maybe past the top
			for b := start >> shift; b <= last; b++ {
				k := b % geom.StripBins
				bins[k] = max(bins[k], st)
			}
		}
		if err := w.Step((hi-lo)/binsUnit, nil); err != nil {
			return nil, err
		}
	}
	return bins, nil
}

// trackBins is how many pieces the track round the band is drawn in:
// about a pixel of arc each at the design size, so that a ring of
// thousands of small outages is a few hundred strokes, not thousands.
const trackBins = 2048

// runsOf groups the bins into trackBins pieces, each in the worst state of
// its bins, and the pieces of one state (fine ones left out) into runs,
// in units of bins.
func runsOf(bins []sim.RangeState) []run {
	per := len(bins) / trackBins
	var out []run
	for g := range trackBins {
		st := slices.Max(bins[g*per : (g+1)*per])
		if st == sim.Fine {
			continue
		}
		b := g * per
		if n := len(out); n > 0 && out[n-1].end == b && out[n-1].state == st {
			out[n-1].end += per
			continue
		}
		out = append(out, run{b, b + per, st})
	}
	return out
}

// run is bins [start, end) in one state.
type run struct {
	start, end int
	state      sim.RangeState
}

// PaintRing marks every range that has a copy down on a track round the
// band, in its state's colour, crosses out the lanes of the nodes down,
// and writes in the middle how much of the ring is without its quorum.
func (s *Shown) PaintRing(c panel.Canvas, spec panel.RingSpec) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
	r := s.ring()
	panel.RingLabel(c, []string{
		lang.Sprintf("Seed %d's ring: outside the band, each range with a copy down, in its state", r.Seed),
		lang.Sprintf("Seed %d's ring: outside, each range with a copy down", r.Seed),
	})
	if look.Concealed {
		panel.Predict(c)
		return
	}
	rad, width := l.Ring.R+8*l.Scale, 10*l.Scale
	for _, ru := range s.runs {
		a0 := geom.Angle(uint64(ru.start) << (32 - geom.StripBits))
		a1 := geom.Angle(uint64(ru.end) << (32 - geom.StripBits))
		steps := max(1, int(math.Ceil((a1-a0)*float64(geom.CircleSteps(rad))/(2*math.Pi))))
		xs, ys := make([]float64, steps+1), make([]float64, steps+1)
		for i := range xs {
			a := a0 + (a1-a0)*float64(i)/float64(steps)
			xs[i], ys[i] = l.Ring.X+rad*math.Cos(a), l.Ring.Y+rad*math.Sin(a)
		}
		c.Polyline(xs, ys, width, stateColour(pal, ru.state))
	}
	// The lanes of the nodes down: dimmed, with a dashed line round them.
	shown := panel.LaneNodes(spec, look.Hover)
	_, lanes := geom.RingLanes(l.Ring.R, len(shown))
	for i, node := range shown {
		if slices.Contains(s.down(), node) {
			mid := (lanes[i].In + lanes[i].Out) / 2
			c.Circle(l.Ring.X, l.Ring.Y, mid, lanes[i].Out-lanes[i].In, panel.WithAlpha(pal.Background, 170))
			dashedCircle(c, l.Ring.X, l.Ring.Y, mid, max(2, 2*l.Scale), 10*l.Scale, pal.Warning)
		}
	}
	s.centre(c)
	x := l.RingLabel.X
	panel.Legend(c, x, panel.RingLegendY(c), panel.RingLegendWidth(c, x), []panel.LegendItem{
		{Kind: panel.LegendFill, Col: stateColour(pal, sim.Degraded), Text: lang.T("a copy down")},
		{Kind: panel.LegendFill, Col: stateColour(pal, sim.NoQuorum), Text: lang.T("no quorum")},
		{Kind: panel.LegendFill, Col: stateColour(pal, sim.Lost), Text: lang.T("every copy down")},
		{Kind: panel.LegendDashed, Col: pal.Warning, Text: lang.T("a node down")},
	})
}

// dashedCircle strokes a circle in dashes about dash long.
func dashedCircle(c panel.Canvas, x, y, r, width, dash float64, col color.NRGBA) {
	n := max(8, int(math.Round(math.Pi*r/dash))) // dashes and gaps alike
	for k := range n {
		a0 := 2 * math.Pi * float64(k) / float64(n)
		a1 := a0 + math.Pi/float64(n)
		xs, ys := make([]float64, 4), make([]float64, 4)
		for i := range xs {
			a := a0 + (a1-a0)*float64(i)/3
			xs[i], ys[i] = x+r*math.Cos(a), y+r*math.Sin(a)
		}
		c.Polyline(xs, ys, width, col)
	}
}

// unavailable is the share of the selected seed's ring without its quorum
// in the picture.
func (s *Shown) unavailable() float64 { return float64(s.ring().Unavailable) / float64(sim.RingSize) }

func (s *Shown) centre(c panel.Canvas) {
	pal := c.Palette()
	share := s.unavailable()
	top := lang.Sprintf("down: %s", names(s.down()))
	if !s.chosen {
		top = lang.Sprintf("worst: %s down", names(s.down()))
	}
	panel.CentreText(c, top, pal.Warning, panel.Pct(share), lang.T("of the ring without a quorum"))
}

// unit is a fair share of the copies: RF/N of the ring (every node keeps a
// copy of everything when RF ≥ N).
func (s *Shown) unit() float64 {
	p := s.rr.Params
	return float64(min(p.RF, p.Nodes)) / float64(p.Nodes) * float64(sim.RingSize)
}

// PaintBars shows each node's copies, in fair shares of them, behind what
// it streams to rebuild the copies of the nodes down; a node down is an
// outline of what it kept.
func (s *Shown) PaintBars(c panel.Canvas) {
	if look := c.Look(); look.Average && !look.Lesson { // the lesson's steps are about these bars
		panel.RankedBars(c, &s.res)
		return
	}
	l, pal, hover := c.Layout(), c.Palette(), c.Look().Hover
	r := s.ring()
	stored, streams := r.Stored, r.Rebuild
	n := len(stored)
	unit := s.unit()
	kept, sent := make([]float64, n), make([]float64, n)
	for i := range n {
		kept[i], sent[i] = float64(stored[i])/unit, float64(streams[i])/unit
	}
	panel.BarsLabel(c, lang.T("Copies kept per node (behind) and streamed to rebuild the nodes down (front)"),
		lang.T("Copies kept (behind), streamed to rebuild (front), in fair shares"),
		lang.T("Kept (behind), streamed to rebuild (front)"))
	top := panel.AxisMax(l, max(slices.Max(kept), slices.Max(sent)))
	lw := panel.BarAxes(c, top)
	for i := range n {
		col := pal.NodeColor(i)
		switch {
		case n > panel.MaxLanes && i != hover && !slices.Contains(s.down(), i):
			col = pal.Muted
		case hover >= 0 && i != hover:
			col = panel.Dim(col, pal.Background, 0.45)
		}
		b := panel.BarRect(l, n, i, kept[i], top)
		if slices.Contains(s.down(), i) {
			c.Frame(b, 2*lw, pal.Warning)
			continue
		}
		c.Fill(b, panel.Dim(col, pal.Background, 0.4))
		front := panel.BarRect(l, n, i, sent[i], top)
		w := front.W * 0.5
		c.Fill(geom.Rect{X: front.X + (front.W-w)/2, Y: front.Y, W: w, H: front.H}, col)
	}
	panel.FairLine(c, top, lw)
	first := append([]int(nil), s.down()...)
	if hover >= 0 && !slices.Contains(first, hover) {
		first = append(first, hover)
	}
	panel.BarNames(c, n, first, sim.NodeName)
	busiest := 0
	for i := range n {
		if sent[i] > sent[busiest] {
			busiest = i
		}
	}
	if sent[busiest] > 0 {
		panel.BarValue(c, lang.Sprintf("sends %.2f×", sent[busiest]), panel.BarRect(l, n, busiest, max(kept[busiest], sent[busiest]), top), nil)
	}
	x := l.BarsLabel.X
	a := pal.NodeColor(min(1, n-1))
	panel.Legend(c, x, panel.BarsLegendY(l), l.Bars.X+l.Bars.W-x, []panel.LegendItem{
		{Kind: panel.LegendFill, Col: panel.Dim(a, pal.Background, 0.4), Text: lang.T("copies kept")},
		{Kind: panel.LegendFill, Col: a, Text: lang.T("streamed to rebuild")},
		{Kind: panel.LegendOutline, Col: pal.Warning, Text: lang.T("down")},
		{Kind: panel.LegendDashed, Col: pal.Accent, Text: lang.T("fair share")},
	})
}

// PaintColumn fills the view's figures: for this seed and, by V, the mean
// of the seeds, how often some keys lose their quorum, the worst share
// down, and how many peers a node has, for both assignments.
func (s *Shown) PaintColumn(c panel.Canvas) {
	if c.Look().Concealed {
		panel.DrawFigures(c, panel.WorkingFigures)
		return
	}
	p := s.rr.Params
	st := s.rr.Stats
	worst := func(x float64) string { // the whole ring as "100 %", which leaves room for the column before
		if x >= 0.9995 {
			return lang.Sprintf("%.0f%%", 100*x)
		}
		return lang.Sprintf("%.1f%%", 100*x)
	}
	cells := func(r sim.ReplicaStats) []string {
		return []string{lang.Sprintf("%.0f%%", 100*r.QuorumLostP), worst(r.UnavailableMax), lang.Float(r.Peers, 'f', 1)}
	}
	top := cells(st)
	if p.Assign == sim.Random {
		top = append([]string{"", "", ""}, top...)
	}
	f := panel.Figures{
		Groups:  []panel.FigureGroup{{Text: panel.AssignLabel(sim.RoundRobin), First: 0, End: 3}, {Text: panel.AssignLabel(sim.Random), First: 3, End: 6}},
		Heads:   []string{"P", lang.T("worst"), lang.T("peers"), "P", lang.T("worst"), lang.T("peers")},
		Cols:    []float64{0.29, 0.435, 0.589, 0.70, 0.838, 1}, // room for the widest heads (peers: "vizinhos")
		Top:     []panel.FigureRow{{Label: lang.Sprintf("seed %d", p.Seed), Cells: top}},
		Caption: lang.Sprintf("P: quorum lost (%d of %d up) · seeds 0–%d", p.Quorum(), p.Copies(), p.Seeds-1),
		Current: -1,
		Working: s.rows == nil,
	}
	if s.rr.Mean.DataLostP > 0 || st.DataLostP > 0 {
		// How often some keys lose every copy, under this seed's P.
		lost := []string{lang.Sprintf("%.0f%%", 100*st.DataLostP)}
		if p.Assign == sim.Random {
			lost = append([]string{"", "", ""}, lost...)
		}
		f.Top = append(f.Top, panel.FigureRow{Label: lang.T("P(all lost)"), Cells: lost, Muted: true})
	}
	for i, r := range s.rows {
		if r[0].V == p.V {
			f.Current = i
		}
		f.Rows = append(f.Rows, panel.FigureRow{Label: fmt.Sprintf("V=%d", r[0].V), Cells: append(cells(r[0].ReplicaStats), cells(r[1].ReplicaStats)...)})
	}
	panel.DrawFigures(c, f)
}

// PaintChart plots, against V, what V buys (the busiest node's load) and
// what it costs (how often two nodes down cost some keys their quorum, and
// the worst share down), so that the two curves cross; V = 16 and 256 are
// marked.
func (s *Shown) PaintChart(c panel.Canvas) {
	look := c.Look()
	l, pal := c.Layout(), c.Palette()
	c.Text(lang.Sprintf("N = %d, by V: busiest / mean (left), P and worst (right)", s.res.Params.Nodes), panel.Small, l.ChartLabel.X, l.ChartLabel.Y, panel.TopLeft, pal.Muted)
	plot := l.Chart
	plot.W -= 40 * l.Scale // room for the right axis's numbers
	lw := max(1, l.Scale)
	vMax := float64(max(256, s.res.Params.V))
	ax := geom.LogAxis{Min: 1, Max: vMax, From: plot.X, To: plot.X + plot.W}
	topLoad := 3.0
	for _, r := range look.Table {
		topLoad = max(topLoad, math.Ceil(r.Imbalance))
	}
	left := func(x float64) float64 { return plot.Y + plot.H - (x-1)/(topLoad-1)*plot.H }
	right := func(x float64) float64 { return plot.Y + plot.H - x*plot.H }
	for _, v := range panel.GridVs {
		if v > vMax {
			break
		}
		x := ax.Map(v)
		col := panel.WithAlpha(pal.Grid, 140)
		if v == 16 || v == 256 {
			col = pal.Muted
		}
		c.Line(x, plot.Y, x, plot.Y+plot.H, lw, col)
		c.Text(fmt.Sprint(v), panel.Small, x, plot.Y+plot.H+4*l.Scale, panel.TopCenter, pal.Muted)
	}
	for y := 1.0; y <= topLoad; y++ {
		c.Line(plot.X, left(y), plot.X+plot.W, left(y), lw, panel.WithAlpha(pal.Grid, 140))
		c.Text(lang.Float(y, 'g', -1)+"×", panel.Small, plot.X-6*l.Scale, left(y), panel.MiddleRight, pal.Muted)
	}
	for _, y := range []float64{0.5, 1} { // 0 % is the bottom, beside the last V
		c.Text(lang.Sprintf("%.0f%%", 100*y), panel.Small, plot.X+plot.W+6*l.Scale, right(y), panel.MiddleLeft, pal.Muted)
	}
	switch {
	case look.Concealed:
		c.BoxedText(lang.T("shown after the reveal"), panel.Small, plot.CenterX(), plot.CenterY(), panel.Center, pal.Muted)
		return
	case s.rows == nil:
		c.BoxedText(lang.T("working…"), panel.Small, plot.CenterX(), plot.CenterY(), panel.Center, pal.Muted)
		return
	}
	a := s.res.Params.Assign
	curve := func(vs []float64, ys []float64, col color.NRGBA, width float64) {
		xs := make([]float64, len(vs))
		for i, v := range vs {
			xs[i] = ax.Map(v)
		}
		panel.StrokeCurve(c, xs, ys, width*lw, col, false)
		for i := range xs {
			c.Disc(xs[i], ys[i], (width+1)*lw, col)
		}
	}
	var vs, load, p, worst []float64
	for _, r := range s.rows {
		row := r[a]
		vs = append(vs, float64(row.V))
		p, worst = append(p, right(row.QuorumLostP)), append(worst, right(row.UnavailableMax))
	}
	var loadVs []float64
	for _, r := range look.Table {
		if float64(r.V) <= vMax {
			loadVs, load = append(loadVs, float64(r.V)), append(load, left(r.Imbalance))
		}
	}
	curve(loadVs, load, pal.Accent, 3)
	curve(vs, worst, panel.OverlayColour(pal, 0), 2)
	items := []panel.LegendItem{
		{Kind: panel.LegendFill, Col: pal.Accent, Text: lang.T("busiest / mean")},
		{Kind: panel.LegendFill, Col: pal.Warning, Text: "P"},
		{Kind: panel.LegendFill, Col: panel.OverlayColour(pal, 0), Text: lang.T("worst")},
	}
	if s.compare != nil {
		// P at the other cluster size, dashed: the size decides what few tokens buy.
		var cvs, cp []float64
		for _, row := range s.compare {
			cvs, cp = append(cvs, ax.Map(float64(row.V))), append(cp, right(row.QuorumLostP))
		}
		col := panel.OverlayColour(pal, 1)
		panel.StrokeCurve(c, cvs, cp, 2*lw, col, true)
		for i := range cvs {
			c.Disc(cvs[i], cp[i], 3*lw, col)
		}
		items = append(items, panel.LegendItem{Kind: panel.LegendDashed, Col: col, Text: lang.Sprintf("P, N = %d", CompareNodes(s.res.Params.Nodes))})
	}
	curve(vs, p, pal.Warning, 2)
	panel.Legend(c, l.ChartLabel.X, plot.Y+plot.H+26*l.Scale, l.ChartLabel.W, items)
}

// Tooltip: a node's copies and what it streams, or that it is down.
func (s *Shown) Tooltip(node int) string {
	r := s.ring()
	if node < 0 || node >= r.Nodes {
		return ""
	}
	stored, streams := r.Stored, r.Rebuild
	if slices.Contains(s.down(), node) {
		return lang.Sprintf("Node %s, down\nit kept copies of %.1f%% of the ring", sim.NodeName(node), 100*float64(stored[node])/float64(sim.RingSize))
	}
	return lang.Sprintf("Node %s\nkeeps copies of %.1f%% of the ring\nstreams %.1f%% of the ring to rebuild %s",
		sim.NodeName(node), 100*float64(stored[node])/float64(sim.RingSize), 100*float64(streams[node])/float64(sim.RingSize), names(s.down()))
}

// State is the replicas view's part of window.vnodes.state(): the copies
// and the nodes down at once, the nodes down in the picture and the share
// of the ring they leave without its quorum, and the figures over every
// set of nodes down for the selected seed and as the 20-seed mean, and
// the means by V for both assignments (empty while they are worked out).
type State struct {
	RF     int `json:"rf"`
	Down   int `json:"down"`
	Quorum int `json:"quorum"` // copies that must be up: a majority of min(rf, nodes)

	Failed             []string `json:"failed"`
	Unavailable        float64  `json:"unavailable"`
	QuorumLostP        float64  `json:"quorumLostP"`
	UnavailableMean    float64  `json:"unavailableMean"`
	UnavailableMax     float64  `json:"unavailableMax"`
	DataLostP          float64  `json:"dataLostP"`
	Peers              float64  `json:"peers"`
	AvgQuorumLostP     float64  `json:"avgQuorumLostP"`
	AvgUnavailableMean float64  `json:"avgUnavailableMean"`
	AvgUnavailableMax  float64  `json:"avgUnavailableMax"`
	AvgDataLostP       float64  `json:"avgDataLostP"`
	AvgPeers           float64  `json:"avgPeers"`
	Rows               []Row    `json:"rows"`
	// Compare is the chart's other cluster size, with its means by V for
	// the shown assignment (empty while they are worked out).
	Compare Compare `json:"compare"`
}

// Compare is the figures of the same copies and nodes down at another
// cluster size.
type Compare struct {
	Nodes int          `json:"nodes"`
	Down  int          `json:"down"`
	Rows  []CompareRow `json:"rows"`
}

// CompareRow is one V's 20-seed figures at the compared size.
type CompareRow struct {
	V int `json:"v"`
	Means
}

// Row is one V's 20-seed figures for each assignment.
type Row struct {
	V          int   `json:"v"`
	RoundRobin Means `json:"roundRobin"`
	Random     Means `json:"random"`
}

// Means are the 20-seed figures of one V and assignment.
type Means struct {
	QuorumLostP     float64 `json:"quorumLostP"`
	UnavailableMean float64 `json:"unavailableMean"`
	UnavailableMax  float64 `json:"unavailableMax"`
	DataLostP       float64 `json:"dataLostP"`
	Peers           float64 `json:"peers"`
}

func means(r sim.ReplicaStats) Means {
	return Means{r.QuorumLostP, r.UnavailableMean, r.UnavailableMax, r.DataLostP, r.Peers}
}

func (s *Shown) State() any {
	st, m := s.rr.Stats, s.rr.Mean
	share := s.unavailable()
	failed := make([]string, len(s.down()))
	for i, n := range s.down() {
		failed[i] = sim.NodeName(n)
	}
	rows := make([]Row, len(s.rows))
	for i, r := range s.rows {
		rows[i] = Row{V: r[0].V, RoundRobin: means(r[0].ReplicaStats), Random: means(r[1].ReplicaStats)}
	}
	p := s.rr.Params
	cmp := Compare{Nodes: CompareNodes(p.Nodes), Down: fittingDown(CompareNodes(p.Nodes), p.Down), Rows: []CompareRow{}}
	for _, r := range s.compare {
		cmp.Rows = append(cmp.Rows, CompareRow{V: r.V, Means: means(r.ReplicaStats)})
	}
	return State{RF: p.RF, Down: p.Down, Quorum: p.Quorum(), Failed: failed, Unavailable: share, Compare: cmp,
		QuorumLostP: st.QuorumLostP, UnavailableMean: st.UnavailableMean, UnavailableMax: st.UnavailableMax, DataLostP: st.DataLostP, Peers: st.Peers,
		AvgQuorumLostP: m.QuorumLostP, AvgUnavailableMean: m.UnavailableMean, AvgUnavailableMax: m.UnavailableMax, AvgDataLostP: m.DataLostP, AvgPeers: m.Peers,
		Rows: rows}
}

func (s *Shown) Describe() (summary, note string) {
	summary, _ = view.Describe(&s.res)
	p, m := s.rr.Params, s.rr.Mean
	share := s.unavailable()
	summary += lang.Sprintf("Every range is kept on %s, and %d are down at once. Over every such set, on average over the seeds, "+
		"some keys lose their quorum %.1f%% of the time, %.1f%% of the ring is down on average and %.1f%% at worst; "+
		"some keys lose every copy %.1f%% of the time; a node shares ranges with %.1f others. With %s down, %.1f%% of seed %d's ring has no quorum.",
		panel.Nodes(p.Copies()), p.Down, 100*m.QuorumLostP, 100*m.UnavailableMean, 100*m.UnavailableMax, 100*m.DataLostP, m.Peers, names(s.down()), 100*share, p.Seed)
	note = lang.Sprintf("V = %d: with %d of %s down, some keys lose their quorum %.0f%% of the time; %.1f%% of the ring is down on average.",
		p.V, p.Down, panel.Nodes(p.Nodes), 100*m.QuorumLostP, 100*m.UnavailableMean)
	return summary, note
}

// Measured is the 20-seed figure a lesson step asks about: "quorum" (how
// often some keys lose their quorum) or "down" (the mean share down),
// with, once the rows are in, the same figure for a few V and at the
// compared cluster size, and the peers: every figure the step's
// explanation speaks of.
func (s *Shown) Measured(what string) (view.Figure, bool) {
	m, p := s.rr.Mean, s.rr.Params
	sets := lang.Int(int(sim.FailureSets(p.Nodes, p.Down)))
	lost := ""
	if m.DataLostP > 0 {
		lost = lang.Sprintf("; every copy of some keys: %.0f %%", 100*m.DataLostP)
	}
	var f view.Figure
	switch what {
	case "quorum":
		f = view.Figure{
			Text: lang.Sprintf(lang.Plural(p.Down, "some keys lose their quorum in %.0f %% of the %s ways %d node can be down%s",
				"some keys lose their quorum in %.0f %% of the %s ways %d nodes can be down%s"), 100*m.QuorumLostP, sets, p.Down, lost),
			Value: 100 * m.QuorumLostP, Unit: " %",
		}
	case "down":
		f = view.Figure{
			Text: lang.Sprintf(lang.Plural(p.Down, "%.1f %% of the ring down on average over the %s ways %d node can be down, %.1f %% at worst",
				"%.1f %% of the ring down on average over the %s ways %d nodes can be down, %.1f %% at worst"), 100*m.UnavailableMean, sets, p.Down, 100*m.UnavailableMax),
			Value: 100 * m.UnavailableMean, Unit: " %",
		}
	default:
		return view.Figure{}, false
	}
	if s.rows == nil || s.compare == nil {
		return f, true
	}
	// The same figure for 1, 16 and 256 tokens, here and at the other size.
	byV := func(rows []sim.ReplicaRow) string {
		var parts []string
		for _, r := range rows {
			if r.V != 1 && r.V != 16 && r.V != 256 {
				continue
			}
			x := lang.Sprintf("%.0f %%", 100*r.QuorumLostP)
			if what == "down" {
				x = lang.Sprintf("%.1f %% (worst %.1f %%)", 100*r.UnavailableMean, 100*r.UnavailableMax)
			}
			parts = append(parts, lang.Sprintf("V = %d: %s", r.V, x))
		}
		return strings.Join(parts, " · ")
	}
	here := make([]sim.ReplicaRow, len(s.rows))
	for i, r := range s.rows {
		here[i] = r[p.Assign]
	}
	f.Text += "\n" + lang.Sprintf("%s: %s", panel.Nodes(p.Nodes), byV(here)) +
		"\n" + lang.Sprintf("%s: %s", panel.Nodes(CompareNodes(p.Nodes)), byV(s.compare))
	if what == "quorum" {
		var peers []string
		for _, r := range here {
			if r.V == 1 || r.V == 16 || r.V == 256 {
				peers = append(peers, lang.Sprintf("%.0f at V = %d", r.Peers, r.V))
			}
		}
		f.Text += "\n" + lang.Sprintf("peers of a node (%s): %s", panel.Nodes(p.Nodes), strings.Join(peers, ", "))
	}
	return f, true
}
