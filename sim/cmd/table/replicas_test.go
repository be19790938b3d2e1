package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"vnodes/sim"
)

// replicaRow is one line of -rf -json, decoded.
type replicaRow struct {
	jsonRow
	RF              int     `json:"rf"`
	Down            int     `json:"down"`
	Quorum          int     `json:"quorum"`
	QuorumLostP     float64 `json:"quorumLostP"`
	UnavailableMean float64 `json:"unavailableMean"`
	UnavailableMax  float64 `json:"unavailableMax"`
	DataLostP       float64 `json:"dataLostP"`
	Peers           float64 `json:"peers"`
}

// Each row carries the failure figures of sim's sweep, every digit in
// JSON and rounded in the text table; the text heading says what they are.
func TestReplicaFlagsAddFailureFigures(t *testing.T) {
	for _, args := range [][]string{
		{"-rf", "3", "-down", "2", "-assign", "random", "-v", "1,4,16,256"},
		{"-rf", "2", "-nodes", "6", "-v", "3,1"},
		{"-rf", "5", "-down", "3", "-nodes", "40", "-seeds", "3", "-scheme", "greedy", "-v", "8"},
		{"-rf", "2", "-down", "1", "-assign", "random", "-v", "1,256"},
		{"-rf", "4", "-down", "2", "-assign", "random", "-v", "1,16"},
		{"-rf", "4", "-down", "3", "-nodes", "12", "-v", "4"},
		{"-rf", "5", "-down", "2", "-nodes", "3", "-v", "2"},
	} {
		code, out, errOut := runTable(append(args, "-json")...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		opts, err := parseFlags(args, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sim.ReplicaSweep(opts.sweepParams(), opts.rf, opts.down)
		if err != nil {
			t.Fatal(err)
		}
		_, text, _ := runTable(args...)
		if !strings.Contains(text, fmt.Sprintf("Every range is kept on %d nodes", min(opts.rf, opts.nodes))) || !strings.Contains(text, "| P(quorum lost) | unavail. mean | unavail. max | P(data lost) | peers\n") {
			t.Errorf("%v: heading:\n%s", args, text)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%v: %d lines, want %d:\n%s", args, len(lines), len(want), out)
		}
		for i, line := range lines {
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			var r replicaRow
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("%v: %q: %v", args, line, err)
			}
			w := want[i]
			got := [5]float64{r.QuorumLostP, r.UnavailableMean, r.UnavailableMax, r.DataLostP, r.Peers}
			// A quorum is a majority of the copies, min(rf, nodes) of them.
			copies := min(opts.rf, opts.nodes)
			if r.Quorum <= copies/2 || r.Quorum > copies/2+1 {
				t.Errorf("%v: quorum %d of %d copies, want a bare majority", args, r.Quorum, copies)
			}
			if r.V != w.V || r.RF != opts.rf || r.Down != opts.down || got != [5]float64{w.QuorumLostP, w.UnavailableMean, w.UnavailableMax, w.DataLostP, w.Peers} {
				t.Errorf("%v: row %+v, want V=%d rf=%d down=%d %+v", args, r, w.V, opts.rf, opts.down, w.ReplicaStats)
			}
			tail := fmt.Sprintf(" | %14.3f | %13.3f | %12.3f | %12.3f | %5.3f", r.QuorumLostP, r.UnavailableMean, r.UnavailableMax, r.DataLostP, r.Peers)
			if !strings.HasSuffix(findLine(text, fmt.Sprintf("%6d |", r.V)), tail) {
				t.Errorf("%v: the text table has no row for V=%d ending %q:\n%s", args, r.V, tail, text)
			}
		}
	}
}

func TestBadReplicaFlags(t *testing.T) {
	cases := map[string][]string{
		"rf = 0 is too small: it must be between 1 and 5": {"-rf", "0"},
		"rf = 6 is too large":                             {"-rf", "6"},
		`rf = "three" is not a whole number`:              {"-rf", "three"},
		"-down 7: with 5 nodes, 1 to 3":                   {"-rf", "3", "-nodes", "5", "-down", "7"},
		"-down 3: with 3 nodes, 1 to 2":                   {"-rf", "3", "-nodes", "3", "-down", "3"},
		"-down needs -rf":                                 {"-down", "2"},
		"more than the 1313400":                           {"-rf", "3", "-nodes", "300", "-down", "3"},
		"cannot go together":                              {"-rf", "3", "-loads", "0"},
	}
	for want, args := range cases {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line containing %q", args, code, out, errOut, want)
		}
	}
}
