package watch

import (
	"context"

	"github.com/stratop/stratop/api"
)

// The whole integration under a budget (doc.go has the design and its
// figures). Each cycle, in the order that matters when the requests run
// short:
//  1. the total of each listed status, read as a page of one row at a
//     chosen position, so that each total is also a probe (probe.go);
//  2. the users count, every usersEvery intervals;
//  3. reads by id of strategies that left the place they were held in, and
//     a search in each status whose total differs from what is held
//     (search.go);
//  4. the probes: the totals' rows, then more rows at other positions with
//     what the sweep does not need; a row that is not the held one starts a
//     search, which finds what totals cannot show;
//  5. the rolling sweep (sweep.go) with what is left of the request and
//     byte budgets.
// Until the integration has been read in full once (the first start, or
// --from-now), the sweep takes the whole request budget and what it reads
// is the starting point, not a change.

// listed are the statuses the lists return and filter by; archived
// strategies are left out of lists and read by id only.
var listed = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted}

func (c cellKey) filter() api.StrategyFilter {
	return api.StrategyFilter{Status: api.Status(c.status), ChainID: c.chain, Category: c.category, StrategyMethod: c.method}
}

// usersEvery is how many intervals apart the users count is read: new
// users matter less quickly than halted strategies, and the request saved
// goes to the searches.
const usersEvery = 4

func (e *Engine) integrationCycle(ctx context.Context, d *differ) error {
	s := e.st
	d.silent = !s.baselined
	e.shown.reset()
	totals, probes := e.totals, []probe(nil)
	if e.totalsDue() {
		if !e.affords(len(listed), 1) {
			return nil // over budget: this interval reads nothing
		}
		var err error
		if totals, probes, err = e.readTotals(ctx); err != nil {
			return err
		}
		e.totals = totals
		e.countEvents(d, totals)
	}
	if e.cycles%usersEvery == 0 {
		if err := e.usersCycle(ctx, d); err != nil {
			return err
		}
	}
	if s.baselined {
		if err := e.settle(ctx, d, totals); err != nil {
			return err
		}
		e.budgetShort(totals)
		if err := e.probeCycle(ctx, d, totals, probes); err != nil {
			return err
		}
	}
	e.cycles++
	defer e.learnRate(d)
	return e.sweepCycle(ctx, d)
}

// learnRate keeps, per status, the changes of the last intervals, halving
// the weight of each older one, and the last interval that settled one.
func (e *Engine) learnRate(d *differ) {
	for _, st := range listed {
		n := d.moved[string(st)]
		e.rate[string(st)] = (e.rate[string(st)] + float64(n)) / 2
		if n > 0 {
			e.settledAt[string(st)] = e.cycles
			delete(e.fruitless, string(st))
		}
	}
}

// readTotals reads the total of each listed status. Until the newest id
// is known the page is the newest row (a strategy above it is new); after
// the first full read it is the row at a probe's position.
func (e *Engine) readTotals(ctx context.Context) (map[string]int, []probe, error) {
	s := e.st
	totals := make(map[string]int, len(listed))
	probes := make([]probe, 0, len(listed))
	var newest int64
	for i, st := range listed {
		f := api.StrategyFilter{Status: st, PageSize: 1, SortBy: "latest"}
		at := -1
		if s.baselined && s.hasMaxID {
			at = e.probeAt(i, 0, len(e.heldIDs(string(st))))
			f.Page, f.SortBy = at+1, "oldest"
		}
		p, err := e.list(ctx, forTotals, f)
		if err != nil {
			return nil, nil, err
		}
		totals[string(st)] = p.TotalCount
		switch {
		case at >= 0:
			probes = append(probes, e.probeOf(st, at, p))
		case len(p.Strategies) > 0:
			newest = max(newest, p.Strategies[0].ID)
		}
	}
	if !s.hasMaxID {
		s.maxID, s.hasMaxID = max(s.maxID, newest), true
	}
	return totals, probes, nil
}

// countEvents reports each status total that moved since the last read.
func (e *Engine) countEvents(d *differ, totals map[string]int) {
	for _, st := range listed {
		name := string(st)
		prev, ok := e.st.counts[name]
		now := totals[name]
		if ok && prev.Total == now {
			continue
		}
		if ok {
			prev.Seq++
			d.events = append(d.events, Event{ID: eventID(e.opts, KindCounts, name, i64(int64(prev.Seq)), itoa(now)),
				Time: d.at(), Kind: KindCounts, Profile: e.opts.Profile, Host: e.opts.Host, Status: name,
				Before: itoa(prev.Total), After: itoa(now)})
		}
		e.st.counts[name] = countSeen{Total: now, Seq: prev.Seq}
		e.st.dirty = true
	}
}

// settle reads by id what left where it was held and searches each status
// whose total differs from what is held.
func (e *Engine) settle(ctx context.Context, d *differ, totals map[string]int) error {
	if err := e.confirmCycle(ctx, d); err != nil {
		return err
	}
	if err := e.drillCycle(ctx, d, totals); err != nil {
		return err
	}
	return e.confirmCycle(ctx, d)
}
