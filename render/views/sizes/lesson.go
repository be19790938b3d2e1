package sizes

import (
	"vnodes/assets/lang"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// lessonView is the lesson's cluster: half the nodes old (size 1), half
// new and twice as big.
var lessonView = View{W: sim.FormatSizes(halves(sim.DefaultNodes, 2))}

// Steps are the lesson's step about capacity, after the joins: a node
// twice as big gets twice the tokens; is its load twice as large? The
// figures are the card's measured lines; the texts carry none.
func (View) Steps() []lesson.Step {
	return []lesson.Step{{
		Title: lang.N("Bigger machines (one token per unit of size)"), V: 1, Assign: sim.Random, View: lessonView,
		Question: lang.N("Five new machines join five old ones. Each is twice as big, so it gets twice the tokens: two random ranges where an old one has one. Does each new machine now carry twice an old one's load?"),
		Choices: []string{
			lang.N("yes, each one, already with so few tokens"),
			lang.N("only on average: any one machine may be far off, until there are many tokens per unit of size"),
			lang.N("no: the big ones carry less than twice, whatever V is"),
		},
		Best: 1,
		Explain: lang.N("Tokens in proportion to size are fair only on average: with few tokens each machine is far off, the small ones most. " +
			"A node's distance from fair falls like 1/√(its tokens); raise V (↑) to watch the bars close in. " +
			"So the smallest machine sets how many tokens per unit of size a cluster needs."),
		Measure: lesson.MeasureView, Asks: "sizes",
	}}
}
