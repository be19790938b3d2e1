package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// A Stepper must give Run's result bit for bit whatever came before it:
// growing, shrinking, far below its capacity, another N or seed count, a
// seed beyond those averaged, and the parameters it hands to Run.
func TestStepperEqualsRun(t *testing.T) {
	var st Stepper
	check := func(p Params) {
		t.Helper()
		got, err := st.Run(p)
		if err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		want, err := Run(p)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%+v: Stepper.Run differs from Run (imbalance %v, want %v)", p, got.Average.Imbalance, want.Average.Imbalance)
		}
		checkRing(t, p, got.Ring)
	}
	p := Params{Nodes: 10, Seeds: 20}
	for v := 1; v <= 300; v += 1 + v/8 { // a drag up: the capacity grows
		p.V = v
		check(p)
	}
	for _, v := range []int{299, 256, 17, 16, 2, 1} { // and back down
		p.V = v
		check(p)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 40 {
		p := Params{Nodes: 1 + r.IntN(40), V: 1 + r.IntN(200), Seeds: 1 + r.IntN(25), Assign: RoundRobin}
		p.Seed = r.IntN(p.Seeds + 3) // sometimes beyond the averaged seeds
		switch r.IntN(6) {
		case 0:
			p.Assign = Random
		case 1:
			p.Scheme = EqualTokens
		}
		check(p)
	}
	check(Params{Nodes: 1000, V: 4, Seeds: 20}) // too many to keep at V=16: Run
}

// The exercise's table, row by row through one Stepper as the slider would
// visit it, is the exercise's table.
func TestStepperGivesTheExerciseTable(t *testing.T) {
	want := map[int]float64{1: 2.804, 16: 1.378, 256: 1.105}
	var st Stepper
	for _, v := range []int{1, 2, 4, 16, 64, 256} {
		res, err := st.Run(Params{Nodes: 10, V: v, Seeds: 20})
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := want[v]; ok && round3(res.Average.Imbalance) != w {
			t.Errorf("V=%d: imbalance %.3f, want %.3f", v, res.Average.Imbalance, w)
		}
	}
}

func TestStepperRejectsBadParams(t *testing.T) {
	var st Stepper
	if _, err := st.Run(Params{Nodes: 0, V: 1, Seeds: 1}); err == nil {
		t.Fatal("no error for N=0")
	}
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// Metered, a Stepper reports its work in full (filling and going through
// its draws alike), gives Run's result, and a fill cancelled half-way
// keeps nothing: the next call fills again and is still right.
func TestStepperMetered(t *testing.T) {
	var st Stepper
	for _, p := range []Params{
		{Nodes: 100, V: 300, Seeds: 20}, // fills 512 per node: several pieces
		{Nodes: 100, V: 301, Seeds: 20}, // goes through the kept draws
		{Nodes: 3, V: 5, Seeds: 2, Seed: 4},
	} {
		var log progressLog
		got, err := st.RunWith(p, Options{Progress: log.hook})
		if err != nil {
			t.Fatal(err)
		}
		log.check(t, fmt.Sprintf("%+v", p))
		if want, _ := Run(p); !reflect.DeepEqual(got, want) {
			t.Fatalf("%+v: metered Stepper differs from Run", p)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := Params{Nodes: 100, V: 1000, Seeds: 20}
	_, err := st.RunWith(p, Options{Stop: ctx.Done(), Progress: func(done, _ int64) {
		if done > 3*TickUnits {
			cancel()
		}
	}})
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("cancelled fill: err %v", err)
	}
	if st.KeptWork(p) != 0 {
		t.Fatal("a cancelled fill left draws behind")
	}
	got, _ := st.Run(p)
	if want, _ := Run(p); !reflect.DeepEqual(got, want) {
		t.Fatal("after a cancelled fill the Stepper differs from Run")
	}
	if st.KeptWork(p) == 0 {
		t.Fatal("the fill after the cancelled one kept nothing")
	}
}

// After a drag has filled the draws up to V = 1024, a step to a small V
// goes through about N·V kept draws per seed (the thinnest copy that holds
// them), not the whole capacity, and gives Run's result.
func TestStepperStepCostFollowsV(t *testing.T) {
	var st Stepper
	if _, err := st.Run(Params{Nodes: 10, V: 1024, Seeds: 20}); err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{1, 3, 16, 100, 513, 1024} {
		p := Params{Nodes: 10, V: v, Seeds: 20}
		kept := st.KeptWork(p)
		if most := 2 * (p.Seeds + 1) * p.Nodes * v; kept == 0 || kept > most {
			t.Errorf("V=%d: a step goes through %d kept draws, want 1..%d", v, kept, most)
		}
		var log progressLog
		got, err := st.RunWith(p, Options{Progress: log.hook})
		if err != nil {
			t.Fatal(err)
		}
		log.check(t, fmt.Sprint("V=", v))
		if total := log.calls[0][1]; total != int64(kept) {
			t.Errorf("V=%d: the step reported %d units of work, KeptWork said %d", v, total, kept)
		}
		if want, _ := Run(p); !reflect.DeepEqual(got, want) {
			t.Fatalf("V=%d: Stepper differs from Run", v)
		}
	}
}

// Reserve makes the draws up to a V ahead of time: afterwards every step
// up to that V goes through kept draws, and gives Run's result. It does
// not apply where a Stepper hands the call to Run.
func TestStepperReserveKeepsDrawsAhead(t *testing.T) {
	var st Stepper
	p := Params{Nodes: 10, V: 1024, Seeds: 20}
	var log progressLog
	if ok, err := st.Reserve(p, Options{Progress: log.hook}); !ok || err != nil {
		t.Fatalf("Reserve: %v, %v", ok, err)
	}
	log.check(t, "Reserve")
	for _, v := range []int{1, 37, 600, 1024} {
		q := p
		q.V = v
		if st.KeptWork(q) == 0 {
			t.Errorf("V=%d: not kept after Reserve", v)
		}
		got, _ := st.Run(q)
		if want, _ := Run(q); !reflect.DeepEqual(got, want) {
			t.Fatalf("V=%d: Stepper differs from Run after Reserve", v)
		}
	}
	if ok, _ := st.Reserve(Params{Nodes: 10, V: 64, Seeds: 20, Assign: Random}, Options{}); ok {
		t.Error("Reserve applies to the random assignment, which a Stepper hands to Run")
	}
}
