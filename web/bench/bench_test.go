package bench

import (
	"strings"
	"testing"
)

func TestParseGoBench(t *testing.T) {
	out := `goos: js
goarch: wasm
BenchmarkRunV256    	     478	   2452009 ns/op	   18154 B/op	       6 allocs/op
BenchmarkSliderStep/N10V256-2         	    4017	    332802 ns/op	     53760 points/op	   18423 B/op	      10 allocs/op
BenchmarkSliderStep/N10V256-2         	    4017	    332800 ns/op	     53760 points/op	   18423 B/op	      12 allocs/op
BenchmarkTableAfterPause-2   264	   4743679 ns/op	   2485757 ns/table
BenchmarkNotAResult this line is a log
PASS
`
	r, err := ParseGoBench(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := r.Median("BenchmarkRunV256", "ns/op"); !ok || v != 2452009 {
		t.Errorf("RunV256 ns/op = %v, %v", v, ok)
	}
	if v, _ := r.Median("BenchmarkSliderStep/N10V256", "allocs/op"); v != 11 {
		t.Errorf("median of two allocs/op = %v, want 11", v)
	}
	if v, _ := r.Median("BenchmarkSliderStep/N10V256", "points/op"); v != 53760 {
		t.Errorf("points/op = %v", v)
	}
	if v, _ := r.Median("BenchmarkTableAfterPause", "ns/table"); v != 2485757 {
		t.Errorf("ns/table = %v", v)
	}
	if len(r) != 3 {
		t.Errorf("got %d benchmarks, want 3: %v", len(r), r.Names())
	}
}

func TestPercentileAndMedian(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	if Median(xs) != 3 || Median([]float64{1, 2, 3, 4}) != 2.5 {
		t.Error("median")
	}
	if Percentile(xs, 100) != 5 || Percentile(xs, 50) != 3 || Percentile(xs, 1) != 1 {
		t.Error("percentile")
	}
}

func TestWriteTable(t *testing.T) {
	var b strings.Builder
	if err := WriteTable(&b, []Row{{"sim step", "1.7 ms", "< 2 ms", Yes}}); err != nil {
		t.Fatal(err)
	}
	want := "| figure   | measured | budget | met? |\n" +
		"| -------- | -------- | ------ | ---- |\n" +
		"| sim step | 1.7 ms   | < 2 ms | yes  |\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// Durations read as the table prints them, never in exponent form at a
// unit's edge.
func TestDurationStaysInPlainUnits(t *testing.T) {
	for ns, want := range map[float64]string{
		512:     "512 ns",
		999.7:   "1 µs",
		45_600:  "45.6 µs",
		999_700: "1 ms",
		3.46e6:  "3.46 ms",
		999.7e6: "1.00 s",
		1.77e9:  "1.77 s",
	} {
		if got := Duration(ns); got != want {
			t.Errorf("Duration(%g) = %q, want %q", ns, got, want)
		}
	}
}

func TestCPUTimesReadsTheAllProcessorsLine(t *testing.T) {
	stat := []byte("cpu  100 5 50 800 20 3 2 10 7 0\ncpu0 50 2 25 400 10 1 1 5 3 0\nintr 1 2 3\n")
	busy, total, ok := CPUTimes(stat)
	// user+nice+system+irq+softirq+steal = 170 busy; + idle 800 + iowait 20 = 990 (guest is inside user)
	if !ok || busy != 170 || total != 990 {
		t.Fatalf("CPUTimes = %d, %d, %v; want 170, 990, true", busy, total, ok)
	}
	for _, bad := range []string{"", "intr 1 2 3\n", "cpu  1 2 x 4 5\n", "cpu 1 2 3\n"} {
		if _, _, ok := CPUTimes([]byte(bad)); ok {
			t.Errorf("CPUTimes(%q) accepted a line that is not the processors' times", bad)
		}
	}
}
