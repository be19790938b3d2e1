// Package tokens is the token schemes view: must tokens be random? Three
// schemes share the same N and V: random tokens (the exercise), the ring
// cut into N·V equal ranges dealt out, and a greedy allocator in the
// spirit of Cassandra's. The ring and bars show the chosen scheme; the
// figures and the chart compare all three for every V.
package tokens

import (
	"fmt"
	"strings"
	"sync"

	"vnodes/assets/lang"
	"vnodes/render/view"
	"vnodes/render/view/lesson"
	"vnodes/render/view/link"
	"vnodes/sim"
)

// View is the token schemes view; its value is the scheme on the ring.
type View struct {
	Scheme sim.Scheme
}

// Default is what the view opens on: the scheme that differs most from
// the exercise's ring while still drawing random tokens.
var Default = View{Scheme: sim.GreedyTokens}

// schemes are the token schemes, in the order of their buttons and columns.
var schemes = [3]sim.Scheme{sim.RandomTokens, sim.EqualTokens, sim.GreedyTokens}

// schemeNames head the columns and label the chart's curves (in English:
// shown through lang.T).
var schemeNames = [3]string{lang.N("[token scheme] random"), lang.N("[token scheme] equal"), lang.N("[token scheme] greedy")}

// schemeWords name the schemes in sentences (in English: shown through
// lang.T).
var schemeWords = [3]string{lang.N("random tokens"), lang.N("equal ranges"), lang.N("greedy allocation")}

// Name stays in English (it is state().mode): the tab shows it through
// lang.T.
func (View) Name() string { return lang.N("tokens") }
func (View) ID() string   { return "tokens" }

func (View) Shortcut() view.Shortcut {
	return view.Shortcut{Name: "tokens", Label: "K", Does: lang.T("token schemes view: random tokens against equal ranges and a greedy allocator")}
}

func (View) Keys() []link.Key {
	return []link.Key{{Name: "scheme", Help: lang.T("open the token schemes view on one: random (the exercise), equal (N·V equal ranges) or greedy (an allocator)")}}
}

// Parse reads scheme=, which opens the view.
func (v View) Parse(p *link.Parser, _ view.Settings) (view.View, bool) {
	raw, ok := p.Value("scheme")
	if !ok {
		return v, false
	}
	if k, err := sim.ParseScheme(raw); err == nil {
		return View{Scheme: k}, true
	}
	p.Note("scheme=%s is not random, equal or greedy: using %s", view.Quote(raw), Default.Scheme)
	return Default, true
}

func (v View) Write(b *strings.Builder) { fmt.Fprintf(b, "&scheme=%s", v.Scheme) }

func (v View) Clamp(s view.Settings) view.Settings {
	if v.Scheme > sim.GreedyTokens {
		v.Scheme = sim.RandomTokens
	}
	s.View = v
	return s
}

// Apply: "scheme" puts the tokens of scheme Value on the ring.
func (v View) Apply(in view.Intent, _ view.Settings) view.View {
	if in.Name == "scheme" {
		v.Scheme = sim.Scheme(in.Value)
	}
	return v
}

func (v View) Params(p sim.Params) sim.Params {
	p.Scheme = v.Scheme
	return p
}

// Compute is the chosen scheme's ring of every seed, and the other
// schemes' 20-seed figures at this V.
func (v View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	res, err := w.Run(w.Params(s), view.RunCost(s, 0))
	if err != nil {
		return nil, err
	}
	var now [3]sim.Row
	now[v.Scheme] = sim.Row{V: s.V, Average: res.Average} // the run above
	for _, k := range schemes {
		if k == v.Scheme {
			continue
		}
		at := w.Sweep(s, []int{s.V})
		at.Scheme = k
		rows, err := sim.SweepWith(at, w.Options(view.RunCost(s, 0)))
		if err = w.Step(view.RunCost(s, 0), err); err != nil {
			return nil, err
		}
		now[k] = rows[0]
	}
	return &Shown{res: res, now: now}, nil
}

func (View) Cost(s view.Settings) int { return len(schemes) * view.RunCost(s, 0) }

// rows are every scheme's 20-seed means for the exercise's V values.
type rows struct {
	nodes  int
	assign sim.Assignment
	byV    [3][]sim.Row
}

