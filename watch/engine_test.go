package watch

import (
	"context"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// firstWith finds a strategy of the given status by reading the list.
func firstWith(t *testing.T, w *world, st api.Status) api.Strategy {
	t.Helper()
	p, err := w.c.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no %s strategy: %v", st, err)
	}
	return p.Strategies[0]
}

func TestIntegrationReportsAChangeBehindItsBackOnce(t *testing.T) {
	w := newWorld(t, 8, 400)
	var rec recorder
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 40 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30, Emit: rec.emit})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	if n := len(rec.all()); n != 0 {
		t.Fatalf("the first read reported %d events: %+v", n, rec.all())
	}
	ctx := context.Background()
	active := firstWith(t, w, api.StatusActive)
	if _, err := w.c.HaltStrategy(ctx, active.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the halt", func() bool { return len(rec.find(KindStatus, active.ID)) > 0 })
	paused := firstWith(t, w, api.StatusSuspended)
	if _, err := w.c.ArchiveStrategy(ctx, paused.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the archive", func() bool { return len(rec.find(KindVanished, paused.ID)) > 0 })
	// Two more full sweeps: nothing is reported again.
	sweeps := e.Stats().Sweeps
	waitFor(t, "two more sweeps", func() bool { return e.Stats().Sweeps >= sweeps+2 })
	stop()
	got := rec.find(KindStatus, active.ID)
	if len(got) != 1 || got[0].Before != "active" || got[0].After != "paused" || got[0].User != active.UserID || got[0].ID == "" {
		t.Fatalf("halt events = %+v", got)
	}
	if v := rec.find(KindVanished, paused.ID); len(v) != 1 || v[0].Before != "suspended" {
		t.Fatalf("archive events = %+v", v)
	}
	for _, ev := range rec.all() {
		if ev.Kind == KindStatus && ev.Strategy != active.ID {
			t.Errorf("a change nobody made: %+v", ev)
		}
	}
}
