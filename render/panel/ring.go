package panel

import (
	"image/color"
	"vnodes/assets/lang"
	"vnodes/sim"
)

// LaneNodes lists the node each of the ring's lanes shows, outermost
// first: every node, or past MaxLanes the node singled out and the one
// pointed at (-2 while none is: an empty lane, waiting for the pointer).
func LaneNodes(spec RingSpec, hover int) []int {
	r := spec.Ring
	if r.Nodes > MaxLanes {
		if hover < 0 {
			hover = -2
		}
		return []int{spec.Key, hover}
	}
	out := make([]int, r.Nodes)
	for i := range out {
		out[i] = i
	}
	return out
}

// FocusNode is the node drawn at full strength: the one pointed at, else
// the one singled out.
func FocusNode(spec RingSpec, hover int) int {
	if hover >= 0 {
		return hover
	}
	return spec.Key
}

// RingLabel writes what the band and the lanes show, above the ring, in
// the longest of options (longest first), each translated, that fits
// beside the bars' label.
func RingLabel(c Canvas, options []string) {
	l := c.Layout()
	room := l.BarsLabel.X - l.RingLabel.X - 12*l.Scale
	if l.Compact() { // the label has the column to itself
		room = l.RingLabel.W
	}
	// Where even the shortest wording is too long, it takes two lines:
	// there is room for them above the ring.
	s := Fit(c, Small, room, translated(options))
	if c.TextWidth(s, Small) <= room {
		c.Text(s, Small, l.RingLabel.X, l.RingLabel.Y, TopLeft, c.Palette().Muted)
		return
	}
	for i, line := range twoLines(c, s, room) {
		c.Text(line, Small, l.RingLabel.X, l.RingLabel.Y+float64(i)*20*l.Scale, TopLeft, c.Palette().Muted)
	}
}

// PlainRingLabel is RingLabel for a ring whose band and lanes show owners.
func PlainRingLabel(c Canvas, r *sim.Ring) {
	if r.Nodes > MaxLanes {
		RingLabel(c, []string{
			lang.Sprintf("Seed %d's ring: outer band = every range, lanes = busiest node, pointed node", r.Seed),
			lang.Sprintf("Seed %d: band = every range, lanes = busiest, pointed", r.Seed),
		})
		return
	}
	RingLabel(c, []string{
		lang.Sprintf("Seed %d's ring: outer band = every range, inner lanes = one node each", r.Seed),
		lang.Sprintf("Seed %d: band = every range, lanes = one node each", r.Seed),
	})
}

// RingLegendWidth is how wide a legend under the ring, from x, may be:
// to the bars' label beside the ring in the wide design, across the
// ring's column in a compact one.
func RingLegendWidth(c Canvas, x float64) float64 {
	l := c.Layout()
	right := l.Ring.X + l.Ring.R
	switch {
	case l.Compact():
		right = max(right, l.RingLabel.X+l.RingLabel.W)
	case !l.BarsLabel.Empty():
		right = max(right, l.BarsLabel.X-8*l.Scale)
	}
	return right - x
}

// RingLegendY is where a legend under the ring goes.
func RingLegendY(c Canvas) float64 {
	l := c.Layout()
	return l.Ring.Y + l.Ring.R + 14*l.Scale
}

// Predict writes the ring's centre while the lesson hides the answer.
func Predict(c Canvas) {
	CentreText(c, "", nil, "?", lang.T("predict first"))
}

// CentreText writes the ring's centre: a line above it in colour top (if
// any), a large figure, and a line below it. A ring too small for the
// lines (a compact layout's, on some pages) keeps the figure only, at a
// size its hole holds.
func CentreText(c Canvas, above string, top color.Color, big, below string) {
	l, pal := c.Layout(), c.Palette()
	x, y := l.Ring.X, l.Ring.Y
	if l.Ring.R < smallRing*l.Scale {
		c.Text(big, Heading, x, y, Center, pal.Text)
		return
	}
	if above != "" {
		c.Text(above, Small, x, y-38*l.Scale, Center, top)
	}
	c.Text(big, Big, x, y, Center, pal.Text)
	c.Text(below, Small, x, y+36*l.Scale, Center, pal.Muted)
}

// smallRing is the radius, in design pixels, under which the ring's hole
// holds only its figure.
const smallRing = 120

// RingCentre writes in the ring's middle the focus node's load in fair
// shares: the busiest's, or the pointed node's.
func RingCentre(c Canvas, spec RingSpec) {
	pal, look := c.Palette(), c.Look()
	r := spec.Ring
	if look.Concealed {
		Predict(c)
		return
	}
	node := FocusNode(spec, look.Hover)
	what := lang.Sprintf("seed %d: busiest node %s", r.Seed, sim.NodeName(node))
	if look.Hover >= 0 {
		what = lang.Sprintf("seed %d: node %s", r.Seed, sim.NodeName(node))
	}
	CentreText(c, what, pal.NodeColor(node), lang.Sprintf("%.2f×", r.Share(node)), lang.T("its fair share"))
}

// Header is the title and line under it of a ring of random ranges, the
// line in the longest wording that fits.
func Header(c Canvas, p sim.Params) (title, sub string) {
	// V itself is not in the line: the slider's label shows it, large, and
	// a line that changed with every step of a drag would be laid out anew
	// in every frame of it.
	return lang.T("Virtual nodes: why many small ranges even out the load"),
		FitHeader(c, []string{
			lang.Sprintf("%s on a ring of 2³² positions · each owns V random ranges · %s assignment", Nodes(p.Nodes), AssignLabel(p.Assign)),
			lang.Sprintf("%s · each owns V random ranges · %s assignment", Nodes(p.Nodes), AssignLabel(p.Assign)),
		})
}

// DimKeep is how much of its colour a node keeps in the band when another
// node has the focus.
const DimKeep = 0.45

// MovedKeep is the same in the band for what did not move while a change
// is shown: dimmer, since there the lit part is what the class must see
// at once. The lanes keep DimKeep, so each node's share still reads.
const MovedKeep = 0.25

// translated is each of texts in the current language (lang.T): wordings
// kept in data, to measure and write as they will be shown.
func translated(texts []string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = lang.T(s)
	}
	return out
}
