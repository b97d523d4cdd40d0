package watch

import (
	"context"
	"slices"

	"github.com/stratop/stratop/api"
)

// The whole integration under a budget (doc.go has the design and its
// figures). Each cycle:
//  1. the total of each listed status (pages of one row: totalCount is the
//     answer) and the users count;
//  2. reads by id of strategies that left the place they were held in;
//  3. for each status whose total differs from the strategies held in it, a
//     drill: the totals of its sub-cells (by chain, then category, then
//     method) where they differ from what is held, down to a cell small
//     enough to read whole, whose rows are compared one by one;
//  4. the rolling sweep, with what is left of the request and byte budget:
//     the next page of 100 of the whole list, oldest first, which finds what
//     totals cannot show (one strategy paused and another resumed).
// Until the integration has been read in full once (the first start, or
// --from-now), the sweep takes the whole request budget and what it reads
// is the starting point, not a change.

// listed are the statuses the lists return and filter by; archived
// strategies are left out of lists and read by id only.
var listed = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted}

func (c cellKey) filter() api.StrategyFilter {
	return api.StrategyFilter{Status: api.Status(c.status), ChainID: c.chain, Category: c.category, StrategyMethod: c.method}
}

// windowRows is the range a search reads as one page rather than halving.
const windowRows = 50

// usersEvery is how many intervals apart the users count is read: new
// users matter less quickly than halted strategies, and the request saved
// goes to the searches.
const usersEvery = 4

func (e *Engine) integrationCycle(ctx context.Context, d *differ) error {
	s := e.st
	d.silent = !s.baselined
	if !e.reqs.has(float64(len(listed))) {
		return nil // over budget: this interval reads nothing
	}
	totals := make(map[string]int, len(listed))
	var newest int64
	for _, st := range listed {
		p, err := e.list(ctx, api.StrategyFilter{Status: st, PageSize: 1, SortBy: "latest"})
		if err != nil {
			return err
		}
		totals[string(st)] = p.TotalCount
		if len(p.Strategies) > 0 {
			newest = max(newest, p.Strategies[0].ID)
		}
	}
	if !s.hasMaxID {
		s.maxID, s.hasMaxID = max(s.maxID, newest), true
	}
	e.totals = totals
	e.countEvents(d, totals)
	if e.cycles%usersEvery == 0 {
		if err := e.usersCycle(ctx, d); err != nil {
			return err
		}
	}
	e.cycles++
	if s.baselined {
		if err := e.confirmCycle(ctx, d); err != nil {
			return err
		}
		if err := e.drillCycle(ctx, d, totals); err != nil {
			return err
		}
		if err := e.confirmCycle(ctx, d); err != nil {
			return err
		}
	}
	return e.sweepCycle(ctx, d)
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
			d.events = append(d.events, Event{ID: eventID(e.opts.Host, KindCounts, name, i64(int64(prev.Seq)), itoa(now)),
				Time: d.now, Kind: KindCounts, Profile: e.opts.Profile, Host: e.opts.Host, Status: name,
				Before: itoa(prev.Total), After: itoa(now)})
		}
		e.st.counts[name] = countSeen{Total: now, Seq: prev.Seq}
		e.st.dirty = true
	}
}

// drillCycle looks into each status whose total differs from what is
// held: those that grew first (a strategy moved in: it is there to be
// read), then those that shrank (a strategy left: what is held and not
// listed is read by id).
func (e *Engine) drillCycle(ctx context.Context, d *differ, totals map[string]int) error {
	var grew, shrank []cellKey
	for _, st := range listed {
		c := cellKey{status: string(st)}
		switch held := e.st.count(c); {
		case totals[c.status] > held:
			grew = append(grew, c)
		case totals[c.status] < held:
			shrank = append(shrank, c)
		}
	}
	for _, c := range append(grew, shrank...) {
		if err := e.drill(ctx, d, c, totals[c.status]); err != nil {
			return err
		}
	}
	return nil
}

// drill finds where a status's list and what is held in it part. A list
// of one page is read whole. A longer one is searched by position: both
// are in creation order, so the list's row at position p (a page of one
// row, under 1 KB) equals the p-th held id up to the first difference, and
// a binary search finds it: halving down to a range within one page of
// 100, then that page, about log2(n/50)+1 reads (8 for 4,000 strategies,
// 11 for 40,000) and 70 KB, where reading them all would take 40 pages
// and 2.6 MB. The row found there
// is either one the status gained (compared at once) or one it lost (read
// by id). It repeats while the counts differ and the budget lasts.
func (e *Engine) drill(ctx context.Context, d *differ, c cellKey, total int) error {
	for range maxSearches {
		held := e.heldIDs(c)
		if total == len(held) {
			return nil
		}
		if max(total, len(held)) <= pageSize {
			return e.readCell(ctx, d, c)
		}
		found, err := e.search(ctx, d, c, held, total)
		if err != nil || !found {
			return err
		}
	}
	return nil
}

