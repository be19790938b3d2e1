package change

import (
	"vnodes/assets/lang"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// joinChoices are the answers both join steps offer, translated.
func joinChoices() []string {
	return []string{
		lang.T("about a tenth, all from one node"),
		lang.T("about a tenth, a little from every node"),
		lang.T("about half of it"),
		lang.T("nearly all of it"),
	}
}

// joinStep is a lesson step in which an eleventh node joins ten with V
// tokens each.
func joinStep(title string, v int, question string, best int, explain string) lesson.Step {
	return lesson.Step{Title: title, V: v, View: View{Kind: sim.Join}, Question: question,
		Choices: joinChoices(), Best: best, Explain: explain, Measure: lesson.MeasureView}
}

// Steps are the lesson's steps about a node joining: with one range each,
// then with 256.
func (View) Steps() []lesson.Step {
	return []lesson.Step{
		joinStep(lang.T("A node joins (one range each)"), 1,
			lang.T("An eleventh node joins the ten, with one random token of its own. How much of the data moves to it, and from how many nodes?"), 0,
			lang.T("The newcomer's one token falls inside one old range and takes the part after it: one neighbour pays for everything, and the newcomer may get a sliver or a giant. On average that is 1/11 of the ring, far less than hash mod N, which moves 10/11 of the keys.")),
		joinStep(lang.T("A node joins (256 ranges each)"), 256,
			lang.T("Now every node owns 256 ranges and the newcomer brings 256 tokens. How much of the data moves, and from whom?"), 1,
			lang.T("With many tokens the newcomer takes many small pieces, a little from every node, and lands near its fair share: 1/11 of the ring moves, and every old node gives a little. That is the second half of the case for virtual nodes.")),
	}
}
