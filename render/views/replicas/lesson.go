package replicas

import (
	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/sim"
)

// Steps are the lesson's steps about copies and failures: how often two
// nodes down cost some keys their quorum with 256 tokens each, and whether
// more of the ring is down on average. Both deal the tokens at random, as
// real clusters do: dealt round-robin in ring order, every range's copies
// sit on neighbours and V changes nothing. The steps are gathered once,
// when the views are registered: their texts are marked with lang.N and
// translated where the lesson shows them.
func (View) Steps() []view.LessonStep {
	return []view.LessonStep{
		{Title: lang.N("Copies and failures (256 ranges each)"), V: 256, Assign: sim.Random, View: Default,
			Question: lang.N("Each range is kept on 3 of the 10 nodes, and 2 nodes fail at the same time. With 256 ranges per node, how likely is it that some keys can no longer be read or written by a majority of their copies?"),
			Choices:  []string{lang.N("rarely, under 10 %"), lang.N("about half the time"), lang.N("nearly every time")}, Best: 2,
			Explain: lang.N("With 256 ranges each, every node shares some range with all 9 others, so any 2 nodes down hold 2 of the 3 copies of something: some keys lose their quorum every time. " +
				"With one range each, a node shares ranges with its 4 neighbours only, and 44 % of the pairs do harm. That is why Cassandra 4.0 went from 256 tokens to 16."),
			Measure: view.MeasureView, Asks: "quorum",
			Try: &view.Try{Label: lang.N("3 nodes down"), View: View{RF: 3, Down: 3}}},
		{Title: lang.N("How much is down (256 ranges each)"), V: 256, Assign: sim.Random, View: Default,
			Question: lang.N("Still 3 copies and 2 nodes down. Compared with one range per node, is more of the data unavailable on average with 256?"),
			Choices:  []string{lang.N("yes, much more"), lang.N("the same on average"), lang.N("less")}, Best: 1,
			Explain: lang.N("On average 6.7 % of the ring is down at every V: any one range loses 2 of its 3 copies for 3 of the 45 pairs, however the ranges lie. " +
				"V changes the shape of the outage: with one range each it is rare but can take 39 % of the ring; with 256, every pair costs a little, 8.5 % at worst."),
			Measure: view.MeasureView, Asks: "down"},
	}
}
