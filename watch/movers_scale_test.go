package watch

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stratop/stratop/api/sandbox"
)

// TestMoversAtScale measures the movers' finder as a dashboard runs it: a
// sandbox of STRATOP_MOVERS_SCALE strategies (10,000 when set to 1)
// churned 20 times a minute, the halted totals read every 5 s as the
// Overview reads them and handed over, for STRATOP_MOVERS_FOR (3m). It
// logs the finder's requests a minute and how long each change into a
// halted status took to be named, and fails when one took more than 30 s
// or was never named. A measurement, not a unit test: set the variable to
// run it (PERFORMANCE.md, "Naming the movers").
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
	const churn, poll, settle = 20, 5 * time.Second, 30 * time.Second
	var changes lockedLog
	w := worldOf(t, sandbox.New(sandbox.WithUsers(max(n/100, 40)), sandbox.WithStrategies(n), sandbox.WithChangeLog(&changes)))
	c := &countedClient{Client: w.c}
	var rec recorder
	m := runMovers(t, c, 150, &rec)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	polls := time.NewTicker(poll)
	defer polls.Stop()
	start := time.Now()
	for !m.Engine().Stats().Baselined { // a round for each totals handed over, as the Overview's polls do
		if time.Since(start) > 2*time.Minute {
			t.Fatal("the halted statuses were not read whole in 2 minutes")
		}
		m.Totals(readTotals(t, w.c))
		<-polls.C
	}
	t.Logf("%d strategies: the halted statuses read whole in %s, %d requests", n, time.Since(start).Round(time.Second), c.reads.Load())

	go func() {
		tick := time.NewTicker(time.Minute / churn)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				w.sb.Churn()
			}
		}
	}()
	from, reads0 := time.Now(), c.reads.Load()
	end := from.Add(span)
	var readsAtEnd int64
	for now := range polls.C {
		m.Totals(readTotals(t, w.c))
		if now.After(end) {
			if readsAtEnd == 0 {
				readsAtEnd = c.reads.Load()
				cancel() // no more changes: what was made is named within settle
			}
			if now.After(end.Add(settle)) {
				break
			}
		}
	}
	perMin := float64(readsAtEnd-reads0) / span.Minutes()

	halted := map[string]bool{"paused": true, "suspended": true, "completed": true}
	var lags []time.Duration
	missed := 0
	for _, ch := range changes.lines() {
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
			missed++
			continue
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
	t.Logf("%d strategies, %d changes a minute for %s: the finder sent %.1f requests a minute; %d changes into a halted status, %d named (p50 %s, p95 %s, max %s), %d never named",
		n, churn, span, perMin, len(lags)+missed, len(lags), q(0.5), q(0.95), q(1), missed)
	if missed > 0 || q(1) > 30*time.Second {
		t.Errorf("a mover was named after more than 30 s or never")
	}
}
