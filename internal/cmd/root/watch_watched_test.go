package root

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/watch"
)

// `stratop watch --watched` follows the integration's watched items while it runs: a strategy
// added is watched from then on, one removed is not any more.
func TestWatchWatchedFollowsTheWatchesFile(t *testing.T) {
	e := newCLIEnv(t)
	c := e.client()
	ctx := context.Background()
	p, err := c.ListStrategies(ctx, api.StrategyFilter{Status: api.StatusActive, PageSize: 2, SortBy: "oldest"})
	if err != nil || len(p.Strategies) < 2 {
		t.Fatalf("two active strategies: %v", err)
	}
	a, b := p.Strategies[0], p.Strategies[1]
	store := watch.NewWatchListStore(e.integrationDir().Watched())
	version := uint64(0)
	save := func(ids ...int64) {
		version++
		if err := store.Save(watch.WatchList{Strategies: ids}, version); err != nil {
			t.Fatal(err)
		}
	}
	save(a.ID)
	w := startChild(t, "watch", "--watched", "--interval", "50ms", "-o", "jsonl")
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stdout:\n%s\nstderr:\n%s", w.out.String(), w.err.String())
		}
	})
	cursor := filepath.Join(e.integrationDir().Cursors(), "watched.json")
	waitUntil(t, "the first read (the cursor)", func() bool { _, err := os.Stat(cursor); return err == nil })
	events := func(kind watch.Kind, id int64) int {
		n := 0
		for _, ev := range parseEvents(t, w.out.String()) {
			if ev.Kind == kind && ev.Strategy == id {
				n++
			}
		}
		return n
	}
	// changedTo waits until the watcher said it took the n-th change of
	// the file.
	changedTo := func(n int, what string) {
		waitUntil(t, "the watcher to take "+what, func() bool {
			return strings.Count(w.err.String(), "the watched items changed") >= n
		})
	}

	if _, err := c.HaltStrategy(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the watched strategy's halt", func() bool { return events(watch.KindStatus, a.ID) == 1 })

	save(a.ID, b.ID)
	changedTo(1, "the added strategy")
	// The added strategy's first read is its starting point: the halt
	// must come after it (a second read has begun once the first ended),
	// or it is the starting point and no change.
	waitUntil(t, "the added strategy's first read", func() bool { return e.sent("GET", "/strategies/"+strconv.FormatInt(b.ID, 10)) >= 2 })
	if _, err := c.HaltStrategy(ctx, b.ID); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the added strategy's halt", func() bool { return events(watch.KindStatus, b.ID) == 1 })

	save(b.ID)
	changedTo(2, "the removal")
	if _, err := c.ArchiveStrategy(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ArchiveStrategy(ctx, b.ID); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the still watched strategy's archive", func() bool { return events(watch.KindVanished, b.ID) == 1 })
	if code := w.stop(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if n := events(watch.KindVanished, a.ID); n != 0 {
		t.Errorf("%d events of the strategy no longer watched", n)
	}
}
