package spread

import (
	"sync"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// cvAtSixteen is the figure the V = 256 question starts from: the mean CV
// of ten nodes with 16 ranges each (the step before).
var cvAtSixteen = sync.OnceValue(func() []any {
	res, err := sim.Run(sim.Params{Nodes: sim.DefaultNodes, V: 16, Seeds: view.Seeds})
	if err != nil {
		panic(err) // fixed, valid parameters
	}
	return []any{res.Average.CV}
})

// Steps are the lesson's steps about the spread: one range per node, then
// 16, then 256 and the 1/√V law, then why.
func (View) Steps() []lesson.Step {
	return []lesson.Step{
		{
			Title:    lang.T("One random range per node"),
			V:        1,
			View:     View{},
			Question: lang.T("Ten nodes each own one slice of the ring, cut at random points. Keys spread evenly, so a node's load is the size of its slice. How heavy is the busiest node, compared with a fair tenth?"),
			Choices:  []string{lang.T("about 1.2× its share"), lang.T("about 1.5× its share"), lang.T("about 2× its share"), lang.T("nearly 3× its share")},
			Best:     3,
			Explain:  lang.T("Random cuts do not give equal slices. With one slice each, a single draw decides a node's whole load, so some node nearly always ends up with a huge slice while another gets a sliver."),
			Measure:  lesson.MeasureImbalance,
		},
		{
			Title:    lang.T("Sixteen ranges per node (Cassandra)"),
			V:        16,
			View:     View{},
			Question: lang.T("Same ring, same random cuts, but now every node owns 16 small slices scattered around the ring. Where does the busiest node end up?"),
			Choices:  []string{lang.T("still nearly 3×"), lang.T("about 2×"), lang.T("about 1.4×"), lang.T("exactly 1.0×")},
			Best:     2,
			Explain:  lang.T("A node's load is now a sum of 16 widths. Its big and small slices partly cancel, so every node drifts towards its fair share. Not perfect, but the hot spot has shrunk a lot."),
			Measure:  lesson.MeasureImbalance,
		},
		{
			Title:    lang.T("256 ranges per node (ScyllaDB)"),
			V:        256,
			View:     View{},
			Question: lang.N("Sixteen times as many slices again. The spread of the loads (CV) was %.2f at V = 16. What happens to it now?"),
			Given:    cvAtSixteen,
			Choices:  []string{lang.T("it hardly changes"), lang.T("it halves"), lang.T("it falls to about a quarter"), lang.T("it falls to about a sixteenth")},
			Best:     2,
			Explain:  lang.T("Every 4× more slices halves the spread, so 16× more cuts it to a quarter. On the chart the measured line runs alongside the dashed 1/√V line: the spread falls like one over the square root of V."),
			Measure:  lesson.MeasureCV,
		},
		{
			Title:    lang.T("Why: adding up random widths"),
			V:        64,
			View:     View{},
			Question: lang.T("A node's load is the sum of V random widths. To halve the spread of the loads, how many more slices does each node need?"),
			Choices:  []string{lang.T("2× as many"), lang.T("4× as many"), lang.T("8× as many")},
			Best:     1,
			Explain:  lang.T("A node's load adds up V nearly independent widths (they must fill the ring: the N−1 of the exact law). Its mean grows like V, its standard deviation only like √V, so the CV shrinks like 1/√V and CV·√V (shown above) stays nearly constant: move V with the slider and watch it."),
			Measure:  lesson.MeasureNone,
		},
	}
}
