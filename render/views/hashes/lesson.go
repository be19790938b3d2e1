package hashes

import (
	"vnodes/assets/lang"
	"vnodes/render/view/lesson"
)

// Steps are the lesson's step about other ways to hash: jump hash is even
// without tokens, but its nodes are numbered 0 to N−1, so a node leaving
// from the middle leaves a gap that something must close. The measured
// lines give both ways' moves; the texts carry no figures. The steps are
// gathered once, when the views are registered: their texts are marked
// with lang.N and translated where the lesson shows them.
func (View) Steps() []lesson.Step {
	return []lesson.Step{
		{Title: lang.N("Other ways to hash: jump"), V: 16, View: View{Algo: Default.Algo, Placed: Default.Placed, Move: LeaveMove},
			Question: lang.N("Jump hash needs no tokens and numbers its nodes 0 to N−1. Node F, in the middle, leaves: either every node after F shifts down a number, or the last node takes F's number. Which way moves fewer keys?"),
			Choices:  []string{lang.N("shifting the rest"), lang.N("the last node into the gap"), lang.N("both the same")}, Best: 1,
			Explain: lang.N("Jump can only drop its last bucket. Shifting renumbers every node after F, so their keys move too: about half of all keys. " +
				"Moving the last node into F's number moves F's keys and part of the last node's: about two shares in N. " +
				"The ring and rendezvous move only F's share. Jump suits shards that are added or removed at the end, or renamed on purpose."),
			Measure: lesson.MeasureView, Asks: "leave",
			Try: &lesson.Try{Label: lang.N("rendezvous instead"), View: View{Algo: 2, Placed: Default.Placed, Move: LeaveMove}}},
	}
}
