package watch

import (
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// A watched scope takes members added and removed while it runs: an added
// strategy's first read is its starting point, its later changes are
// reported; a removed one is forgotten and its changes are not.
func TestWatchedScopeFollowsItsMembers(t *testing.T) {
	w := newWorld(t, 8, 400)
	a := endOf(t, w, api.StatusActive, "oldest")
	b := endOf(t, w, api.StatusActive, "latest")
	var (
		mu   sync.Mutex
		next *Scope
		asks int
	)
	follow := func() (Scope, bool) {
		mu.Lock()
		defer mu.Unlock()
		asks++
		if next == nil {
			return Scope{}, false
		}
		sc := *next
		next = nil
		return sc, true
	}
	// set changes the members and waits until the engine took them and read
	// once more.
	set := func(sc Scope) {
		mu.Lock()
		next = &sc
		at := asks
		mu.Unlock()
		waitFor(t, "the engine to take the members", func() bool { mu.Lock(); defer mu.Unlock(); return next == nil && asks >= at+2 })
	}
	var rec recorder
	e, stop := running(t, w, Options{Scope: Watched([]int64{a.ID}, nil), Interval: 20 * time.Millisecond, Follow: follow, Emit: rec.emit})
	waitFor(t, "the first read", func() bool { return e.Stats().Baselined })

	w.sb.SetStrategyStatus(b.ID, api.StatusPaused) // not watched yet: the starting point
	set(Watched([]int64{a.ID, b.ID}, nil))
	if h, ok := e.Held(b.ID); !ok || h.Status != "paused" {
		t.Fatalf("the added strategy is held as %+v, %v", h, ok)
	}
	w.sb.SetStrategyStatus(b.ID, api.StatusCompleted)
	waitFor(t, "the added strategy's change", func() bool { return len(rec.find(KindStatus, b.ID)) > 0 })

	set(Watched([]int64{b.ID}, nil))
	if _, ok := e.Held(a.ID); ok {
		t.Error("the removed strategy is still held")
	}
	w.sb.SetStrategyStatus(a.ID, api.StatusPaused)
	w.sb.SetStrategyStatus(b.ID, api.StatusArchived)
	waitFor(t, "the watched one's change", func() bool { return len(rec.find(KindVanished, b.ID)) > 0 })
	stop()

	if got := rec.find(KindStatus, b.ID); len(got) != 1 || got[0].Before != "paused" || got[0].After != "completed" {
		t.Errorf("events of the added strategy: %+v", got)
	}
	for _, ev := range rec.all() {
		if ev.Strategy == a.ID {
			t.Errorf("an event of a strategy no longer watched: %+v", ev)
		}
	}
}
