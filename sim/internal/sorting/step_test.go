package sorting

import (
	"slices"
	"testing"
)

// The stepped sort and loads must give what the plain ones give, report
// exactly SortWork (or one unit per point) in pieces of at most StepUnits,
// and stop at the first piece whose step says no.
func TestSteppedSortAndLoadsMatchThePlainOnes(t *testing.T) {
	for _, n := range []int{10, 1000, DealMax, DealMax + 1, 3*StepUnits + 17} {
		for _, crowd := range []uint32{0, 0xff000000} { // the latter skips a pass
			src := uniform(uint64(n), n)
			for i := range src {
				src[i] |= crowd
			}
			var buf, tmp, plainBuf []uint32
			want := slices.Clone(SortedCopy(&plainBuf, src))
			units := 0
			got, ok := SortedCopyStep(&buf, &tmp, src, func(u int) bool {
				if u <= 0 || u > StepUnits {
					t.Fatalf("n=%d: a step of %d units", n, u)
				}
				units += u
				return true
			})
			if !ok || !slices.Equal(got, want) {
				t.Fatalf("n=%d crowd=%#x: stepped sort differs", n, crowd)
			}
			if units != SortWork(n) {
				t.Fatalf("n=%d crowd=%#x: %d units reported, want SortWork = %d", n, crowd, units, SortWork(n))
			}
			if n > DealMax {
				_, ok := SortedCopyStep(&buf, nil, src, func(int) bool { return false })
				if ok {
					t.Fatalf("n=%d: a sort told to stop went on", n)
				}
			}

			nodes := 7
			pts := want[:n/nodes*nodes]
			var scratch []uint64
			plain := slices.Clone(RoundRobinLoads(pts, nodes, make([]uint64, nodes), &scratch))
			units = 0
			stepped := RoundRobinLoadsStep(pts, nodes, make([]uint64, nodes), &scratch, func(u int) bool {
				if u > StepUnits {
					t.Fatalf("a step of %d points", u)
				}
				units += u
				return true
			})
			if !slices.Equal(stepped, plain) || units != len(pts) {
				t.Fatalf("n=%d: stepped loads %v (%d units), want %v (%d)", n, stepped, units, plain, len(pts))
			}
		}
	}
}

func TestSortWithOwnersCarriesTheOwners(t *testing.T) {
	for _, n := range []int{0, 1, 5, 300, 3*StepUnits + 5} {
		for _, crowd := range []uint32{0, 0xffff0000} {
			pts := uniform(uint64(n)+1, n)
			owners := make([]uint16, n)
			for i := range pts {
				pts[i] = pts[i]&^crowd | crowd&0x12340000 // a shared top half skips passes
				if i%5 == 0 && i > 0 {
					pts[i] = pts[i-1] // ties keep their order
				}
				owners[i] = uint16(i)
			}
			type pair struct {
				p uint32
				o uint16
			}
			want := make([]pair, n)
			for i := range pts {
				want[i] = pair{pts[i], owners[i]}
			}
			slices.SortStableFunc(want, func(a, b pair) int { return int(int64(a.p) - int64(b.p)) })
			units := 0
			ok := SortWithOwners(pts, owners, make([]uint32, n), make([]uint16, n), func(u int) bool {
				if u > StepUnits {
					t.Fatalf("a step of %d", u)
				}
				units += u
				return true
			})
			if !ok || units != 5*n {
				t.Fatalf("n=%d: ok %v, %d units, want %d", n, ok, units, 5*n)
			}
			for i, w := range want {
				if pts[i] != w.p || owners[i] != w.o {
					t.Fatalf("n=%d crowd=%#x: [%d] = (%d, %d), want (%d, %d)", n, crowd, i, pts[i], owners[i], w.p, w.o)
				}
			}
		}
	}
}