// For: the view shows all three schemes, so the rows are the same for each.
func (r *rows) For(s view.Settings) bool { return r.nodes == s.Nodes && r.assign == s.Assign }

func (v View) Rows(s view.Settings, w *view.Work) (view.Rows, error) {
	out := &rows{nodes: s.Nodes, assign: s.Assign}
	total := v.RowsCost(s)
	for _, k := range schemes {
		at := w.Sweep(s, sim.ExerciseVs)
		at.Scheme = k
		part := view.EverySweepCost(s, sim.ExerciseVs) // equal ranges and the allocator build every V afresh
		if k == sim.RandomTokens {
			part = total - 2*part
		}
		list, err := sim.SweepWith(at, w.Options(part))
		if err = w.Step(part, err); err != nil {
			return nil, err
		}
		out.byV[k] = list
	}
	return out, nil
}

func (View) RowsCost(s view.Settings) int {
	return view.SweepCost(s, sim.ExerciseVs) + 2*view.EverySweepCost(s, sim.ExerciseVs)
}

// tradeOff says what each scheme costs and buys (in English: Controls
// translates it).
var tradeOff = [3]string{
	lang.N("Each node draws V random tokens. Nothing to plan or to share, " +
		"but only many tokens even the load out: the spread shrinks like 1/√V."),
	lang.N("The ring is cut into N·V equal ranges, fixed in advance, and dealt out. " +
		"Loads come out equal, but the cluster cannot outgrow N·V, and a change moves whole ranges."),
	lang.N("Nodes join one at a time, and each token goes where it relieves the busiest node. " +
		"Even at small V, but a newcomer must know the whole ring."),
}

// Controls: the scheme, and its trade-off in words.
func (v View) Controls(view.Settings) []view.Control {
	choice := func(name, label string, k sim.Scheme) view.Choice {
		return view.Choice{Name: name, Label: label, On: v.Scheme == k,
			Intent: view.Intent{Action: view.ActionView, View: v.ID(), Name: "scheme", Value: int(k)}}
	}
	return []view.Control{
		{Label: lang.T("Tokens"), Choices: []view.Choice{
			choice("schemeRandom", lang.T("[token scheme] random"), sim.RandomTokens),
			choice("schemeEqual", lang.T("equal ranges"), sim.EqualTokens),
			choice("schemeGreedy", lang.T("[token scheme] greedy"), sim.GreedyTokens),
		}},
		{Text: lang.T(tradeOff[v.Scheme])},
	}
}

// randomAtFour is the figure the lesson's question starts from: the
// busiest of ten nodes with 4 random tokens each, averaged over the seeds.
var randomAtFour = sync.OnceValue(func() []any {
	res, err := sim.Run(sim.Params{Nodes: sim.DefaultNodes, V: 4, Seeds: view.Seeds, Scheme: sim.RandomTokens})
	if err != nil {
		panic(err) // fixed, valid parameters
	}
	return []any{res.Average.Imbalance}
})

// Steps are the lesson's step about whether tokens must be random.
func (View) Steps() []lesson.Step {
	return []lesson.Step{{
		Title:    lang.T("Must tokens be random?"),
		V:        4,
		View:     View{Scheme: sim.GreedyTokens},
		Question: lang.N("With 4 random tokens each, the busiest of ten nodes carries %.2f fair shares on average. Now the nodes join one at a time, and each places its 4 tokens where they take load from the busiest node. How heavy is the busiest node now?"),
		Given:    randomAtFour,
		Choices:  []string{lang.T("still about 1.9×"), lang.T("about 1.5×"), lang.T("about 1.1×"), lang.T("exactly 1.0×")},
		Best:     2,
		Explain:  lang.T("Placing tokens on purpose beats drawing more of them: 4 placed tokens do about as well as 256 random ones, and 16 do better. The price is knowledge: a newcomer must see the whole ring to choose. Cutting the ring into N·V equal ranges is perfectly even, but fixes their number in advance."),
		Measure:  lesson.MeasureImbalance,
		Try:      &lesson.Try{Label: lang.T("cut the ring into equal ranges instead"), View: View{Scheme: sim.EqualTokens}},
	}}
}
