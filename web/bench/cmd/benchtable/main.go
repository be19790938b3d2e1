// Command benchtable prints the one table `make bench` ends with: every
// figure of issue 9 (and the exercise's 300× against Python) beside its
// budget. It reads what the earlier steps of `make bench` wrote:
//
//	-native   go test -bench output of ./sim, native
//	-wasm     the same compiled with GOOS=js GOARCH=wasm and run under Node
//	-python   a file holding the plain-Python table's time in seconds
//	-browser  browserbench's rows (JSON)
//
// A missing input gives a "not run" row with the reason from -why-*, so a
// machine without Node or Chromium still gets the rest of the table.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"vnodes/web/bench"
)

// Budgets from the exercise and issue 9.
const (
	pythonRatio   = 300 // the table, native, against plain Python
	wasmStepMs    = 2.0 // one slider step at N=10, V=256 (20 seeds) in WebAssembly
	perPointLimit = 1e-3
)

// The slider-step sizes of sim's BenchmarkSliderStep, smallest first.
var stepSizes = []string{"N10V256", "N10V1024", "N100V1024"}

func main() {
	nativePath := flag.String("native", "", "native `go test -bench` output of ./sim")
	wasmPath := flag.String("wasm", "", "the same under GOOS=js GOARCH=wasm (Node)")
	pythonPath := flag.String("python", "", "file with the plain-Python table time, in seconds")
	browserPath := flag.String("browser", "", "browserbench -json output")
	whyWasm := flag.String("why-wasm", "no WebAssembly results", "why -wasm may be missing")
	whyBrowser := flag.String("why-browser", "no browser results", "why -browser may be missing")
	flag.Parse()

	var rows []bench.Row
	native, nerr := readBench(*nativePath)
	wasm, werr := readBench(*wasmPath)
	if nerr != nil {
		rows = append(rows, bench.Row{Figure: "native sim benchmarks", Measured: nerr.Error(), Budget: "-", Met: bench.Skipped})
	}
	rows = append(rows, pythonRows(native, *pythonPath)...)
	if werr != nil {
		rows = append(rows, bench.Row{Figure: "sim in WebAssembly", Measured: *whyWasm + ": " + werr.Error(), Budget: "-", Met: bench.Skipped})
	} else {
		rows = append(rows, wasmRows(native, wasm)...)
	}
	rows = append(rows, sideBySide(native, wasm)...)
	if br, err := readBrowser(*browserPath); err != nil {
		rows = append(rows, bench.Row{Figure: "browser figures", Measured: *whyBrowser + ": " + err.Error(), Budget: "-", Met: bench.Skipped})
	} else {
		rows = append(rows, br...)
	}
	if err := bench.WriteTable(os.Stdout, rows); err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
}

