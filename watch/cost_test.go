package watch

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

// heldState is an engine's state holding n strategies of one status,
// spread over 5 chains, 3 categories and 2 methods as the sandbox's are.
func heldState(e *Engine, status string, n int) {
	s := newState()
	chains := []int64{1, 56, 8453, 4663, 1399811149}
	cats := []string{"buy", "sell", "range"}
	methods := []string{"dca", "volume"}
	for i := range n {
		s.put(int64(i+1), row{status: s.intern(status), chain: chains[i%5], category: s.intern(cats[i/5%3]), typ: s.intern(methods[i/15%2])})
	}
	s.baselined = true
	e.st = s
}

// The cost model's choice, from what it is given alone: the cheapest way
// of settling the changes a status is expected to hold.
func TestTheCostModelChoosesTheCheapestWay(t *testing.T) {
	cases := []struct {
		name      string
		held      int
		total     int
		waited    int   // intervals the status has differed
		from      int   // by how much when it began
		settle    int   // intervals since a change of it was last settled; 0: none since
		fruitless int   // its drills since that found nothing
		bytes     int64 // the byte budget; 0: the default
		want      string
		not       string // instead of want: any way but this
	}{
		{name: "one change in a large status is searched", held: 40000, total: 39999, want: bySearch},
		{name: "one change in a small status is searched", held: 1500, total: 1501, want: bySearch},
		{name: "many changes in a small status read it whole", held: 1500, total: 1470, want: byWhole},
		{name: "a list of one page is read whole", held: 80, total: 81, want: byWhole},
		{name: "a backlog in a large status is narrowed by a filter's totals", held: 40000, total: 39960, want: bySplit},
		{name: "searches stuck read the status whole", held: 40000, total: 39999, waited: 30, from: 1, fruitless: 3, want: byWhole},
		{name: "a status the budget did not reach is not cut off", held: 40000, total: 39999, waited: 30, from: 1, not: byWhole},
		{name: "not yet behind: still searched", held: 40000, total: 39999, waited: 3, from: 1, want: bySearch},
		{name: "a backlog that drains is not cut off", held: 40000, total: 39998, waited: 30, from: 6, settle: 1, not: byWhole},
		{name: "a backlog that grows in a small status is read whole", held: 3000, total: 2984, waited: 30, from: 6, settle: 1, want: byWhole},
		{name: "a backlog that grows in a large status is left to the searches", held: 40000, total: 39984, waited: 30, from: 6, settle: 1, not: byWhole},
		{name: "a backlog that grows a little is not cut off", held: 40000, total: 39992, waited: 30, from: 6, settle: 1, not: byWhole},
		{name: "a tight byte budget makes whole reads dear", held: 1500, total: 1490, bytes: 1 << 20, not: byWhole},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := New(nil, Options{Scope: Integration(), ByteBudget: tc.bytes})
			heldState(e, "active", tc.held)
			e.cycles = 40
			if tc.waited > 0 {
				e.differing["active"] = difference{cycle: e.cycles - tc.waited, diff: tc.from}
			}
			e.fruitless["active"] = tc.fruitless
			if tc.settle > 0 {
				e.settledAt["active"] = e.cycles - tc.settle
			}
			w := e.choose(cellKey{status: "active"}, tc.total, tc.held)
			if (tc.want != "" && w.kind != tc.want) || w.kind == tc.not {
				var costs []string
				for _, x := range e.ways(cellKey{status: "active"}, max(tc.total, tc.held), e.moves(cellKey{status: "active"}, tc.total, tc.held)) {
					costs = append(costs, fmt.Sprintf("%s %.0f req %.0f KB = %.3f min", x.kind, x.plan.reqs, x.plan.bytes/1024, e.minutes(x.plan)))
				}
				t.Fatalf("chose %s, want %s (not %s); costs: %v", w.kind, tc.want, tc.not, costs)
			}
		})
	}
}

// filterLog is a client that keeps the filter of every list read.
type filterLog struct {
	Client
	mu    sync.Mutex
	lists []api.StrategyFilter
	byID  int
}

func (f *filterLog) ListStrategies(ctx context.Context, q api.StrategyFilter) (*api.StrategiesPage, error) {
	f.mu.Lock()
	f.lists = append(f.lists, q)
	f.mu.Unlock()
	return f.Client.ListStrategies(ctx, q)
}

func (f *filterLog) GetStrategy(ctx context.Context, id int64) (*api.Strategy, error) {
	f.mu.Lock()
	f.byID++
	f.mu.Unlock()
	return f.Client.GetStrategy(ctx, id)
}

// drillOnce is a stopped engine's one interval of drilling after moved
// (ids of status from) were moved to status to, on a sandbox of n
// strategies: the events and the reads it made.
func drillOnce(t *testing.T, n int, from, to api.Status, moved int) ([]Event, *filterLog, []int64) {
	t.Helper()
	return drillOnceAfter(t, n, from, to, moved, nil)
}

