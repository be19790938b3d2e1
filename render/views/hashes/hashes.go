// Package hashes is the other ways to hash: the ring beside jump
// consistent hash, rendezvous hashing and Maglev, on the same keys. Jump,
// rendezvous and Maglev need no tokens and spread keys about as evenly as
// keys can be spread; what separates them is what a join or a leave moves,
// what a lookup costs and what it must keep. The ring band shows where the
// keys land, coloured by their node; the bars the keys per node; the
// figures every algorithm side by side; the chart how they fare as the
// nodes grow.
package hashes

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"vnodes/assets/lang"
	"vnodes/render/panel"
	"vnodes/render/view"
	"vnodes/render/view/link"
	"vnodes/sim"
)

// Move is the change the view shows: none, a node joining, one leaving.
type Move uint8

const (
	NoMove Move = iota
	JoinMove
	LeaveMove
)

var moveNames = [...]string{"none", "join", "leave"}

func (m Move) String() string { return moveNames[min(int(m), len(moveNames)-1)] }

// View is the hashes view; its value is the algorithm shown, the keys
// placed, the change shown, the node that leaves (counted from 1; 0 for
// the middle one) and how jump closes the gap it leaves.
type View struct {
	Algo     sim.HashAlgorithm
	Placed   int // keys placed
	Move     Move
	Leaver   int
	Renumber sim.Renumber
}

// Default is what the view opens on: jump hash, no change.
var Default = View{Algo: sim.JumpHash, Placed: sim.DefaultHashKeys}

// algoWords name the algorithms on buttons and in the figures, in
// English: algoWord translates them where they are shown.
var algoWords = [sim.NumHashAlgorithms]string{lang.N("ring"), lang.N("jump"), lang.N("rendezvous"), lang.N("Maglev")}

// algoWord is a's name in the current language.
func algoWord(a sim.HashAlgorithm) string { return lang.T(algoWords[a]) }

func (View) Name() string { return lang.N("hashes") }
func (View) ID() string   { return "hashes" }

func (View) Shortcut() view.Shortcut {
	return view.Shortcut{Name: "hashes", Label: "G", Does: lang.T("other ways to hash: jump, rendezvous and Maglev beside the ring")}
}

func (View) Keys() []link.Key {
	return []link.Key{
		{Name: "algo", Help: lang.T("other ways to hash: ring, jump, rendezvous or maglev")},
		{Name: "hashkeys", Help: lang.Sprintf("hashes view: how many keys are placed, %d..%d", sim.MinHashKeys, sim.MaxHashKeys)},
		{Name: "move", Help: lang.T("hashes view: show what moves when a node joins or leaves: none, join or leave")},
		{Name: "leave", Help: lang.T("hashes view: the node that leaves, by name or number (default: the middle one)")},
		{Name: "renumber", Help: lang.T("hashes view: how jump closes the gap a node leaves: shift (every later node takes the number below its own) or last (the last node takes the leaver's number)")},
	}
}

// leaver is the node that leaves, counted from 0.
func (v View) leaver(nodes int) int {
	if v.Leaver == 0 {
		return sim.DefaultLeave(nodes)
	}
	return v.Leaver - 1
}

