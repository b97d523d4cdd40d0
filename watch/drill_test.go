package watch

import (
	"context"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
)

// Forty strategies completed between two intervals: searching for each
// would take some 200 requests, eight intervals at the default budget;
// reading the completed list whole takes eight pages. Every change is
// reported within two intervals, for a few dozen requests.
func TestABusyStatusIsReadWhole(t *testing.T) {
	w := newWorld(t, 30, 3000)
	p, err := w.c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 100})
	if err != nil || len(p.Strategies) < 40 {
		t.Fatalf("active strategies: %v", err)
	}
	var moved []int64
	for i := 0; len(moved) < 40; i += 2 { // spread over the list
		moved = append(moved, p.Strategies[i%len(p.Strategies)].ID)
	}
	var (
		rec     recorder
		mu      sync.Mutex
		arm     bool
		samples int
		changed = -1
		reads0  int64
	)
	onSample := func(Sample) {
		mu.Lock()
		defer mu.Unlock()
		samples++
		if arm && changed < 0 {
			for _, id := range moved {
				w.sb.SetStrategyStatus(id, api.StatusCompleted)
			}
			changed, reads0 = samples, w.m.snapshot().reads
		}
	}
	e, stop := runningAt(t, w, Options{Scope: Integration(), Emit: rec.emit, OnSample: onSample}, 20)
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	mu.Lock()
	arm = true
	mu.Unlock()
	all := func() bool {
		for _, id := range moved {
			if len(rec.find(KindStatus, id)) == 0 {
				return false
			}
		}
		return true
	}
	waitFor(t, "every change reported", all)
	mu.Lock()
	took, reads := samples-changed, w.m.snapshot().reads-reads0
	mu.Unlock()
	stop()
	t.Logf("%d intervals, %d requests", took, reads)
	if took > 2 {
		t.Errorf("the changes took %d intervals to report, want at most 2", took)
	}
	if reads > 60 {
		t.Errorf("%d requests to find them, want a whole read's few dozen", reads)
	}
}

// Three strategies archived out of the active list of about 8,000, while
// the active list's totals by chain kept from an earlier interval say a
// chain gained one that it did not (a change since moved between chains).
// Drilling that chain finds nothing; the drill then reads the status
// afresh instead of stopping until the kept totals expire, and reports
// all three in the same interval.
func TestKeptTotalsThatExplainNothingDoNotHoldTheDrill(t *testing.T) {
	stale := func(e *Engine, totals map[string]int) {
		c := cellKey{status: string(api.StatusActive)}
		keys, _ := e.parts(c, dimensions[0])
		pr := &partsRead{dim: dimensions[0].name, cycle: e.cycles, totals: map[string]int{}}
		marked := false
		for _, p := range keys {
			pr.totals[p.name()] = len(e.heldIn(p))
			f := p.filter()
			f.PageSize = 1
			pg, err := e.client.ListStrategies(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			if !marked && pg.TotalCount == len(e.heldIn(p)) {
				pr.totals[p.name()]++ // a gain that is not there, in a chain none left
				marked = true
			}
		}
		if !marked {
			t.Fatal("every chain lost one of the three")
		}
		e.splits[c.name()] = pr
		e.differing[c.status] = difference{cycle: e.cycles, diff: 3}
	}
	evs, log, ids := drillOnceAfter(t, 20000, api.StatusActive, api.StatusArchived, 3, stale)
	gone := map[int64]bool{}
	for _, ev := range evs {
		if ev.Kind == KindVanished {
			gone[ev.Strategy] = true
		}
	}
	for _, id := range ids {
		if !gone[id] {
			t.Fatalf("%d archived not reported in one interval's drill (%d events, %d list reads)", id, len(evs), len(log.lists))
		}
	}
}