func readBench(path string) (bench.Results, error) {
	if path == "" {
		return nil, fmt.Errorf("not given")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := bench.ParseGoBench(f)
	if err == nil && len(r) == 0 {
		err = fmt.Errorf("%s holds no benchmark results", path)
	}
	return r, err
}

func readBrowser(path string) ([]bench.Row, error) {
	if path == "" {
		return nil, fmt.Errorf("not given")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []bench.Row
	return rows, json.Unmarshal(b, &rows)
}

// pythonRows are the exercise's figures: the table natively, back to back
// and alone, against the same table in plain Python.
func pythonRows(native bench.Results, pythonPath string) []bench.Row {
	table, ok := native.Median("BenchmarkTable", "ns/op")
	if !ok {
		return nil
	}
	lone, loneOK := native.Median("BenchmarkTableAfterPause", "ns/table")
	py := 0.0
	if b, err := os.ReadFile(pythonPath); err == nil {
		py, _ = strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
	}
	if py <= 0 {
		return []bench.Row{{Figure: "table N=10, 20 seeds, 6 V, native (BenchmarkTable median)",
			Measured: bench.Duration(table) + "; no Python time (python3 missing?)", Budget: fmt.Sprintf("≥ %d× Python", pythonRatio), Met: bench.Skipped}}
	}
	ratio := py * 1e9 / table
	rows := []bench.Row{{
		Figure:   "table N=10, 20 seeds, 6 V, native (BenchmarkTable median)",
		Measured: fmt.Sprintf("%s: %.0f× plain Python (%s)", bench.Duration(table), ratio, bench.Duration(py*1e9)),
		Budget:   fmt.Sprintf("≥ %d× Python", pythonRatio),
		Met:      bench.MetIf(ratio >= pythonRatio),
	}}
	if loneOK {
		rows = append(rows, bench.Row{
			Figure:   "  a lone table after a pause, native (BenchmarkTableAfterPause)",
			Measured: fmt.Sprintf("%s: %.0f× (second core asleep)", bench.Duration(lone), py*1e9/lone),
			Budget:   "-", Met: bench.Info,
		})
	}
	return rows
}

// wasmRows are issue 9's budgets for the simulation in WebAssembly.
func wasmRows(native, wasm bench.Results) []bench.Row {
	var rows []bench.Row
	step := "BenchmarkSliderStep/" + stepSizes[0]
	if ns, ok := wasm.Median(step, "ns/op"); ok {
		nat := ""
		if n, ok := native.Median(step, "ns/op"); ok {
			nat = fmt.Sprintf(" (native %s, %.1f×)", bench.Duration(n), ns/n)
		}
		if cold, ok := wasm.Median("BenchmarkSliderStepCold/"+stepSizes[0], "ns/op"); ok {
			nat += fmt.Sprintf("; from nothing kept (SliderStepCold) %s", bench.Duration(cold))
		}
		rows = append(rows, bench.Row{
			Figure:   "sim step in wasm N=10 V=256, 20 seeds, from the kept draws (SliderStep/N10V256 median)",
			Measured: bench.Duration(ns) + nat,
			Budget:   fmt.Sprintf("< %g ms", wasmStepMs),
			Met:      bench.MetIf(ns < wasmStepMs*1e6),
		})
	}
	// No allocation per point: allocs/op must not grow with V, and stay
	// far below the number of points drawn.
	var allocs, bytes []string
	met := true
	first := -1.0
	for _, size := range stepSizes {
		name := "BenchmarkSliderStep/" + size
		a, okA := wasm.Median(name, "allocs/op")
		p, okP := wasm.Median(name, "points/op")
		by, okB := wasm.Median(name, "B/op")
		if !okA || !okP || !okB {
			continue
		}
		allocs = append(allocs, fmt.Sprintf("%s %.0f for %.0f points", size, a, p))
		bytes = append(bytes, fmt.Sprintf("%s %s (%.2f B/point)", size, bench.Bytes(by), by/p))
		if a > perPointLimit*p {
			met = false
		}
		if strings.HasPrefix(size, "N10V") {
			if first < 0 {
				first = a
			} else if a > first {
				met = false // more V, more allocations
			}
		}
	}
	if len(allocs) > 0 {
		rows = append(rows, bench.Row{
			Figure:   "allocations per slider step in wasm (allocs/op)",
			Measured: strings.Join(allocs, "; "),
			Budget:   "no allocation per point: flat as V grows, < 1 per 1000 points",
			Met:      bench.MetIf(met),
		}, bench.Row{
			Figure:   "  bytes allocated per slider step in wasm",
			Measured: strings.Join(bytes, "; "),
			Budget:   "-", Met: bench.Info,
		})
	}
	return rows
}

// sideBySide lists every sim benchmark natively and in WebAssembly.
func sideBySide(native, wasm bench.Results) []bench.Row {
	seen := map[string]bool{}
	var names []string
	for _, r := range []bench.Results{native, wasm} {
		for _, n := range r.Names() {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	var rows []bench.Row
	for _, n := range names {
		nat, okN := native.Median(n, "ns/op")
		w, okW := wasm.Median(n, "ns/op")
		var parts []string
		if okN {
			parts = append(parts, "native "+bench.Duration(nat))
		}
		if okW {
			parts = append(parts, "wasm "+bench.Duration(w))
		}
		if okN && okW {
			parts = append(parts, fmt.Sprintf("%.1f×", w/nat))
		}
		rows = append(rows, bench.Row{
			Figure:   "  " + strings.TrimPrefix(n, "Benchmark") + " (ns/op median)",
			Measured: strings.Join(parts, ", "),
			Budget:   "-", Met: bench.Info,
		})
	}
	return rows
}
