package watch

import (
	"context"
	"time"
)

// The budget. Two hard limits hold whatever the engine does: no 60 s with
// more than Options.Budget requests or more than Options.ByteBudget bytes
// (window.go). Every request goes through them, retries included (read).
// Under them, buckets pace the reads over the minute, so that a busy
// interval cannot spend the minute's budget at once and leave the next
// intervals without their totals: requests and bytes each hold one
// interval's worth, and the rolling sweep has a bucket of its own, a
// sixteenth of the byte budget, so that a quiet integration is swept
// without spending what the searches and whole reads may need.

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

// sweepShare is the part of the byte budget the rolling sweep paces itself
// to.
const sweepShare = 16

// headerBytes is what a request moves besides the response body: the
// request line and headers up, the status line and headers down, as a
// proxy counts them (about 330 bytes measured against the sandbox, with
// room for longer keys).
const headerBytes = 400

// budget is the engine's limits and pacing. Only Run's goroutine uses it.
type budget struct {
	reqs, bytes *window                                    // the hard limits over any 60 s
	pace        *bucket                                    // requests, paced over the minute
	paceBytes   *bucket                                    // bytes, paced over the minute
	sweep       *bucket                                    // bytes the rolling sweep may read
	sleep       func(context.Context, time.Duration) error // on the engine's clock
}

// limitSpan is the stretch the budgets are per.
const limitSpan = time.Minute

func newBudget(o Options, now time.Time, sleep func(context.Context, time.Duration) error) *budget {
	return &budget{
		reqs:      newWindow(float64(o.Budget), limitSpan, o.Now),
		bytes:     newWindow(float64(o.ByteBudget), limitSpan, o.Now),
		pace:      newBucket(float64(o.Budget), o.Interval, minBurst, now),
		paceBytes: newBucket(float64(o.ByteBudget), o.Interval, minByteBurst, now),
		sweep:     newBucket(float64(o.ByteBudget)/sweepShare, o.Interval, minByteBurst, now),
		sleep:     sleep,
	}
}

func (b *budget) refill(now time.Time) {
	b.pace.refill(now)
	b.paceBytes.refill(now)
	b.sweep.refill(now)
}

// has reports whether n requests of est bytes each may be sent now, by the
// limits and the pacing.
func (b *budget) has(n int, est float64) bool {
	return b.pace.has(float64(n)) && b.reqs.has(float64(n)) &&
		b.paceBytes.has(est) && b.bytes.has(float64(n)*est)
}

// wait blocks until a request of est bytes may be sent under the hard
// limits (not the pacing: a retry nobody planned may overdraw it).
func (b *budget) wait(ctx context.Context, est float64) error {
	for !b.reqs.has(1) || !b.bytes.has(min(est, b.bytes.max)) {
		if err := b.reqs.wait(ctx, 1, b.sleep); err != nil {
			return err
		}
		if err := b.bytes.wait(ctx, est, b.sleep); err != nil {
			return err
		}
	}
	return nil
}

// begin holds a request being sent; end records what it moved.
func (b *budget) begin(est float64) {
	b.reqs.begin(1)
	b.bytes.begin(est)
	b.pace.take(1)
}

func (b *budget) end(est, n float64) {
	b.reqs.end(1, 1)
	b.bytes.end(est, n)
	b.paceBytes.take(n)
}
