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
