package app

import (
	"fmt"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"vnodes/render"
	"vnodes/render/geom"
	"vnodes/render/view"
	"vnodes/sim"
)

// choice is one button of a set of which exactly one is on.
type choice struct {
	key, label string
	value      int
}

// addChoices lays buttons side by side in r (or in a row container when
// parent is not the root), the one whose value is active pressed; a click
// emits the intent with the button's value.
func (st *uiStyle) addChoices(parent *widget.Container, c *controls, r geom.Rect, place func(geom.Rect) []widget.WidgetOpt,
	choices []choice, active int, action view.Action, emit func(view.Intent)) {
	gap := 8 * st.scale
	w := (r.W - gap*float64(len(choices)-1)) / float64(len(choices))
	var buttons []*widget.Button
	initial := -1
	for i, ch := range choices {
		b := st.newButton(ch.label, st.body, nil, place(geom.Rect{X: r.X + float64(i)*(w+gap), Y: r.Y, W: w, H: r.H}))
		parent.AddChild(b)
		c.named[ch.key] = b
		buttons = append(buttons, b)
		if ch.value == active {
			initial = i
		}
	}
	newToggleGroup(buttons, initial, func(i int) { emit(view.Intent{Action: action, Value: choices[i].value}) })
}

// addTabs adds the row that switches between the views.
func addTabs(spec widgetSpec, st *uiStyle, root *widget.Container, c *controls, emit func(view.Intent)) {
	var tabs []choice
	for _, m := range view.Modes() {
		tabs = append(tabs, choice{key: "tab" + []string{"Spread", "Change", "Load", "Tokens"}[m], label: m.String(), value: int(m)})
	}
	st.addChoices(root, c, spec.layout.Tabs, at, tabs, int(spec.model.Want.Mode), view.ActionMode, emit)
}

