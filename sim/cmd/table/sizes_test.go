package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"vnodes/sim"
)

// -weights prints one row a V with sim's figures to the last digit, the
// sizes padded with 1s; a bad list is one clear line and exit 2.
func TestWeightsTable(t *testing.T) {
	code, out, errOut := runTable("-weights", "3,1,8", "-nodes", "6", "-v", "5,1", "-seeds", "4", "-assign", "random", "-json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want, err := sim.SizesSweep(sim.SweepParams{Nodes: 6, Seeds: 4, Assign: sim.Random, Vs: []int{5, 1}}, []int{3, 1, 8, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d rows:\n%s", len(lines), out)
	}
	for i, line := range lines {
		var r sizesRow
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		w := want[i]
		if r.V != w.V || r.Imbalance != w.Imbalance || r.CV != w.CV || len(r.RMSDevByWeight) != 3 || r.Assign != "random" || len(r.Weights) != 6 {
			t.Errorf("row %+v, want %+v", r, w)
		}
		for k, x := range w.RMSDevBySize {
			if r.RMSDevByWeight[strconv.Itoa(k)] != x {
				t.Errorf("V=%d size %d: %v, want %v", w.V, k, r.RMSDevByWeight[strconv.Itoa(k)], x)
			}
		}
	}
	for want, args := range map[string][]string{
		"size 2 is 9":         {"-weights", "1,9"},
		"11 sizes for 10":     {"-weights", "1,1,1,1,1,1,1,1,1,1,1"},
		"not a whole number":  {"-weights", "1,x"},
		"cannot go together":  {"-weights", "2", "-loads", "0"},
		"goes with -nodes":    {"-weights", "2", "-rf", "3"},
		"needs random tokens": {"-weights", "2", "-scheme", "greedy"},
	} {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line saying %q", args, code, out, errOut, want)
		}
	}
}
