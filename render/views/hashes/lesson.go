package hashes

import (
	"vnodes/assets/lang"
	"vnodes/render/view"
)

// Steps are the lesson's step about other ways to hash: jump hash is even
// without tokens, but a node from the middle leaving renumbers the rest.
// The steps are gathered once, when the views are registered: their texts
// are marked with lang.N and translated where the lesson shows them.
func (View) Steps() []view.LessonStep {
	return []view.LessonStep{
		{Title: lang.N("Other ways to hash: jump"), V: 16, View: View{Algo: Default.Algo, Placed: Default.Placed, Move: LeaveMove},
			Question: lang.N("Jump hash needs no tokens at all and spreads 20,000 keys over ten nodes almost perfectly. Now node F, in the middle, leaves. What share of the keys move to another node?"),
			Choices:  []string{lang.N("about a tenth, F's keys"), lang.N("about a quarter"), lang.N("about half"), lang.N("nearly all")}, Best: 2,
			Explain: lang.N("Jump numbers its buckets 0 to N−1 and can only drop the last. When F goes, every node after it is renumbered, so their keys move too: about half of all keys. " +
				"The ring and rendezvous move only F's tenth. Jump suits shards that are only ever added or removed at the end."),
			Measure: view.MeasureView, Asks: "leave",
			Try: &view.Try{Label: lang.N("rendezvous instead"), View: View{Algo: 2, Placed: Default.Placed, Move: LeaveMove}}},
	}
}
