// Package load is the hot keys view: requests that are not uniform, which
// virtual nodes cannot spread. It shows each node's request load in front
// of its data load, where the keys land on the ring, and the figures of
// both side by side; and the fixes: salting a hot key, replicating it,
// bounded loads.
package load

import (
	"fmt"
	"math"
	"strings"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/sim"
)

// View is the hot keys view; its value is the workload and the fix.
type View struct {
	Load sim.Workload
}

// Default is what the view opens on: one hot key.
var Default = View{Load: sim.Workload{Kind: sim.HotKey}}

func (View) Name() string { return lang.N("hot keys") }
func (View) ID() string   { return "load" }

func (View) Shortcut() view.Shortcut {
	return view.Shortcut{Name: "hot", Label: "H", Does: lang.T("hot keys view: requests that virtual nodes cannot spread")}
}

func (View) Keys() []link.Key {
	return []link.Key{
		{Name: "load", Help: lang.T("show requests over the ring: uniform, hot (one hot key) or zipf")},
		{Name: "hot", Help: lang.Sprintf("the hot key's share of all requests, 0..%g (or a percentage, 30%%)", sim.MaxHot)},
		{Name: "salt", Help: lang.Sprintf("split the hot key into this many salted sub-keys, %d..%d", sim.MinSalt, sim.MaxSalt)},
		{Name: "zipf", Help: lang.Sprintf("Zipf's exponent s, 0..%g", sim.MaxZipf)},
		{Name: "keys", Help: lang.Sprintf("how many keys the Zipf requests go to, %d..%d", sim.MinKeys, sim.MaxKeys)},
		{Name: "fix", Help: lang.T("a fix for hot keys: none, bounded (bounded loads) or replicate")},
		{Name: "eps", Help: lang.Sprintf("bounded loads: a node takes keys while below (1+eps) times the mean, eps 0..%g", sim.MaxEps)},
		{Name: "replicas", Help: lang.Sprintf("replication: how many nodes serve each key, %d..%d", sim.MinReplicas, sim.MaxReplicas)},
	}
}

// Parse: any of the view's parameters opens it; a link that sets knobs but
// no load= means the hot key.
func (v View) Parse(p *link.Parser, _ view.Settings) (view.View, bool) {
	if !p.HasAny(v.Keys()) {
		return v, false
	}
	w := sim.Workload{Kind: sim.HotKey}
	if raw, ok := p.Value("load"); ok {
		if k, err := sim.ParseLoadKind(raw); err == nil {
			w.Kind = k
		} else {
			p.Note("load=%s is not uniform, hot or zipf: using hot", view.Quote(raw))
		}
	}
	if raw, ok := p.Value("fix"); ok {
		if f, err := sim.ParseFixKind(raw); err == nil {
			w.Fix = f
		} else {
			p.Note("fix=%s is not none, bounded or replicate: using none", view.Quote(raw))
		}
	}
	w = withKnobDefaults(w)
	p.Float("hot", &w.Hot, 0, sim.MaxHot)
	p.Int("salt", &w.Salt, sim.MinSalt, sim.MaxSalt)
	p.Float("zipf", &w.Zipf, 0, sim.MaxZipf)
	p.Int("keys", &w.Keys, sim.MinKeys, sim.MaxKeys)
	p.Float("eps", &w.Eps, 0, sim.MaxEps)
	p.Int("replicas", &w.Replicas, sim.MinReplicas, sim.MaxReplicas)
	return View{Load: w}, true
}

func (v View) Write(b *strings.Builder) {
	w := v.Load
	fmt.Fprintf(b, "&load=%s", w.Kind)
	switch w.Kind {
	case sim.HotKey:
		fmt.Fprintf(b, "&hot=%s", link.FormatFloat(w.Hot))
		if w.Salt != 1 {
			fmt.Fprintf(b, "&salt=%d", w.Salt)
		}
	case sim.Zipf:
		fmt.Fprintf(b, "&zipf=%s&keys=%d", link.FormatFloat(w.Zipf), w.Keys)
	}
	switch w.Fix {
	case sim.Bounded:
		fmt.Fprintf(b, "&fix=bounded&eps=%s", link.FormatFloat(w.Eps))
	case sim.Replicate:
		fmt.Fprintf(b, "&fix=replicate&replicas=%d", w.Replicas)
	}
}

// withKnobDefaults gives a workload's knobs for its kind and fix their
// defaults where they are unset (zero): when the view opens or the kind
// or fix changes.
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

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// Clamp brings the knobs into range, in hundredths, and zeroes those the
// kind and fix do not use, so that equal views have equal settings and
// links.
func (v View) Clamp(s view.Settings) view.Settings {
	w := v.Load
	if w.Kind > sim.Zipf {
		w.Kind = sim.Uniform
	}
	if w.Fix > sim.Replicate || w.Kind == sim.Uniform {
		w.Fix = sim.NoFix // nothing to fix with uniform requests
	}
	w = withKnobDefaults(w).Clamp()
	w.Hot, w.Zipf, w.Eps = round2(w.Hot), round2(w.Zipf), round2(w.Eps)
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
	s.View = View{Load: w}
	return s
}

// Apply carries out the view's switches ("kind", "fix": Value the kind or
// fix) and steppers (Value +1 or −1).
func (v View) Apply(in view.Intent, _ view.Settings) view.View {
	w := &v.Load
	up := in.Value > 0
	switch in.Name {
	case "kind":
		w.Kind = sim.LoadKind(in.Value)
		*w = withKnobDefaults(*w)
	case "fix":
		w.Fix = sim.FixKind(in.Value)
		*w = withKnobDefaults(*w)
	case "hot":
		w.Hot += step(up, 0.05)
	case "salt":
		w.Salt = scaled(w.Salt, up, 2)
	case "zipf":
		w.Zipf += step(up, 0.1)
	case "keys":
		w.Keys = scaled(w.Keys, up, 10)
	case "eps":
		w.Eps += step(up, 0.05)
	case "replicas":
		w.Replicas += int(step(up, 1))
	}
	return v
}

