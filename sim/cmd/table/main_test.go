package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vnodes/sim"
)

func runTable(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestDefaultTableHasTheExerciseRows(t *testing.T) {
	code, out, errOut := runTable()
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The exercise's four columns, exactly as it prints them.
	want := []string{
		"     1 |              2.804 |         0.846 |     1.000 |",
		"     2 |              2.372 |         0.651 |     0.707 |",
		"     4 |              1.858 |         0.439 |     0.500 |",
		"    16 |              1.378 |         0.212 |     0.250 |",
		"    64 |              1.216 |         0.123 |     0.125 |",
		"   256 |              1.105 |         0.058 |     0.062 |",
	}
	for _, prefix := range want {
		line := findLine(out, prefix)
		if line == "" {
			t.Errorf("table lacks a row starting %q; got:\n%s", prefix, out)
			continue
		}
		// The extra column is CV*sqrt(V), consistent with the printed CV.
		var v int
		var imb, cv, guide, product float64
		if _, err := fmt.Sscanf(line, "%d | %f | %f | %f | %f", &v, &imb, &cv, &guide, &product); err != nil {
			t.Fatalf("row %q: %v", line, err)
		}
		if diff := math.Abs(product - cv*math.Sqrt(float64(v))); diff > 0.0006*math.Sqrt(float64(v)) {
			t.Errorf("row %q: CV*sqrt(V) %.3f does not match CV %.3f", line, product, cv)
		}
	}
}

func findLine(out, prefix string) string {
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}

func TestLoadsModePrintsIntegerLoads(t *testing.T) {
	// Seed 0, N=10, V=1 is the first line of sim/testdata/loads.golden.
	code, out, _ := runTable("-loads", "0", "-v", "1,16")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || lines[0] != "1: 121589350 474267516 240627119 120645234 28294636 1050246167 380609876 248009022 25541896 1605136480" {
		t.Fatalf("loads output:\n%s", out)
	}
	if !strings.HasPrefix(lines[1], "16: ") || len(strings.Fields(lines[1])) != 11 {
		t.Fatalf("V=16 line %q", lines[1])
	}
}

func TestRandomAssignmentAndOtherSizes(t *testing.T) {
	code, out, _ := runTable("-nodes", "3", "-seeds", "2", "-v", "5", "-assign", "random")
	if code != 0 || !strings.Contains(out, "random assignment") || !strings.Contains(out, "     5 |") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
}

func TestBadFlagsFailWithOneClearLine(t *testing.T) {
	cases := map[string][]string{
		"nodes = 0":          {"-nodes", "0"},
		`"abc" is not`:       {"-v", "abc"},
		"between 1 and 4096": {"-v", "1,5000"},
		"seeds = 0":          {"-seeds", "0"},
		"want roundrobin":    {"-assign", "hashed"},
		"0 or more":          {"-loads", "-4"},
		"unexpected":         {"extra"},
		"want true or false": {"-json=maybe"},
		"not defined: -x":    {"-x"},
		"needs an argument":  {"-v"},
	}
	for want, args := range cases {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
		if !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: stderr %q, want one line containing %q", args, errOut, want)
		}
	}
}

// jsonRow is one line of the -json output, decoded.
type jsonRow struct {
	V         int     `json:"v"`
	Scheme    string  `json:"scheme"`
	Imbalance float64 `json:"imbalance"`
	CV        float64 `json:"cv"`
	InvSqrtV  float64 `json:"invSqrtV"`
	CVSqrtV   float64 `json:"cvSqrtV"`
}

// decodeRows reads JSON Lines, rejecting unknown keys and anything that is
// not one object per line.
func decodeRows(t *testing.T, out string) []jsonRow {
	t.Helper()
	var rows []jsonRow
	for line := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
		var keys map[string]any
		if err := json.Unmarshal([]byte(line), &keys); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if len(keys) != 6 || !strings.HasPrefix(line, `{"v":`) {
			t.Fatalf("line %q: want v first, then scheme, imbalance, cv, invSqrtV and cvSqrtV", line)
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var r jsonRow
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		rows = append(rows, r)
	}
	return rows
}

