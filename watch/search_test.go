package watch

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// One strategy archived from paused while another moves from suspended to
// paused: the paused total holds, the suspended one shrank. The drill finds
// the second through the status it left, and that makes paused differ
// from what is held: it must follow on in the same interval and find the
// archived one. Small lists are read whole, larger ones searched.
func TestDrillFollowsAMoveIntoAStatusWhoseTotalHeld(t *testing.T) {
	for _, n := range []int{600, 3000} {
		t.Run(strconv.Itoa(n), func(t *testing.T) { drillFollows(t, n) })
	}
}

func drillFollows(t *testing.T, strategies int) {
	w := newWorld(t, 8, strategies)
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 20 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	stop()

	x := endOf(t, w, api.StatusPaused, "latest")
	y := endOf(t, w, api.StatusSuspended, "oldest")
	w.sb.SetStrategyStatus(x.ID, api.StatusArchived)
	w.sb.SetStrategyStatus(y.ID, api.StatusPaused)

	// One interval's drill, on the stopped engine's state.
	ctx := context.Background()
	e.budget.refill(time.Now().Add(time.Hour))
	totals, _, err := e.readTotals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if held := len(e.heldIDs("paused")); totals["paused"] != held {
		t.Fatalf("paused: total %d, held %d: the case needs a total that held", totals["paused"], held)
	}
	d := &differ{e: e, s: e.st, now: time.Now()}
	if err := e.drillCycle(ctx, d, totals); err != nil {
		t.Fatal(err)
	}
	var moved, archived bool
	for _, ev := range d.events {
		moved = moved || (ev.Kind == KindStatus && ev.Strategy == y.ID && ev.After == "paused")
		archived = archived || (ev.Kind == KindVanished && ev.Strategy == x.ID)
	}
	if !moved || !archived {
		t.Fatalf("one interval's drill reported %+v; want %d to paused and %d vanished", d.events, y.ID, x.ID)
	}
}
