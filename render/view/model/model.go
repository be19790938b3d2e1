// Package model is what the person has asked for, changed only by
// intents: the settings, where the class is in the lesson, and the display
// modes that do not change the simulation; with the keys that ask for
// them and what a reset changed.
package model

import (
	"fmt"
	"strings"
	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/sim"
)

// Model is what the person has asked for: the settings and how far the
// class is in the lesson, plus the display modes that do not change the
// simulation. The app applies every key press and button click to it as an
// view.Intent; the app then simulates and draws whatever the Model says.
type Model struct {
	Views       *view.Registry
	Want        view.Settings // what the controls ask for (always clamped)
	Lesson      lesson.Progress
	AverageView bool // bars show the mean of 20 seeds, busiest first
	ShowHelp    bool // the keyboard overlay is up
}

// NewModel starts from settings (clamped here) with no lesson progress.
func NewModel(r *view.Registry, s view.Settings) Model {
	return Model{Views: r, Want: lesson.Clamp(r, s), Lesson: lesson.NoProgress()}
}

// Concealed: the class has not seen the answer of this lesson step yet, so
// the figures that answer it stay hidden.
func (m *Model) Concealed() bool { return m.Want.Step > 0 && !m.Lesson.Revealed }

// Apply carries out one intent. view.ActionFullscreen is the platform's: Apply
// leaves it alone.
func (m *Model) Apply(in view.Intent) {
	switch in.Action {
	case view.ActionVUp:
		m.stepV(+1, in.Fine)
	case view.ActionVDown:
		m.stepV(-1, in.Fine)
	case view.ActionNodesUp:
		m.change(func(s *view.Settings) {
			if s.Nodes < view.MaxStepperNodes {
				s.Nodes++
			}
		})
	case view.ActionNodesDown:
		m.change(func(s *view.Settings) { s.Nodes-- })
	case view.ActionSeed:
		m.change(func(s *view.Settings) { s.Seed = in.Value })
	case view.ActionSeedNext:
		m.change(func(s *view.Settings) { s.Seed = (s.Seed + 1) % view.Seeds })
	case view.ActionSeedPrev:
		m.change(func(s *view.Settings) { s.Seed = (s.Seed + view.Seeds - 1) % view.Seeds })
	case view.ActionSetV:
		m.change(func(s *view.Settings) { s.V = in.Value })
	case view.ActionChart:
		m.change(func(s *view.Settings) { s.Chart = 1 - s.Chart })
	case view.ActionOverlay:
		m.change(func(s *view.Settings) { s.Overlay = (s.Overlay + 1) % 3 })
	case view.ActionSetNodes:
		m.change(func(s *view.Settings) { s.Nodes = in.Value })
	case view.ActionSetAssign:
		m.change(func(s *view.Settings) { s.Assign = sim.Assignment(in.Value) })
	case view.ActionAdvance:
		m.advance()
	case view.ActionAverage:
		m.AverageView = !m.AverageView
	case view.ActionLesson:
		if m.Want.Step > 0 {
			m.goToStep(0)
		} else {
			m.goToStep(1)
		}
	case view.ActionTheme:
		m.change(func(s *view.Settings) { s.Theme = s.Theme.Next() })
	case view.ActionLanguage: // Text names it; "" is the next after the one shown
		if in.Text == "" {
			from := m.Want.Lang // the one asked for last, which may still be loading
			if from == "" {
				from = lang.Current()
			}
			in.Text = lang.Next(from)
		}
		if tag, ok := lang.Match(in.Text); ok {
			m.change(func(s *view.Settings) { s.Lang = tag })
		}
	case view.ActionZoom:
		m.change(func(s *view.Settings) { s.Zoom = view.NextZoom(s.ZoomFactor(), in.Value) })
	case view.ActionReset:
		s := m.Views.Default()
		s.Theme, s.Zoom, s.Lang = m.Want.Theme, m.Want.Zoom, m.Want.Lang // how the room sees it, and its language, stay
		*m = NewModel(m.Views, s)
	case view.ActionHelp:
		m.ShowHelp = !m.ShowHelp
	case view.ActionCloseHelp:
		m.ShowHelp = false
	case view.ActionChoose:
		m.Lesson.Choice, m.Lesson.Typed = in.Value, ""
	case view.ActionTypeGuess:
		m.Lesson.Typed = in.Text
		if in.Text != "" {
			m.Lesson.Choice = -1
		}
	case view.ActionStepBack:
		m.goToStep(m.Want.Step - 1)
	case view.ActionGoToStep:
		m.goToStep(in.Value)
	case view.ActionMode:
		m.open(in.Value)
	case view.ActionToggleMode:
		if m.Views.Index(m.Want.View) == in.Value {
			m.open(0)
		} else {
			m.open(in.Value)
		}
	case view.ActionView:
		v, ok := m.Views.ByID(in.View)
		if !ok {
			return
		}
		m.change(func(s *view.Settings) {
			if s.View.ID() != v.ID() {
				*s = s.WithView(v)
			}
			if a, ok := s.View.(view.Applier); ok {
				s.View = a.Apply(in, *s)
			}
		})
	case view.ActionTry:
		if m.Want.Step > 0 && m.Lesson.Revealed {
			if try := lesson.Of(m.Views)[m.Want.Step-1].Try; try != nil {
				m.change(func(s *view.Settings) { s.View = try.View })
			}
		}
	}
}