func TestJSONRowsMatchTheTextTable(t *testing.T) {
	code, out, errOut := runTable("-json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	rows := decodeRows(t, out)
	_, text, _ := runTable()
	want, err := sim.Sweep(sim.SweepParams{Nodes: sim.DefaultNodes, Seeds: sim.DefaultSeeds, Assign: sim.RoundRobin, Vs: []int{1, 2, 4, 16, 64, 256}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want) {
		t.Fatalf("%d JSON rows, want %d:\n%s", len(rows), len(want), out)
	}
	for i, r := range rows {
		// Every digit survives: the figures are sim's, not the rounded text.
		root := math.Sqrt(float64(r.V))
		if r.V != want[i].V || r.Imbalance != want[i].Imbalance || r.CV != want[i].CV ||
			r.InvSqrtV != 1/root || r.CVSqrtV != r.CV*root {
			t.Errorf("row %d: %+v, want %+v", i, r, want[i])
		}
		// Rounded, they are exactly the text table's row.
		textRow := fmt.Sprintf("%6d | %18.3f | %13.3f | %9.3f | %10.3f", r.V, r.Imbalance, r.CV, r.InvSqrtV, r.CVSqrtV)
		if findLine(text, textRow) != textRow {
			t.Errorf("JSON row %+v rounds to %q, which the text table lacks:\n%s", r, textRow, text)
		}
	}
	first, last := rows[0], rows[len(rows)-1]
	got := fmt.Sprintf("%.3f/%.3f … %.3f/%.3f", first.Imbalance, first.CV, last.Imbalance, last.CV)
	if got != "2.804/0.846 … 1.105/0.058" {
		t.Errorf("exercise figures %s", got)
	}
}

func TestJSONLoadsIsOneObject(t *testing.T) {
	code, out, _ := runTable("-loads", "0", "-v", "1,16", "-json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Nodes  int    `json:"nodes"`
		Seed   int    `json:"seed"`
		Assign string `json:"assign"`
		Scheme string `json:"scheme"`
		Rows   []struct {
			V     int      `json:"v"`
			Loads []uint64 `json:"loads"`
		} `json:"rows"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if dec.More() {
		t.Fatalf("more than one object: %q", out)
	}
	if got.Nodes != 10 || got.Seed != 0 || got.Assign != "roundrobin" || got.Scheme != "random" || len(got.Rows) != 2 || got.Rows[0].V != 1 || got.Rows[1].V != 16 {
		t.Fatalf("loads object %+v", got)
	}
	// The same seed-0 ring as the text output (and sim/testdata/loads.golden).
	if want := []uint64{121589350, 474267516, 240627119, 120645234, 28294636, 1050246167, 380609876, 248009022, 25541896, 1605136480}; !slices.Equal(got.Rows[0].Loads, want) {
		t.Errorf("V=1 loads %v", got.Rows[0].Loads)
	}
	for _, r := range got.Rows {
		var sum uint64
		for _, l := range r.Loads {
			sum += l
		}
		if len(r.Loads) != 10 || sum != 1<<32 {
			t.Errorf("V=%d: %d loads summing to %d", r.V, len(r.Loads), sum)
		}
	}
}

func TestOverflowIsReportedAsTooLarge(t *testing.T) {
	huge := "99999999999999999999999"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-nodes", huge}, "nodes = " + huge + " is too large: it must be between 1 and 1000"},
		{[]string{"-seeds", huge}, "seeds = " + huge + " is too large: it must be between 1 and 1000"},
		{[]string{"-v", "1,99999999999999999999"}, "99999999999999999999 is too large: each V must be between 1 and 4096"},
		{[]string{"-loads", huge}, "loads = " + huge + " is too large: a seed must be at most " + strconv.Itoa(math.MaxInt)},
		{[]string{"-nodes", "-" + huge}, "is too small: it must be between 1 and 1000"},
		{[]string{"-loads", "-" + huge}, "is too small: a seed must be 0 or more"},
		// Within int, beyond the limit: the limit itself, not the limit plus one.
		{[]string{"-nodes", "1001"}, "nodes = 1001 is too large: it must be between 1 and 1000"},
		{[]string{"-v", "4097"}, "4097 is too large: each V must be between 1 and 4096"},
	}
	for _, c := range cases {
		code, out, errOut := runTable(c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "table: ") || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
		for _, wrong := range []string{"not a whole number", "out of range", "1001 and", "4097 and"} {
			if strings.Contains(errOut, wrong) {
				t.Errorf("%v: stderr %q says %q", c.args, errOut, wrong)
			}
		}
	}
}

func TestLongArgumentsAreShortened(t *testing.T) {
	long := strings.Repeat("7", 20_000)
	cases := [][]string{
		{"-nodes", long},
		{"-seeds", "x" + long},
		{"-v", "1,2," + long},
		{"-v", long + ",1"},
		{"-v", "1,x" + long},
		{"-assign", long},
		{"-loads", long},
		{"-loads", "-" + long},
		{"-json=" + long},
		{"-" + long},
		{"--" + long + "=1"},
		{"---" + long},
		{long},
		{"-nodes", "12345678901234567890123456789"}, // just over the limit
	}
	for _, args := range cases {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" {
			t.Errorf("%.40q: exit %d, stdout %.40q", args, code, out)
		}
		if len(errOut) > 160 || !strings.Contains(errOut, "…") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%.40q: stderr %d bytes, want one short line with an ellipsis: %.200q", args, len(errOut), errOut)
		}
	}
	// Short arguments are quoted whole.
	if got := clip(strings.Repeat("é", clipRunes)); got != strings.Repeat("é", clipRunes) {
		t.Errorf("clip shortened %q", got)
	}
	if got := clip(strings.Repeat("é", clipRunes+1)); got != strings.Repeat("é", clipRunes)+"…" {
		t.Errorf("clip gave %q", got)
	}
}

func TestLoadsMinusOneIsAnError(t *testing.T) {
	for _, args := range [][]string{{"-loads", "-1"}, {"-loads=-1"}, {"-loads", "-1", "-json"}} {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" || errOut != "table: loads = -1 is too small: a seed must be 0 or more\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// withWork runs the table row by row from the given amount of work on, and
// with sweep and isTerminal replaced when they are not nil, until the test
// ends.
func withWork(t *testing.T, work int64, sw func(sim.SweepParams, sim.Options) ([]sim.Row, error), term func(io.Writer) bool) {
	oldWork, oldSweep, oldTerm := rowByRowWork, sweep, isTerminal
	t.Cleanup(func() { rowByRowWork, sweep, isTerminal = oldWork, oldSweep, oldTerm })
	rowByRowWork = work
	if sw != nil {
		sweep = sw
	}
	if term != nil {
		isTerminal = term
	}
}

func TestRowByRowGivesTheSameTable(t *testing.T) {
	cases := [][]string{
		{},
		{"-json"},
		{"-nodes", "7", "-seeds", "3", "-v", "4,1,4,300", "-assign", "random", "-json"},
		{"-nodes", "40", "-seeds", "5", "-v", "512,1,512,2"},
	}
	for _, args := range cases {
		_, together, _ := runTable(args...)
		func() {
			var calls int
			withWork(t, 0, func(sp sim.SweepParams, o sim.Options) ([]sim.Row, error) {
				calls++
				return sim.SweepWith(sp, o)
			}, nil)
			code, byRow, errOut := runTable(args...)
			progress := regexp.MustCompile(`^(table: row \d+/\d+ \(V=\d+\)…[^\n]*\n)*$`)
			if code != 0 || !progress.MatchString(errOut) || byRow != together {
				t.Errorf("%v: exit %d, stderr %q; row by row:\n%s\nall at once:\n%s", args, code, errOut, byRow, together)
			}
			if calls < 3 {
				t.Errorf("%v: %d sweeps, want one per distinct V", args, calls)
			}
		}()
	}
}

// Away from a terminal (a pipe, a file), a long measurement still says
// how far it has got, in whole lines rather than a line rewritten in
// place, from its start; a short one says nothing.
func TestProgressInLinesWhenStderrIsNotATerminal(t *testing.T) {
	file, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for _, stderr := range []io.Writer{file, w, &bytes.Buffer{}} {
		if isTerminal(stderr) {
			t.Errorf("%T counts as a terminal", stderr)
		}
	}
	var out bytes.Buffer
	if code := run(context.Background(), []string{"-nodes", "5"}, &out, file); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if info, err := file.Stat(); err != nil || info.Size() != 0 {
		t.Errorf("a short run wrote %v bytes to stderr (%v)", info.Size(), err)
	}
	withWork(t, 0, nil, nil) // every run long enough to report
	out.Reset()
	if code := run(context.Background(), []string{"-nodes", "5"}, &out, file); code != 0 {
		t.Fatalf("exit %d", code)
	}
	got, _ := os.ReadFile(file.Name())
	if !strings.HasPrefix(string(got), "table: row 1/6 (V=1)…") || strings.Contains(string(got), "\r") || !strings.HasSuffix(string(got), "\n") {
		t.Errorf("stderr %q: want whole lines from the first row", got)
	}
	if !strings.Contains(out.String(), "   256 |") {
		t.Errorf("table:\n%s", out.String())
	}
}

// The line says how long the work has left, once that is worth a guess.
func TestHowFarGuessesWhatIsLeft(t *testing.T) {
	for _, c := range []struct {
		done    float64
		elapsed time.Duration
		want    string
	}{
		{0, 0, ""},
		{0.01, 3 * time.Second, " 1% 3s"},
		{0.25, 10 * time.Second, " 25% 10s, about 30s left"},
	} {
		if got := howFar(c.done, c.elapsed); got != c.want {
			t.Errorf("howFar(%v, %v) = %q, want %q", c.done, c.elapsed, got, c.want)
		}
	}
}

// syncBuffer is a bytes.Buffer that a test may read while run writes it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitFor polls until b holds want, failing the test after a while.
func waitFor(t *testing.T, b *syncBuffer, want string) {
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(b.String(), want); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("stderr never showed %q; it holds %q", want, b.String())
			return
		}
	}
}

func TestStatusLineOnATerminal(t *testing.T) {
	var stderr syncBuffer
	// Each row waits until the status line names it, so that the test sees
	// every update however the goroutines are scheduled.
	withWork(t, 0, func(sp sim.SweepParams, o sim.Options) ([]sim.Row, error) {
		waitFor(t, &stderr, fmt.Sprintf("(V=%d)…", sp.Vs[0]))
		if sp.Vs[0] == 16 { // half-way through the row, the line says so
			o.Progress(1, 2)
			waitFor(t, &stderr, "(V=16)… 50%")
		}
		return sim.SweepWith(sp, o)
	}, func(w io.Writer) bool { return w == &stderr })
	var out bytes.Buffer
	if code := run(context.Background(), []string{"-v", "1,16,4"}, &out, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	got := stderr.String()
	for _, want := range []string{"\rtable: row 1/3 (V=1)…", "\rtable: row 2/3 (V=16)…", "\rtable: row 3/3 (V=4)…"} {
		if !strings.Contains(got, want) {
			t.Errorf("stderr %q lacks %q", got, want)
		}
	}
	// The line is blanked at the end, leaving nothing but spaces behind.
	if !strings.HasSuffix(got, "\r") {
		t.Fatalf("status line not cleared: %q", got)
	}
	if last := got[strings.LastIndex(got[:len(got)-1], "\r"):]; strings.Trim(last, "\r ") != "" {
		t.Errorf("status line not cleared: %q", got)
	}
	if !strings.Contains(out.String(), "    16 |              1.378 |") {
		t.Errorf("table:\n%s", out.String())
	}
}

func TestInterruptStopsWithStatus130(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	withWork(t, 0, func(sp sim.SweepParams, o sim.Options) ([]sim.Row, error) {
		started <- struct{}{}
		<-release // a row that would take minutes
		return sim.SweepWith(sp, o)
	}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel() // Ctrl-C while the first row is measured
	}()
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"-json"}, &out, &errb); code != 130 || out.Len() != 0 || !regexp.MustCompile(`^(table: row 1/6 \(V=1\)…\n)?table: interrupted\n$`).MatchString(errb.String()) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}

	// Interrupted before it starts, in every mode.
	cancel()
	for _, args := range [][]string{{}, {"-loads", "3"}, {"-loads", "3", "-json"}} {
		var out, errb bytes.Buffer
		if code := run(ctx, args, &out, &errb); code != 130 || out.Len() != 0 || errb.String() != "table: interrupted\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out.String(), errb.String())
		}
	}
}

// decodeObjects reads JSON Lines into generic objects of numbers, keeping
// the keys' order of the first line. The one string, "scheme", which
// TestSchemeFlag checks, is left out of both.
func decodeObjects(t *testing.T, out string) (rows []map[string]float64, keys []string) {
	t.Helper()
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		nums := make(map[string]float64, len(obj))
		for k, v := range obj {
			if x, ok := v.(float64); ok {
				nums[k] = x
			} else if k != "scheme" {
				t.Fatalf("line %q: %s is not a number", line, k)
			}
		}
		rows = append(rows, nums)
		if i == 0 {
			dec := json.NewDecoder(strings.NewReader(line))
			for tok, err := dec.Token(); err == nil; tok, err = dec.Token() {
				if k, ok := tok.(string); ok {
					if k != "scheme" {
						keys = append(keys, k)
					}
					dec.Token() // its value
				}
			}
		}
	}
	return rows, keys
}

// -load adds the request figures of sim.SweepWorkload beside the data
// figures, which stay the exercise's; the text table shows the same
// numbers rounded.
func TestLoadFlagsAddRequestColumns(t *testing.T) {
	cases := []struct {
		args     []string
		w        sim.Workload
		wantKeys []string
	}{
		{[]string{"-load", "hot", "-hot", "0.3"}, sim.Workload{Kind: sim.HotKey, Hot: 0.3}, nil},
		{[]string{"-load", "hot", "-hot", "0.3", "-salt", "8"}, sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 8}, nil},
		{[]string{"-load", "hot", "-salt", "8", "-fix", "bounded", "-eps", "0.25"}, sim.Workload{Kind: sim.HotKey, Hot: 0.3, Salt: 8, Fix: sim.Bounded, Eps: 0.25}, []string{"displaced"}},
		{[]string{"-load", "zipf", "-zipf", "1.1", "-keys", "2000", "-fix", "replicate", "-replicas", "2"}, sim.Workload{Kind: sim.Zipf, Zipf: 1.1, Keys: 2000, Fix: sim.Replicate, Replicas: 2}, nil},
		{[]string{"-load", "zipf", "-fix", "bounded"}, sim.Workload{Kind: sim.Zipf, Zipf: sim.DefaultZipf, Fix: sim.Bounded, Eps: sim.DefaultEps}, []string{"displaced"}},
		{[]string{"-load", "uniform"}, sim.Workload{}, nil},
	}
	for _, c := range cases {
		args := append(slices.Clip(c.args), "-json", "-seeds", "5", "-v", "1,16,256")
		code, out, errOut := runTable(args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		rows, keys := decodeObjects(t, out)
		wantKeys := append([]string{"v", "imbalance", "cv", "invSqrtV", "cvSqrtV", "requestImbalance", "requestCV"}, c.wantKeys...)
		if !slices.Equal(keys, wantKeys) {
			t.Fatalf("%v: keys %v, want %v", args, keys, wantKeys)
		}
		want, err := sim.SweepWorkload(sim.SweepParams{Nodes: 10, Seeds: 5, Vs: []int{1, 16, 256}}, c.w)
		if err != nil {
			t.Fatal(err)
		}
		_, text, _ := runTable(append(slices.Clip(c.args), "-seeds", "5", "-v", "1,16,256")...)
		for i, r := range rows {
			w := want[i]
			if r["v"] != float64(w.V) || r["imbalance"] != w.Data.Imbalance || r["cv"] != w.Data.CV ||
				r["requestImbalance"] != w.Request.Imbalance || r["requestCV"] != w.Request.CV ||
				(len(c.wantKeys) > 0 && r["displaced"] != w.Displaced) {
				t.Errorf("%v: row %v, want %+v", args, r, w)
			}
			if c.w.Kind == sim.Uniform && (r["requestImbalance"] != r["imbalance"] || r["requestCV"] != r["cv"]) {
				t.Errorf("%v: uniform requests differ from the data: %v", args, r)
			}
			line := findLine(text, fmt.Sprintf("%6d |", w.V))
			if !strings.Contains(line, fmt.Sprintf("| %16.3f | %10.3f", w.Request.Imbalance, w.Request.CV)) {
				t.Errorf("%v: text row %q lacks the request figures %.3f and %.3f", args, line, w.Request.Imbalance, w.Request.CV)
			}
		}
		if !strings.Contains(text, "Request figures are") {
			t.Errorf("%v: the heading does not explain the request columns:\n%s", args, text)
		}
	}
}

// The lesson's point in the table: with one key taking 30 % of the
// requests the data imbalance falls with V while the request imbalance
// stays above h·N = 3; salting brings it down.
func TestHotKeyTableShowsTheBoundary(t *testing.T) {
	_, out, _ := runTable("-load", "hot", "-hot", "0.3", "-json")
	rows, _ := decodeObjects(t, out)
	first, last := rows[0], rows[len(rows)-1]
	if first["imbalance"] < 2.5 || last["imbalance"] > 1.15 {
		t.Errorf("data imbalance %v at V=1, %v at V=256", first["imbalance"], last["imbalance"])
	}
	for _, r := range rows {
		if r["requestImbalance"] < 3 {
			t.Errorf("V=%v: request imbalance %v below h·N", r["v"], r["requestImbalance"])
		}
	}
	_, salted, _ := runTable("-load", "hot", "-hot", "0.3", "-salt", "8", "-json")
	rows, _ = decodeObjects(t, salted)
	if got := rows[len(rows)-1]["requestImbalance"]; got > 2 {
		t.Errorf("salted into 8, V=256: request imbalance %v", got)
	}
}

func TestBadLoadFlagsFailWithOneClearLine(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-load", "spiky"}, `-load "spiky": want uniform, hot or zipf`},
		{[]string{"-fix", "cache", "-load", "hot"}, `-fix "cache": want none, bounded or replicate`},
		{[]string{"-load", "hot", "-hot", "0.95"}, "hot = 0.95 is too large: it must be between 0 and 0.9"},
		{[]string{"-load", "hot", "-hot", "-0.1"}, "hot = -0.1 is too small: it must be between 0 and 0.9"},
		{[]string{"-load", "hot", "-hot", "abc"}, `hot = "abc" is not a number`},
		{[]string{"-load", "hot", "-hot", "NaN"}, `hot = "NaN" is not a number`},
		{[]string{"-load", "hot", "-hot", "1e999"}, "hot = 1e999 is too large"},
		{[]string{"-load", "hot", "-hot", "-Inf"}, "hot = -Inf is too small"},
		{[]string{"-load", "hot", "-salt", "0"}, "salt = 0 is too small: it must be between 1 and 256"},
		{[]string{"-load", "hot", "-salt", "1.5"}, `salt = "1.5" is not a whole number`},
		{[]string{"-load", "zipf", "-zipf", "3"}, "zipf = 3 is too large: it must be between 0 and 2"},
		{[]string{"-load", "zipf", "-keys", "100001"}, "keys = 100001 is too large: it must be between 1 and 100000"},
		{[]string{"-load", "zipf", "-fix", "bounded", "-eps", "5"}, "eps = 5 is too large: it must be between 0 and 4"},
		{[]string{"-load", "zipf", "-fix", "replicate", "-replicas", "17"}, "replicas = 17 is too large: it must be between 1 and 16"},
		{[]string{"-hot", "0.3"}, "-hot needs -load hot"},
		{[]string{"-load", "zipf", "-salt", "4"}, "-salt needs -load hot"},
		{[]string{"-load", "hot", "-keys", "5"}, "-keys needs -load zipf"},
		{[]string{"-load", "hot", "-zipf", "1"}, "-zipf needs -load zipf"},
		{[]string{"-load", "hot", "-eps", "0.1"}, "-eps needs -fix bounded"},
		{[]string{"-load", "hot", "-fix", "bounded", "-replicas", "2"}, "-replicas needs -fix replicate"},
		{[]string{"-fix", "bounded"}, "-fix bounded needs -load hot or -load zipf"},
		{[]string{"-loads", "0", "-load", "hot"}, "cannot go with -loads"},
		{[]string{"-load", "hot", "-hot", strings.Repeat("9", 20_000)}, "…"},
		{[]string{"-load", strings.Repeat("z", 20_000)}, "…"},
	}
	for _, c := range cases {
		code, out, errOut := runTable(c.args...)
		if code != 2 || out != "" {
			t.Errorf("%.60q: exit %d, stdout %q", c.args, code, out)
		}
		if !strings.HasPrefix(errOut, "table: ") || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 || len(errOut) > 160 {
			t.Errorf("%.60q: stderr %.200q, want one short line containing %q", c.args, errOut, c.want)
		}
	}
	// The knobs' own defaults and limits are accepted.
	for _, args := range [][]string{
		{"-load", "hot", "-hot", "0", "-salt", "256"},
		{"-load", "hot", "-hot", "0.9", "-salt", "1", "-fix", "replicate", "-replicas", "16"},
		{"-load", "zipf", "-zipf", "0", "-keys", "1", "-fix", "bounded", "-eps", "0"},
		{"-load", " ZIPF ", "-zipf", "2", "-keys", "100000", "-fix", "none"},
	} {
		if code, _, errOut := runTable(append(args, "-seeds", "2", "-v", "4")...); code != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestLoadInterruptStopsWithStatus130(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	old := sweepWorkload
	t.Cleanup(func() { sweepWorkload = old })
	sweepWorkload = func(sp sim.SweepParams, w sim.Workload, o sim.Options) ([]sim.WorkloadRow, error) {
		started <- struct{}{}
		<-release // request loads that would take minutes
		return sim.SweepWorkloadWith(sp, w, o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"-load", "zipf"}, &out, &errb); code != 130 || out.Len() != 0 || errb.String() != "table: interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// A V listed again is measured once and printed at each place it is
// listed, so a long list of repeats costs no more than one.
func TestRepeatedVsAreMeasuredOnce(t *testing.T) {
	var calls []int
	withWork(t, 0, func(sp sim.SweepParams, o sim.Options) ([]sim.Row, error) {
		calls = append(calls, sp.Vs...)
		return sim.SweepWith(sp, o)
	}, nil)
	code, out, _ := runTable("-v", "16,1,16,16,1", "-json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 5 || lines[0] != lines[2] || lines[0] != lines[3] || lines[1] != lines[4] || lines[0] == lines[1] {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !slices.Equal(calls, []int{16, 1}) {
		t.Errorf("measured %v, want 16 and 1 once each", calls)
	}
}

// A heavy figure beside the table (Zipf requests here) shows on a
// terminal how far it has got, not only that it runs.
func TestAHeavyFigureShowsItsFraction(t *testing.T) {
	var stderr syncBuffer
	withWork(t, 0, nil, func(w io.Writer) bool { return w == &stderr })
	old := sweepWorkload
	t.Cleanup(func() { sweepWorkload = old })
	sweepWorkload = func(sp sim.SweepParams, w sim.Workload, o sim.Options) ([]sim.WorkloadRow, error) {
		o.Progress(1, 4)
		waitFor(t, &stderr, "table: request loads… 25%")
		return sim.SweepWorkloadWith(sp, w, o)
	}
	var out bytes.Buffer
	if code := run(context.Background(), []string{"-load", "zipf", "-v", "1"}, &out, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
}

// -h names nodes as the app does: A..Z, then AA, AB…
func TestHelpNamesNodesAsTheAppDoes(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &out, &errb); code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	help := errb.String()
	if strings.Contains(help, "27, 28") || strings.Count(help, "A..Z, then AA, AB") != 2 {
		t.Errorf("-h describes -node and -leave as %q", help)
	}
}
