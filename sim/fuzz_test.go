package sim

import "testing"

// FuzzRun throws arbitrary parameters at Run: out-of-range ones must give an
// error, in-range ones a ring that keeps every invariant. Sizes are folded
// into a small window so each input runs in microseconds.
func FuzzRun(f *testing.F) {
	f.Add(uint64(0), 10, 1, 3, false)
	f.Add(uint64(19), 10, 256, 2, true)
	f.Add(uint64(1<<40), 1, 1, 1, false)
	f.Add(uint64(5), 0, 0, 0, true)
	f.Add(uint64(5), -3, 9000, 2000, true)
	f.Fuzz(func(t *testing.T, seed uint64, nodes, v, seeds int, random bool) {
		p := Params{Nodes: nodes, V: v, Seeds: seeds, Seed: int(seed >> 1), Assign: RoundRobin}
		if random {
			p.Assign = Random
		}
		if p.Validate() != nil {
			if _, err := Run(p); err == nil {
				t.Fatalf("Run(%+v) accepted parameters Validate rejects", p)
			}
			return
		}
		if p.Nodes*p.V > 20000 || p.Seeds > 8 {
			t.Skip("too big for a fuzz iteration")
		}
		res, err := Run(p)
		if err != nil {
			t.Fatalf("Run(%+v): %v", p, err)
		}
		checkRing(t, p, res.Ring)
		again, _ := Run(p)
		if again.Average != res.Average || again.Ring.Stats != res.Ring.Stats {
			t.Fatalf("Run(%+v) is not deterministic", p)
		}
	})
}
