package watch

import (
	"context"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
)

// TestMoversAtScale measures the movers' finder as a dashboard runs it: a
// sandbox of STRATOP_MOVERS_SCALE strategies (10,000 when set to 1)
// churned 20 times a minute (seed STRATOP_MOVERS_SEED, 1 by default), the
// halted totals read every 5 s as the Overview reads them (each at the row
// the finder asks for) and handed over, for STRATOP_MOVERS_FOR (3m). The
// clock is the test's: a poll is 5 s of it, the changes are made at their
// times between two polls, and the run takes seconds. It logs the finder's
// requests a minute (beyond the totals' reads) and how long each change
// into a halted status took to be named, and fails when one took more than
// 30 s or was never named. A measurement, not a unit test: set the
// variable to run it (PERFORMANCE.md, "Naming the movers").
func TestMoversAtScale(t *testing.T) {
	n := 0
	switch v := os.Getenv("STRATOP_MOVERS_SCALE"); v {
	case "":
		t.Skip("set STRATOP_MOVERS_SCALE=1 (10,000 strategies) or a number of strategies")
	case "1":
		n = 10000
	default:
		var err error
		if n, err = strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("STRATOP_MOVERS_SCALE=%q: not a number of strategies", v)
		}
	}
	span := 3 * time.Minute
	if d, err := time.ParseDuration(os.Getenv("STRATOP_MOVERS_FOR")); err == nil {
		span = d
	}
	seed, _ := strconv.Atoi(os.Getenv("STRATOP_MOVERS_SEED"))
	moversAtScale(t, n, max(seed, 1), span)
}

// The churns that once left a move into completed unnamed for 38 to 46 s:
// an archive of another completed strategy cancelled its total before the
// search found it. Every mover named within 30 s, at 10,000 strategies for
// 3 minutes, on the test's clock (seconds a seed).
func TestMoversAtScaleNameWhatAnArchiveHid(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 strategies: seconds a seed")
	}
	for _, seed := range []int{4, 6, 7} {
		t.Run(strconv.Itoa(seed), func(t *testing.T) { moversAtScale(t, 10000, seed, 3*time.Minute) })
	}
}

// moversAtScale runs the finder over n strategies churned for span with
// seed, and fails when a mover into a halted status was named after more
// than 30 s or never.
func moversAtScale(t *testing.T, n, seed int, span time.Duration) {
	t.Helper()
	const churn, poll, settle = 20, 5 * time.Second, 30 * time.Second
	clock := &simClock{}
	clock.set(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	var changes lockedLog
	w := worldOf(t, sandbox.New(sandbox.WithSeed(int64(seed)), sandbox.WithUsers(max(n/100, 40)), sandbox.WithStrategies(n), sandbox.WithChangeLog(&changes),
		sandbox.WithClock(clock.now)))
	c := &countedClient{Client: w.c}
	var rec recorder
	var done atomic.Int64
	m := NewHaltedMovers(c, Options{Host: "sandbox.test", Interval: poll, Budget: 150, Emit: rec.emit, Now: clock.now,
		OnSample: func(Sample) { done.Add(1) }})
	ctx, cancel := context.WithCancel(context.Background())
	finished := make(chan error, 1)
	go func() { finished <- m.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-finished; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	round := func() { // one poll of the Overview: the totals read, handed over, settled
		before := done.Load()
		countRead(t, w.c, m)
		waitFor(t, "the finder's round", func() bool { return done.Load() > before })
	}
	for i := 0; !m.Engine().Stats().Baselined; i++ {
		if i > 60 {
			t.Fatal("the halted statuses were not read whole in 60 polls")
		}
		round()
		clock.add(poll)
	}
	t.Logf("%d strategies: the halted statuses read whole, %d requests", n, c.reads.Load())

	from, reads0 := clock.now(), c.reads.Load()
	every := time.Minute / churn
	next := from.Add(every)
	var readsAtEnd int64
	for now := from.Add(poll); now.Before(from.Add(span + settle)); now = now.Add(poll) {
		if now.Before(from.Add(span)) {
			for !next.After(now) { // made between the last poll and this one
				clock.set(next)
				w.sb.Churn()
				next = next.Add(every)
			}
			clock.set(now)
		} else if readsAtEnd == 0 {
			readsAtEnd = c.reads.Load() // no more changes: what was made is named within settle
		}
		clock.set(now)
		round()
	}
	perMin := float64(readsAtEnd-reads0) / span.Minutes()
	t.Logf("the finder's reads by what they were for, the first read whole included: %v", m.Engine().Stats().ReadsBy)

	halted := map[string]bool{"paused": true, "suspended": true, "completed": true}
	var lags []time.Duration
	missed, archives := 0, 0
	for _, ch := range changes.lines() {
		if ch.Cause == "churn" && ch.Before == "active" && ch.After == "archived" && !ch.Time.Before(from) {
			archives++ // what active's search is mostly for
		}
		if ch.Cause != "churn" || !halted[ch.After] || ch.Time.Before(from) {
			continue
		}
		named := time.Time{}
		for _, ev := range rec.find(KindStatus, ch.Strategy) {
			if ev.After == ch.After && !ev.Time.Before(ch.Time) {
				named = ev.Time
				break
			}
		}
		if named.IsZero() {
			t.Logf("never named: %d %s -> %s at %s", ch.Strategy, ch.Before, ch.After, ch.Time.Sub(from).Round(time.Second))
			missed++
			continue
		}
		if lag := named.Sub(ch.Time); lag > 30*time.Second {
			t.Logf("named late: %d %s -> %s at %s, after %s", ch.Strategy, ch.Before, ch.After, ch.Time.Sub(from).Round(time.Second), lag.Round(100*time.Millisecond))
		}
		lags = append(lags, named.Sub(ch.Time))
	}
	slices.Sort(lags)
	q := func(p float64) time.Duration {
		if len(lags) == 0 {
			return 0
		}
		return lags[min(int(p*float64(len(lags))), len(lags)-1)].Round(100 * time.Millisecond)
	}
	t.Logf("%d strategies, %d changes a minute for %s: the finder sent %.1f requests a minute; %d changes into a halted status, %d named (p50 %s, p95 %s, max %s), %d never named; %d active strategies archived",
		n, churn, span, perMin, len(lags)+missed, len(lags), q(0.5), q(0.95), q(1), missed, archives)
	if missed > 0 || q(1) > 30*time.Second {
		t.Errorf("a mover was named after more than 30 s or never")
	}
}

// simClock is a clock the test moves.
type simClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *simClock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *simClock) set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *simClock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
