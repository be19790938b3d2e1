//go:build js

package pool

// ForEach calls do(first, n) for consecutive batches that together cover
// 0..total-1, each of at least minBatch (unless fewer are left) and at most
// maxBatch items, one after the other in the caller: the browser has one
// thread, so there are no helpers to share with and nothing polls.
func ForEach(total, minBatch, maxBatch int, do func(first, n int)) {
	for first := 0; first < total; {
		n := batchSize(total-first, 1, minBatch, maxBatch)
		do(first, n)
		first += n
	}
}

// Stop does nothing: under js there are no helpers.
func Stop() {}
