package watch

import (
	"context"
	"math"
)

// The drill: where a status's total differs from what is held there, the
// engine finds what moved the cheapest way (doc.go, "The cost model").
// Searching by position costs about log2(n/64)+1 requests a change, one
// of them a page; reading the status whole costs n/100 pages however many
// changed; splitting it by a filter (narrow.go) costs a request a part and
// leaves smaller lists to search. Each is costed as the time it takes at
// the budget, the longer of its requests at the request budget and its
// bytes at the byte budget, and the cheapest is done; a status whose
// searches fell behind is read whole, so that no change waits longer than
// a whole read of its status takes twice.

// maxSearches bounds the searches of one cell in one interval; what is
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

// moves is how many changes a cell is expected to hold: the difference
// between its total and what is held there or, for a status, the changes
// its last intervals settled, whichever is more (moves in and out cancel
// in a total, not in the work).
func (e *Engine) moves(c cellKey, total, held int) float64 {
	k := max(math.Abs(float64(total-held)), 1)
	if c.name() == c.status {
		k = max(k, e.rate[c.status])
	}
	return k
}

// Ways of settling a cell's changes.
const (
	byWhole  = "whole"
	bySearch = "search"
	bySplit  = "split"
)

// way is one way of settling a cell's changes, with what it reads.
type way struct {
	kind string
	plan plan
	dim  *dimension // the filter a split reads the parts' totals of
}

// ways is every way of settling k changes in cell c of n rows, costed: a
// whole read, a search for each change, and a split (narrow.go).
func (e *Engine) ways(c cellKey, n int, k float64) []way {
	ws := []way{{kind: byWhole, plan: e.wholePlan(n)}, {kind: bySearch, plan: e.searchPlan(n).times(k)}}
	return append(ws, e.splitWays(c, n, k)...)
}

// choose is the way to settle cell c's changes now: a whole read under way
// goes on, a list of one page is read, a status whose searches fell
// behind is read whole, and otherwise the cheapest way.
func (e *Engine) choose(c cellKey, total, held int) way {
	n := max(total, held)
	if e.wholeNext[c.name()] > 0 || n <= pageSize || e.behind(c, n, abs(total-held)) {
		return way{kind: byWhole, plan: e.wholePlan(n)}
	}
	ws := e.ways(c, n, e.moves(c, total, held))
	best := ws[0]
	for _, w := range ws[1:] {
		if e.minutes(w.plan) < e.minutes(best.plan) {
			best = w
		}
	}
	return best
}

// behind reports whether a status's searches fell behind: it has been
// held apart from its total for as long as reading it whole takes, and in
// that time either the difference more than doubled (more changes come
// than the searches settle) or they settled none of its changes though drilled
// more than once (moves that cancel where they look). A whole read
// settles every one of them in that time again. A backlog the searches
// work through, however slowly, is left to them, and so is a status the
// budget did not reach: cut off, its changes and every later one
// elsewhere would wait for the whole read instead.
func (e *Engine) behind(c cellKey, n, diff int) bool {
	at, ok := e.differing[c.status]
	if !ok || c.name() != c.status {
		return false
	}
	whole := e.minutes(e.wholePlan(n))
	per := e.pace.interval().Minutes()
	waited := float64(e.cycles-at.cycle) * per
	idle := float64(e.cycles-max(e.settledAt[c.status], at.cycle)) * per
	stuck := idle >= whole && e.fruitless[c.status] >= 2
	grew := diff >= 2*at.diff+2 && whole <= forcedWholeAtMost
	return waited > 0 && waited >= whole && (grew || stuck)
}

// forcedWholeAtMost is the longest whole read, in minutes at the budget,
// that searches falling behind start: a whole read takes the budget for
// its length, and every change elsewhere waits for it. Longer, the
// searches keep the status while they settle its changes (at 100,000
// strategies a whole read of a status is 100 to 400 pages, 25 to 100 s at
// the budget, where a search is ten requests); the cost model still reads
// it whole where that is the cheaper way.
const forcedWholeAtMost = 0.25

// difference is since when, and by how much, a status has differed from
// what is held there.
type difference struct {
	cycle int
	diff  int // |total - held| then
}

// perChange is the cost of settling one change of a status the way chosen
// for it, a strategy that left costing a read by id more.
func (e *Engine) perChange(status string, total, held int) float64 {
	c := cellKey{status: status}
	p := e.choose(c, total, held).plan.times(1 / e.moves(c, total, held))
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
		switch diff := abs(totals[s] - len(e.heldIDs(s))); {
		case diff > 0 && !was:
			e.differing[s] = difference{cycle: e.cycles, diff: diff}
		case diff == 0:
			delete(e.differing, s)
		}
		_, lost := e.losing[s]
		switch short := len(e.heldIDs(s)) > totals[s]; {
		case short && !lost:
			e.losing[s] = e.cycles
		case !short:
			delete(e.losing, s)
		}
	}
	e.forgetSplits()
	for range maxDrills {
		c, ok := e.nextDrill(totals)
		if !ok {
			return nil
		}
		gen, next, split := e.st.gen, e.wholeNext[c.status], e.splitReads
		hidden := totals[c.status] == len(e.heldIDs(c.status))
		err := e.drill(ctx, d, c, totals)
		if err == nil && e.st.gen == gen && e.affords(1, 1) {
			if hidden {
				continue // the row that showed it is forgotten: the others' turn
			}
			e.fruitless[c.status]++ // drilled with the budget to spare, and found nothing
		}
		if err != nil || (e.st.gen == gen && e.wholeNext[c.status] == next && e.splitReads == split) {
			return err
		}
	}
	return nil
}