// Parse: any of the view's parameters opens it.
func (v View) Parse(p *link.Parser, s view.Settings) (view.View, bool) {
	if !p.HasAny(v.Keys()) {
		return v, false
	}
	if raw, ok := p.Value("algo"); ok {
		if a, err := sim.ParseHashAlgorithm(raw); err == nil {
			v.Algo = a
		} else {
			p.Note("algo=%s is not ring, jump, rendezvous or maglev: using %s", view.Quote(raw), Default.Algo)
		}
	}
	p.Int("hashkeys", &v.Placed, sim.MinHashKeys, sim.MaxHashKeys)
	if raw, ok := p.Value("move"); ok {
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "none", "":
			v.Move = NoMove
		case "join":
			v.Move = JoinMove
		case "leave":
			v.Move = LeaveMove
		default:
			p.Note("move=%s is not none, join or leave: showing none", view.Quote(raw))
		}
	}
	if s.Nodes >= view.MaxNodes {
		p.Note("n=%d leaves no room for a node to join: using %d", s.Nodes, view.MaxNodes-1)
	}
	if raw, ok := p.Value("renumber"); ok {
		if r, err := sim.ParseRenumber(raw); err == nil {
			v.Renumber = r
		} else {
			p.Note("renumber=%s is not shift or last: using shift", view.Quote(raw))
			v.Renumber = sim.RenumberShift
		}
	}
	if raw, ok := p.Value("leave"); ok {
		if n, ok := link.ParseNode(raw, s.Nodes); ok {
			v.Leaver = n + 1
		} else {
			p.Note("leave=%s is not one of the %s: the middle one leaves", view.Quote(raw), panel.Nodes(s.Nodes))
			v.Leaver = 0
		}
	}
	return v, true
}

func (v View) Write(b *strings.Builder) {
	fmt.Fprintf(b, "&algo=%s&hashkeys=%d", v.Algo, v.Placed)
	if v.Move != NoMove {
		b.WriteString("&move=" + v.Move.String())
	}
	if v.Leaver > 0 {
		b.WriteString("&leave=" + sim.NodeName(v.Leaver-1))
	}
	if v.Renumber != sim.RenumberShift {
		b.WriteString("&renumber=" + v.Renumber.String())
	}
}

// Clamp keeps the algorithm and keys in range, a node to join among
// fewer than the most nodes, and the node that leaves among the nodes.
func (v View) Clamp(s view.Settings) view.Settings {
	if v.Algo >= sim.NumHashAlgorithms {
		v.Algo = Default.Algo
	}
	v.Placed = min(max(v.Placed, sim.MinHashKeys), sim.MaxHashKeys)
	if v.Move > LeaveMove {
		v.Move = NoMove
	}
	if v.Leaver > s.Nodes || v.Leaver < 0 {
		v.Leaver = 0
	}
	if v.Renumber >= sim.NumRenumbers {
		v.Renumber = sim.RenumberShift
	}
	s.Nodes = min(s.Nodes, view.MaxNodes-1) // room for the newcomer
	s.View = v
	return s
}

// Apply: "algo" shows algorithm Value, "move" change Value, "node" makes
// node Value (counted from 0) the one that leaves and shows the leave,
// "renumber" closes jump's gap way Value.
func (v View) Apply(in view.Intent, _ view.Settings) view.View {
	switch in.Name {
	case "algo":
		v.Algo = sim.HashAlgorithm(in.Value)
	case "move":
		v.Move = Move(in.Value)
	case "node":
		v.Leaver, v.Move = in.Value+1, LeaveMove
	case "renumber":
		v.Renumber = sim.Renumber(in.Value)
	}
	return v
}

// Click on a node makes it the one that leaves.
func (v View) Click(node int, s view.Settings) (view.Intent, bool) {
	return view.NodeClick(v, "node", node, s)
}

func (v View) params(s view.Settings, w *view.Work) sim.HashParams {
	return sim.HashParams{Params: w.Params(s), Keys: v.Placed, Leave: v.leaver(s.Nodes), Renumber: v.Renumber}
}

// Compute is every algorithm's figures on every seed's keys, the ring of
// every seed, and each algorithm's lookup timed on this machine.
func (v View) Compute(s view.Settings, w *view.Work) (view.Shown, error) {
	res, err := w.Run(w.Params(s), view.RunCost(s, 0))
	if err != nil {
		return nil, err
	}
	weight := v.hashCost(s)
	hr, err := sim.RunHashesWith(v.params(s, w), w.Options(weight))
	if err = w.Step(weight, err); err != nil {
		return nil, err
	}
	ns, err := lookupTimes(hr, w)
	if err != nil {
		return nil, err
	}
	return &Shown{res: res, hr: hr, v: v, ns: ns, ring: bandRing(&hr, v)}, nil
}

