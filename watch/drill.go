package watch

import (
	"context"
	"math"
)

// The drill: where a status's total differs from what is held there, the
// engine finds what moved the cheaper way (doc.go, "The cost model").
// Searching by position costs about log2(n/50)+1 requests a change, one
// of them a page of 100; reading the status whole costs n/100 pages
// however many changed. Each is costed as the time it takes at the
// budget, the longer of its requests at the request budget and its bytes
// at the byte budget, and the cheaper is done.

// maxSearches bounds the searches of one status in one interval; what is
// left waits for the next interval (or the probes and the sweep).
const maxSearches = 8

// maxDrills bounds the statuses drilled in one interval.
const maxDrills = 16

// agedIntervals is how long a status may differ, unsettled at the end of
// each interval, before it is drilled first, whatever its cost: taken cheapest first only, the changes of a
// large status that only shrank (archives) would wait behind every cheaper
// change while the budget runs short.
const agedIntervals = 6

// plan is what a way of finding changes reads.
type plan struct {
	reqs  float64
	bytes float64
}

func (p plan) times(k float64) plan { return plan{p.reqs * k, p.bytes * k} }

// minutes is how long p takes at the budget: its requests or its bytes,
// whichever is the tighter.
func (e *Engine) minutes(p plan) float64 {
	return max(p.reqs/float64(e.opts.Budget), p.bytes/float64(e.opts.ByteBudget))
}

// searchPlan is one search by position in a list of n rows: pages of one
// row halve it until it lies within windowRows, then one page is read. The
// searches of an interval start from what the earlier ones read, but with
// one or two changes a status that saves little, and counting on it chose
// searches where whole reads were faster (p99 13.6 s instead of 4.8 s
// under the simulation at 3,000 strategies), so it is not counted.
func (e *Engine) searchPlan(n int) plan {
	halvings := 0
	for r := n; r > windowRows; r = (r + 1) / 2 {
		halvings++
	}
	return plan{reqs: float64(halvings + 1), bytes: float64(halvings)*e.estimate(1) + e.estimate(pageSize)}
}

// wholePlan is reading a list of n rows whole.
func (e *Engine) wholePlan(n int) plan {
	pages := max((n+pageSize-1)/pageSize, 1)
	return plan{reqs: float64(pages), bytes: float64(pages) * e.estimate(pageSize)}
}

// moves is how many changes a status is expected to hold: the difference
// between its total and what is held there, or the changes its last
// intervals settled, whichever is more (moves in and out cancel in a
// total, not in the work).
func (e *Engine) moves(status string, total, held int) float64 {
	return max(math.Abs(float64(total-held)), e.rate[status], 1)
}

// wholeIsCheaper reports whether reading the status whole costs no more
// than searching for each of its expected changes.
func (e *Engine) wholeIsCheaper(status string, total, held int) bool {
	n := max(total, held)
	if n <= pageSize {
		return true // one page: as cheap as the search's last read alone
	}
	k := e.moves(status, total, held)
	return e.minutes(e.wholePlan(n)) <= e.minutes(e.searchPlan(n).times(k))
}

// perChange is the cost of settling one change of a status the cheaper
// way, a strategy that left costing a read by id more.
func (e *Engine) perChange(status string, total, held int) float64 {
	n := max(total, held)
	k := e.moves(status, total, held)
	p := e.searchPlan(n)
	if whole := e.wholePlan(n); e.minutes(whole) < e.minutes(p.times(k)) {
		p = whole.times(1 / k)
	}
	if total < held {
		p.reqs++
		p.bytes += e.estimate(1)
	}
	return e.minutes(p)
}

