package model

// Polling, gh-dash style. Every data source on screen is a feed with one
// owning tab. A feed has at most one fetch in flight; the next poll is scheduled
// (tea.Tick) only when the reply arrives, so a slow server never piles up
// requests. Replies and ticks carry generations: a reply for parameters that
// have since changed (filter, page, chosen user, detail id) is dropped, and
// so is a tick that a newer schedule replaced. Only the visible tab's feeds
// and the header stats poll; a tab shown again fetches when its data is due.
// While the terminal has no focus the root paces every poll (pace.go).
//
// On errors the last good data stays, marked stale; the delay doubles from
// twice the interval up to the cap (60 s by default) and polling recovers by
// itself on the next good answer.

import (
	"errors"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/watch"
)

// feedID names a feed; every reply and tick carries one, and the root
// routes it to the tab that declared it (tabFeeds).
type feedID uint8

// Feeds.
const (
	feedStats feedID = iota
	feedCounts
	feedStrategies
	feedStrategyDetail
	feedPools
	feedPoolDetail
	feedUsers
	feedUserDetail
	// The Activity tab's own feeds, polled whichever tab is shown.
	feedWatchStrategies // the watched strategies, read by id
	feedWatchUsers      // the watched users' strategies
	feedAudit           // the audit log file
	feedAlerts          // serve's open alerts and snoozes (alerts.json)
)

// fetchedMsg is the reply of one fetch.
type fetchedMsg struct {
	session uint64 // the env's: a reply for a profile switched away from is dropped
	feed    feedID
	gen     uint64
	data    any // the feed's prepared data type (see source); nil on error
	err     error
	latency time.Duration
	span    watch.Span // when, among every read of the program, this one ran
	// attempts are the requests the fetch made on the network, in the
	// order they ended: what the connection health is made of.
	attempts []attempt
}

// pollMsg asks a feed to poll; tick must match the feed's latest schedule.
type pollMsg struct {
	feed feedID
	tick uint64
}

// feed is the polling state of one data source.
type feed struct {
	id feedID

	gen       uint64 // generation of the parameters; bumped by invalidate
	inFlight  bool
	flightGen uint64 // generation the fetch in flight was made for
	// sentAt is when the fetch in flight left, on the wall clock: how long
	// an answer has been awaited is real time whatever the display shows.
	sentAt time.Time
	tick   uint64 // generation of the latest scheduled poll

	// period replaces the env's interval as the delay after a good reply,
	// for a feed that has a cheaper signal of change than polling itself
	// (the users list watches usersCount of the stats); 0: the interval.
	period time.Duration

	dataGen   uint64    // generation of the data shown
	hasData   bool      // some good data was received (for any generation)
	lastOK    time.Time // last good reply
	changedAt time.Time // last time the data changed or recovered from stale
	nextDue   time.Time // when the next poll is due

	failures   int           // consecutive failed replies
	err        error         // last error, nil after a good reply
	errAt      time.Time     // when err arrived
	delay      time.Duration // delay scheduled after the last reply
	retryAfter time.Duration // the server's Retry-After of the last 429
}

// generations hands out request and poll generations. They are unique in
// the process rather than per feed, so that a reply or tick made by a model
// that has been replaced (another profile) can never match a feed of the
// model that replaced it, even for the same feed id.
var generations atomic.Uint64

func nextGen() uint64 { return generations.Add(1) }

// newFeed is a feed with a generation of its own.
func newFeed(id feedID) feed { return feed{id: id, gen: nextGen(), tick: nextGen()} }

// invalidate marks the parameters changed: a reply in flight will be dropped
// and any scheduled poll is void.
func (f feed) invalidate() feed {
	f.gen = nextGen()
	f.tick = nextGen()
	return f
}

