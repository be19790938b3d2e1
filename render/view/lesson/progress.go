package lesson

import (
	"math"
	"strconv"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/view"
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
func MeasuredText(s view.Settings, shown view.Shown, step Step) string {
	head := lang.Sprintf("Measured at V = %d, mean of seeds 0–%d:", s.V, view.Seeds-1) + "\n"
	if shown == nil {
		return head
	}
	if f, ok := viewFigure(s, shown, step); ok {
		return head + f.Text
	}
	a := shown.Sim().Average
	return head + lang.Sprintf("busiest node %.3f× its fair share\nCV %.3f · CV·√V %.3f",
		a.Imbalance, a.CV, a.CV*math.Sqrt(float64(s.V)))
}

// viewFigure is the view's own figure, when the step asks about it and
// its view is the one shown.
func viewFigure(s view.Settings, shown view.Shown, step Step) (view.Figure, bool) {
	if step.Measure != MeasureView || s.View == nil || step.View == nil || s.View.ID() != step.View.ID() {
		return view.Figure{}, false
	}
	return view.MeasuredOf(shown, step.Asks)
}

// measured is the figure a typed guess is set against, and its unit.
func measured(s view.Settings, shown view.Shown, step Step) (x float64, unit string, ok bool) {
	if shown == nil {
		return 0, "", false
	}
	switch step.Measure {
	case MeasureImbalance:
		return shown.Sim().Average.Imbalance, "×", true
	case MeasureCV:
		return shown.Sim().Average.CV, "", true
	}
	f, ok := viewFigure(s, shown, step)
	return f.Value, f.Unit, ok
}

// stepNodes is the cluster step opens with.
func stepNodes(r *view.Registry, step Step) int {
	if step.Nodes == 0 {
		return r.Default().Nodes
	}
	return step.Nodes
}

// Off says whether and how the screen has left a step's settings.
type Off uint8

const (
	OnStep     Off = iota // the step's own nodes, V and dealing of the tokens
	OffSize               // other nodes or another V
	OffDealing            // the tokens dealt the other way (whatever the nodes and V)
)

// OffOf is how s has left step's settings.
func OffOf(r *view.Registry, step Step, s view.Settings) Off {
	switch {
	case s.Assign != step.Assign:
		return OffDealing
	case s.Nodes != stepNodes(r, step) || s.V != step.V:
		return OffSize
	}
	return OnStep
}

// OffStep says what the step is set for when a link or the class has
// moved the screen's nodes, V or dealing of the tokens away from it: the
// step's title and question speak of its own settings, and would
// otherwise be read as the screen's. "" on them. It names none of the
// screen's figures (those are on screen), so that a drag along V leaves
// it as it is.
func OffStep(r *view.Registry, step Step, s view.Settings) string {
	nodes := stepNodes(r, step)
	switch OffOf(r, step, s) {
	case OffDealing:
		if step.Assign == sim.Random {
			return lang.Sprintf(lang.Plural(nodes, "This step is set for %d node with tokens dealt at random, and V = %d; the screen now shows other settings.",
				"This step is set for %d nodes with tokens dealt at random, and V = %d; the screen now shows other settings."), nodes, step.V)
		}
		return lang.Sprintf(lang.Plural(nodes, "This step is set for %d node with tokens dealt round-robin, and V = %d; the screen now shows other settings.",
			"This step is set for %d nodes with tokens dealt round-robin, and V = %d; the screen now shows other settings."), nodes, step.V)
	case OffSize:
		return lang.Sprintf(lang.Plural(nodes, "This step is set for %d node and V = %d; the screen now shows other settings.",
			"This step is set for %d nodes and V = %d; the screen now shows other settings."), nodes, step.V)
	}
	return ""
}

// PredictionText restates what the class predicted and how it compares.
// A chosen answer is judged only on the step's own settings; a typed number
// is set against the figure the question asks about.
func PredictionText(r *view.Registry, step Step, p Progress, s view.Settings, shown view.Shown) string {
	onStep := OffOf(r, step, s) == OnStep && s.View == step.View
	switch {
	case p.Choice >= 0 && p.Choice < len(step.Choices):
		choice := step.Choices[p.Choice]
		switch {
		case !onStep:
			return lang.Sprintf("Your prediction: %s.", choice)
		case p.Choice == step.Best:
			return lang.Sprintf("Your prediction: %s (right).", choice)
		default:
			return lang.Sprintf("Your prediction: %s (the measurement points to %q).", choice, step.Choices[step.Best])
		}
	case strings.TrimSpace(p.Typed) != "":
		typed := strings.TrimSpace(p.Typed)
		x, ok := parseGuess(typed)
		if !ok {
			return lang.Sprintf("Your prediction: %s.", view.Quote(typed))
		}
		if got, unit, ok := measured(s, shown, step); ok {
			return lang.Sprintf("Your guess: %g%s · measured %.3f%s (%s).", x, unit, got, unit, OffBy(x, got))
		}
		return lang.Sprintf("Your guess: %g.", x)
	}
	return lang.T("No prediction made.")
}

// parseGuess reads a typed number; in a language that writes a decimal
// comma, 1,4 as well as 1.4.
func parseGuess(typed string) (float64, bool) {
	x, err := strconv.ParseFloat(typed, 64)
	if err != nil && lang.Num(".") != "." && strings.Count(typed, ",") == 1 && !strings.Contains(typed, ".") {
		x, err = strconv.ParseFloat(strings.Replace(typed, ",", ".", 1), 64)
	}
	return x, err == nil && !math.IsNaN(x) && !math.IsInf(x, 0)
}

// OffBy says how far a guess is from the measurement, in words ("close"
// here means near: translate it so).
func OffBy(guess, measured float64) string {
	rel := (guess - measured) / measured
	switch {
	case math.Abs(rel) <= 0.1:
		return lang.T("close")
	case rel > 0:
		return lang.Sprintf("%.0f%% too high", 100*rel)
	default:
		return lang.Sprintf("%.0f%% too low", -100*rel)
	}
}

// CardText is what the card of step (counted from 1; 0 outside the
// lesson) says now, with the class's progress p and the figures on screen.
func CardText(r *view.Registry, step int, p Progress, s view.Settings, shown view.Shown) string {
	if step == 0 {
		return ""
	}
	st := Of(r)[step-1]
	head := st.Title + "\n"
	if off := OffStep(r, st, s); off != "" {
		head += off + "\n"
	}
	if !p.Revealed {
		return head + st.Asked()
	}
	return head + PredictionText(r, st, p, s, shown) + "\n" + MeasuredText(s, shown, st) + "\n" + st.Explain
}
