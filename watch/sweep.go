package watch

import (
	"context"
	"slices"

	"github.com/stratop/stratop/api"
)

// sweepCycle reads the next pages of the whole list with what is left of
// the budget: it finds whatever totals and probes missed, at the pace of
// the byte budget (a pass over 10,000 strategies takes a few minutes).
// Once the integration is known it keeps to the byte budget, so that list
// pages never dominate the traffic.
func (e *Engine) sweepCycle(ctx context.Context, d *differ) error {
	s := e.st
	for e.affords(1, pageSize) && (!s.baselined || e.budget.sweep.has(e.estimate(pageSize))) {
		p, err := e.list(ctx, forSweep, api.StrategyFilter{Page: s.sweepPage, PageSize: pageSize, SortBy: "oldest"})
		if err != nil {
			return err
		}
		e.budget.sweep.take(e.estimate(len(p.Strategies)))
		ids := make([]int64, 0, len(p.Strategies))
		for i := range p.Strategies {
			ids = append(ids, p.Strategies[i].ID)
			d.seen(&p.Strategies[i])
		}
		slices.Sort(ids)
		last := s.sweepLast
		if len(ids) > 0 {
			last = ids[len(ids)-1]
		}
		end := len(p.Strategies) < pageSize
		// Held strategies between the previous page and this one's last row
		// (past it, at the end of the list) that the page did not show.
		for id := range s.rows {
			if id > s.sweepLast && (id <= last || end) {
				if _, ok := slices.BinarySearch(ids, id); !ok {
					e.queueConfirm(id)
				}
			}
		}
		s.dirty = true
		if !end {
			s.sweepPage, s.sweepLast = s.sweepPage+1, last
			continue
		}
		s.sweepPage, s.sweepLast = 1, 0
		e.sweeps++
		if !s.baselined {
			s.baselined = true
			d.silent = false
			return nil
		}
		return e.confirmCycle(ctx, d)
	}
	return nil
}

// sweepWants is how many pages the sweep can still read this interval
// within the byte budget: the requests the probes leave to it.
func (e *Engine) sweepWants() int {
	return max(int(e.budget.sweep.tokens/e.estimate(pageSize)), 0)
}

func (e *Engine) queueConfirm(id int64) {
	if !e.pending[id] {
		e.pending[id] = true
		e.confirm = append(e.confirm, id)
	}
}

// confirmCycle reads by id the strategies that left where they were held:
// a vanished strategy is one the interface says is archived or gone.
func (e *Engine) confirmCycle(ctx context.Context, d *differ) error {
	for len(e.confirm) > 0 && e.affords(1, 1) {
		id := e.confirm[0]
		st, gone, err := e.byID(ctx, forByID, id)
		if err != nil {
			return err
		}
		e.confirm = e.confirm[1:]
		delete(e.pending, id)
		if gone {
			d.gone(id, "")
			continue
		}
		d.seen(st)
	}
	return nil
}