// hashCost is about the ring points' worth of work of placing every
// seed's keys by the four algorithms (rendezvous scores every node).
func (v View) hashCost(s view.Settings) int {
	return (view.Seeds + 1) * v.Placed * (12 + s.Nodes) / 4
}

// Timing the lookups: lookupKeys lookups each, in pieces of lookupPiece
// between pauses (a piece of rendezvous at 1,000 nodes is about a
// millisecond of work natively).
const (
	lookupKeys  = 20000
	lookupPiece = 1000
)

func lookupCost(nodes int) int { return lookupKeys * (4 + nodes) / 16 }

func (v View) Cost(s view.Settings) int {
	return view.RunCost(s, 0) + v.hashCost(s) + lookupCost(s.Nodes)
}

// timed keeps the lookup times measured, by ring, so that a ring shown
// again is not timed again and shows the same times.
var timed struct {
	sync.Mutex
	byRing map[sim.Params][sim.NumHashAlgorithms]float64
}

// lookupTimes are the lookups of hr's ring timed, once per ring (the
// algorithms besides the ring depend only on the number of nodes, but a
// ring of another V is another lookup for the ring).
func lookupTimes(hr sim.HashResult, w *view.Work) ([sim.NumHashAlgorithms]float64, error) {
	p := hr.Params.Params
	p.Seeds = 0 // the ring is the selected seed's, whatever the seeds averaged
	timed.Lock()
	ns, ok := timed.byRing[p]
	timed.Unlock()
	if ok {
		return ns, nil
	}
	ns, err := timeLookups(sim.NewLookups(hr.Ring), p.Nodes, w)
	if err != nil {
		return ns, err
	}
	timed.Lock()
	defer timed.Unlock()
	if timed.byRing == nil || len(timed.byRing) > 64 {
		timed.byRing = map[sim.Params][sim.NumHashAlgorithms]float64{}
	}
	timed.byRing[p] = ns
	return ns, nil
}

// timeLookups measures nanoseconds per lookup of each algorithm on this
// machine, pausing between pieces.
func timeLookups(l *sim.Lookups, nodes int, w *view.Work) ([sim.NumHashAlgorithms]float64, error) {
	var out [sim.NumHashAlgorithms]float64
	sink := 0
	for a := range sim.HashAlgorithm(sim.NumHashAlgorithms) {
		var took time.Duration
		x := uint64(0)
		for done := 0; done < lookupKeys; done += lookupPiece {
			start := time.Now()
			for range lookupPiece {
				x += 0x9e3779b97f4a7c15
				sink += l.Node(a, x)
			}
			took += time.Since(start)
			if err := w.Step(lookupCost(nodes)/(sim.NumHashAlgorithms*lookupKeys/lookupPiece), nil); err != nil {
				return out, err
			}
		}
		out[a] = float64(took.Nanoseconds()) / lookupKeys
	}
	if sink == -1 {
		fmt.Print() // keeps the lookups from being optimised away
	}
	return out, nil
}

// chartNodes are the cluster sizes of the chart (with the shown one), and
// chartKeys the keys it places (fewer than the view may: the chart is
// eight clusters of 20 seeds).
var chartNodes = []int{2, 3, 5, 10, 20, 50, 100}

const chartKeys = 20000

// nodesOf are the chart's cluster sizes for s: chartNodes and s's.
func nodesOf(s view.Settings) []int {
	out := append([]int(nil), chartNodes...)
	if !slices.Contains(out, s.Nodes) {
		out = append(out, s.Nodes)
		slices.Sort(out)
	}
	return out
}

