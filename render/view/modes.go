package view

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"vnodes/sim"
)

// Mode is what the app shows besides the spread of loads.
type Mode uint8

const (
	ModeSpread Mode = iota // the exercise: how evenly random ranges share the ring
	ModeChange             // a node joins, leaves or fails: which ranges move
	ModeLoad               // requests that are not uniform: hot keys and their fixes
	ModeTokens             // token schemes: random tokens against equal ranges and a greedy allocator
)

// modeNames are the modes' names on the tabs, in order.
var modeNames = []string{"spread", "join & leave", "hot keys", "tokens"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return modeNames[0]
}

// Modes lists every mode, in the order of the tabs.
func Modes() []Mode { return []Mode{ModeSpread, ModeChange, ModeLoad, ModeTokens} }

// ChangeParams are the simulation parameters of a join, leave or fail.
func (s Settings) ChangeParams() sim.ChangeParams {
	return sim.ChangeParams{Params: s.Params(), Kind: s.Change, Node: s.Leaver - 1}
}

// withKnobDefaults gives a workload's knobs for its kind and fix their
// defaults where they are unset (zero): when the view opens or the kind or
// fix changes.
func withKnobDefaults(w sim.Workload) sim.Workload {
	d := sim.DefaultWorkload()
	if w.Kind == sim.HotKey && w.Hot == 0 && w.Salt == 0 {
		w.Hot, w.Salt = d.Hot, d.Salt
	}
	if w.Kind == sim.Zipf && w.Zipf == 0 && w.Keys == 0 {
		w.Zipf, w.Keys = d.Zipf, d.Keys
	}
	if w.Fix == sim.Bounded && w.Eps == 0 {
		w.Eps = d.Eps
	}
	if w.Fix == sim.Replicate && w.Replicas == 0 {
		w.Replicas = d.Replicas
	}
	return w
}

