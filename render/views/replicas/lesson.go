package replicas

import (
	"vnodes/assets/lang"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// lessonNodes is the cluster the lesson's failure steps show: large enough
// for few tokens to spare most pairs of nodes down, which is where
// Cassandra's argument for 16 tokens holds (the card's figures set it
// beside 10 nodes, where they spare none).
const lessonNodes = 100

// Steps are the lesson's steps about copies and failures: how often two
// nodes down cost some keys their quorum with 256 tokens each, and whether
// more of the ring is down on average. Both deal the tokens at random, as
// real clusters do: dealt round-robin in ring order, every range's copies
// sit on neighbours and V changes nothing. Their figures are the card's
// measured lines, worked out by sim for the screen; the texts carry none.
// The steps are gathered once, when the views are registered: their texts
// are marked with lang.N and translated where the lesson shows them.
func (View) Steps() []lesson.Step {
	return []lesson.Step{
		{Title: lang.N("Copies and failures (100 nodes, 256 ranges each)"), V: 256, Nodes: lessonNodes, Assign: sim.Random, View: Default,
			Question: lang.N("Each range is kept on 3 of the 100 nodes, and 2 nodes fail at the same time. With 256 ranges per node, how likely is it that some keys can no longer be read or written by a majority of their copies?"),
			Choices:  []string{lang.N("rarely, under 10 %"), lang.N("about half the time"), lang.N("nearly every time")}, Best: 2,
			Explain: lang.N("With 256 ranges each, a node shares some range with nearly every other, so almost any 2 nodes down hold 2 of the 3 copies of something. " +
				"With 16 ranges each many pairs do no harm, and with one range nearly all; at 10 nodes every pair hurts at 16 as at 256 (the card's lines). " +
				"That is one reason Cassandra 4.0 went from 256 tokens to 16; cheaper repairs and streaming were others. " +
				"The other side: a dead node's many peers rebuild it together, so it is back sooner and a second failure has less time to strike."),
			Measure: lesson.MeasureView, Asks: "quorum",
			Try: &lesson.Try{Label: lang.N("3 nodes down"), View: View{RF: 3, Down: 3}}},
		{Title: lang.N("How much is down (100 nodes, 256 ranges each)"), V: 256, Nodes: lessonNodes, Assign: sim.Random, View: Default,
			Question: lang.N("Still 3 copies and 2 nodes down. Compared with one range per node, is more of the data unavailable on average with 256?"),
			Choices:  []string{lang.N("yes, much more"), lang.N("the same on average"), lang.N("less")}, Best: 1,
			Explain: lang.N("The average is the same at every V: any one range loses 2 of its 3 copies for the same share of the pairs, however the ranges lie. " +
				"V changes the shape of the outage: with one range each it is rare but takes a large piece of the ring; with 256, nearly every pair costs a sliver."),
			Measure: lesson.MeasureView, Asks: "down"},
	}
}
