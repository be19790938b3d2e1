package panel

import (
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
	c.Text(Fit(c, Small, room, translated(options)), Small, l.RingLabel.X, l.RingLabel.Y, TopLeft, c.Palette().Muted)
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

// RingLegendY is where a legend under the ring goes.
func RingLegendY(c Canvas) float64 {
	l := c.Layout()
	return l.Ring.Y + l.Ring.R + 14*l.Scale
}

// Predict writes the ring's centre while the lesson hides the answer.
func Predict(c Canvas) {
	l, pal := c.Layout(), c.Palette()
	x, y := l.Ring.X, l.Ring.Y
	c.Text("?", Big, x, y, Center, pal.Text)
	c.Text(lang.T("predict first"), Small, x, y+36*l.Scale, Center, pal.Muted)
}

// RingCentre writes in the ring's middle the focus node's load in fair
// shares: the busiest's, or the pointed node's.
func RingCentre(c Canvas, spec RingSpec) {
	l, pal, look := c.Layout(), c.Palette(), c.Look()
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
	x, y := l.Ring.X, l.Ring.Y
	c.Text(what, Small, x, y-38*l.Scale, Center, pal.NodeColor(node))
	c.Text(lang.Sprintf("%.2f×", r.Share(node)), Big, x, y, Center, pal.Text)
	c.Text(lang.T("its fair share"), Small, x, y+36*l.Scale, Center, pal.Muted)
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
