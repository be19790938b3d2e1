package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"vnodes/sim"
)

func TestChangeJoinAddsColumns(t *testing.T) {
	code, out, errOut := runTable("-change", "join")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "Node K joins") || !strings.Contains(out, "| moved | donors | 1/(N+1) | mod N\n") {
		t.Fatalf("heading:\n%s", out)
	}
	// At V=1 exactly one node gives; mod N moves 10/11 of the keys.
	if line := findLine(out, "     1 |"); !strings.HasSuffix(line, "|  1.000 |   0.091 | 0.909") {
		t.Errorf("V=1 row %q", line)
	}
	if line := findLine(out, "   256 |"); !strings.HasSuffix(line, "| 10.000 |   0.091 | 0.909") {
		t.Errorf("V=256 row %q", line)
	}
}

// changeRow is one line of -change -json, decoded.
type changeRow struct {
	jsonRow
	Moved  float64 `json:"moved"`
	Donors float64 `json:"donors"`
	Ideal  float64 `json:"ideal"`
	ModN   float64 `json:"modN"`
}

func TestChangeJSONMatchesSimAndText(t *testing.T) {
	for _, args := range [][]string{
		{"-change", "join"},
		{"-change", "leave", "-assign", "random"},
		{"-change", "fail", "-node", "C", "-nodes", "5", "-v", "3,1"},
	} {
		code, out, errOut := runTable(append(args, "-json")...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		_, text, _ := runTable(args...)
		opts, err := parseFlags(args, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sim.ChangeSweep(sim.SweepParams{Nodes: opts.nodes, Seeds: opts.seeds, Assign: opts.assign, Vs: opts.vs}, opts.change, opts.node)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%v: %d lines, want %d:\n%s", args, len(lines), len(want), out)
		}
		for i, line := range lines {
			if !strings.Contains(line, `,"cvSqrtV":`) || !strings.Contains(line, `,"moved":`) ||
				strings.Index(line, `"cvSqrtV"`) > strings.Index(line, `"moved"`) ||
				!strings.HasSuffix(strings.SplitN(line, `"moved":`, 2)[1], fmt.Sprintf(`,"modN":%v}`, want[i].ModN)) {
				t.Errorf("%v: line %q: want the change keys after the table's, ending with modN", args, line)
			}
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			var r changeRow
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("%v: %q: %v", args, line, err)
			}
			w := want[i]
			if r.V != w.V || r.Moved != w.Moved || r.Donors != w.Donors || r.Ideal != w.Ideal || r.ModN != w.ModN {
				t.Errorf("%v: row %+v, want %+v", args, r, w)
			}
			var tail string // the change's columns as the text table rounds them
			for j, c := range changeColumns(opts) {
				tail += fmt.Sprintf(" | %*.3f", len(c.title), []float64{r.Moved, r.Donors, r.Ideal, r.ModN}[j])
			}
			if !strings.HasSuffix(findLine(text, fmt.Sprintf("%6d |", r.V)), tail) {
				t.Errorf("%v: the text table has no row for V=%d ending %q:\n%s", args, r.V, tail, text)
			}
		}
	}
}

func TestChangeNodeByLetterOrNumber(t *testing.T) {
	_, byLetter, _ := runTable("-change", "leave", "-node", "c", "-json")
	_, byNumber, _ := runTable("-change", "leave", "-node", " 3 ", "-json")
	_, busiest, _ := runTable("-change", "leave", "-json")
	if byLetter != byNumber || byLetter == busiest || byLetter == "" {
		t.Errorf("-node c:\n%s\n-node 3:\n%s\nbusiest:\n%s", byLetter, byNumber, busiest)
	}
	_, text, _ := runTable("-change", "leave", "-node", "C")
	if !strings.Contains(text, "Node C leaves") || !strings.Contains(text, "| moved | receivers |   1/N | mod N\n") {
		t.Errorf("text:\n%s", text)
	}
	// Past Z the names go on as AA, AB…; numbers count from 1.
	for s, want := range map[string]int{"A": 0, "z": 25, "26": 25, "27": 26, "30": 29, "AA": 26, "ad": 29} {
		if got, err := parseNode("node", s, 30); err != nil || got != want {
			t.Errorf("parseNode(%q, 30) = %d, %v; want %d", s, got, err, want)
		}
	}
	if _, err := parseNode("node", "AE", 30); err == nil {
		t.Error("AE (the 31st node) accepted among 30")
	}
}

func TestBadChangeFlags(t *testing.T) {
	cases := map[string][]string{
		`-change "explode": want join`:       {"-change", "explode"},
		`-change "": want join`:              {"-change="},
		"-node needs -change leave":          {"-node", "C"},
		"needs -change leave or":             {"-change", "join", "-node", "C"},
		"from A to J, or a number from 1":    {"-change", "leave", "-node", "K"},
		"-node 0: want":                      {"-change", "leave", "-node", "0"},
		"-node 11: want":                     {"-change", "fail", "-node", "11"},
		`-node "AA"`:                         {"-change", "leave", "-node", "AA"},
		"only one":                           {"-change", "leave", "-nodes", "1"},
		"at most 1000 nodes":                 {"-change", "join", "-nodes", "1000"},
		"cannot go together":                 {"-change", "join", "-loads", "0"},
		"from A to C, or a number from 1 to": {"-change", "leave", "-nodes", "3", "-node", "99999999999999999999999"},
	}
	for want, args := range cases {
		code, out, errOut := runTable(args...)
		if code != 2 || out != "" || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one line containing %q", args, code, out, errOut, want)
		}
	}
	long := strings.Repeat("7", 20_000)
	for _, args := range [][]string{{"-change", long}, {"-change", "leave", "-node", long}, {"-change", "leave", "-node", "x" + long}} {
		if code, _, errOut := runTable(args...); code != 2 || len(errOut) > 160 || !strings.Contains(errOut, "…") {
			t.Errorf("%.30q: exit %d, stderr %.200q", args, code, errOut)
		}
	}
}

func TestChangeInterruptStopsWithStatus130(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	old := changeSweep
	t.Cleanup(func() { changeSweep = old })
	changeSweep = func(sp sim.SweepParams, kind sim.ChangeKind, node int, o sim.Options) ([]sim.ChangeRow, error) {
		started <- struct{}{}
		<-release
		return old(sp, kind, node, o)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"-change", "join"}, &out, &errb); code != 130 || out.Len() != 0 || errb.String() != "table: interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
