package pyrand

import "math/bits"

// Random is the part of Python's random.Random that vnodes draws from:
// after r.Seed(seed), r.RingPoint, r.Below and Shuffle return what
// random.Random(seed).randrange(2**32), .randrange(n) and .shuffle would,
// in the same order. A Random must be seeded before its first draw.
type Random struct {
	mt mt19937
}

// Seed restarts r as random.Random(seed) for an integer seed >= 0: Python
// splits the seed into 32-bit words, least significant first, and uses
// them as the key of MT's init_by_array.
func (r *Random) Seed(seed uint64) {
	r.mt.seedKey(seedKey(seed))
}

// seedKey is the init_by_array key Python makes of an integer seed.
func seedKey(seed uint64) []uint32 {
	if seed>>32 == 0 {
		return []uint32{uint32(seed)}
	}
	return []uint32{uint32(seed), uint32(seed >> 32)}
}

// RingPoint is randrange(2**32). Python asks getrandbits(33) until the value
// fits: the low word is one output and the 33rd bit is the top bit of the
// next, so a draw is accepted exactly when that top bit is clear.
func (r *Random) RingPoint() uint32 {
	for {
		low := r.mt.genrand()
		if r.mt.genrand()>>31 == 0 {
			return low
		}
	}
}

// Below is randrange(n), Python's _randbelow(n), for 0 < n < 2**32: draw
// bit_length(n) bits from one output and reject values >= n.
func (r *Random) Below(n uint32) uint32 {
	shift := 32 - bits.Len32(n)
	for {
		if v := r.mt.genrand() >> shift; v < n {
			return v
		}
	}
}

// Shuffle is random.shuffle: Fisher-Yates from the last element down. The
// draws depend only on len(s), not on what s holds.
func Shuffle[T any](r *Random, s []T) {
	ShuffleSteps(r, s, len(s)-1, 0)
}

// ShuffleSteps runs Shuffle's steps for i = from down to to+1 (from <
// len(s)). Shuffle is ShuffleSteps(r, s, len(s)-1, 0), and cutting that
// range into consecutive pieces draws the same values: a long shuffle can
// pause between pieces.
func ShuffleSteps[T any](r *Random, s []T, from, to int) {
	for i := from; i > to; i-- {
		j := r.Below(uint32(i + 1))
		s[i], s[j] = s[j], s[i]
	}
}

// Bits64 is getrandbits(64): two outputs, the first the low word (CPython
// fills a number's 32-bit words from the least significant up).
func (r *Random) Bits64() uint64 {
	low := r.mt.genrand()
	return uint64(r.mt.genrand())<<32 | uint64(low)
}