// rows are the chart's curves: every algorithm's means by number of
// nodes, the ring with one token each and with 16.
type rows struct {
	nodes         int // the shown cluster's, marked on the chart
	assign        sim.Assignment
	keys          int
	renumber      sim.Renumber
	ringOne, rest []sim.HashRow // rest's ring is at V = 16
}

func (r *rows) For(s view.Settings) bool {
	v, _ := s.View.(View)
	return r.nodes == s.Nodes && r.assign == s.Assign && r.keys == min(v.Placed, chartKeys) && r.renumber == v.Renumber
}

func (v View) Rows(s view.Settings, w *view.Work) (view.Rows, error) {
	out := &rows{nodes: s.Nodes, assign: s.Assign, keys: min(v.Placed, chartKeys), renumber: v.Renumber}
	part := v.RowsCost(s) / 2
	for _, tokens := range []int{1, 16} {
		hp := sim.HashParams{Params: w.Params(s), Keys: out.keys, Renumber: v.Renumber}
		hp.V = tokens
		list, err := sim.HashSweepWith(hp, nodesOf(s), w.Options(part))
		if err = w.Step(part, err); err != nil {
			return nil, err
		}
		if tokens == 1 {
			out.ringOne = list
		} else {
			out.rest = list
		}
	}
	return out, nil
}

func (v View) RowsCost(s view.Settings) int {
	sum := 0
	for _, n := range nodesOf(s) {
		sum += min(v.Placed, chartKeys) * (12 + n) / 4
	}
	return 2 * view.Seeds * sum
}

// Controls: the algorithm, the change, the keys, and each one's trade.
func (v View) Controls(s view.Settings) []view.Control {
	in := func(name string, value int) view.Intent {
		return view.Intent{Action: view.ActionView, View: v.ID(), Name: name, Value: value}
	}
	var algos, moves []view.Choice
	for a := range sim.HashAlgorithm(sim.NumHashAlgorithms) {
		algos = append(algos, view.Choice{Name: "algo" + strings.ToUpper(a.String()[:1]) + a.String()[1:], Label: algoWord(a), On: a == v.Algo, Intent: in("algo", int(a))})
	}
	for m, label := range []string{lang.T("no change"), lang.T("a node joins"), lang.Sprintf("%s leaves", sim.NodeName(v.leaver(s.Nodes)))} {
		moves = append(moves, view.Choice{Name: "move" + strings.ToUpper(moveNames[m][:1]) + moveNames[m][1:], Label: label, On: Move(m) == v.Move, Intent: in("move", m)})
	}
	out := []view.Control{
		{Label: lang.T("algorithm"), Choices: algos},
		{Label: lang.T("change"), Choices: moves},
	}
	if v.Algo == sim.JumpHash {
		var ways []view.Choice
		for r, label := range []string{lang.T("shift the rest"), lang.T("last takes its number")} {
			ways = append(ways, view.Choice{Name: "renumber" + strings.ToUpper(sim.Renumber(r).String()[:1]) + sim.Renumber(r).String()[1:],
				Label: label, On: sim.Renumber(r) == v.Renumber, Intent: in("renumber", r)})
		}
		out = append(out, view.Control{Label: lang.T("gap"), Choices: ways})
	}
	return append(out, view.Control{Text: lang.T(trades[v.Algo])})
}

// trades say what each algorithm costs and buys, and where it is used
// (in English; Controls translates them).
var trades = [sim.NumHashAlgorithms]string{
	lang.N("Ring: tokens on a circle, a binary search a key (log N·V). Even only with many tokens; a change moves little. Used by Dynamo-style databases."),
	lang.N("Jump: no memory, log N steps a key, even. Nodes are numbered, so a leaver's gap must be closed: shift the rest, or move the last node in."),
	lang.N("Rendezvous: a key scores every node (N steps); even, and moves only what must. Used where the node list is short."),
	lang.N("Maglev: one table read a key; even, moves a little more than it must. The table is rebuilt on every change and must be much larger than N. Used by load balancers."),
}
