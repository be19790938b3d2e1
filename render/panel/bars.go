package panel

import (
	"math"
	"slices"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/geom"
	"vnodes/sim"
)

// MaxLanes is the most nodes that get colours of their own and a lane
// each on the ring; past it (where colours repeat and lanes would be
// thinner than a line) only the node singled out and the one pointed at
// keep theirs.
const MaxLanes = 26

// BarRect is where bar i of bars is drawn, share fair shares tall on an
// axis up to axisMax.
func BarRect(l geom.Layout, bars, i int, share, axisMax float64) geom.Rect {
	slot := l.Bars.W / float64(bars)
	w := slot * 0.72
	h := share / axisMax * l.Bars.H
	return geom.Rect{X: l.Bars.X + slot*float64(i) + (slot-w)/2, Y: l.Bars.Y + l.Bars.H - h, W: w, H: h}
}

// BarSlot is the full-height column of bar i, the target for pointing.
func BarSlot(l geom.Layout, bars, i int) geom.Rect {
	slot := l.Bars.W / float64(bars)
	return geom.Rect{X: l.Bars.X + slot*float64(i), Y: l.Bars.Y, W: slot, H: l.Bars.H + 30*l.Scale}
}

// Shares is every node's load in fair shares.
func Shares(r *sim.Ring) []float64 {
	out := make([]float64, r.Nodes)
	for i := range out {
		out[i] = r.Share(i)
	}
	return out
}

// barTickGap is the least distance between two labelled grid lines.
const barTickGap = 34

// AxisMax is the top of a bar axis that must hold top: at least 3 fair
// shares, and a whole number of grid steps.
func AxisMax(l geom.Layout, top float64) float64 {
	m := geom.BarAxisMax(top)
	return geom.RoundUpTo(m, geom.TickStep(m, l.Bars.H, barTickGap*l.Scale))
}

// BarsLabel writes what the bars show, above them, in the longest of the
// wordings (longest first), each translated, that ends clear of the tabs;
// when the tabs take more room (longer names in some languages) and none
// fits, the shortest goes on two lines, which the space above the bars
// holds.
func BarsLabel(c Canvas, wordings ...string) {
	l := c.Layout()
	room := l.Tabs.X - l.BarsLabel.X - 8*l.Scale
	if l.Compact() { // the label has the page's width to itself
		room = l.BarsLabel.W
	}
	options := translated(wordings)
	s := Fit(c, Small, room, options)
	if c.TextWidth(s, Small) <= room {
		c.Text(s, Small, l.BarsLabel.X, l.BarsLabel.Y, TopLeft, c.Palette().Muted)
		return
	}
	for i, line := range twoLines(c, s, room) {
		c.Text(line, Small, l.BarsLabel.X, l.BarsLabel.Y+float64(i)*20*l.Scale, TopLeft, c.Palette().Muted)
	}
}

// twoLines breaks s at the last space (not a no-break one) that lets the
// first line fit room; the second line takes the rest.
func twoLines(c Canvas, s string, room float64) []string {
	words := strings.Split(s, " ")
	for k := len(words) - 1; k > 0; k-- {
		if first := strings.Join(words[:k], " "); c.TextWidth(first, Small) <= room {
			return []string{first, strings.Join(words[k:], " ")}
		}
	}
	return []string{s}
}

// BarAxes draws the horizontal grid in whole fair shares (fewer when the
// axis is tall, so labels keep apart) and returns the line width used.
func BarAxes(c Canvas, axisMax float64) float64 { return BarAxesAvoiding(c, axisMax, math.NaN()) }

// BarAxesAvoiding is BarAxes leaving out the label of any grid line too
// near y, where another label goes (NaN: none).
func BarAxesAvoiding(c Canvas, axisMax, avoid float64) float64 {
	l, pal := c.Layout(), c.Palette()
	plot := l.Bars
	lw := max(1, l.Scale)
	step := geom.TickStep(axisMax, plot.H, barTickGap*l.Scale)
	for t := 0; t <= int(axisMax); t += step {
		y := plot.Y + plot.H - float64(t)/axisMax*plot.H
		c.Line(plot.X, y, plot.X+plot.W, y, lw, WithAlpha(pal.Grid, 160))
		if math.Abs(y-avoid) < barTickGap*l.Scale {
			continue
		}
		c.Text(lang.Sprintf("%d×", t), Small, plot.X-10*l.Scale, y, MiddleRight, pal.Muted)
	}
	return lw
}

// FairLine marks one fair share across the bars, dashed.
func FairLine(c Canvas, axisMax, lw float64) {
	l := c.Layout()
	plot := l.Bars
	fair := plot.Y + plot.H - 1/axisMax*plot.H
	c.Dashed(plot.X, fair, plot.X+plot.W, fair, 2.5*lw, 8*l.Scale, c.Palette().Accent)
}

// ShareLine marks another fair share across the bars, dotted.
func ShareLine(c Canvas, share, axisMax, lw float64) {
	l := c.Layout()
	plot := l.Bars
	y := plot.Y + plot.H - share/axisMax*plot.H
	c.Dashed(plot.X, y, plot.X+plot.W, y, 2.5*lw, 2.5*l.Scale, c.Palette().Text)
}

// BarValue writes a bar's value just above it, boxed so grid lines do not
// run through it, kept inside the plot and clear of the rectangles already
// taken; it returns where it went.
func BarValue(c Canvas, value string, bar geom.Rect, taken []geom.Rect) geom.Rect {
	l := c.Layout()
	plot := l.Bars
	r := c.TextBox(value, BodyBold, bar.CenterX(), bar.Y-6*l.Scale, BottomCenter)
	r.X = min(max(r.X, plot.X), plot.X+plot.W-r.W)
	for _, t := range taken {
		if r.X < t.X+t.W && t.X < r.X+r.W && r.Y < t.Y+t.H && t.Y < r.Y+r.H {
			r.Y = t.Y - r.H - 2*l.Scale
		}
	}
	return c.BoxedText(value, BodyBold, r.X, r.Y, TopLeft, c.Palette().Text)
}