// nextDrill is the status to drill next: the one that has waited longest,
// once that is agedIntervals or more, else the one whose changes cost
// least to settle (a strategy that left costs a read by id more than one
// that moved in). A status waits from when it began to differ or, if
// later, from the last interval that settled one of its changes: a large
// status that never stops differing under steady changes would otherwise
// stay the oldest, and take every interval's budget while the changes of
// the others wait. A status that has held more than its total since an
// interval waits from then, whatever was settled in it meanwhile, while no
// status shows a gain that may be the same move: what left it without
// arriving elsewhere (an archive) shows only there, costs the most to
// find, and the moves that come and go in a large status would otherwise
// keep it from ever being the oldest; but a loss another status's gain
// explains is settled more cheaply from that side (completions under the
// simulation: the completed list read whole settles both).
func (e *Engine) nextDrill(totals map[string]int) (cellKey, bool) {
	var best, oldest cellKey
	bestCost, found, since := 0.0, false, e.cycles-agedIntervals+1
	gains := false // a status gained what another lost: the loss may be that move
	for _, st := range listed {
		if totals[string(st)] > len(e.heldIDs(string(st))) {
			gains = true
		}
	}
	for _, st := range listed {
		c := cellKey{status: string(st)}
		total, held := totals[c.status], len(e.heldIDs(c.status))
		if total == held && !e.hides(c.status) {
			continue
		}
		if at, ok := e.differing[c.status]; ok {
			waiting := max(at.cycle, e.settledAt[c.status])
			if l, ok := e.losing[c.status]; ok && !gains {
				waiting = min(waiting, l)
			}
			if waiting < since {
				oldest, since = c, waiting
			}
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

// drill settles strategies of a cell until what is held there counts as
// many as its list, the way choose picks each time. It repeats while the
// counts differ and the budget lasts. totals holds the cell's total by
// its name.
func (e *Engine) drill(ctx context.Context, d *differ, c cellKey, totals map[string]int) error {
	name := c.name()
	retried := false
	for range maxSearches {
		held := e.heldIn(c)
		total := totals[name]
		if total == len(held) {
			if found, err := e.searchHidden(ctx, d, c, held, totals); err != nil || !found {
				return err
			}
			continue
		}
		switch w := e.choose(c, total, len(held)); w.kind {
		case byWhole:
			return e.readWhole(ctx, d, c, totals)
		case bySplit:
			gen, reads := e.st.gen, e.splitReads
			if err := e.split(ctx, d, c, *w.dim); err != nil || e.st.gen != gen || e.splitReads != reads || !e.affords(1, 1) {
				return err
			}
			// The parts' totals kept from an earlier interval explain
			// nothing any more (changes since moved between parts): left
			// in use, they would hold the status until they expire.
			delete(e.splits, name)
			continue
		}
		gen := e.st.gen
		found, err := e.search(ctx, d, c, held, totals, min(len(held), total), nil)
		if err != nil || !found {
			return err
		}
		if e.st.gen == gen {
			// The rows shown put the search in the wrong place and were
			// dropped: once more from fresh reads, not again and again.
			if retried {
				return nil
			}
			retried = true
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
	name := c.name()
	first := max(e.wholeNext[name], 1)
	seen := map[int64]bool{}
	for page := first; ; page++ {
		if !e.affords(1, pageSize) {
			e.wholeNext[name] = page
			return nil
		}
		f := c.filter()
		f.Page, f.PageSize, f.SortBy = page, pageSize, "oldest"
		p, err := e.list(ctx, forWhole, f)
		if err != nil {
			e.wholeNext[name] = page
			return err
		}
		totals[name] = p.TotalCount
		e.shown.note(name, (page-1)*pageSize, p.Strategies, e.readFirst)
		for i := range p.Strategies {
			seen[p.Strategies[i].ID] = true
			d.seen(&p.Strategies[i])
		}
		if len(p.Strategies) < pageSize || page >= p.NumberOfPages {
			break
		}
	}
	delete(e.wholeNext, name)
	if name == c.status {
		// Read whole: what differs now came during the read, and is the
		// searches' again, on a new clock; otherwise a read longer than
		// the changes' interval would start the next at once.
		e.differing[c.status] = difference{cycle: e.cycles, diff: abs(totals[name] - len(e.heldIDs(c.status)))}
	}
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

func abs(n int) int { return max(n, -n) }