// maxSearches bounds the searches of one status in one interval; what is
// left waits for the next interval (or the sweep).
const maxSearches = 8

// heldIDs is the ids held in a cell, in creation order.
func (e *Engine) heldIDs(c cellKey) []int64 {
	var ids []int64
	for id, r := range e.st.rows {
		if e.st.match(c, r) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// search binary-searches the first position where the cell's list and
// held differ, and settles the strategy there. found is false when the
// budget ran out or no difference was found (the list changed meanwhile).
func (e *Engine) search(ctx context.Context, d *differ, c cellKey, held []int64, total int) (bool, error) {
	at := func(p int) (*api.Strategy, int, error) { // the list's row at position p (0-based)
		f := c.filter()
		f.Page, f.PageSize, f.SortBy = p+1, 1, "oldest"
		pg, err := e.list(ctx, f)
		switch {
		case err != nil:
			return nil, 0, err
		case len(pg.Strategies) == 0:
			return nil, pg.TotalCount, nil
		}
		return &pg.Strategies[0], pg.TotalCount, nil
	}
	lo, hi := 0, min(len(held), total) // positions below lo are equal; the first difference is at or below hi
	var row *api.Strategy
	rowAt := -1
	// Halve the range with pages of one row until it lies within one page
	// of 100, then read that page: it costs one request for the last six
	// or seven halvings.
	for lo < hi && (hi-lo > windowRows || lo/pageSize != hi/pageSize) {
		if !e.reqs.has(1) {
			return false, nil
		}
		mid := (lo + hi) / 2
		st, n, err := at(mid)
		if err != nil {
			return false, err
		}
		total, hi = n, min(hi, n)
		switch {
		case st == nil || mid >= hi:
		case st.ID == held[mid]:
			lo = mid + 1
		default:
			hi, row, rowAt = mid, st, mid
		}
	}
	p := lo
	if lo < total && rowAt != lo {
		if !e.reqs.has(1) {
			return false, nil
		}
		f := c.filter()
		f.Page, f.PageSize, f.SortBy = lo/pageSize+1, pageSize, "oldest"
		pg, err := e.list(ctx, f)
		if err != nil {
			return false, err
		}
		total = pg.TotalCount
		base := (lo / pageSize) * pageSize
		row, p = nil, base+len(pg.Strategies)
		for i := range pg.Strategies {
			q := base + i
			if q < lo {
				continue
			}
			if q >= len(held) || pg.Strategies[i].ID != held[q] {
				row, p = &pg.Strategies[i], q
				break
			}
		}
	}
	if p >= total {
		row = nil
	}
	switch {
	case row != nil && (p >= len(held) || row.ID < held[p]):
		d.seen(row) // in the list, not held here: it moved in or is new
		return true, nil
	case p < len(held) && (row == nil || row.ID > held[p]):
		e.queueConfirm(held[p]) // held here, not in the list: it left
		return true, e.confirmCycle(ctx, d)
	}
	return false, nil
}

// readCell reads a cell whole and compares each row; what is held in the
// cell and was not listed is read by id.
func (e *Engine) readCell(ctx context.Context, d *differ, c cellKey) error {
	seen := map[int64]bool{}
	for page := 1; ; page++ {
		if !e.reqs.has(1) {
			return nil // not read whole: nothing can be said of what is missing
		}
		f := c.filter()
		f.Page, f.PageSize, f.SortBy = page, pageSize, "oldest"
		p, err := e.list(ctx, f)
		if err != nil {
			return err
		}
		for i := range p.Strategies {
			seen[p.Strategies[i].ID] = true
			d.seen(&p.Strategies[i])
		}
		if len(p.Strategies) < pageSize || page >= p.NumberOfPages {
			break
		}
	}
	for id, r := range e.st.rows {
		if !seen[id] && e.st.match(c, r) {
			e.queueConfirm(id)
		}
	}
	return nil
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
	for len(e.confirm) > 0 && e.reqs.has(1) {
		id := e.confirm[0]
		st, gone, err := e.byID(ctx, id)
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

// sweepCycle reads the next pages of the whole list with what is left of
// the budget. Once the integration is known, it also keeps to the byte
// budget, so that list pages never dominate the traffic.
func (e *Engine) sweepCycle(ctx context.Context, d *differ) error {
	s := e.st
	for e.reqs.has(1) && (!s.baselined || e.bytes.has(float64(e.pageBytes))) {
		before := e.meter.snapshot().bytes
		p, err := e.list(ctx, api.StrategyFilter{Page: s.sweepPage, PageSize: pageSize, SortBy: "oldest"})
		if err != nil {
			return err
		}
		e.pageBytes = max(e.meter.snapshot().bytes-before, 1)
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
