package watch

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// countRead reads the halted statuses' totals as the Overview does, each
// with the filter the finder wants, and hands them over with their rows.
func countRead(t *testing.T, c *api.Client, m *Movers) {
	t.Helper()
	first := Mark()
	var reads []CountRead
	for _, s := range m.statuses {
		st := api.Status(s)
		f := m.Want(st)
		p, err := c.ListStrategies(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		reads = append(reads, CountRead{Status: st, Page: f.Page, PageSize: f.PageSize, Total: p.TotalCount, Rows: p.Strategies})
	}
	m.Counted(first, reads)
}

// rounds counts a finder's rounds, from its samples.
var rounds atomic.Int64

// baselined starts a finder and waits for its starting point.
func baselined(t *testing.T, w *world, within time.Duration) (*Movers, *countedClient, *recorder) {
	t.Helper()
	c := &countedClient{Client: w.c}
	rec := &recorder{}
	m := NewMovers(c, Options{Host: "sandbox.test", Interval: 5 * time.Second, Budget: 60000, ByteBudget: 1 << 40, Emit: rec.emit,
		OnSample: func(Sample) { rounds.Add(1) }}, haltedStatuses...)
	m.Within(within)
	runFinder(t, m)
	for !m.Engine().Stats().Baselined {
		countRead(t, w.c, m)
		time.Sleep(20 * time.Millisecond)
	}
	return m, c, rec
}

// roundsUntil hands over totals' reads, one a round, until named says the
// movers are named; it fails after max rounds, and returns the rounds.
func roundsUntil(t *testing.T, w *world, m *Movers, max int, named func() bool) int {
	t.Helper()
	for i := 1; i <= max; i++ {
		before := rounds.Load()
		countRead(t, w.c, m)
		waitFor(t, "the round", func() bool { return rounds.Load() > before })
		if named() {
			return i
		}
	}
	t.Fatalf("not named in %d rounds", max)
	return 0
}

// The read of a total made where the finder asked costs it nothing: a
// strategy moved in just where the finder's next probe of paused looks is
// named from the total's read alone.
func TestMoversTakeTheTotalsReadAsTheirProbe(t *testing.T) {
	w := newWorld(t, 40, 3000)
	m, c, rec := baselined(t, w, time.Hour)
	baseReads := c.reads.Load()
	rowAt := func(p int) int64 {
		pg, err := w.c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusPaused, Page: p + 1, PageSize: 1, SortBy: "oldest"})
		if err != nil || len(pg.Strategies) == 0 {
			t.Fatalf("no paused strategy at %d: %v", p, err)
		}
		return pg.Strategies[0].ID
	}
	// A strategy between the paused ones at positions q-1 and q, where the
	// finder's next probe looks: moved to paused, it stands at q. Rounds
	// with nothing moved (they read nothing) turn the probe until one is.
	var target int64
	var was api.Status
	for i := 0; target == 0; i++ {
		if i == 20 {
			t.Fatal("no strategy between two paused ones where the finder probed, in 20 rounds")
		}
		if i > 0 {
			roundsUntil(t, w, m, 1, func() bool { return true })
		}
		asked := m.Want(api.StatusPaused)
		if asked.SortBy != "oldest" || asked.Page < 1 || asked.PageSize != 1 {
			t.Fatalf("with nothing to search, the finder asks the total's read for %+v, want a row in creation order", asked)
		}
		q := asked.Page - 1
		below, at := int64(0), rowAt(q)
		if q > 0 {
			below = rowAt(q - 1)
		}
		for id := below + 1; id < at && target == 0; id++ {
			if st, ok := w.sb.Strategy(id); ok && st.Status != api.StatusArchived {
				target, was = id, st.Status
			}
		}
	}
	if n := c.reads.Load(); n != baseReads {
		t.Fatalf("%d reads in rounds where nothing moved, want none", n-baseReads)
	}
	w.sb.SetStrategyStatus(target, api.StatusPaused)
	before := c.reads.Load()
	roundsUntil(t, w, m, 1, func() bool { return len(rec.find(KindStatus, target)) > 0 })
	if n := c.reads.Load() - before; n != 0 {
		t.Errorf("%d reads of its own to name a mover the total's read showed, want none", n)
	}
	if ev := rec.find(KindStatus, target)[0]; ev.Before != string(was) || ev.After != "paused" {
		t.Errorf("%s -> %s, want %s -> paused", ev.Before, ev.After, was)
	}
}

// With no time to spare, the finder reads what the search needs at once,
// and the total's read of the next round looks elsewhere.
func TestMoversReadAtOnceWhenNoRoundIsLeft(t *testing.T) {
	w := newWorld(t, 40, 3000)
	m, c, rec := baselined(t, w, time.Second)
	target := oldestOf(t, w.c, api.StatusActive)
	w.sb.SetStrategyStatus(target.ID, api.StatusPaused)
	before := c.reads.Load()
	roundsUntil(t, w, m, 1, func() bool { return len(rec.find(KindStatus, target.ID)) > 0 })
	if n := c.reads.Load() - before; n == 0 || n > 8 {
		t.Errorf("the finder read %d times to name it at once, want a search's (1 to 8)", n)
	}
}

// A strategy that moved between two held statuses is found where it
// arrived, which settles where it left: no read by id; and many changes
// of one status are searched, never read whole.
func TestMoversFindAMoveWhereItArrivedAndNeverReadWhole(t *testing.T) {
	w := newWorld(t, 40, 3000)
	m, _, rec := baselined(t, w, 10*time.Second)
	from := oldestOf(t, w.c, api.StatusSuspended)
	w.sb.SetStrategyStatus(from.ID, api.StatusCompleted)
	var moved []int64
	p, err := w.c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 12, SortBy: "oldest"})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range p.Strategies {
		w.sb.SetStrategyStatus(s.ID, api.StatusPaused)
		moved = append(moved, s.ID)
	}
	wholeBefore := m.Engine().Stats().ReadsBy[string(forWhole)]
	roundsUntil(t, w, m, 10, func() bool {
		for _, id := range append(moved, from.ID) {
			if len(rec.find(KindStatus, id)) == 0 {
				return false
			}
		}
		return true
	})
	st := m.Engine().Stats()
	if n := st.ReadsBy[string(forByID)]; n != 0 {
		t.Errorf("%d reads by id, want none: suspended -> completed is found in completed", n)
	}
	if n := st.ReadsBy[string(forWhole)] - wholeBefore; n != 0 {
		t.Errorf("%d pages read whole for 12 changes of paused, want none: searched", n)
	}
	if ev := rec.find(KindStatus, from.ID)[0]; ev.Before != "suspended" || ev.After != "completed" {
		t.Errorf("%s -> %s, want suspended -> completed", ev.Before, ev.After)
	}
}
