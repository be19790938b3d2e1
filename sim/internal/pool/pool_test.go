package pool

import (
	"sync"
	"sync/atomic"
	"testing"
)

// forEachCounts runs ForEach and returns how often each item was covered,
// checking every batch's bounds on the way.
func forEachCounts(t *testing.T, total, minBatch, maxBatch int) []atomic.Int32 {
	t.Helper()
	counts := make([]atomic.Int32, total)
	var bad atomic.Bool
	ForEach(total, minBatch, maxBatch, func(first, n int) {
		left := total - first
		if n < 1 || n > maxBatch || n < min(minBatch, left) || n > left {
			bad.Store(true)
			return
		}
		for i := first; i < first+n; i++ {
			counts[i].Add(1)
		}
	})
	if bad.Load() {
		t.Errorf("total %d: a batch out of bounds", total)
	}
	return counts
}

func checkOnce(t *testing.T, counts []atomic.Int32) {
	t.Helper()
	for i := range counts {
		if c := counts[i].Load(); c != 1 {
			t.Fatalf("item %d of %d done %d times", i, len(counts), c)
		}
	}
}

// Every item is done exactly once, in batches within the bounds, from one
// caller or several at once.
func TestForEachCoversEveryItemOnce(t *testing.T) {
	for _, total := range []int{0, 1, 2, 3, 7, 8, 9, 20, 100, 1000} {
		checkOnce(t, forEachCounts(t, total, 3, 8))
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for total := range 50 {
				checkOnce(t, forEachCounts(t, total, 3, 8))
			}
		})
	}
	wg.Wait()
}

// Batches shrink towards the end but never below minBatch while that many
// are left, nor above maxBatch.
func TestBatchSize(t *testing.T) {
	for _, c := range []struct{ left, workers, want int }{
		{100, 2, 8}, {20, 2, 5}, {12, 2, 3}, {5, 2, 3}, {2, 2, 2}, {1, 1, 1}, {20, 1, 8},
	} {
		if got := batchSize(c.left, c.workers, 3, 8); got != c.want {
			t.Errorf("batchSize(%d left, %d workers) = %d, want %d", c.left, c.workers, got, c.want)
		}
	}
}

// Stop may come at any time and more than once; ForEach goes on working
// after it.
func TestStopThenForEach(t *testing.T) {
	Stop()
	checkOnce(t, forEachCounts(t, 40, 3, 8))
	Stop()
	Stop()
	checkOnce(t, forEachCounts(t, 40, 3, 8))
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 200 {
			checkOnce(t, forEachCounts(t, 30, 3, 8))
		}
	})
	for range 20 {
		Stop()
	}
	wg.Wait()
	Stop()
}
