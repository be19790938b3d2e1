package view

import "vnodes/sim"

// LessonStep is one predict-then-observe step of the guided lesson. The
// class answers Question first (a choice, or a number typed in), then the
// teacher reveals the measurement and the explanation.
type LessonStep struct {
	Title    string
	V        int  // ranges per node this step starts with (N = 10, seed 0, round-robin)
	Mode     Mode // the view the step shows (with Change or Load)
	Change   sim.ChangeKind
	Load     sim.Workload
	Scheme   sim.Scheme // with ModeTokens: where the tokens come from
	Question string     // asked before anything is revealed
	Choices  []string   // possible answers to pick from
	Best     int        // index of the answer the measurement supports
	Explain  string     // shown after the reveal, next to the measured figures
	Measure  Measure    // which figure answers the question
	Try      *Try       // something to try after the reveal, or nil
}

// Try is a change of settings the card offers after the reveal.
type Try struct {
	Label string
	Edit  func(s *Settings)
}

// Measure names the figure a step's question is about.
type Measure uint8

const (
	MeasureImbalance Measure = iota // busiest node over the mean, averaged over seeds
	MeasureCV                       // spread of the loads, averaged over seeds
	MeasureNone                     // a reasoning question; the figures are still shown
	MeasureMoved                    // the fraction of the ring that moves when a node joins
	MeasureRequests                 // the busiest node's share of the requests, averaged over seeds
)

// Lesson follows the exercise: one range per node, then 16, then 256 and
// the 1/sqrt(V) law, then why, then a node joining, then what virtual
// nodes cannot fix, and last whether tokens need to be random at all.
var Lesson = []LessonStep{
	{
		Title:    "1 · One random range per node",
		V:        1,
		Question: "Ten nodes each own one slice of the ring, cut at random points. Keys spread evenly, so a node's load is the size of its slice. How heavy is the busiest node, compared with a fair tenth?",
		Choices:  []string{"about 1.2× its share", "about 1.5× its share", "about 2× its share", "nearly 3× its share"},
		Best:     3,
		Explain:  "Random cuts do not give equal slices. With one slice each, a single draw decides a node's whole load, so some node nearly always ends up with a huge slice while another gets a sliver.",
		Measure:  MeasureImbalance,
	},
	{
		Title:    "2 · Sixteen ranges per node (Cassandra)",
		V:        16,
		Question: "Same ring, same random cuts, but now every node owns 16 small slices scattered around the ring. Where does the busiest node end up?",
		Choices:  []string{"still nearly 3×", "about 2×", "about 1.4×", "exactly 1.0×"},
		Best:     2,
		Explain:  "A node's load is now a sum of 16 widths. Its big and small slices partly cancel, so every node drifts towards its fair share. Not perfect, but the hot spot has shrunk a lot.",
		Measure:  MeasureImbalance,
	},
	{
		Title:    "3 · 256 ranges per node (ScyllaDB)",
		V:        256,
		Question: "Sixteen times as many slices again. The spread of the loads (CV) was about 0.21 at V = 16. What happens to it now?",
		Choices:  []string{"it hardly changes", "it halves", "it falls to about a quarter", "it falls to about a sixteenth"},
		Best:     2,
		Explain:  "Every 4× more slices halves the spread, so 16× more cuts it to a quarter. On the chart the measured line runs alongside the dashed 1/√V line: the spread falls like one over the square root of V.",
		Measure:  MeasureCV,
	},
	{
		Title:    "4 · Why: adding up random widths",
		V:        64,
		Question: "A node's load is the sum of V random widths. To halve the spread of the loads, how many more slices does each node need?",
		Choices:  []string{"2× as many", "4× as many", "8× as many"},
		Best:     1,
		Explain:  "Adding V independent widths makes the mean grow like V but the standard deviation only like √V. Their ratio, the CV, therefore shrinks like 1/√V, so CV·√V (shown above) stays nearly constant: move V with the slider and watch it.",
		Measure:  MeasureNone,
	},
	{
		Title:    "5 · A node joins (one range each)",
		V:        1,
		Mode:     ModeChange,
		Change:   sim.Join,
		Question: "An eleventh node joins the ten, with one random token of its own. How much of the data moves to it, and from how many nodes?",
		Choices:  []string{"about a tenth, all from one node", "about a tenth, a little from every node", "about half of it", "nearly all of it"},
		Best:     0,
		Explain:  "The newcomer's one token falls inside one old range and takes the part after it: one neighbour pays for everything, and the newcomer may get a sliver or a giant. On average that is 1/11 of the ring, far less than hash mod N, which moves 10/11 of the keys.",
		Measure:  MeasureMoved,
	},
	{
		Title:    "6 · A node joins (256 ranges each)",
		V:        256,
		Mode:     ModeChange,
		Change:   sim.Join,
		Question: "Now every node owns 256 ranges and the newcomer brings 256 tokens. How much of the data moves, and from whom?",
		Choices:  []string{"about a tenth, all from one node", "about a tenth, a little from every node", "about half of it", "nearly all of it"},
		Best:     1,
		Explain:  "With many tokens the newcomer takes many small pieces, a little from every node, and lands near its fair share: 1/11 of the ring moves, and every old node gives about the same. That is the second half of the case for virtual nodes.",
		Measure:  MeasureMoved,
	},
	{
		Title:    "7 · What virtual nodes cannot fix",
		V:        256,
		Mode:     ModeLoad,
		Load:     sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 1},
		Question: "One key is suddenly popular: 30% of all requests ask for it. With 256 ranges per node, how busy is the busiest node, compared with a fair share of the requests?",
		Choices:  []string{"about 1.1×, like the data", "about 2×", "about 3.7×", "about 10×"},
		Best:     2,
		Explain:  "A key hashes to one point, so it lives in one range on one node, however finely the ring is cut: that node gets 30% of all requests, three fair shares on its own. Virtual nodes even out where the boundaries fall, not how requests fall. Splitting the key into salted copies spreads it; try it.",
		Measure:  MeasureRequests,
		Try: &Try{Label: "split the hot key into 8 (salting)", Edit: func(s *Settings) {
			s.Load.Salt = 8
		}},
	},
	{
		Title:    "8 · Must tokens be random?",
		V:        4,
		Mode:     ModeTokens,
		Scheme:   sim.GreedyTokens,
		Question: "With 4 random tokens each, the busiest of ten nodes carries about 1.86 fair shares. Now the nodes join one at a time, and each places its 4 tokens where they take load from the busiest node. How heavy is the busiest node now?",
		Choices:  []string{"still about 1.9×", "about 1.5×", "about 1.1×", "exactly 1.0×"},
		Best:     2,
		Explain:  "Placing tokens on purpose beats drawing more of them: 4 placed tokens do about as well as 256 random ones, and 16 do better. The price is knowledge: a newcomer must see the whole ring to choose. Cutting the ring into N·V equal ranges is perfectly even, but fixes their number in advance.",
		Measure:  MeasureImbalance,
		Try: &Try{Label: "cut the ring into equal ranges instead", Edit: func(s *Settings) {
			s.Scheme = sim.EqualTokens
		}},
	},
}

// StepSettings are the settings a lesson step opens with; the theme is kept.
func StepSettings(step int, theme Theme) Settings {
	s := Default()
	s.Theme = theme
	if step >= 1 && step <= len(Lesson) {
		l := Lesson[step-1]
		s.Step, s.V, s.Mode, s.Change, s.Load, s.Scheme = step, l.V, l.Mode, l.Change, l.Load, l.Scheme
	}
	return s.Clamp()
}
