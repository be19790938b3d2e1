package geom

import "math"

// BarAxisMax is the top of the load-bar axis, in units of the fair share.
// It stays at 3 for the usual cases so bars can be compared while V changes,
// and grows in whole units only when a bar would not fit.
func BarAxisMax(maxShare float64) float64 {
	return math.Max(3, math.Ceil(maxShare))
}

// LogAxis maps values in [Min, Max] (both > 0) onto [From, To] on a log scale.
type LogAxis struct{ Min, Max, From, To float64 }

// Map returns the screen coordinate of v, clamped to the axis.
func (a LogAxis) Map(v float64) float64 {
	v = math.Min(math.Max(v, a.Min), a.Max)
	t := math.Log(v/a.Min) / math.Log(a.Max/a.Min)
	return a.From + t*(a.To-a.From)
}

// Slider maps V onto an integer slider position so that every V from 1 to
// VMax has at least one position of its own (though a few values right next
// to a landmark are swallowed by its detent when dragging; the - and +
// buttons and Shift+arrows reach them), while the small values that
// matter most in class (1, 2, 4, 16) get far more room than a linear scale
// gives them: position(V) = logWeight*ln(V) + (V - 1).
type Slider struct{ VMax int }

const logWeight = 150

// Pos is the slider position of v.
func (s Slider) Pos(v int) int {
	v = min(max(v, 1), s.VMax)
	return int(math.Round(logWeight*math.Log(float64(v)))) + v - 1
}

// Max is the last slider position.
func (s Slider) Max() int { return s.Pos(s.VMax) }

// Landmarks are the values of the exercise's table, and 1024 for going
// further: a drag that comes close to one snaps to it.
var Landmarks = []int{1, 2, 4, 16, 64, 256, 1024}

// detent is how many slider positions either side of a landmark snap to it.
const detent = 4

// V returns the value a drag to slider position pos selects: the V whose
// position is nearest, or a landmark when pos is within its detent.
func (s Slider) V(pos int) int {
	pos = min(max(pos, 0), s.Max())
	for _, l := range Landmarks {
		if l <= s.VMax && abs(pos-s.Pos(l)) <= detent {
			return l
		}
	}
	return s.Nearest(pos)
}

// Nearest is the V whose position is nearest to pos, without detents: the
// inverse of Pos for every V.
func (s Slider) Nearest(pos int) int {
	pos = min(max(pos, 0), s.Max())
	lo, hi := 1, s.VMax // largest v with Pos(v) <= pos
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if s.Pos(mid) <= pos {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo < s.VMax && s.Pos(lo+1)-pos < pos-s.Pos(lo) {
		return lo + 1
	}
	return lo
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