func step(up bool, by float64) float64 {
	if up {
		return by
	}
	return -by
}

// scaled multiplies or divides n by f (rounding down, never below 1).
func scaled(n int, up bool, f int) int {
	if up {
		return n * f
	}
	return max(n/f, 1)
}

// Compute is the requests over every seed's ring.
func (v View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	wr, err := sim.RunWorkloadWith(w.Params(s), v.Load, w.Options(v.Cost(s)))
	if err = w.Step(v.Cost(s), err); err != nil {
		return nil, err
	}
	return &Shown{wr: wr}, nil
}

// Cost: a Zipf workload draws its keys too.
func (v View) Cost(s view.Settings) int {
	keys := 0
	if v.Load.Kind == sim.Zipf {
		keys = v.Load.Keys
	}
	return view.RunCost(s, keys)
}

func (v View) Rows(s view.Settings, w *view.Work) (view.Rows, error) {
	list, err := sim.SweepWorkloadWith(w.Sweep(s, sim.ExerciseVs), v.Load, w.Options(v.RowsCost(s)))
	if err = w.Step(v.RowsCost(s), err); err != nil {
		return nil, err
	}
	return view.NewTable(s, list), nil
}

func (View) RowsCost(s view.Settings) int { return view.SweepCost(s, sim.ExerciseVs) }

// Controls: the kind of requests and its knobs, then the fix and its knob.
func (v View) Controls(view.Settings) []view.Control {
	w := v.Load
	in := func(name string, value int) view.Intent {
		return view.Intent{Action: view.ActionView, View: v.ID(), Name: name, Value: value}
	}
	choice := func(name, label, knob string, value, on int) view.Choice {
		return view.Choice{Name: name, Label: label, On: value == on, Intent: in(knob, value)}
	}
	knob := func(name, label, value string) view.Knob {
		return view.Knob{Name: name, Label: label, Value: value, Intent: in(name, 0)}
	}
	out := []view.Control{{Label: lang.T("Requests"), Choices: []view.Choice{
		choice("loadUniform", lang.T("uniform"), "kind", int(sim.Uniform), int(w.Kind)),
		choice("loadHot", lang.T("one hot key"), "kind", int(sim.HotKey), int(w.Kind)),
		choice("loadZipf", "Zipf", "kind", int(sim.Zipf), int(w.Kind)),
	}}}
	switch w.Kind {
	case sim.HotKey:
		out = append(out, view.Control{Knobs: []view.Knob{
			knob("hot", lang.T("[knob: the hot key's share of the requests] hot key"), lang.Sprintf("%.0f%%", 100*w.Hot)),
			knob("salt", lang.T("salted ×"), fmt.Sprint(w.Salt)),
		}})
	case sim.Zipf:
		out = append(out, view.Control{Knobs: []view.Knob{
			knob("zipf", "s", lang.Float(w.Zipf, 'f', 1)),
			knob("keys", lang.T("keys"), fmt.Sprint(w.Keys)),
		}})
	default:
		return append(out, view.Control{Note: lang.T("Every position on the ring is asked for alike.")})
	}
	out = append(out, view.Control{Label: lang.T("Fix"), Choices: []view.Choice{
		choice("fixNone", lang.T("no fix"), "fix", int(sim.NoFix), int(w.Fix)),
		choice("fixBounded", lang.T("bounded loads"), "fix", int(sim.Bounded), int(w.Fix)),
		choice("fixReplicate", lang.T("replicas"), "fix", int(sim.Replicate), int(w.Fix)),
	}})
	switch w.Fix {
	case sim.Bounded:
		out = append(out, view.Control{Knobs: []view.Knob{knob("eps", lang.T("capacity: mean × (1 + ε), ε"), lang.Float(w.Eps, 'f', 2))}})
	case sim.Replicate:
		out = append(out, view.Control{Knobs: []view.Knob{knob("replicas", lang.T("each key read from R nodes, R"), fmt.Sprint(w.Replicas))}})
	}
	return out
}

// hotStep is the workload of the lesson's step: one key taking 30 % of
// the requests.
var hotStep = sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 1}

// Steps are the lesson's step about what virtual nodes cannot fix.
func (View) Steps() []lesson.Step {
	return []lesson.Step{{
		Title:    lang.T("What virtual nodes cannot fix"),
		V:        256,
		View:     View{Load: hotStep},
		Question: lang.N("One key is suddenly popular: %.0f%% of all requests ask for it. With 256 ranges per node, how busy is the busiest node, compared with a fair share of the requests?"),
		Given:    func() []any { return []any{100 * hotStep.Hot} },
		Choices:  []string{lang.T("about 1.1×, like the data"), lang.T("about 2×"), lang.T("about 3.7×"), lang.T("about 10×")},
		Best:     2,
		Explain:  lang.N("A key hashes to one point, so it lives in one range on one node, however finely the ring is cut: that node gets the hot key's whole share of the requests, several fair shares on its own. Virtual nodes even out where the boundaries fall, not how requests fall. Splitting the key into salted copies spreads it; try it."),
		Measure:  lesson.MeasureView,
		Try:      &lesson.Try{Label: lang.T("split the hot key into 8 (salting)"), View: View{Load: sim.Workload{Kind: sim.HotKey, Hot: hotStep.Hot, Salt: 8}}},
	}}
}
