package view

import (
	"vnodes/assets/lang"
	"vnodes/sim"
)

// Model is what the person has asked for: the settings and how far the
// class is in the lesson, plus the display modes that do not change the
// simulation. The app applies every key press and button click to it as an
// Intent; the app then simulates and draws whatever the Model says.
type Model struct {
	Views       *Registry
	Want        Settings // what the controls ask for (always clamped)
	Lesson      Progress
	AverageView bool // bars show the mean of 20 seeds, busiest first
	ShowHelp    bool // the keyboard overlay is up
}

// NewModel starts from settings (clamped here) with no lesson progress.
func NewModel(r *Registry, s Settings) Model {
	return Model{Views: r, Want: r.Clamp(s), Lesson: NoProgress()}
}

// Concealed: the class has not seen the answer of this lesson step yet, so
// the figures that answer it stay hidden.
func (m *Model) Concealed() bool { return m.Want.Step > 0 && !m.Lesson.Revealed }

// Apply carries out one intent. ActionFullscreen is the platform's: Apply
// leaves it alone.
func (m *Model) Apply(in Intent) {
	switch in.Action {
	case ActionVUp:
		m.stepV(+1, in.Fine)
	case ActionVDown:
		m.stepV(-1, in.Fine)
	case ActionNodesUp:
		m.change(func(s *Settings) {
			if s.Nodes < MaxStepperNodes {
				s.Nodes++
			}
		})
	case ActionNodesDown:
		m.change(func(s *Settings) { s.Nodes-- })
	case ActionSeed:
		m.change(func(s *Settings) { s.Seed = in.Value })
	case ActionSeedNext:
		m.change(func(s *Settings) { s.Seed = (s.Seed + 1) % Seeds })
	case ActionSeedPrev:
		m.change(func(s *Settings) { s.Seed = (s.Seed + Seeds - 1) % Seeds })
	case ActionSetV:
		m.change(func(s *Settings) { s.V = in.Value })
	case ActionChart:
		m.change(func(s *Settings) { s.Chart = 1 - s.Chart })
	case ActionOverlay:
		m.change(func(s *Settings) { s.Overlay = (s.Overlay + 1) % 3 })
	case ActionSetNodes:
		m.change(func(s *Settings) { s.Nodes = in.Value })
	case ActionSetAssign:
		m.change(func(s *Settings) { s.Assign = sim.Assignment(in.Value) })
	case ActionAdvance:
		m.advance()
	case ActionAverage:
		m.AverageView = !m.AverageView
	case ActionLesson:
		if m.Want.Step > 0 {
			m.goToStep(0)
		} else {
			m.goToStep(1)
		}
	case ActionTheme:
		m.change(func(s *Settings) { s.Theme = s.Theme.Next() })
	case ActionLanguage: // Text names it; "" is the next after the one shown
		if in.Text == "" {
			from := m.Want.Lang // the one asked for last, which may still be loading
			if from == "" {
				from = lang.Current()
			}
			in.Text = lang.Next(from)
		}
		if tag, ok := lang.Match(in.Text); ok {
			m.change(func(s *Settings) { s.Lang = tag })
		}
	case ActionZoom:
		m.change(func(s *Settings) { s.Zoom = NextZoom(s.ZoomFactor(), in.Value) })
	case ActionReset:
		s := m.Views.Default()
		s.Theme, s.Zoom, s.Lang = m.Want.Theme, m.Want.Zoom, m.Want.Lang // how the room sees it, and its language, stay
		*m = NewModel(m.Views, s)
	case ActionHelp:
		m.ShowHelp = !m.ShowHelp
	case ActionCloseHelp:
		m.ShowHelp = false
	case ActionChoose:
		m.Lesson.Choice, m.Lesson.Typed = in.Value, ""
	case ActionTypeGuess:
		m.Lesson.Typed = in.Text
		if in.Text != "" {
			m.Lesson.Choice = -1
		}
	case ActionStepBack:
		m.goToStep(m.Want.Step - 1)
	case ActionGoToStep:
		m.goToStep(in.Value)
	case ActionMode:
		m.open(in.Value)
	case ActionToggleMode:
		if m.Views.Index(m.Want.View) == in.Value {
			m.open(0)
		} else {
			m.open(in.Value)
		}
	case ActionView:
		v, ok := m.Views.ByID(in.View)
		if !ok {
			return
		}
		m.change(func(s *Settings) {
			if s.View.ID() != v.ID() {
				*s = s.WithView(v)
			}
			s.View = s.View.Apply(in, *s)
		})
	case ActionTry:
		if m.Want.Step > 0 && m.Lesson.Revealed {
			if try := m.Views.Lesson()[m.Want.Step-1].Try; try != nil {
				m.change(func(s *Settings) { s.View = try.View })
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
	m.change(func(s *Settings) {
		if s.View.ID() != views[i].ID() {
			s.View = views[i]
		}
	})
}

// change edits the wanted settings and clamps the result: the one way
// controls, keys and links change what is shown.
func (m *Model) change(edit func(s *Settings)) {
	s := m.Want
	edit(&s)
	m.Want = m.Views.Clamp(s)
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
	m.change(func(s *Settings) {
		switch {
		case fine && dir > 0 && s.V >= MaxSliderV:
			// −/+ and Shift+arrows stop at the slider's top; a link may go further
		case fine:
			s.V += dir
		case dir > 0:
			s.V = NextPowerOfTwo(s.V)
		default:
			s.V = PrevPowerOfTwo(s.V)
		}
	})
}

func (m *Model) goToStep(step int) {
	step = min(max(step, 0), len(m.Views.Lesson()))
	if step == 0 {
		m.change(func(s *Settings) { s.Step = 0 })
	} else {
		m.Want = m.Views.StepSettings(step, m.Want.Theme)
	}
	m.Lesson = NoProgress()
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
	case m.Want.Step < len(m.Views.Lesson()):
		m.goToStep(m.Want.Step + 1)
	}
}
