package view

// LessonStep is one predict-then-observe step of the guided lesson. The
// class answers Question first (a choice, or a number typed in), then the
// teacher reveals the measurement and the explanation.
type LessonStep struct {
	Title    string
	V        int      // ranges per node this step starts with (N = 10, seed 0, round-robin)
	Question string   // asked before anything is revealed
	Choices  []string // possible answers to pick from
	Best     int      // index of the answer the measurement supports
	Explain  string   // shown after the reveal, next to the measured figures
	Measure  Measure  // which figure answers the question
}

// Measure names the figure a step's question is about.
type Measure uint8

const (
	MeasureImbalance Measure = iota // busiest node over the mean, averaged over seeds
	MeasureCV                       // spread of the loads, averaged over seeds
	MeasureNone                     // a reasoning question; the figures are still shown
)

// Lesson follows the exercise: one range per node, then 16, then 256 and
// the 1/sqrt(V) law, then why, then what virtual nodes cannot fix.
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
		Title:    "5 · What virtual nodes cannot fix",
		V:        256,
		Question: "One key is suddenly wildly popular: half of all requests ask for it. With 256 ranges per node, how much of that key's traffic can the other nodes take?",
		Choices:  []string{"none of it", "about half of it", "all of it, evenly"},
		Best:     0,
		Explain:  "A key hashes to one point, so it lives in one range on one node, however finely the ring is cut. Virtual nodes even out where the boundaries fall; they do nothing for a hot key. That needs other tools, such as splitting the key or caching it.",
		Measure:  MeasureNone,
	},
}

// StepSettings are the settings a lesson step opens with; the theme is kept.
func StepSettings(step int, theme Theme) Settings {
	s := Default()
	s.Theme = theme
	if step >= 1 && step <= len(Lesson) {
		s.Step = step
		s.V = Lesson[step-1].V
	}
	return s
}
