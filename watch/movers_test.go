package watch

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// countedClient counts the reads that go through it.
type countedClient struct {
	Client
	reads atomic.Int64
}

func (c *countedClient) ListStrategies(ctx context.Context, f api.StrategyFilter) (*api.StrategiesPage, error) {
	c.reads.Add(1)
	return c.Client.ListStrategies(ctx, f)
}

func (c *countedClient) GetStrategy(ctx context.Context, id int64) (*api.Strategy, error) {
	c.reads.Add(1)
	return c.Client.GetStrategy(ctx, id)
}

var haltedStatuses = []api.Status{api.StatusSuspended, api.StatusPaused, api.StatusCompleted}

// runFinder runs m until the test ends, failing it when Run fails.
func runFinder(t testing.TB, m *Movers) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
}

// runMovers starts a finder of the halted statuses' movers over c.
func runMovers(t *testing.T, c Client, budget int, rec *recorder) *Movers {
	t.Helper()
	// The bytes are not what these tests count: the first read of 3,000
	// strategies whole would leave a dashboard's byte budget in debt for
	// the seconds these tests do not wait.
	m := NewMovers(c, Options{Host: "sandbox.test", Interval: 5 * time.Second, Budget: budget, ByteBudget: 1 << 40, Emit: rec.emit}, haltedStatuses...)
	runFinder(t, m)
	return m
}

// readTotals reads the halted statuses' totals, as a dashboard's counts do.
func readTotals(t *testing.T, c *api.Client) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, st := range haltedStatuses {
		p, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 1})
		if err != nil {
			t.Fatal(err)
		}
		out[string(st)] = p.TotalCount
	}
	return out
}

// oldestOf is the oldest strategy of a status.
func oldestOf(t *testing.T, c *api.Client, st api.Status) api.Strategy {
	t.Helper()
	p, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 1, SortBy: "oldest"})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no %s strategy: %v", st, err)
	}
	return p.Strategies[0]
}

func TestMoversNameWhatMovedAndReadNothingWhenNothingMoved(t *testing.T) {
	w := newWorld(t, 40, 3000)
	c := &countedClient{Client: w.c}
	var rec recorder
	m := runMovers(t, c, 60000, &rec)
	m.Totals(readTotals(t, w.c))
	waitFor(t, "the halted statuses read whole", func() bool { return m.Engine().Stats().Baselined })
	if evs := rec.all(); len(evs) != 0 {
		t.Fatalf("the starting point was reported as changes: %v", evs)
	}

	// Totals that did not move cost nothing.
	before := c.reads.Load()
	for range 5 {
		m.Totals(readTotals(t, w.c))
	}
	time.Sleep(100 * time.Millisecond)
	if n := c.reads.Load() - before; n != 0 {
		t.Fatalf("%d reads for totals that did not move, want 0", n)
	}

	// From a status not held, and from one held to another.
	fromActive := oldestOf(t, w.c, api.StatusActive)
	fromSuspended := oldestOf(t, w.c, api.StatusSuspended)
	w.sb.SetStrategyStatus(fromActive.ID, api.StatusPaused)
	w.sb.SetStrategyStatus(fromSuspended.ID, api.StatusCompleted)
	before = c.reads.Load()
	m.Totals(readTotals(t, w.c))
	waitFor(t, "both movers named", func() bool {
		return len(rec.find(KindStatus, fromActive.ID)) > 0 && len(rec.find(KindStatus, fromSuspended.ID)) > 0
	})
	if ev := rec.find(KindStatus, fromActive.ID)[0]; ev.Before != "active" || ev.After != "paused" {
		t.Errorf("from active: %s -> %s, want active -> paused", ev.Before, ev.After)
	}
	if ev := rec.find(KindStatus, fromSuspended.ID)[0]; ev.Before != "suspended" || ev.After != "completed" {
		t.Errorf("from suspended: %s -> %s, want suspended -> completed", ev.Before, ev.After)
	}
	if n := len(rec.all()); n != 2 {
		t.Errorf("%d events, want the 2 movers: %v", n, rec.all())
	}
	// Searched, not read whole: 3,000 strategies would be 30 pages.
	if n := c.reads.Load() - before; n > 24 {
		t.Errorf("%d reads to name 2 movers, want a search's (at most 24)", n)
	}

	// A strategy that left for a status not held is reported and let go.
	w.sb.SetStrategyStatus(fromActive.ID, api.StatusActive)
	m.Totals(readTotals(t, w.c))
	waitFor(t, "the mover's return", func() bool { return len(rec.find(KindStatus, fromActive.ID)) == 2 })
	if ev := rec.find(KindStatus, fromActive.ID)[1]; ev.Before != "paused" || ev.After != "active" {
		t.Errorf("back: %s -> %s, want paused -> active", ev.Before, ev.After)
	}
}