// drillOnceAfter is drillOnce with prepare run on the engine and the
// interval's totals just before the drill.
func drillOnceAfter(t *testing.T, n int, from, to api.Status, moved int, prepare func(*Engine, map[string]int)) ([]Event, *filterLog, []int64) {
	t.Helper()
	w := newWorld(t, n/100, n)
	e, stop := running(t, w, Options{Scope: Integration(), Interval: 20 * time.Millisecond, Budget: 600000, ByteBudget: 1 << 34})
	waitFor(t, "the first full read", func() bool { return e.Stats().Baselined })
	stop()
	ctx := context.Background()
	var ids []int64
	for page := 1; len(ids) < moved; page++ {
		p, err := w.c.ListStrategies(ctx, api.StrategyFilter{Status: from, Page: page, PageSize: 100})
		if err != nil || len(p.Strategies) == 0 {
			t.Fatalf("%s strategies: %v", from, err)
		}
		for i := 0; i < len(p.Strategies) && len(ids) < moved; i += 7 { // spread over the list
			ids = append(ids, p.Strategies[i].ID)
		}
	}
	for _, id := range ids {
		w.sb.SetStrategyStatus(id, to)
	}
	log := &filterLog{Client: w.c}
	e.client = log
	e.budget.refill(time.Now().Add(time.Hour))
	totals, _, err := e.readTotals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	e.cycles++
	if prepare != nil {
		prepare(e, totals)
	}
	log.lists = nil
	d := &differ{e: e, s: e.st, now: time.Now()}
	if err := e.drillCycle(ctx, d, totals); err != nil {
		t.Fatal(err)
	}
	return d.events, log, ids
}

// reported fails the test unless every id has a status event to want.
func reported(t *testing.T, evs []Event, ids []int64, want api.Status) {
	t.Helper()
	got := map[int64]bool{}
	for _, ev := range evs {
		if ev.Kind == KindStatus && ev.After == string(want) {
			got[ev.Strategy] = true
		}
	}
	for _, id := range ids {
		if !got[id] {
			t.Fatalf("%d to %s not reported in one interval's drill (%d events)", id, want, len(evs))
		}
	}
}

// Thirty strategies completed in a completed list of about 600: a search
// each would take some 150 requests, the list whole six pages. The drill
// reads it whole, oldest first in pages of 100, and reports every one.
func TestManyChangesInASmallStatusAreReadWhole(t *testing.T) {
	evs, log, ids := drillOnce(t, 3000, api.StatusActive, api.StatusCompleted, 30)
	reported(t, evs, ids, api.StatusCompleted)
	whole := 0
	for _, f := range log.lists {
		if f.PageSize == pageSize && f.Status == api.StatusCompleted && f.ChainID == 0 {
			whole++
		}
	}
	if whole < 6 || len(log.lists) > 20 {
		t.Fatalf("%d reads, %d of them pages of the completed list: want it read whole (6 or 7 pages) and little else", len(log.lists), whole)
	}
}

// One strategy suspended among 20,000: a search takes about eight reads,
// the suspended list whole twenty pages. The drill searches.
func TestOneChangeInALargeStatusIsSearched(t *testing.T) {
	evs, log, ids := drillOnce(t, 20000, api.StatusActive, api.StatusSuspended, 1)
	reported(t, evs, ids, api.StatusSuspended)
	if n := len(log.lists); n > 10 {
		t.Fatalf("%d list reads for one change, want a search's eight or so", n)
	}
	for _, f := range log.lists {
		if f.ChainID != 0 || f.Category != "" || f.StrategyMethod != "" {
			t.Fatalf("a filter's totals were read for one change: %+v", f)
		}
	}
}

// Twelve strategies of the active list of about 16,000 halted at once (a
// restart after a stop): searching each takes about nine reads (108),
// reading the lists whole 160 and 60 pages. The drill narrows by a
// filter's totals first and reports every one for fewer reads than the
// searches.
func TestABacklogInALargeStatusIsNarrowedByFinerTotals(t *testing.T) {
	evs, log, ids := drillOnce(t, 40000, api.StatusActive, api.StatusPaused, 12)
	narrowed := 0
	for _, f := range log.lists {
		if f.ChainID != 0 || f.Category != "" || f.StrategyMethod != "" {
			narrowed++
		}
	}
	if narrowed == 0 {
		t.Fatalf("no finer totals were read for a backlog of %d (%d reads)", len(ids), len(log.lists))
	}
	reported(t, evs, ids, api.StatusPaused)
	if n := len(log.lists) + log.byID; n > 100 {
		t.Fatalf("%d requests for %d changes, want fewer than searching each (about 108)", n, len(ids))
	}
	t.Logf("%d changes: %d list reads (%d of finer cells), %d by id", len(ids), len(log.lists), narrowed, log.byID)
}
