package model

// Connection health has one owner, the root, and one source: the
// interface's own answers. Every fetch runs its requests under an attempt
// observer (api.ObserveAttempts) that notes, for each attempt the
// client made on the network, when it ended, how long it took on the env's
// clock and how it ended; the reply carries those attempts, and the root
// folds them into the health in the order they ended. A fetch that sent no
// request (the audit log, a file) carries none and changes nothing.

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// attempt is one request attempt of a fetch, as its observer saw it.
type attempt struct {
	at      time.Time // when it ended
	latency time.Duration
	err     error
}

// attemptLog collects a fetch's attempts; parallel requests add to it
// concurrently.
type attemptLog struct {
	mu   sync.Mutex
	list []attempt
}

// observe returns ctx under which every attempt is added to the log,
// measured with now.
func (l *attemptLog) observe(ctx context.Context, now func() time.Time) context.Context {
	return api.ObserveAttempts(ctx, func() func(error) {
		start := now()
		return func(err error) {
			end := now()
			l.mu.Lock()
			l.list = append(l.list, attempt{at: end, latency: end.Sub(start), err: err})
			l.mu.Unlock()
		}
	})
}

// attempts are the logged attempts in the order they ended.
func (l *attemptLog) attempts() []attempt {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := slices.Clone(l.list)
	slices.SortStableFunc(out, func(a, b attempt) int { return a.at.Compare(b.at) })
	return out
}

// health is the connection's health.
type health struct {
	lastGood  time.Time     // when the latest good answer ended
	latency   time.Duration // that answer's measured latency
	failures  int           // failed attempts that ended after lastGood
	lastErr   error
	lastErrAt time.Time
	// outageAt is when the current run of failures began (its first
	// failure): an outage's age counts from there, not from each failed
	// poll. ended are the outages that ended, newest last, kept for
	// outageMemory after their end.
	outageAt time.Time
	ended    []ui.Outage
}

// outageMemory is how long an ended outage stays on Needs attention.
const outageMemory = time.Hour

// answered reports whether an attempt's outcome is a proper answer of the
// interface: a good reply, or a refusal about the request itself (an
// unknown id, a bad parameter, a conflict) that a healthy server gives.
func answered(err error) bool {
	return err == nil || errors.Is(err, api.ErrNotFound) || errors.Is(err, api.ErrBadRequest) || errors.Is(err, api.ErrConflict)
}

// record folds one attempt into the health. Attempts of parallel fetches
// may be recorded out of the order they ended: a good answer moves lastGood
// only forward and ends the run of failures only if it ended after the
// latest failure; a failure that ended before lastGood is not part of the
// current run.
func (h health) record(a attempt) health {
	if answered(a.err) {
		if !a.at.Before(h.lastGood) {
			h.lastGood, h.latency = a.at, a.latency
		}
		if !a.at.Before(h.lastErrAt) {
			if h.failures > 0 && !h.outageAt.IsZero() {
				h.ended = append(h.ended, ui.Outage{Start: h.outageAt, End: a.at, Failures: h.failures, LastError: h.lastErr})
			}
			h.failures, h.outageAt = 0, time.Time{}
		}
		// Forget what ended more than outageMemory ago.
		for len(h.ended) > 0 && a.at.Sub(h.ended[0].End) > outageMemory {
			h.ended = h.ended[1:]
		}
		return h
	}
	if !a.at.Before(h.lastErrAt) {
		h.lastErr, h.lastErrAt = a.err, a.at
	}
	if !a.at.Before(h.lastGood) {
		if h.failures == 0 || a.at.Before(h.outageAt) {
			h.outageAt = a.at
		}
		h.failures++
	}
	return h
}

// recordAll folds a reply's attempts into the health.
func (h health) recordAll(as []attempt) health {
	for _, a := range as {
		h = h.record(a)
	}
	return h
}

// failing reports whether the latest attempts failed.
func (h health) failing() bool { return h.failures > 0 }

// view is the health as the screen shows it.
func (h health) view(e *env) ui.Health {
	v := ui.Health{Profile: text.Clean(e.profile), Host: e.host, Interval: e.interval,
		LastGood: h.lastGood, Latency: h.latency, ConsecutiveErrors: h.failures, LastErrorAt: h.lastErrAt,
		OutageStart: h.outageAt}
	if h.lastErr != nil {
		v.LastError = api.Explain(h.lastErr, e.host)
	}
	for _, o := range h.ended {
		if o.LastError != nil {
			o.Reason = api.Explain(o.LastError, e.host)
		}
		o.LastError = nil
		v.Ended = append(v.Ended, o)
	}
	return v
}
