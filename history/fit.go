package history

import (
	"math"
	"time"
)

// MinSpan is the shortest time axis a chart is fitted to: a few of the
// finest buckets, so the first minute does not stretch one bucket over the
// whole width.
const MinSpan = time.Minute

// FittedSpan is the time a chart's x-axis covers: the window, or, until the
// kept history fills it, the span kept so far (since start). Every chart of
// the history (the Overview's trends, `stats --history -o chart`) fits the
// same way, so a first start draws what is kept across the width instead of
// a sliver at its right edge.
func FittedSpan(window time.Duration, start, end time.Time) time.Duration {
	if start.IsZero() {
		return window
	}
	return min(window, max(end.Sub(start), MinSpan))
}

// HoldLevels carries each read level forward over the columns that fall
// between two buckets: a total stays what it was until it is read again.
// Columns before the first read stay empty. Counts of failures are not
// levels and are not held.
func HoldLevels(values []float64) {
	last := math.NaN()
	for i, v := range values {
		if math.IsNaN(v) {
			values[i] = last
			continue
		}
		last = v
	}
}
