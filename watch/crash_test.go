package watch

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// crashAfterStatus runs an engine that dies (as under kill -9: no deferred
// save, no further line) right after Emit returned a status event. It
// returns once the engine is gone.
func crashAfterStatus(t *testing.T, w *world, opts Options, rec *recorder, before func()) {
	t.Helper()
	opts.Emit = func(ev Event) {
		rec.emit(ev)
		if ev.Kind == KindStatus {
			runtime.Goexit()
		}
	}
	e := New(w.c, opts)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	gone := make(chan struct{})
	go func() {
		defer close(gone)
		_ = e.Run(ctx)
	}()
	waitFor(t, "the first full read saved", func() bool {
		_, err := os.Stat(CursorPath(opts))
		return e.Stats().Baselined && err == nil
	})
	before()
	select {
	case <-gone:
	case <-time.After(30 * time.Second):
		t.Fatal("the engine never reported the change")
	}
}

// A watcher killed right after printing a change, before it could save
// its cursor, is restarted while the strategy changes back. What both runs
// printed, each id once, must chain: the restart may repeat the change with
// its id, but never start again from the state before it (that loses the
// change back, or reports it a second time as another change).
func TestRestartAfterACrashBetweenEmitAndSaveGoesOnFromWhatWasEmitted(t *testing.T) {
	w := newWorld(t, 4, 60)
	ctx := context.Background()
	active := firstWith(t, w, api.StatusActive)
	ref := api.StrategyRef{UserID: active.UserID, StrategyID: active.ID}
	opts := Options{Profile: "p", Host: "sandbox.test", Scope: Integration(), CursorDir: t.TempDir(),
		Interval: 30 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30, Meter: w.m}
	var rec recorder
	crashAfterStatus(t, w, opts, &rec, func() {
		if _, err := w.c.SuspendStrategy(ctx, ref); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := w.c.ResumeStrategy(ctx, ref); err != nil {
		t.Fatal(err)
	}

	opts.Emit = rec.emit
	e, stop := running(t, w, opts)
	sweeps := -1
	waitFor(t, "two full sweeps after the restart", func() bool {
		n := e.Stats().Sweeps
		if sweeps < 0 {
			sweeps = n
		}
		return n >= sweeps+2
	})
	stop()

	seen := map[string]bool{}
	var chain []Event
	for _, ev := range rec.find(KindStatus, active.ID) {
		if !seen[ev.ID] {
			seen[ev.ID] = true
			chain = append(chain, ev)
		}
	}
	if len(chain) != 2 || chain[0].Before != "active" || chain[0].After != "suspended" ||
		chain[1].Before != "suspended" || chain[1].After != "active" {
		t.Fatalf("distinct status events of strategy %d: %+v; want active -> suspended -> active", active.ID, chain)
	}
	if c := rec.find(KindStatus, active.ID); c[0].ID != c[1].ID {
		t.Errorf("the change printed before the crash was not emitted again with its id first: %+v", c)
	}
}