// drillCycle looks into the statuses whose totals differ from what is
// held, the cheapest change first. What one settles can make another
// differ (a strategy found leaving one status for a second whose total had
// not moved, because a third left it meanwhile), so the next one is chosen
// after each; it stops when none differs, or one made no progress (the
// budget ran out, or the list moved on), until the next interval.
func (e *Engine) drillCycle(ctx context.Context, d *differ, totals map[string]int) error {
	defer func() { // settled by the interval's end: not a status that waits
		for s := range e.differing {
			if totals[s] == len(e.heldIDs(s)) {
				delete(e.differing, s)
			}
		}
	}()
	for _, st := range listed {
		s := string(st)
		_, was := e.differing[s]
		switch differs := totals[s] != len(e.heldIDs(s)); {
		case differs && !was:
			e.differing[s] = e.cycles
		case !differs:
			delete(e.differing, s)
		}
	}
	for range maxDrills {
		c, ok := e.nextDrill(totals)
		if !ok {
			return nil
		}
		gen, next := e.st.gen, e.wholeNext[c.status]
		if err := e.drill(ctx, d, c, totals); err != nil || (e.st.gen == gen && e.wholeNext[c.status] == next) {
			return err
		}
	}
	return nil
}

// nextDrill is the status to drill next: the one that has differed
// longest, once that is agedIntervals or more, else the one whose changes
// cost least to settle (a strategy that left costs a read by id more than
// one that moved in).
func (e *Engine) nextDrill(totals map[string]int) (cellKey, bool) {
	var best, oldest cellKey
	bestCost, found, since := 0.0, false, e.cycles-agedIntervals+1
	for _, st := range listed {
		c := cellKey{status: string(st)}
		total, held := totals[c.status], len(e.heldIDs(c.status))
		if total == held {
			continue
		}
		if at, ok := e.differing[c.status]; ok && at < since {
			oldest, since = c, at
		}
		cost := e.perChange(c.status, total, held)
		if !found || cost < bestCost {
			best, bestCost, found = c, cost, true
		}
	}
	if oldest.status != "" {
		return oldest, true
	}
	return best, found
}

// drill settles strategies of a status until what is held there counts
// as many as its list, reading it whole or searching it by position,
// whichever costs less. It repeats while the counts differ and the budget
// lasts.
func (e *Engine) drill(ctx context.Context, d *differ, c cellKey, totals map[string]int) error {
	for range maxSearches {
		held := e.heldIDs(c.status)
		total := totals[c.status]
		if total == len(held) {
			return nil
		}
		if e.wholeNext[c.status] > 0 || e.wholeIsCheaper(c.status, total, len(held)) {
			return e.readWhole(ctx, d, c, totals)
		}
		found, err := e.search(ctx, d, c, held, totals, min(len(held), total), nil)
		if err != nil || !found {
			return err
		}
	}
	return nil
}

// readWhole reads a status whole, oldest first, comparing each row. When
// the budget runs out it goes on from the same page in the next interval.
// Read in one go from its first page, what is held there and was not
// listed is read by id at once, so the drill can follow where it went; a
// read spread over intervals skips that: the list moved meanwhile, and the
// other statuses, the probes and the sweep find those.
func (e *Engine) readWhole(ctx context.Context, d *differ, c cellKey, totals map[string]int) error {
	first := max(e.wholeNext[c.status], 1)
	seen := map[int64]bool{}
	for page := first; ; page++ {
		if !e.affords(1, pageSize) {
			e.wholeNext[c.status] = page
			return nil
		}
		f := c.filter()
		f.Page, f.PageSize, f.SortBy = page, pageSize, "oldest"
		p, err := e.list(ctx, f)
		if err != nil {
			e.wholeNext[c.status] = page
			return err
		}
		totals[c.status] = p.TotalCount
		e.shown.notePage(c.status, (page-1)*pageSize, p.Strategies, p.TotalCount, e.readFirst)
		for i := range p.Strategies {
			seen[p.Strategies[i].ID] = true
			d.seen(&p.Strategies[i])
		}
		if len(p.Strategies) < pageSize || page >= p.NumberOfPages {
			break
		}
	}
	delete(e.wholeNext, c.status)
	if first > 1 {
		return nil
	}
	for id, r := range e.st.rows {
		if !seen[id] && e.st.match(c, r) {
			e.queueConfirm(id)
		}
	}
	return e.confirmCycle(ctx, d)
}
