package pyrand

// mt19937 is the 32-bit Mersenne Twister, the generator behind Python's
// random module. It is reimplemented here, word for word, because the
// exercise's numbers are defined by Python's exact stream of draws.
type mt19937 struct {
	state [mtN]uint32
	next  int // index of the next word to temper; mtN means "twist first"
}

const (
	mtN         = 624
	mtM         = 397
	mtMatrixA   = 0x9908b0df
	mtUpperMask = 0x80000000
	mtLowerMask = 0x7fffffff
)

// keyBase is init_genrand(19650218), where init_by_array starts for every
// seed. It depends on no input, so it is computed once instead of per seed.
var keyBase = func() [mtN]uint32 {
	var g mt19937
	g.seedWord(19650218)
	return g.state
}()

// seedWord is MT's init_genrand: fills the state from one 32-bit word.
func (g *mt19937) seedWord(s uint32) {
	g.state[0] = s
	for i := 1; i < mtN; i++ {
		prev := g.state[i-1]
		g.state[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	g.next = mtN
}

// seedKey is MT's init_by_array, which Python uses for every integer seed.
func (g *mt19937) seedKey(key []uint32) {
	g.state = keyBase
	mt := &g.state
	i, j := 1, 0
	for k := max(mtN, len(key)); k > 0; k-- {
		prev := mt[i-1]
		mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			mt[0] = mt[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := mtN - 1; k > 0; k-- {
		prev := mt[i-1]
		mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			mt[0] = mt[mtN-1]
			i = 1
		}
	}
	mt[0] = 0x80000000
	g.next = mtN
}

// twist regenerates the whole state block at once (see twistState).
func (g *mt19937) twist() {
	twistState(&g.state)
	g.next = 0
}

// twistGeneric is the twist in plain Go: the reference for the vector
// version and the one used where that is not available (wasm, old CPUs).
// (Doing two words per step in a uint64 was measured slower: Go does not
// merge the 32-bit loads.)
func twistGeneric(mt *[mtN]uint32) {
	for i := 0; i < mtN-mtM; i++ {
		mt[i] = twistWord(mt[i], mt[i+1], mt[i+mtM])
	}
	twistTail(mt, mtN-mtM)
}

// twistTail finishes a twist from word i (>= mtN-mtM), where the far word
// wraps round to the words already twisted.
func twistTail(mt *[mtN]uint32, i int) {
	for ; i < mtN-1; i++ {
		mt[i] = twistWord(mt[i], mt[i+1], mt[i+mtM-mtN])
	}
	mt[mtN-1] = twistWord(mt[mtN-1], mt[0], mt[mtM-1])
}

// twistWord is one step of the recurrence: cur and next are the old words i
// and i+1, far is word i+397 (mod 624).
func twistWord(cur, next, far uint32) uint32 {
	y := cur&mtUpperMask | next&mtLowerMask
	return far ^ y>>1 ^ (-(y & 1) & mtMatrixA)
}

// temper is MT's output transform of one state word.
func temper(y uint32) uint32 {
	y ^= y >> 11
	y ^= y << 7 & 0x9d2c5680
	y ^= y << 15 & 0xefc60000
	y ^= y >> 18
	return y
}

// temperedTopBit is temper(w)>>31 without the rest of temper: following
// bit 31 back through the four steps gives bits 31, 27, 24 and 16 of w.
func temperedTopBit(w uint32) uint32 {
	return (w ^ w<<4 ^ w<<7 ^ w<<15) >> 31
}

// genrand returns the next tempered output (MT's genrand_uint32, Python's
// getrandbits(32)).
func (g *mt19937) genrand() uint32 {
	if g.next >= mtN {
		g.twist()
	}
	y := g.state[g.next]
	g.next++
	return temper(y)
}
