package watch

import (
	"context"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// The oldest active strategy halted and the newest paused one resumed:
// neither total moved, so the totals send the drill nowhere. A row the
// interval read of the active list, not the one held at its place, shows
// the pair; the drill searches there and reports both in the same
// interval, where before it waited for a probe to fall between them.
func TestARowOutOfPlaceShowsMovesThatCancelInTheTotals(t *testing.T) {
	w := newWorld(t, 30, 3000)
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 20 * time.Millisecond, Budget: 600000, ByteBudget: 1 << 34})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	stop()
	a := endOf(t, w, api.StatusActive, "oldest")
	b := endOf(t, w, api.StatusPaused, "latest")
	w.sb.SetStrategyStatus(a.ID, api.StatusPaused)
	w.sb.SetStrategyStatus(b.ID, api.StatusActive)
	ctx := context.Background()
	e.budget.refill(time.Now().Add(time.Hour))
	totals := map[string]int{}
	for _, st := range listed {
		totals[string(st)] = len(e.heldIDs(string(st)))
	}
	// The row in the middle of the active list, as a search or a probe of
	// the interval would have read it.
	mid := len(e.heldIDs("active")) / 2
	e.shown.reset()
	pg, err := e.list(ctx, forProbe, api.StrategyFilter{Status: api.StatusActive, Page: mid + 1, PageSize: 1, SortBy: "oldest"})
	if err != nil || len(pg.Strategies) != 1 {
		t.Fatalf("the middle row: %v", err)
	}
	if pg.TotalCount != totals["active"] {
		t.Fatalf("active total %d, held %d: the moves should cancel", pg.TotalCount, totals["active"])
	}
	e.shown.note("active", mid, pg.Strategies, e.readFirst)
	e.cycles++
	d := &differ{e: e, s: e.st, now: time.Now()}
	if err := e.drillCycle(ctx, d, totals); err != nil {
		t.Fatal(err)
	}
	got := map[int64]string{}
	for _, ev := range d.events {
		if ev.Kind == KindStatus {
			got[ev.Strategy] = ev.After
		}
	}
	if got[a.ID] != "paused" || got[b.ID] != "active" {
		t.Fatalf("reported %v, want %d paused and %d active", got, a.ID, b.ID)
	}
}
