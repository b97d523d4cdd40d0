package watch

import "time"

// bucket is a token bucket: rate tokens a minute, holding at most one
// interval's worth (and at least floor, so a short interval can still make
// a cycle's reads), so spending never averages above the rate and a quiet
// interval does not buy a burst later.
type bucket struct {
	rate   float64 // tokens a minute
	cap    float64
	tokens float64
	at     time.Time
}

func newBucket(perMinute float64, interval time.Duration, floor float64, now time.Time) *bucket {
	c := max(perMinute*interval.Seconds()/60, floor)
	return &bucket{rate: perMinute, cap: c, tokens: c, at: now}
}

// refill adds what accrued since the last refill.
func (b *bucket) refill(now time.Time) {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(b.cap, b.tokens+b.rate*d.Minutes())
	}
	b.at = now
}

// has reports whether n tokens are there.
func (b *bucket) has(n float64) bool { return b.tokens >= n }

// take spends n tokens (it may go below zero: a read's size is known only
// after it; the debt is paid by the next refills).
func (b *bucket) take(n float64) { b.tokens -= n }