// clampModes brings the mode's own settings into range and zeroes those of
// the other modes, so that equal views have equal settings (and links), and
// the zero Settings fields mean "not in this view".
func (s Settings) clampModes() Settings {
	if s.Mode > ModeTokens {
		s.Mode = ModeSpread
	}
	if s.Mode != ModeTokens || s.Scheme > sim.GreedyTokens {
		s.Scheme = sim.RandomTokens
	}
	if s.Chart > ChartLaw {
		s.Chart = ChartCV
	}
	if s.Overlay > OverlayAssign {
		s.Overlay = OverlayNone
	}
	if s.Mode == ModeChange {
		if s.Change == sim.NoChange || s.Change > sim.Fail {
			s.Change = sim.Join
		}
		if s.Change == sim.Join {
			s.Nodes = min(s.Nodes, MaxNodes-1) // the newcomer must fit
			s.Leaver = 0
		} else if s.Leaver < 0 || s.Leaver > s.Nodes {
			s.Leaver = 0
		}
	} else {
		s.Change, s.Leaver = sim.NoChange, 0
	}
	if s.Mode != ModeLoad {
		s.Load = sim.Workload{}
		return s
	}
	w := s.Load
	if w.Kind > sim.Zipf {
		w.Kind = sim.Uniform
	}
	if w.Fix > sim.Replicate || w.Kind == sim.Uniform {
		w.Fix = sim.NoFix // nothing to fix with uniform requests
	}
	w = withKnobDefaults(w).Clamp()
	w.Hot, w.Zipf, w.Eps = round2(w.Hot), round2(w.Zipf), round2(w.Eps) // knobs move in hundredths
	if w.Kind != sim.HotKey {
		w.Hot, w.Salt = 0, 0
	}
	if w.Kind != sim.Zipf {
		w.Zipf, w.Keys = 0, 0
	}
	if w.Fix != sim.Bounded {
		w.Eps = 0
	}
	if w.Fix != sim.Replicate {
		w.Replicas = 0
	}
	s.Load = w
	return s
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// parseModes reads the views' parameters: change= (and node=) opens the
// join & leave view, load= or fix= the hot keys view.
func parseModes(p *parser, s *Settings) {
	if raw, ok := lastValue(p.q, "view"); ok {
		if strings.TrimSpace(raw) == "spread" {
			s.Mode = ModeSpread // a lesson step's view closed
		} else {
			p.note("view=%s: only view=spread is read (change= and load= open the others)", Quote(raw))
		}
	}
	if raw, ok := lastValue(p.q, "change"); ok {
		if k, err := sim.ParseChangeKind(raw); err == nil {
			s.Mode, s.Change = ModeChange, k
			if k == sim.NoChange {
				s.Mode = ModeSpread
			}
		} else {
			p.note("change=%s is not join, leave or fail: ignored", Quote(raw))
		}
	}
	if raw, ok := lastValue(p.q, "node"); ok {
		switch n, ok := parseNode(raw, s.Nodes); {
		case s.Mode != ModeChange || s.Change == sim.Join:
			p.note("node=%s only says which node leaves or fails: ignored", Shorten(raw))
		case !ok:
			p.note("node=%s is not one of the %d nodes (A, B, … or 1 to %d): the busiest leaves", Quote(raw), s.Nodes, s.Nodes)
		default:
			s.Leaver = n + 1
		}
	}
	if s.Mode == ModeChange && s.Change == sim.Join && s.Nodes >= MaxNodes {
		p.note("n=%d leaves no room for a node to join: using %d", s.Nodes, MaxNodes-1)
	}
	parseScheme(p, s)
	loadKeys := []string{"load", "hot", "salt", "zipf", "keys", "fix", "eps", "replicas"}
	asked := false
	for _, k := range loadKeys {
		asked = asked || p.has(k)
	}
	if !asked {
		return
	}
	if p.has("change") && s.Mode == ModeChange {
		p.note("a change and a workload are separate views: showing the change, ignoring the workload")
		return
	}
	if p.has("scheme") {
		p.note("token schemes and a workload are separate views: showing the workload, ignoring scheme=")
	}
	s.Mode = ModeLoad
	w := sim.Workload{Kind: sim.HotKey} // a link that sets knobs but no load= means the hot key
	if raw, ok := lastValue(p.q, "load"); ok {
		if k, err := sim.ParseLoadKind(raw); err == nil {
			w.Kind = k
		} else {
			p.note("load=%s is not uniform, hot or zipf: using hot", Quote(raw))
		}
	}
	if raw, ok := lastValue(p.q, "fix"); ok {
		if f, err := sim.ParseFixKind(raw); err == nil {
			w.Fix = f
		} else {
			p.note("fix=%s is not none, bounded or replicate: using none", Quote(raw))
		}
	}
	w = withKnobDefaults(w)
	p.float("hot", &w.Hot, 0, sim.MaxHot)
	p.int("salt", &w.Salt, sim.MinSalt, sim.MaxSalt)
	p.float("zipf", &w.Zipf, 0, sim.MaxZipf)
	p.int("keys", &w.Keys, sim.MinKeys, sim.MaxKeys)
	p.float("eps", &w.Eps, 0, sim.MaxEps)
	p.int("replicas", &w.Replicas, sim.MinReplicas, sim.MaxReplicas)
	s.Load = w
}

// parseScheme reads scheme=, which opens the token schemes view (unless a
// change was asked for too).
func parseScheme(p *parser, s *Settings) {
	raw, ok := lastValue(p.q, "scheme")
	if !ok {
		return
	}
	if s.Mode == ModeChange {
		p.note("a change and token schemes are separate views: showing the change, ignoring scheme=")
		return
	}
	s.Mode = ModeTokens
	if k, err := sim.ParseScheme(raw); err == nil {
		s.Scheme = k
	} else {
		p.note("scheme=%s is not random, equal or greedy: using %s", Quote(raw), DefaultScheme)
		s.Scheme = DefaultScheme
	}
}

// DefaultScheme is what the token schemes view opens on: the one that
// differs most from the exercise's ring while still drawing random tokens.
const DefaultScheme = sim.GreedyTokens

// parseNode reads a node's name (A, B, … AA) or its number from 1.
func parseNode(raw string, nodes int) (int, bool) {
	raw = strings.TrimSpace(raw)
	if n, err := strconv.Atoi(raw); err == nil {
		return n - 1, n >= 1 && n <= nodes
	}
	n, ok := sim.ParseNodeName(raw)
	return n, ok && n < nodes
}

// writeModes adds the view's parameters to a link.
func writeModes(b *strings.Builder, s Settings) {
	if s.Mode == ModeSpread && s.Step > 0 && s.Step <= len(Lesson) && Lesson[s.Step-1].Mode != ModeSpread {
		b.WriteString("&view=spread") // the step would open its own view
	}
	switch s.Mode {
	case ModeChange:
		fmt.Fprintf(b, "&change=%s", s.Change)
		if s.Leaver > 0 {
			fmt.Fprintf(b, "&node=%s", sim.NodeName(s.Leaver-1))
		}
	case ModeTokens:
		fmt.Fprintf(b, "&scheme=%s", s.Scheme)
	case ModeLoad:
		w := s.Load
		fmt.Fprintf(b, "&load=%s", w.Kind)
		switch w.Kind {
		case sim.HotKey:
			fmt.Fprintf(b, "&hot=%s", formatFloat(w.Hot))
			if w.Salt != 1 {
				fmt.Fprintf(b, "&salt=%d", w.Salt)
			}
		case sim.Zipf:
			fmt.Fprintf(b, "&zipf=%s&keys=%d", formatFloat(w.Zipf), w.Keys)
		}
		switch w.Fix {
		case sim.Bounded:
			fmt.Fprintf(b, "&fix=bounded&eps=%s", formatFloat(w.Eps))
		case sim.Replicate:
			fmt.Fprintf(b, "&fix=replicate&replicas=%d", w.Replicas)
		}
	}
}

func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Chart is which chart the numbers column shows.
type Chart uint8

const (
	ChartCV  Chart = iota // CV against V, under the exercise's table
	ChartLaw              // CV·√V against V with the exact law, in the table's place
)

func (c Chart) String() string {
	if c == ChartLaw {
		return "law"
	}
	return "cv"
}

// Overlay is a set of other curves drawn on the chart for comparison.
type Overlay uint8

const (
	OverlayNone   Overlay = iota
	OverlayNodes          // the curves for 3, 10 and 100 nodes
	OverlayAssign         // the other assignment, same N
)

var overlayNames = []string{"none", "nodes", "assign"}

func (o Overlay) String() string {
	if int(o) < len(overlayNames) {
		return overlayNames[o]
	}
	return overlayNames[0]
}

// OverlayNodeCounts are the cluster sizes OverlayNodes compares.
var OverlayNodeCounts = []int{3, 10, 100}

// parseChart reads chart= and overlay=.
func parseChart(p *parser, s *Settings) {
	if raw, ok := lastValue(p.q, "chart"); ok {
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "cv":
			s.Chart = ChartCV
		case "law":
			s.Chart = ChartLaw
		default:
			p.note("chart=%s is not cv or law: using cv", Quote(raw))
		}
	}
	if raw, ok := lastValue(p.q, "overlay"); ok {
		i := slices.Index(overlayNames, strings.ToLower(strings.TrimSpace(raw)))
		if i < 0 {
			p.note("overlay=%s is not none, nodes or assign: using none", Quote(raw))
		} else {
			s.Overlay = Overlay(i)
		}
	}
}

func writeChart(b *strings.Builder, s Settings) {
	if s.Chart != ChartCV {
		fmt.Fprintf(b, "&chart=%s", s.Chart)
	}
	if s.Overlay != OverlayNone {
		fmt.Fprintf(b, "&overlay=%s", s.Overlay)
	}
}
