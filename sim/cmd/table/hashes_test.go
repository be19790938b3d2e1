package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"vnodes/sim"
)

// -algo prints a row per algorithm (the ring once per V) with sim's means
// over the seeds, in JSON and rounded in the text table.
func TestAlgoRowsMatchSim(t *testing.T) {
	args := []string{"-algo", "all", "-v", "1,16", "-seeds", "3", "-keys", "4000", "-leave", "B", "-assign", "random"}
	code, out, errOut := runTable(append(args, "-json")...)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	_, text, _ := runTable(args...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d rows, want the ring twice and three others:\n%s", len(lines), out)
	}
	for i, line := range lines {
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var r hashRow
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		a, err := sim.ParseHashAlgorithm(r.Algo)
		if err != nil {
			t.Fatal(err)
		}
		v := max(r.V, 1)
		if wantV := []int{1, 16, 0, 0, 0}[i]; r.V != wantV {
			t.Errorf("row %d: V=%d, want %d", i, r.V, wantV)
		}
		res, err := sim.RunHashes(sim.HashParams{Params: sim.Params{Nodes: 10, V: v, Seeds: 3, Assign: sim.Random}, Keys: 4000, Leave: 1})
		if err != nil {
			t.Fatal(err)
		}
		f := res.Mean[a]
		if r.Imbalance != f.Imbalance || r.CV != f.CV || r.MovedJoin != f.MovedJoin || r.MovedLeave != f.MovedLeave ||
			r.Leave != "B" || r.Keys != 4000 || r.MemoryBytes != sim.MemoryBytes(a, 10, v) || r.RandomCV != sim.RandomCV(10, 4000) || r.LookupNs <= 0 {
			t.Errorf("%s: %+v, want sim's %+v", r.Algo, r, f)
		}
		cells := fmt.Sprintf("| %8.3f | %5.3f | %13.3f | %14.3f | %8d |", r.Imbalance, r.CV, r.MovedJoin, r.MovedLeave, r.MemoryBytes)
		if !strings.Contains(text, fmt.Sprintf("%-14s", r.Algo)) || !strings.Contains(text, cells) {
			t.Errorf("the text table has no %s row with %q:\n%s", r.Algo, cells, text)
		}
	}
}

func TestBadAlgoFlags(t *testing.T) {
	for want, args := range map[string][]string{
		`"md5" is not ring`:              {"-algo", "md5"},
		"-leave needs -algo":             {"-leave", "C"},
		"-algo and -change":              {"-algo", "all", "-change", "join"},
		"-algo and -loads":               {"-algo", "jump", "-loads", "0"},
		"keys = 10 is too small":         {"-algo", "jump", "-keys", "10"},
		`-leave "Z": want a node from A`: {"-algo", "jump", "-leave", "Z"},
		"-leave 11: want":                {"-algo", "jump", "-leave", "11"},
		"-keys needs -load zipf":         {"-keys", "5000"},
		"at most 999 nodes":              {"-algo", "ring", "-nodes", "1000"},
	} {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line containing %q", args, code, out, errOut, want)
		}
	}
}
