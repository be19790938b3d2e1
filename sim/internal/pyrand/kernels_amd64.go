//go:build amd64 && gc && !purego

package pyrand

import (
	"sync"

	"golang.org/x/sys/cpu"
)

// The generator's hot loops as AVX2 kernels (kernels_amd64.s). In the twist,
// word i needs old words i+1 and i+397 or the new word i-227, never a word
// of its own 8-word chunk; in the acceptance pass, 8 attempts (16 words) are
// tested, tempered and compacted at once; seeding runs 8 seeds side by side.
// Every kernel has a plain Go twin (twistGeneric, acceptPairsGeneric,
// seedStatesGeneric), and kernels_test.go checks each pair against each
// other.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT

// twistAVX2 twists n words (a multiple of 8): dst[i] = twistWord(dst[i],
// next[i], far[i]), 8 at a time in ascending order.
//
//go:noescape
func twistAVX2(dst, next, far *uint32, n int)

// acceptAVX2 runs chunks of 8 attempts from src (16 words each), storing
// the tempered low words of the accepted ones from dst on. Each chunk writes
// 8 words and keeps as many as were accepted. It returns the number kept.
//
//go:noescape
func acceptAVX2(src *uint32, chunks int, dst *uint32, order *[256]uint64) int

// seedLanesAVX2 runs init_by_array for eight one-word keys at once, one per
// lane, from base (init_genrand(19650218)): rows[i][k] is word i of the
// state for keys[k].
//
//go:noescape
func seedLanesAVX2(rows *[mtN][seedLanes]uint32, keys *[seedLanes]uint32, base *[mtN]uint32)

// seedRows holds the vector kernel's output, word i of every lane's state,
// between batches.
var seedRows = sync.Pool{New: func() any { return new([mtN][seedLanes]uint32) }}

func seedStates(b *Batch) {
	var keys [seedLanes]uint32
	for k, s := range b.seeds[:b.n] {
		if s>>32 != 0 || !haveAVX2 {
			seedStatesGeneric(b)
			return
		}
		keys[k] = uint32(s)
	}
	rows := seedRows.Get().(*[mtN][seedLanes]uint32)
	defer seedRows.Put(rows)
	seedLanesAVX2(rows, &keys, &keyBase)
	for i := range rows {
		for k := range b.n {
			b.states[k][i] = rows[i][k]
		}
	}
}

func twistState(mt *[mtN]uint32) {
	if !haveAVX2 {
		twistGeneric(mt)
		return
	}
	// Words 0..223 read only old words; 224..226 straddle the point where
	// the far word wraps; 227..618 read new words 0..391; the rest wrap.
	const head, body = 224, 392
	twistAVX2(&mt[0], &mt[1], &mt[mtM], head)
	for i := head; i < mtN-mtM; i++ {
		mt[i] = twistWord(mt[i], mt[i+1], mt[i+mtM])
	}
	twistAVX2(&mt[mtN-mtM], &mt[mtN-mtM+1], &mt[0], body)
	twistTail(mt, mtN-mtM+body)
}

func acceptPairs(state *[mtN]uint32, k int, dst []uint32, n int) (int, int) {
	// A chunk keeps at most 8 points, so running no more chunks than
	// (room left)/8 can never draw past the last point asked for; the
	// final few attempts go through the Go loop, which stops exactly there.
	if chunks := min((mtN-k)/16, (len(dst)-n)/8); haveAVX2 && chunks > 0 {
		n += acceptAVX2(&state[k], chunks, &dst[n], &acceptOrder)
		return n, k + 16*chunks
	}
	return acceptPairsGeneric(state, k, dst, n)
}

// acceptOrder[mask] lists, one byte each, the lanes that acceptAVX2 keeps
// for an acceptance mask, in draw order. Its lanes hold the attempts of a
// chunk in the order 0 1 4 5 2 3 6 7 (what VSHUFPS leaves), so lane L
// holds attempt laneAttempt[L], and the attempts are taken in order.
var acceptOrder = func() (t [256]uint64) {
	laneAttempt := [8]int{0, 1, 4, 5, 2, 3, 6, 7} // its own inverse
	for mask := range t {
		k := 0
		for attempt := range 8 {
			if lane := laneAttempt[attempt]; mask>>lane&1 == 1 {
				t[mask] |= uint64(lane) << (8 * k)
				k++
			}
		}
	}
	return t
}()