// addViewControls adds the switches and steppers of the join & leave view
// or of the hot keys view, in rows at the top of the right column.
func addViewControls(spec widgetSpec, st *uiStyle, root *widget.Container, c *controls, emit func(view.Intent)) {
	want := spec.model.Want
	if want.Mode == view.ModeSpread {
		return
	}
	l, s := spec.layout, spec.layout.Scale
	box := l.ViewControls
	card := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(eimage.NewBorderedNineSliceColor(st.pal.Panel, st.pal.PanelEdge, max(1, int(s)))),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout()),
		widget.ContainerOpts.WidgetOpts(at(box)...),
	)
	root.AddChild(card)
	pad, rowH, gap := 10*s, 34*s, 8*s
	row := func(i int) geom.Rect {
		return geom.Rect{X: box.X + pad, Y: box.Y + pad + float64(i)*(rowH+gap), W: box.W - 2*pad, H: rowH}
	}
	label := func(text string, r geom.Rect) {
		root.AddChild(st.newLabel(text, r, st.body, widget.TextPositionStart))
	}
	// knob is "name [−] value [+]" on the right part of a row. In a half
	// row the value and the buttons give up room until the name fits.
	knob := func(key, name, value string, r geom.Rect, action view.Action) {
		btn, valW := 40*s, 84*s
		if short := text.Advance(name, *st.body) + 8*s - (r.W - 2*btn - valW); short > 0 {
			valW = max(valW-short, 56*s)
			btn = max(btn-max(short-28*s, 0)/2, 30*s)
		}
		x := r.X + r.W - 2*btn - valW
		label(name, geom.Rect{X: r.X, Y: r.Y, W: x - r.X, H: r.H})
		minus := st.newButton("−", st.bold, func() { emit(view.Intent{Action: action, Value: -1}) }, at(geom.Rect{X: x, Y: r.Y, W: btn, H: r.H}))
		val := st.newLabel(value, geom.Rect{X: x + btn, Y: r.Y, W: valW, H: r.H}, st.bold, widget.TextPositionCenter)
		plus := st.newButton("+", st.bold, func() { emit(view.Intent{Action: action, Value: +1}) }, at(geom.Rect{X: x + btn + valW, Y: r.Y, W: btn, H: r.H}))
		root.AddChild(minus, val, plus)
		c.named[key+"Minus"], c.named[key+"Value"], c.named[key+"Plus"] = minus, val, plus
	}

	switch want.Mode {
	case view.ModeChange:
		st.addChoices(root, c, row(0), at, []choice{
			{"changeJoin", "a node joins", int(sim.Join)},
			{"changeLeave", "one leaves", int(sim.Leave)},
			{"changeFail", "one fails", int(sim.Fail)},
		}, int(want.Change), view.ActionChange, emit)
		switch want.Change {
		case sim.Join:
			label(fmt.Sprintf("Node %s joins with V new tokens of its own.", sim.NodeName(want.Nodes)), row(1))
		default:
			who := "the busiest node of each ring"
			if want.Leaver > 0 {
				who = "node " + sim.NodeName(want.Leaver-1)
			}
			label("Leaving: "+who+".", row(1))
			r := row(2)
			label("Click a bar to choose.", geom.Rect{X: r.X, Y: r.Y, W: r.W - 150*s, H: r.H})
			b := st.newButton("the busiest", st.body, func() { emit(view.Intent{Action: view.ActionLeaver, Value: 0}) },
				at(geom.Rect{X: r.X + r.W - 140*s, Y: r.Y, W: 140 * s, H: r.H}))
			root.AddChild(b)
			c.named["leaverBusiest"] = b
		}
	case view.ModeTokens:
		st.addChoices(root, c, row(0), at, []choice{
			{"schemeRandom", "random", int(sim.RandomTokens)},
			{"schemeEqual", "equal ranges", int(sim.EqualTokens)},
			{"schemeGreedy", "greedy", int(sim.GreedyTokens)},
		}, int(want.Scheme), view.ActionScheme, emit)
		// The trade-off in words, wrapped into the rest of the card.
		r := row(1)
		lineH := 25 * s
		for i, line := range render.Wrap(schemeTradeOff[want.Scheme], *st.body, r.W) {
			label(line, geom.Rect{X: r.X, Y: r.Y + float64(i)*lineH, W: r.W, H: lineH})
		}
	case view.ModeLoad:
		w := want.Load
		st.addChoices(root, c, row(0), at, []choice{
			{"loadUniform", "uniform", int(sim.Uniform)},
			{"loadHot", "one hot key", int(sim.HotKey)},
			{"loadZipf", "Zipf", int(sim.Zipf)},
		}, int(w.Kind), view.ActionLoadKind, emit)
		switch w.Kind {
		case sim.HotKey:
			half := row(1)
			half.W = (half.W - gap) / 2
			knob("hot", "hot key", fmt.Sprintf("%.0f%%", 100*w.Hot), half, view.ActionHot)
			half.X += half.W + gap
			knob("salt", "salted ×", fmt.Sprint(w.Salt), half, view.ActionSalt)
		case sim.Zipf:
			half := row(1)
			half.W = (half.W - gap) / 2
			knob("zipf", "s", fmt.Sprintf("%.1f", w.Zipf), half, view.ActionZipf)
			half.X += half.W + gap
			knob("keys", "keys", fmt.Sprint(w.Keys), half, view.ActionKeys)
		default:
			label("Every position on the ring is asked for alike.", row(1))
		}
		if w.Kind == sim.Uniform {
			return
		}
		st.addChoices(root, c, row(2), at, []choice{
			{"fixNone", "no fix", int(sim.NoFix)},
			{"fixBounded", "bounded loads", int(sim.Bounded)},
			{"fixReplicate", "replicas", int(sim.Replicate)},
		}, int(w.Fix), view.ActionFix, emit)
		switch w.Fix {
		case sim.Bounded:
			knob("eps", "capacity: mean × (1 + ε), ε", fmt.Sprintf("%.2f", w.Eps), row(3), view.ActionEps)
		case sim.Replicate:
			knob("replicas", "each key read from R nodes, R", fmt.Sprint(w.Replicas), row(3), view.ActionReplicas)
		}
	}
}

// schemeTradeOff says what each token scheme costs and buys.
var schemeTradeOff = map[sim.Scheme]string{
	sim.RandomTokens: "Each node draws V random tokens. Nothing to plan or to share, " +
		"but only many tokens even the load out: the spread shrinks like 1/√V.",
	sim.EqualTokens: "The ring is cut into N·V equal ranges, fixed in advance, and dealt out. " +
		"Loads come out equal, but the cluster cannot outgrow N·V, and a change moves whole ranges.",
	sim.GreedyTokens: "Nodes join one at a time, and each token goes where it relieves the busiest node. " +
		"Even at small V, but a newcomer must know the whole ring.",
}