// open shows the view at place i of the registry, with its own defaults,
// unless it is already showing.
func (m *Model) open(i int) {
	views := m.Views.Views()
	if i < 0 || i >= len(views) {
		return
	}
	m.change(func(s *view.Settings) {
		if s.View.ID() != views[i].ID() {
			s.View = views[i]
		}
	})
}

// change edits the wanted settings and clamps the result: the one way
// controls, keys and links change what is shown.
func (m *Model) change(edit func(s *view.Settings)) {
	s := m.Want
	edit(&s)
	m.Want = lesson.Clamp(m.Views, s)
}

// stepV moves V by powers of two (or by one with Shift); in the lesson the
// arrows move between steps instead, so a presenter's clicker works.
func (m *Model) stepV(dir int, fine bool) {
	if m.Want.Step > 0 && !fine {
		if dir > 0 {
			m.advance()
		} else if m.Want.Step > 1 {
			m.goToStep(m.Want.Step - 1)
		}
		return
	}
	m.change(func(s *view.Settings) {
		switch {
		case fine && dir > 0 && s.V >= view.MaxSliderV:
			// −/+ and Shift+arrows stop at the slider's top; a link may go further
		case fine:
			s.V += dir
		case dir > 0:
			s.V = view.NextPowerOfTwo(s.V)
		default:
			s.V = view.PrevPowerOfTwo(s.V)
		}
	})
}

func (m *Model) goToStep(step int) {
	step = min(max(step, 0), lesson.Len(m.Views))
	if step == 0 {
		m.change(func(s *view.Settings) { s.Step = 0 })
	} else {
		m.Want = lesson.Settings(m.Views, step, m.Want.Theme)
	}
	m.Lesson = lesson.NoProgress()
	m.AverageView = false
}

// advance is Space, →, a presenter's clicker: reveal first, then move on;
// at the last step it stays put.
func (m *Model) advance() {
	switch {
	case m.Want.Step == 0:
	case !m.Lesson.Revealed:
		// The bars switch to the 20-seed ranking so that they show the same
		// figure as the card (A switches back).
		m.Lesson.Revealed = true
		m.AverageView = true
	case m.Want.Step < lesson.Len(m.Views):
		m.goToStep(m.Want.Step + 1)
	}
}

// OffStep is what the lesson card says when the screen has left the
// current step's settings ("" on them, and outside the lesson).
func (m *Model) OffStep() string {
	if m.Want.Step == 0 {
		return ""
	}
	return lesson.OffStep(m.Views, lesson.Of(m.Views)[m.Want.Step-1], m.Want)
}

// Off is how the screen has left the current step's settings (OnStep
// outside the lesson): what OffStep says follows from it, without a text
// made each time it is asked.
func (m *Model) Off() lesson.Off {
	if m.Want.Step == 0 {
		return lesson.OnStep
	}
	return lesson.OffOf(m.Views, lesson.Of(m.Views)[m.Want.Step-1], m.Want)
}

// LessonText is what the lesson card says now, or "" outside the lesson.
func (m *Model) LessonText(s view.Settings, shown view.Shown) string {
	return lesson.CardText(m.Views, m.Want.Step, m.Lesson, s, shown)
}

// ResetNotice says what a reset from before to the start changed, and
// that nothing did when nothing had.
func ResetNotice(r *view.Registry, before view.Settings) string {
	start := r.Default()
	var changed []string
	add := func(differ bool, text string) {
		if differ {
			changed = append(changed, text)
		}
	}
	add(before.Step > 0, lang.T("left the lesson"))
	if before.View != nil && before.View.ID() != start.View.ID() {
		add(true, lang.Sprintf("the %s view → %s", lang.T(before.View.Name()), lang.T(start.View.Name())))
	} else {
		add(before.View != nil && before.View != start.View, lang.T("the view's settings"))
	}
	add(before.V != start.V, lang.Sprintf("V %d → %d", before.V, start.V))
	add(before.Nodes != start.Nodes, lang.Sprintf("%d → %s", before.Nodes, panel.Nodes(start.Nodes)))
	add(before.Seed != start.Seed, lang.Sprintf("seed %d → %d", before.Seed, start.Seed))
	add(before.Assign != start.Assign, fmt.Sprintf("%s → %s", panel.AssignLabel(before.Assign), panel.AssignLabel(start.Assign)))
	add(before.Chart != start.Chart || before.Overlay != start.Overlay, lang.T("the chart"))
	if len(changed) == 0 {
		return lang.Sprintf("Already at the start: V = %d, %s, seed %d.", start.V, panel.Nodes(start.Nodes), start.Seed)
	}
	return lang.Sprintf("Reset: %s.", strings.Join(changed, ", "))
}
