package pool

// batchSize is the next batch to hand out when left items remain and
// workers share them: a share of what is left, so that batches shrink
// towards the end and a worker that joins late, or runs slowly, holds the
// others up by a few items at most; never below minBatch (unless fewer are
// left) nor above maxBatch.
func batchSize(left, workers, minBatch, maxBatch int) int {
	return min(max(left/(2*workers), minBatch), maxBatch, left)
}
