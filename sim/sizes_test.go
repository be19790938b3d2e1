package sim

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// testdata/sizes.golden was made once by testdata/sizes_reference.py from
// the model's words, on cases its own generator chose: the means of the
// largest relative load, of the CV and each size's RMS deviation, and the
// selected seed's loads, which must agree to the last digit.
func TestSizesMatchPythonGolden(t *testing.T) {
	f, err := os.Open("testdata/sizes.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		head, tail, _ := strings.Cut(line, ": ")
		var nodes, v, seeds, selected int
		var assign, sizesText string
		if _, err := fmt.Sscan(head, &nodes, &v, &assign, &seeds, &selected, &sizesText); err != nil {
			t.Fatalf("%q: %v", head, err)
		}
		a, _ := ParseAssignment(assign)
		sizes, err := ParseSizes(sizesText, nodes)
		if err != nil {
			t.Fatal(err)
		}
		res, err := RunSizes(SizesParams{Params: Params{Nodes: nodes, V: v, Seeds: seeds, Seed: selected, Assign: a}, Sizes: sizes})
		if err != nil {
			t.Fatalf("%s: %v", head, err)
		}
		figs, loads, _ := strings.Cut(tail, " | ")
		f := strings.Fields(figs)
		num := func(s string) float64 {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("%s: %q: %v", head, s, err)
			}
			return x
		}
		near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-12*max(1, math.Abs(want)) }
		if !near(res.Mean.Imbalance, num(f[0])) || !near(res.Mean.CV, num(f[1])) {
			t.Errorf("%s: imbalance %v CV %v, want %s %s", head, res.Mean.Imbalance, res.Mean.CV, f[0], f[1])
		}
		if len(res.Mean.RMSDevBySize) != len(f)-2 {
			t.Errorf("%s: %d sizes, want %d", head, len(res.Mean.RMSDevBySize), len(f)-2)
		}
		for _, kv := range f[2:] {
			k, val, _ := strings.Cut(kv, "=")
			w, _ := strconv.Atoi(k)
			if got := res.Mean.RMSDevBySize[w]; !near(got, num(val)) {
				t.Errorf("%s: size %d RMS deviation %v, want %s", head, w, got, val)
			}
		}
		var want []uint64
		for _, s := range strings.Fields(loads) {
			x, _ := strconv.ParseUint(s, 10, 64)
			want = append(want, x)
		}
		if !slices.Equal(res.Ring.Loads, want) {
			t.Errorf("%s: seed %d's loads %v, want %v", head, selected, res.Ring.Loads, want)
		}
		cases++
	}
	if cases < 15 {
		t.Fatalf("%d cases", cases)
	}
}

// With every size 1 the ring is the exercise's, draw for draw, and each
// node's relative load is its share in fair shares.
func TestEqualSizesAreTheExercise(t *testing.T) {
	for _, a := range []Assignment{RoundRobin, Random} {
		p := Params{Nodes: 10, V: 16, Seeds: 20, Seed: 7, Assign: a}
		plain, err := Run(p)
		if err != nil {
			t.Fatal(err)
		}
		sized, err := RunSizes(SizesParams{Params: p, Sizes: slices.Repeat([]int{1}, 10)})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sized.Ring.Boundaries, plain.Ring.Boundaries) || !slices.Equal(sized.Ring.Owners, plain.Ring.Owners) {
			t.Errorf("%v: the ring of equal sizes is not the exercise's", a)
		}
		if math.Abs(sized.Mean.Imbalance-plain.Average.Imbalance) > 1e-12 || math.Abs(sized.Mean.CV-plain.Average.CV) > 1e-12 {
			t.Errorf("%v: %+v against the exercise's %+v", a, sized.Mean, plain.Average)
		}
	}
}

// A list of sizes is padded with 1s; too many, a size out of range or a
// word is an error that says which.
func TestParseSizes(t *testing.T) {
	if got, err := ParseSizes("2, 4", 4); err != nil || !slices.Equal(got, []int{2, 4, 1, 1}) {
		t.Errorf("2,4 for 4 nodes: %v, %v", got, err)
	}
	for in, want := range map[string]string{"1,2,3": "3 sizes for 2 nodes", "1,9": "size 2 is 9", "a": `size 1, "a"`, "1,0": "size 2 is 0"} {
		if _, err := ParseSizes(in, 2); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", in, err, want)
		}
	}
	if s := FormatSizes([]int{1, 2, 4, 1, 1}); s != "1,2,4" {
		t.Errorf("FormatSizes = %q", s)
	}
}
