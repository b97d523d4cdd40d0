package root

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/history"
)

// `stratop watch` over the integration keeps the profile's history as
// serve does: after it stops, the file holds the counts it read, next to
// what another writer (a dashboard) had written before; a watch of one
// strategy keeps none (its counts are not the integration's).
func TestWatchKeepsTheProfilesHistory(t *testing.T) {
	e := newCLIEnv(t)
	path := e.integrationDir().History()
	earlier := time.Now().Add(-30 * time.Minute)
	seed := history.New()
	seed.Add(history.Sample{Time: earlier, Counts: map[string]int{"active": 999}, Users: -1})
	if err := history.Save(path, seed); err != nil {
		t.Fatal(err)
	}
	c := e.client()
	active := firstStrategy(t, c, api.StatusActive)

	id := strconv.FormatInt(active.ID, 10)
	one := startChild(t, "watch", "--strategy", id, "--interval", "100ms", "--budget", "100000/min")
	waitUntil(t, "a few reads of the strategy", func() bool { return e.sent("GET", "/strategies/"+id) >= 3 })
	if code := one.stop(); code != 0 {
		t.Fatalf("watch --strategy: exit %d: %s", code, one.err.String())
	}
	if h, _ := history.Load(path); lastActive(h) != 999 {
		t.Fatalf("a watch of one strategy wrote the integration's history (active %v)", lastActive(h))
	}

	w := startChild(t, "watch", "--interval", "100ms", "--budget", "100000/min")
	waitUntil(t, "the first full read (the cursor)", func() bool { _, err := os.Stat(e.cursorFile()); return err == nil })
	if code := w.stop(); code != 0 {
		t.Fatalf("exit %d after SIGTERM: %s", code, w.err.String())
	}
	h, err := history.Load(path)
	if err != nil {
		t.Fatalf("the history watch kept: %v", err)
	}
	page, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := lastActive(h); got != float64(page.TotalCount) {
		t.Errorf("the newest active count in the history is %v, want the sandbox's %d", got, page.TotalCount)
	}
	reads := int32(0)
	for _, p := range h.Points(nil, time.Hour, time.Now()) {
		reads += p.Reads
	}
	if reads < 2 {
		t.Errorf("%d reads kept, want the watcher's samples (one per cycle)", reads)
	}
	if _, price, ok := history.PriceChange(h.PricePoints(nil, active.Pool.ID, time.Hour, time.Now())); !ok || price <= 0 {
		t.Errorf("the price of pool %d, which the watcher's pages carry, is not kept: %v, %v", active.Pool.ID, price, ok)
	}
	if first, _, ok := history.Change(h.Points(nil, time.Hour, time.Now()), history.SeriesActive); !ok || first != 999 {
		t.Errorf("the earlier writer's sample is gone: first active %v, %v", first, ok)
	}
}

// lastActive is the newest active count of the last hour, or -1.
func lastActive(h *history.History) float64 {
	if _, last, ok := history.Change(h.Points(nil, time.Hour, time.Now()), history.SeriesActive); ok {
		return last
	}
	return -1
}
