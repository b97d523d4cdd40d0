package watch

import (
	"context"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// balanceRounds hands over the totals' reads of a finder on the clock of
// its Options, moving it by a poll a round, until named says the movers
// are named; it returns the rounds, or max+1 when they were not.
func balanceRounds(t *testing.T, w *world, m *Movers, clock *simClock, max int, named func() bool) int {
	t.Helper()
	for i := 1; i <= max; i++ {
		clock.add(5 * time.Second)
		before := rounds.Load()
		countRead(t, w.c, m)
		waitFor(t, "the round", func() bool { return rounds.Load() > before })
		if named() {
			return i
		}
	}
	return max + 1
}

// baselinedHalted starts the finder the dashboard runs, on clock, and waits
// for its starting point.
func baselinedHalted(t *testing.T, w *world, clock *simClock) (*Movers, *countedClient, *recorder) {
	t.Helper()
	c := &countedClient{Client: w.c}
	rec := &recorder{}
	m := NewHaltedMovers(c, Options{Host: "sandbox.test", Interval: 5 * time.Second, Budget: 60000, ByteBudget: 1 << 40, Emit: rec.emit,
		Now: clock.now, OnSample: func(Sample) { rounds.Add(1) }})
	runFinder(t, m)
	for i := 0; !m.Engine().Stats().Baselined; i++ {
		if i == 200 {
			t.Fatal("the finder's statuses were not read whole")
		}
		clock.add(5 * time.Second)
		countRead(t, w.c, m)
		time.Sleep(20 * time.Millisecond)
	}
	return m, c, rec
}

// A strategy that moves into completed while the completed one just below
// it in creation order is archived leaves completed's total and every
// position of its list but one as they were: no read of completed tells it,
// only active's total, which shrank with no halted total growing. The
// finder searches active then, and names the mover within the 30 s allowed
// (6 polls of 5 s), where searching the halted statuses alone named it
// only when a turning probe happened on that one position.
func TestMoversNameAnArrivalWhoseTotalAnArchiveCancelled(t *testing.T) {
	w := newWorld(t, 40, 3000)
	clock := &simClock{}
	clock.set(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	m, c, rec := baselinedHalted(t, w, clock)

	var completed []int64
	for page := 1; ; page++ {
		p, err := w.c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusCompleted, Page: page, PageSize: 100, SortBy: "oldest"})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range p.Strategies {
			completed = append(completed, s.ID)
		}
		if len(p.Strategies) < 100 {
			break
		}
	}
	// The pair: a completed strategy at a middle position and an active one
	// created after it and before the next completed one.
	var archived, mover int64
	for i := len(completed) / 2; i+1 < len(completed) && mover == 0; i++ {
		for id := completed[i] + 1; id < completed[i+1]; id++ {
			if st, ok := w.sb.Strategy(id); ok && st.Status == api.StatusActive {
				archived, mover = completed[i], id
				break
			}
		}
	}
	if mover == 0 {
		t.Fatal("no active strategy between two completed ones")
	}
	w.sb.SetStrategyStatus(mover, api.StatusCompleted)
	w.sb.SetStrategyStatus(archived, api.StatusArchived)
	before := c.reads.Load()
	n := balanceRounds(t, w, m, clock, 6, func() bool {
		for _, ev := range rec.find(KindStatus, mover) {
			if ev.Before == "active" && ev.After == "completed" {
				return true
			}
		}
		return false
	})
	if n > 6 {
		t.Fatalf("active -> completed, its total cancelled by an archive: not named in 6 polls (30 s): %v", rec.all())
	}
	// And the archive is settled: the completed one let go, nothing held twice.
	balanceRounds(t, w, m, clock, 6, func() bool {
		return len(rec.find(KindStatus, archived))+len(rec.find(KindVanished, archived)) > 0
	})
	if len(rec.find(KindStatus, archived))+len(rec.find(KindVanished, archived)) == 0 {
		t.Errorf("the archived strategy %d was never settled: %v", archived, rec.all())
	}
	// A search of each, never a whole read: 3,000 strategies would be 30 pages.
	if got := c.reads.Load() - before; got > 24 {
		t.Errorf("%d reads to settle the pair, want searches (at most 24)", got)
	}
	t.Logf("named after %d polls, %d reads", n, c.reads.Load()-before)
}
