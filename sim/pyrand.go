package sim

import "math/bits"

// pyRandom reproduces the parts of Python's random.Random that the
// experiment uses, so that Go and Python draw bit-identical values.
type pyRandom struct {
	mt mt19937
}

// newPyRandom behaves like random.Random(seed) for an integer seed >= 0:
// the seed is split into 32-bit words, least significant first.
func newPyRandom(seed uint64) *pyRandom {
	r := &pyRandom{}
	r.reseed(seed)
	return r
}

func (r *pyRandom) reseed(seed uint64) {
	r.mt.seedKey(seedKey(seed))
}

// seedKey is the init_by_array key Python makes of an integer seed.
func seedKey(seed uint64) []uint32 {
	if seed>>32 == 0 {
		return []uint32{uint32(seed)}
	}
	return []uint32{uint32(seed), uint32(seed >> 32)}
}

// ringPoint is randrange(2**32). Python asks getrandbits(33) until the value
// fits: the low word is one output and the 33rd bit is the top bit of the
// next, so a draw is accepted exactly when that top bit is clear.
func (r *pyRandom) ringPoint() uint32 {
	for {
		low := r.mt.Uint32()
		if r.mt.Uint32()>>31 == 0 {
			return low
		}
	}
}

// below is Python's _randbelow(n) for 0 < n < 2**32: draw bit_length(n) bits
// from one output and reject values >= n.
func (r *pyRandom) below(n uint32) uint32 {
	shift := 32 - bits.Len32(n)
	for {
		if v := r.mt.Uint32() >> shift; v < n {
			return v
		}
	}
}

// shuffle is random.shuffle: Fisher-Yates from the last element down.
func shuffle[T any](r *pyRandom, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.below(uint32(i + 1))
		s[i], s[j] = s[j], s[i]
	}
}
