package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"vnodes/sim/view"
)

// lessonState is where the class is within the current step.
type lessonState struct {
	revealed bool
	choice   int    // the chosen prediction, -1 for none
	typed    string // a number typed as the prediction
}

func (g *Game) goToStep(step int) {
	step = min(max(step, 0), len(view.Lesson))
	if step == 0 {
		g.change(func(s *view.Settings) { s.Step = 0 })
	} else {
		g.want = view.StepSettings(step, g.want.Theme)
	}
	g.lesson = lessonState{choice: -1}
	g.averageView = false
}

func (g *Game) toggleLesson() {
	if g.want.Step > 0 {
		g.goToStep(0)
	} else {
		g.goToStep(1)
	}
}

// lessonAdvance is Space, →, a presenter's clicker: reveal first, then
// move on; at the last step it stays put.
func (g *Game) lessonAdvance() {
	switch {
	case g.want.Step == 0:
	case !g.lesson.revealed:
		g.reveal()
	case g.want.Step < len(view.Lesson):
		g.goToStep(g.want.Step + 1)
	}
}

// lessonRetreat is ←: back one step (not below the first).
func (g *Game) lessonRetreat() {
	if g.want.Step > 1 {
		g.goToStep(g.want.Step - 1)
	}
}

// reveal shows the answer. The bars switch to the 20-seed ranked view so
// that they show the same figure as the card (A switches back).
func (g *Game) reveal() {
	g.lesson.revealed = true
	g.averageView = true
}

// concealed: the class has not seen the answer of this step yet.
func (g *Game) concealed() bool { return g.want.Step > 0 && !g.lesson.revealed }

// measuredText is the measurement that answers the step's question, for
// the figures on screen now (the teacher may have moved V since).
func (g *Game) measuredText() string {
	avg := g.result.Average
	return fmt.Sprintf("Measured at V = %d, mean of seeds 0–%d:\nbusiest node %.3f× its fair share\nCV %.3f · CV·√V %.3f",
		g.shown.V, view.Seeds-1, avg.Imbalance, avg.CV, avg.CV*math.Sqrt(float64(g.shown.V)))
}

// predictionText restates what the class predicted and how it compares.
// A chosen answer is judged only on the step's own settings; a typed number
// is set against the figure the question asks about.
func (g *Game) predictionText(step view.LessonStep) string {
	onStep := g.shown.V == step.V && g.shown.Nodes == view.Default().Nodes && g.shown.Assign == view.Default().Assign
	switch {
	case g.lesson.choice >= 0 && g.lesson.choice < len(step.Choices):
		verdict := ""
		switch {
		case !onStep:
		case g.lesson.choice == step.Best:
			verdict = " (right)"
		default:
			verdict = fmt.Sprintf(" (the measurement points to %q)", step.Choices[step.Best])
		}
		return fmt.Sprintf("Your prediction: %s%s.", step.Choices[g.lesson.choice], verdict)
	case strings.TrimSpace(g.lesson.typed) != "":
		typed := strings.TrimSpace(g.lesson.typed)
		x, err := strconv.ParseFloat(typed, 64)
		if err != nil {
			return fmt.Sprintf("Your prediction: %q.", view.Shorten(typed))
		}
		switch step.Measure {
		case view.MeasureImbalance:
			return fmt.Sprintf("Your guess: %g× · measured %.3f× (%s).", x, g.result.Average.Imbalance, offBy(x, g.result.Average.Imbalance))
		case view.MeasureCV:
			return fmt.Sprintf("Your guess: CV %g · measured %.3f (%s).", x, g.result.Average.CV, offBy(x, g.result.Average.CV))
		}
		return fmt.Sprintf("Your guess: %g.", x)
	}
	return "No prediction made."
}

// offBy says how far a guess is from the measurement, in words.
func offBy(guess, measured float64) string {
	rel := (guess - measured) / measured
	switch {
	case math.Abs(rel) <= 0.1:
		return "close"
	case rel > 0:
		return fmt.Sprintf("%.0f%% too high", 100*rel)
	default:
		return fmt.Sprintf("%.0f%% too low", -100*rel)
	}
}
