// Package bench holds what `make bench` needs to print its one table: the
// rows (figure, measured, budget, met?), a reader for `go test -bench`
// output, and the formatting shared by cmd/browserbench, which measures the
// browser figures in headless Chromium, and cmd/benchtable, which puts
// them beside the simulation's figures. blank/ is the yardstick program
// the browser figures are compared with. Nothing here is a test: timings
// vary from machine to machine, so they are reported, never asserted.
package bench

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Met says whether a figure is within its budget. Info rows have no
// budget; Skipped rows could not be measured here (the row says why).
type Met string

const (
	Yes     Met = "yes"
	No      Met = "NO"
	Info    Met = "-"
	Skipped Met = "not run"
)

// MetIf turns a comparison into Yes or No.
func MetIf(ok bool) Met {
	if ok {
		return Yes
	}
	return No
}

// Row is one line of the table.
type Row struct {
	Figure   string `json:"figure"`
	Measured string `json:"measured"`
	Budget   string `json:"budget"`
	Met      Met    `json:"met"`
}

// WriteTable prints rows as a Markdown table, padded so that it also reads
// well in a terminal.
func WriteTable(w io.Writer, rows []Row) error {
	head := Row{"figure", "measured", "budget", "met?"}
	all := append([]Row{head}, rows...)
	width := [4]int{}
	cells := func(r Row) [4]string { return [4]string{r.Figure, r.Measured, r.Budget, string(r.Met)} }
	for _, r := range all {
		for i, c := range cells(r) {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(c [4]string) string {
		var b strings.Builder
		b.WriteString("|")
		for i, s := range c {
			b.WriteString(" " + s + strings.Repeat(" ", width[i]-len([]rune(s))) + " |")
		}
		return b.String() + "\n"
	}
	var b strings.Builder
	b.WriteString(line(cells(head)))
	b.WriteString(line([4]string{strings.Repeat("-", width[0]), strings.Repeat("-", width[1]), strings.Repeat("-", width[2]), strings.Repeat("-", width[3])}))
	for _, r := range rows {
		b.WriteString(line(cells(r)))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Results are the samples of each benchmark in `go test -bench` output:
// name (without the -GOMAXPROCS suffix) to unit ("ns/op", "allocs/op",
// custom metrics) to one value per run, in the order they came.
type Results map[string]map[string][]float64

// ParseGoBench reads `go test -bench` output with x/perf's benchfmt;
// lines that are not results (headers, PASS, logs) are skipped. A name
// loses the -GOMAXPROCS suffix that go test adds.
func ParseGoBench(r io.Reader) (Results, error) {
	out := Results{}
	br := benchfmt.NewReader(r, "go test -bench")
	for br.Scan() {
		res, ok := br.Result().(*benchfmt.Result)
		if !ok {
			continue // a syntax error or a unit line: not a result
		}
		name := "Benchmark" + procsSuffix.ReplaceAllString(string(res.Name.Full()), "") // benchfmt drops the prefix
		if out[name] == nil {
			out[name] = map[string][]float64{}
		}
		for _, v := range res.Values {
			unit, x := v.Unit, v.Value // as written, unless benchfmt tidied it (ns/op → sec/op)
			if v.OrigUnit != "" {
				unit, x = v.OrigUnit, v.OrigValue
			}
			out[name][unit] = append(out[name][unit], x)
		}
	}
	return out, br.Err()
}

// procsSuffix is the -N that go test adds when GOMAXPROCS is not 1
// (WebAssembly runs have none).
var procsSuffix = regexp.MustCompile(`-\d+$`)

// Median of one benchmark's unit; ok is false when there is no sample.
func (r Results) Median(name, unit string) (float64, bool) {
	s := r[name][unit]
	if len(s) == 0 {
		return 0, false
	}
	return Median(s), true
}

// Names lists the benchmarks in name order.
func (r Results) Names() []string {
	var out []string
	for n := range r {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Median of xs (the mean of the middle two for an even count).
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Percentile is the nearest-rank p-th percentile (0 < p <= 100) of xs.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[min(max(k, 0), len(s)-1)]
}

// Duration formats nanoseconds with a unit that keeps 3 figures.
func Duration(ns float64) string {
	// A value that three digits would round up to 1000 of its unit is
	// given in the next one: 999.7 ms is "1.00 s", not "1e+03 ms", and
	// 999.7 µs is "1 ms".
	switch {
	case ns >= 999.5e6:
		return fmt.Sprintf("%.2f s", ns/1e9)
	case ns >= 999.5e3:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	case ns >= 999.5:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	}
	return fmt.Sprintf("%.3g ns", ns)
}

// Millis formats milliseconds as Duration does.
func Millis(ms float64) string { return Duration(ms * 1e6) }

// Bytes formats a size in decimal megabytes (or kilobytes when small), as
// the issue and `make web` report them.
func Bytes(n float64) string {
	if n >= 1e6 {
		return fmt.Sprintf("%.2f MB", n/1e6)
	}
	return fmt.Sprintf("%.1f kB", n/1e3)
}
