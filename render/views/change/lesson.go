package change

import (
	"vnodes/render/view"
	"vnodes/sim"
)

// Steps are the lesson's steps about a node joining: with one range each,
// then with 256.
func (View) Steps() []view.LessonStep {
	return []view.LessonStep{
		{
			Title:    "A node joins (one range each)",
			V:        1,
			View:     View{Kind: sim.Join},
			Question: "An eleventh node joins the ten, with one random token of its own. How much of the data moves to it, and from how many nodes?",
			Choices:  []string{"about a tenth, all from one node", "about a tenth, a little from every node", "about half of it", "nearly all of it"},
			Best:     0,
			Explain:  "The newcomer's one token falls inside one old range and takes the part after it: one neighbour pays for everything, and the newcomer may get a sliver or a giant. On average that is 1/11 of the ring, far less than hash mod N, which moves 10/11 of the keys.",
			Measure:  view.MeasureView,
		},
		{
			Title:    "A node joins (256 ranges each)",
			V:        256,
			View:     View{Kind: sim.Join},
			Question: "Now every node owns 256 ranges and the newcomer brings 256 tokens. How much of the data moves, and from whom?",
			Choices:  []string{"about a tenth, all from one node", "about a tenth, a little from every node", "about half of it", "nearly all of it"},
			Best:     1,
			Explain:  "With many tokens the newcomer takes many small pieces, a little from every node, and lands near its fair share: 1/11 of the ring moves, and every old node gives about the same. That is the second half of the case for virtual nodes.",
			Measure:  view.MeasureView,
		},
	}
}
