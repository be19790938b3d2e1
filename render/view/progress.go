package view

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"vnodes/sim"
)

// Progress is where the class is within the current lesson step.
type Progress struct {
	Revealed bool
	Choice   int    // the chosen prediction, -1 for none
	Typed    string // a number typed as the prediction
}

// NoProgress is a step nobody has answered yet.
func NoProgress() Progress { return Progress{Choice: -1} }

// MeasuredText is the measurement that answers a step's question, for the
// figures on screen now (the teacher may have moved V since).
func MeasuredText(shown Settings, avg sim.Average) string {
	return fmt.Sprintf("Measured at V = %d, mean of seeds 0–%d:\nbusiest node %.3f× its fair share\nCV %.3f · CV·√V %.3f",
		shown.V, Seeds-1, avg.Imbalance, avg.CV, avg.CV*math.Sqrt(float64(shown.V)))
}

// PredictionText restates what the class predicted and how it compares.
// A chosen answer is judged only on the step's own settings; a typed number
// is set against the figure the question asks about.
func PredictionText(step LessonStep, p Progress, shown Settings, avg sim.Average) string {
	onStep := shown.V == step.V && shown.Nodes == Default().Nodes && shown.Assign == Default().Assign
	switch {
	case p.Choice >= 0 && p.Choice < len(step.Choices):
		verdict := ""
		switch {
		case !onStep:
		case p.Choice == step.Best:
			verdict = " (right)"
		default:
			verdict = fmt.Sprintf(" (the measurement points to %q)", step.Choices[step.Best])
		}
		return fmt.Sprintf("Your prediction: %s%s.", step.Choices[p.Choice], verdict)
	case strings.TrimSpace(p.Typed) != "":
		typed := strings.TrimSpace(p.Typed)
		x, err := strconv.ParseFloat(typed, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Sprintf("Your prediction: %q.", Shorten(typed))
		}
		switch step.Measure {
		case MeasureImbalance:
			return fmt.Sprintf("Your guess: %g× · measured %.3f× (%s).", x, avg.Imbalance, OffBy(x, avg.Imbalance))
		case MeasureCV:
			return fmt.Sprintf("Your guess: CV %g · measured %.3f (%s).", x, avg.CV, OffBy(x, avg.CV))
		}
		return fmt.Sprintf("Your guess: %g.", x)
	}
	return "No prediction made."
}

// OffBy says how far a guess is from the measurement, in words.
func OffBy(guess, measured float64) string {
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

// LessonText is what the lesson card says now, or "" outside the lesson.
func (m *Model) LessonText(shown Settings, avg sim.Average) string {
	if m.Want.Step == 0 {
		return ""
	}
	step := Lesson[m.Want.Step-1]
	if !m.Lesson.Revealed {
		return step.Title + "\n" + step.Question
	}
	return step.Title + "\n" + PredictionText(step, m.Lesson, shown, avg) + "\n" + MeasuredText(shown, avg) + "\n" + step.Explain
}