// begin marks a fetch in flight for the current generation. It returns
// ok=false when a fetch is already in flight: a current one needs no twin,
// and an outdated one is followed by a fresh fetch when its reply arrives.
func (f feed) begin() (feed, uint64, bool) {
	if f.inFlight {
		return f, 0, false
	}
	f.inFlight = true
	f.flightGen = f.gen
	f.sentAt = time.Now()
	f.tick = nextGen() // a poll scheduled earlier must not fire a second fetch
	return f, f.gen, true
}

// current reports whether a reply belongs to the current parameters.
func (f feed) current(gen uint64) bool { return gen == f.gen }

// landed clears the in-flight mark when the reply of the fetch in flight
// arrives.
func (f feed) landed(gen uint64) feed {
	if f.inFlight && gen == f.flightGen {
		f.inFlight = false
	}
	return f
}

// staleWait is how many intervals an answer may be awaited before the data
// shown is marked stale: well before the client's own timeout.
const staleWait = 2

// minHang is the shortest wait called hanging, whatever the interval. The
// status line says the wait in whole seconds, and at a loopback interval
// (50 ms and up) two intervals are an ordinary reply on a busy machine:
// without it the line flashed "STALE · waiting 0s for an answer" for reads
// that were not late.
const minHang = time.Second

// waiting is how long the fetch in flight has waited for its answer, when
// that is more than staleWait intervals and minHang; 0 otherwise.
func (f feed) waiting() time.Duration {
	if !f.inFlight || f.delay <= 0 || f.sentAt.IsZero() {
		return 0
	}
	if w := time.Since(f.sentAt); w > max(staleWait*f.delay, minHang) {
		return w
	}
	return 0
}

// expire makes the data due now: the next activation or poll fetches.
func (f feed) expire() feed {
	f.nextDue = time.Time{}
	return f
}

// fresh reports whether the data shown belongs to the current parameters.
func (f feed) fresh() bool { return f.hasData && f.dataGen == f.gen }

// succeed records a good reply. changed says whether the data differs from
// what was shown; a recovery from errors counts as a change, so the
// "updated" time of the status line moves then too.
func (f feed) succeed(now time.Time, changed bool, interval time.Duration) feed {
	if changed || f.err != nil || !f.fresh() {
		f.changedAt = now
	}
	f.hasData = true
	f.dataGen = f.gen
	f.lastOK = now
	f.failures = 0
	f.err = nil
	f.retryAfter = 0
	f.delay = interval
	f.nextDue = now.Add(interval)
	return f
}

// fail records a failed reply and backs off: twice the interval after the
// first failure, doubling up to maxBackoff, and at least the server's
// Retry-After.
func (f feed) fail(now time.Time, err error, interval, maxBackoff time.Duration) feed {
	f.failures++
	f.err = err
	f.errAt = now
	f.delay = backoff(f.failures, interval, maxBackoff)
	var ae *api.Error
	if errors.As(err, &ae) && ae.RetryAfter > f.delay {
		f.delay = min(ae.RetryAfter, max(maxBackoff, interval))
	}
	f.nextDue = now.Add(f.delay)
	return f
}

// backoff is the delay after n consecutive failures.
func backoff(n int, interval, maxBackoff time.Duration) time.Duration {
	d := interval
	for i := 0; i < n && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, max(maxBackoff, interval))
}

// due reports whether a poll is due at now.
func (f feed) due(now time.Time) bool {
	return !f.fresh() || !now.Before(f.nextDue)
}

// schedule returns the feed with a new poll generation and the command that
// delivers it after d.
func (f feed) schedule(d time.Duration) (feed, tea.Cmd) {
	f.tick = nextGen()
	id, t := f.id, f.tick
	if d <= 0 {
		d = time.Millisecond
	}
	return f, tea.Tick(d, func(time.Time) tea.Msg { return pollMsg{feed: id, tick: t} })
}

// scheduleDue schedules the next poll for nextDue, or now when it is due.
func (f feed) scheduleDue(now time.Time) (feed, tea.Cmd) {
	return f.schedule(f.nextDue.Sub(now))
}
