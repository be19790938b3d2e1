package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"vnodes/sim"
)

// -scheme picks the tokens: the rows are sim's for that scheme, every JSON
// row names it right after "v", and the text says which it is.
func TestSchemeFlag(t *testing.T) {
	for _, scheme := range []sim.Scheme{sim.RandomTokens, sim.EqualTokens, sim.GreedyTokens} {
		args := []string{"-scheme", scheme.String(), "-v", "1,2,16", "-seeds", "5"}
		code, out, errOut := runTable(append(args, "-json")...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, errOut)
		}
		want, err := sim.Sweep(sim.SweepParams{Nodes: 10, Seeds: 5, Scheme: scheme, Vs: []int{1, 2, 16}})
		if err != nil {
			t.Fatal(err)
		}
		rows := decodeRows(t, out)
		for i, r := range rows {
			if r.Scheme != scheme.String() || r.V != want[i].V || r.Imbalance != want[i].Imbalance || r.CV != want[i].CV {
				t.Errorf("%v: row %+v, want %+v", args, r, want[i])
			}
		}
		if !strings.HasPrefix(out, `{"v":1,"scheme":"`+scheme.String()+`",`) {
			t.Errorf("%v: JSON starts %q", args, out[:min(len(out), 40)])
		}
		_, text, _ := runTable(args...)
		if hasLine := strings.Contains(text, "\nTokens: "); hasLine != (scheme != sim.RandomTokens) {
			t.Errorf("%v: text table:\n%s", args, text)
		}
	}
	// Named or not, random tokens print the exercise's table unchanged.
	_, plain, _ := runTable()
	_, named, _ := runTable("-scheme", "random")
	if plain != named {
		t.Errorf("-scheme random changed the table:\n%s\nagainst\n%s", named, plain)
	}
	if !strings.Contains(plain, "     1 |              2.804 |         0.846 |") {
		t.Errorf("default table:\n%s", plain)
	}
}

func TestBadSchemeFailsWithOneLine(t *testing.T) {
	code, out, errOut := runTable("-scheme", "hashed")
	if code != 2 || out != "" || errOut != "table: -scheme \"hashed\": want random, equal or greedy\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// The scheme reaches -loads and -change too.
func TestSchemeReachesLoadsAndChanges(t *testing.T) {
	code, out, _ := runTable("-scheme", "equal", "-loads", "3", "-v", "4", "-json")
	var got loadsJSON
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || got.Scheme != "equal" || len(got.Rows) != 1 {
		t.Fatalf("exit %d, %v: %q", code, err, out)
	}
	if loads := got.Rows[0].Loads; slices.Max(loads)-slices.Min(loads) > 4 {
		t.Errorf("equal partitions at V=4 give loads %v, more than V apart", loads)
	}

	code, out, _ = runTable("-scheme", "greedy", "-change", "join", "-v", "1,8", "-seeds", "4", "-json")
	if code != 0 {
		t.Fatalf("-change join -scheme greedy: exit %d", code)
	}
	want, err := sim.ChangeSweep(sim.SweepParams{Nodes: 10, Seeds: 4, Scheme: sim.GreedyTokens, Vs: []int{1, 8}}, sim.Join, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r changeRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r.Scheme != "greedy" || r.Moved != want[i].Moved || r.Donors != want[i].Donors {
			t.Errorf("row %+v, want %+v", r, want[i])
		}
	}
}
