package watch

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// An end of a status's list: its oldest or its newest strategy.
func endOf(t *testing.T, w *world, st api.Status, sort string) api.Strategy {
	t.Helper()
	p, err := w.c.ListStrategies(context.Background(), api.StrategyFilter{Status: st, PageSize: 1, SortBy: sort})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no %s strategy: %v", st, err)
	}
	return p.Strategies[0]
}

// One strategy suspended and another resumed between two reads leave
// every total as it was. With no byte budget left for the sweep, the
// probes alone must find both, within a few intervals, and report each
// once.
func TestProbesFindAPairTheTotalsCannotShow(t *testing.T) {
	w := newWorld(t, 8, 600)
	a := endOf(t, w, api.StatusActive, "oldest")
	b := endOf(t, w, api.StatusSuspended, "latest")
	var (
		rec     recorder
		arm     atomic.Bool
		mu      sync.Mutex
		changed = -1 // the sample after which both changed
		samples int
	)
	onSample := func(Sample) {
		mu.Lock()
		defer mu.Unlock()
		samples++
		// Both change between two cycles, on the engine's goroutine, so no
		// read falls between them.
		if arm.Load() && changed < 0 {
			w.sb.SetStrategyStatus(a.ID, api.StatusSuspended)
			w.sb.SetStrategyStatus(b.ID, api.StatusActive)
			changed = samples
		}
	}
	// 25 requests an interval, as at the default budget and interval; a
	// byte budget whose sweep share (a sixteenth: 2 KB an interval) the
	// first full read (420 KB) leaves in debt for the length of the test.
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 40 * time.Millisecond, Budget: 37500, ByteBudget: 48 << 20,
		Emit: rec.emit, OnSample: onSample})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	arm.Store(true)
	waitFor(t, "both changes reported", func() bool {
		return len(rec.find(KindStatus, a.ID)) > 0 && len(rec.find(KindStatus, b.ID)) > 0
	})
	mu.Lock()
	took := samples - changed
	mu.Unlock()
	// A few more intervals: nothing is reported again.
	waitFor(t, "more intervals", func() bool { mu.Lock(); defer mu.Unlock(); return samples >= changed+took+5 })
	stop()
	if took > 3 {
		t.Errorf("the pair took %d intervals to find, want at most 3", took)
	}
	if ea, eb := rec.find(KindStatus, a.ID), rec.find(KindStatus, b.ID); len(ea) != 1 || ea[0].After != "suspended" ||
		len(eb) != 1 || eb[0].After != "active" {
		t.Fatalf("events %+v %+v", ea, eb)
	}
	for _, ev := range rec.all() {
		switch {
		case ev.Kind == KindCounts:
			t.Errorf("a total moved, so this was not a pair totals cannot show: %+v", ev)
		case ev.Kind == KindStatus && ev.Strategy != a.ID && ev.Strategy != b.ID:
			t.Errorf("a change nobody made: %+v", ev)
		}
	}
	if s := e.Stats().Sweeps; s != 1 {
		t.Errorf("%d sweeps, want only the first full read", s)
	}
}