// BarNames writes the names under the bars: those in first always, then
// as many of the others, evenly spaced, as fit without touching.
func BarNames(c Canvas, bars int, first []int, name func(int) string) {
	l := c.Layout()
	plot := l.Bars
	y := plot.Y + plot.H + 6*l.Scale
	slot := plot.W / float64(bars)
	gap := 8 * l.Scale
	widest := 0.0
	for _, i := range []int{0, bars - 1} {
		widest = max(widest, c.TextWidth(name(i), Small))
	}
	every := max(1, int(math.Ceil((widest+gap)/slot)))
	if every > 1 { // round steps read better: every 2nd, 5th, 10th, 20th, 50th…
		every = niceStep(every)
	}
	var placed []geom.Rect
	place := func(i int) {
		label := name(i)
		r := c.TextBox(label, Small, plot.X+slot*(float64(i)+0.5), y, TopCenter)
		r.X = min(max(r.X, plot.X), plot.X+plot.W-r.W)
		wide := geom.Rect{X: r.X - gap/2, Y: r.Y, W: r.W + gap, H: r.H}
		for _, p := range placed {
			if wide.X < p.X+p.W && p.X < wide.X+wide.W {
				return
			}
		}
		placed = append(placed, wide)
		c.Text(label, Small, r.X, r.Y, TopLeft, c.Palette().Text)
	}
	for _, i := range first {
		place(i)
	}
	for i := 0; i < bars; i += every {
		place(i)
	}
}

// niceStep rounds a label step up to 2, 5 or 10 times a power of ten.
func niceStep(n int) int {
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*p >= n {
				return m * p
			}
		}
	}
}

// BarsLegendY is where a legend under the bar names starts.
func BarsLegendY(l geom.Layout) float64 { return l.Bars.Y + l.Bars.H + 34*l.Scale }

// NodeBars draws each node's load of ring r in its colour, the busiest
// (and a pointed node) outlined and carrying its value.
func NodeBars(c Canvas, r *sim.Ring) {
	l, pal, hover := c.Layout(), c.Palette(), c.Look().Hover
	BarsLabel(c, lang.T("Load per node, in fair shares (dashed line: a fair share)"), lang.T("Load per node, in fair shares"))
	shares := Shares(r)
	axisMax := geom.BarAxisMax(slices.Max(shares))
	lw := BarAxes(c, axisMax)
	busiest := r.Stats.Busiest
	for i, share := range shares {
		b := BarRect(l, r.Nodes, i, share, axisMax)
		col := pal.NodeColor(i)
		switch {
		case r.Nodes > MaxLanes && i != busiest && i != hover:
			col = pal.Muted // colours repeat past a few dozen nodes: only the two that matter keep theirs
		case hover >= 0 && i != hover:
			col = Dim(col, pal.Background, 0.45)
		}
		c.Fill(b, col)
		if i == busiest || i == hover {
			c.Frame(b, 2*lw, pal.Text)
		}
	}
	FairLine(c, axisMax, lw)
	first := []int{busiest}
	if hover >= 0 && hover != busiest {
		first = append(first, hover)
	}
	BarNames(c, r.Nodes, first, sim.NodeName)
	// The busiest bar carries its value; a pointed bar does too, above it
	// if the two would touch.
	var taken []geom.Rect
	for _, i := range first {
		b := BarRect(l, r.Nodes, i, shares[i], axisMax)
		taken = append(taken, BarValue(c, lang.Sprintf("%.2f×", shares[i]), b, taken))
	}
}

// RankedBars shows the mean over the seeds of the largest load, the second
// largest and so on: the first bar is the table's "busiest / mean".
func RankedBars(c Canvas, res *sim.Result) {
	l, pal := c.Layout(), c.Palette()
	BarsLabel(c, lang.Sprintf("Mean of seeds 0–%d: busiest node first, then 2nd, 3rd…", res.Params.Seeds-1),
		lang.Sprintf("Mean of seeds 0–%d, busiest first", res.Params.Seeds-1))
	shares := res.RankedShares
	axisMax := geom.BarAxisMax(slices.Max(shares))
	lw := BarAxes(c, axisMax)
	for k, share := range shares {
		col := pal.Muted
		if k == 0 {
			col = pal.Accent
		}
		c.Fill(BarRect(l, len(shares), k, share, axisMax), col)
	}
	FairLine(c, axisMax, lw)
	BarNames(c, len(shares), []int{0}, func(k int) string { return Ordinal(k + 1) })
	BarValue(c, lang.Sprintf("%.3f×", shares[0]), BarRect(l, len(shares), 0, shares[0], axisMax), nil)
}

// Bars draws the result's loads as the look asks: this seed's nodes, or
// the 20-seed ranking.
func Bars(c Canvas, res *sim.Result) {
	if c.Look().Average {
		RankedBars(c, res)
		return
	}
	NodeBars(c, &res.Ring)
}

// ConcealedBars keeps the axes but hides the loads until the reveal.
func ConcealedBars(c Canvas) {
	l, pal := c.Layout(), c.Palette()
	BarsLabel(c, lang.T("Load per node: hidden until the class has predicted"), lang.T("Load per node: hidden for now"))
	plot := l.Bars
	c.Frame(plot, max(1, l.Scale), pal.Grid)
	c.Text("?", Big, plot.CenterX(), plot.CenterY(), Center, pal.Muted)
}
