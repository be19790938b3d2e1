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

// Figures are the measurements a lesson card can quote: the 20-seed means
// of the spread, and of the view's own figures when it shows them.
type Figures struct {
	Average  sim.Average
	Change   *sim.ChangeMean // the join & leave view
	Requests *sim.Average    // the hot keys view
}

// MeasuredText is the measurement that answers a step's question, for the
// figures on screen now (the teacher may have moved V since).
func MeasuredText(shown Settings, f Figures, m Measure) string {
	head := fmt.Sprintf("Measured at V = %d, mean of seeds 0–%d:\n", shown.V, Seeds-1)
	switch {
	case m == MeasureMoved && f.Change != nil:
		c := f.Change
		return head + fmt.Sprintf("%.3f of the ring moved (the least possible: %.3f)\nfrom %.1f nodes · hash mod N would move %.3f",
			c.Moved, c.Ideal, c.Donors, c.ModN)
	case m == MeasureRequests && f.Requests != nil:
		return head + fmt.Sprintf("busiest node: requests %.3f× its fair share\n(data %.3f×) · request CV %.3f",
			f.Requests.Imbalance, f.Average.Imbalance, f.Requests.CV)
	}
	return head + fmt.Sprintf("busiest node %.3f× its fair share\nCV %.3f · CV·√V %.3f",
		f.Average.Imbalance, f.Average.CV, f.Average.CV*math.Sqrt(float64(shown.V)))
}

// measured is the figure a typed guess is set against, and its unit.
func measured(m Measure, f Figures) (x float64, unit string, ok bool) {
	switch {
	case m == MeasureImbalance:
		return f.Average.Imbalance, "×", true
	case m == MeasureCV:
		return f.Average.CV, "", true
	case m == MeasureMoved && f.Change != nil:
		return f.Change.Moved, " of the ring", true
	case m == MeasureRequests && f.Requests != nil:
		return f.Requests.Imbalance, "×", true
	}
	return 0, "", false
}

// PredictionText restates what the class predicted and how it compares.
// A chosen answer is judged only on the step's own settings; a typed number
// is set against the figure the question asks about.
func PredictionText(step LessonStep, p Progress, shown Settings, f Figures) string {
	start := Default()
	onStep := shown.V == step.V && shown.Nodes == start.Nodes && shown.Assign == start.Assign &&
		shown.Mode == step.Mode && shown.Change == step.Change && shown.Load == step.Load &&
		shown.Scheme == step.Scheme
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
			return fmt.Sprintf("Your prediction: %s.", Quote(typed))
		}
		if got, unit, ok := measured(step.Measure, f); ok {
			return fmt.Sprintf("Your guess: %g%s · measured %.3f%s (%s).", x, unit, got, unit, OffBy(x, got))
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
func (m *Model) LessonText(shown Settings, f Figures) string {
	if m.Want.Step == 0 {
		return ""
	}
	step := Lesson[m.Want.Step-1]
	if !m.Lesson.Revealed {
		return step.Title + "\n" + step.Question
	}
	return step.Title + "\n" + PredictionText(step, m.Lesson, shown, f) + "\n" + MeasuredText(shown, f, step.Measure) + "\n" + step.Explain
}
