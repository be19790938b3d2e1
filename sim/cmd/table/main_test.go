package main

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"
)

func runTable(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
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
	}
	for want, args := range cases {
		code, out, errOut := runTable(args...)
		if code == 0 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
		if !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: stderr %q, want one line containing %q", args, errOut, want)
		}
	}
}
