package watch

import (
	"context"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/atomicfile"
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

// One strategy paused and another resumed in the same cell leave every
// total as it was: the probes or the rolling sweep find both.
func TestSweepFindsAChangeTotalsCannotShow(t *testing.T) {
	w := newWorld(t, 8, 400)
	var rec recorder
	e, _ := running(t, w, Options{Scope: Integration(), Interval: 40 * time.Millisecond, Budget: 60000, ByteBudget: 1 << 30, Emit: rec.emit})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	ctx := context.Background()
	p, err := w.c.ListStrategies(ctx, api.StrategyFilter{Status: api.StatusPaused, PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	var a, b api.Strategy
	for _, pz := range p.Strategies {
		q, err := w.c.ListStrategies(ctx, api.StrategyFilter{Status: api.StatusActive, ChainID: pz.ChainID, Category: pz.Category, StrategyMethod: pz.Type, PageSize: 1})
		if err == nil && len(q.Strategies) > 0 {
			a, b = q.Strategies[0], pz
			break
		}
	}
	if a.ID == 0 {
		t.Skip("no active and paused strategy share a cell in this seed")
	}
	w.sb.SetStrategyStatus(a.ID, api.StatusPaused)
	w.sb.SetStrategyStatus(b.ID, api.StatusActive)
	waitFor(t, "both changes", func() bool { return len(rec.find(KindStatus, a.ID)) > 0 && len(rec.find(KindStatus, b.ID)) > 0 })
	sweeps := e.Stats().Sweeps
	waitFor(t, "two more sweeps", func() bool { return e.Stats().Sweeps >= sweeps+2 })
	if ea, eb := rec.find(KindStatus, a.ID), rec.find(KindStatus, b.ID); len(ea) != 1 || ea[0].After != "paused" || len(eb) != 1 || eb[0].After != "active" {
		t.Fatalf("events %+v %+v", ea, eb)
	}
}

// A cursor of another host is not used, a broken one is an error, and
// --from-now drops a good one.
func TestCursorBelongsToItsHost(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Profile: "p", Host: "a.example", Scope: Integration(), CursorDir: dir}
	s := newState()
	s.baselined = true
	s.put(7, row{status: s.intern("active"), seq: 3})
	path := CursorPath(opts)
	if err := saveCursor(path, s.encode("a.example", "integration")); err != nil {
		t.Fatal(err)
	}
	got, err := New(nil, opts).loadState()
	if err != nil || got.rows[7].seq != 3 || got.str(got.rows[7].status) != "active" || !got.baselined {
		t.Fatalf("same host: %+v %v", got, err)
	}
	opts.Host = "b.example"
	if got, err := New(nil, opts).loadState(); err != nil || len(got.rows) != 0 {
		t.Fatalf("another host's cursor was used: %v", err)
	}
	opts.Host = "a.example"
	opts.FromNow = true
	if got, _ := New(nil, opts).loadState(); len(got.rows) != 0 {
		t.Fatal("FromNow kept the cursor")
	}
	opts.FromNow = false
	if err := atomicfile.Write(path, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	if _, err := New(nil, opts).loadState(); err == nil {
		t.Fatal("a broken cursor was taken for none")
	}
}
