package watch

import (
	"context"
	"slices"

	"github.com/stratop/stratop/api"
)

// windowRows is the range a search plans to end with: halving stops once
// the range fits one page of at most pageSize rows at some page size (a
// page of s rows starts at a multiple of s), which a range of up to 100
// rows at a random place does from about this size on.
const windowRows = 64

// pageOf is the page (1-based) and page size of the smallest page that
// holds positions lo to last, false when none of at most pageSize rows does.
func pageOf(lo, last int) (page, size int, ok bool) {
	for s := max(last-lo+1, 1); s <= pageSize; s++ {
		if lo/s == last/s {
			return lo/s + 1, s, true
		}
	}
	return 0, 0, false
}

// search finds a position at or below hi where the cell's list and its
// held ids part, and settles the strategy there. Both are in creation
// order, so the list's row at position p (a page of one row, under 1 KB)
// is the p-th held id while they agree; halving between a position known
// to agree (below lo) and one known to differ (hi: where the shorter ends,
// or a probe that saw another id, given as row) ends where they part:
// there the list's row is one the cell gained (compared at once) or the
// held one is one it lost (read by id). Halving stops once the range fits
// one page, which is read: about log2(n/64)+1 reads (7 for 4,000
// strategies, 10 for 40,000) and 70 KB, where reading them all would take
// 40 pages and 2.6 MB. found is false when the budget ran out or no
// difference was found (the list changed meanwhile). totals takes the
// totals the reads return, by the cell's name.
//
// Rows the interval's reads already showed at their positions (shown.go)
// are not read again, and narrow the range before any read: the searches
// after the first in a cell start where the last ones left off, so k
// changes cost about k*(log2(n/(64k))+1) reads rather than k*(log2(n/64)+1).
func (e *Engine) search(ctx context.Context, d *differ, c cellKey, held []int64, totals map[string]int, hi int, row *api.Strategy) (bool, error) {
	name := c.name()
	total := totals[name]
	defer func() { totals[name] = total }()
	at := func(p int) (*api.Strategy, int, error) { // the list's row at position p (0-based)
		if r, ok := e.shown.at(name, p); ok {
			return r, total, nil
		}
		f := c.filter()
		f.Page, f.PageSize, f.SortBy = p+1, 1, "oldest"
		pg, err := e.list(ctx, forSearch, f)
		switch {
		case err != nil:
			return nil, 0, err
		case len(pg.Strategies) == 0:
			return nil, pg.TotalCount, nil
		}
		e.shown.note(name, p, pg.Strategies[:1], e.readFirst)
		return &pg.Strategies[0], pg.TotalCount, nil
	}
	rowAt := -1
	if row != nil {
		rowAt = hi
	}
	lo := 0
	hi = min(hi, len(held), total)
	if q, r, ok := e.shown.firstDiffering(name, held, hi); ok {
		hi, row, rowAt = q, r, q
	}
	lo = e.shown.lastAgreeing(name, held, hi) + 1
	// Halve the range with pages of one row until one page holds it, then
	// read that page: it costs one request for the last six or seven
	// halvings.
	fits := func() bool { _, _, ok := pageOf(lo, min(hi, total-1)); return ok }
	for lo < hi && !fits() {
		if !e.affords(1, 1) {
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
		last := min(hi, total-1)
		base, rows := lo, e.shown.span(name, lo, last)
		if rows == nil {
			page, size, _ := pageOf(lo, last)
			if !e.affords(1, size) {
				return false, nil
			}
			f := c.filter()
			f.Page, f.PageSize, f.SortBy = page, size, "oldest"
			pg, err := e.list(ctx, forPage, f)
			if err != nil {
				return false, err
			}
			base, total, rows = (page-1)*size, pg.TotalCount, pg.Strategies
			e.shown.note(name, base, rows, e.readFirst)
		}
		row, p = nil, base+len(rows)
		for i := range rows {
			q := base + i
			if q < lo {
				continue
			}
			if q >= len(held) || rows[i].ID != held[q] {
				row, p = &rows[i], q
				break
			}
		}
	}
	if p >= total {
		row = nil
	}
	switch {
	case row != nil && (p >= len(held) || row.ID < held[p]):
		r, ok := e.st.rows[row.ID]
		if ok && e.st.match(c, r) {
			// Held here all along: rows kept from before the list moved
			// put the search in the wrong place. Again, from fresh reads.
			e.shown.drop(name)
			return true, nil
		}
		// In the list, not held here: it moved in or is new, unless a read
		// since the one that showed it here set it elsewhere.
		if ok && !e.shown.newer(name, p, r.last) {
			e.shown.forget(name, p)
			return false, nil
		}
		d.seen(row)
		return true, nil
	case p < len(held) && (row == nil || row.ID > held[p]):
		if e.shown.lists(name, held[p]) {
			e.shown.drop(name) // listed this interval: it did not leave; as above
			return true, nil
		}
		e.queueConfirm(held[p]) // held here, not in the list: it left
		return true, e.confirmCycle(ctx, d)
	}
	return false, nil
}

// heldIndex is the held ids of each status in creation order, built again
// only when the rows changed: searches and probes ask for them many times
// an interval, and at 100,000 strategies a build is a few milliseconds.
type heldIndex struct {
	of    *state
	gen   uint64
	by    map[string][]int64
	cells map[string][]int64 // finer cells' ids, by name, as asked for
}

// heldIDs is the ids held in a status, in creation order. The slice is
// shared: callers only read it.
func (e *Engine) heldIDs(status string) []int64 {
	s, x := e.st, &e.index
	if x.of != s || x.gen != s.gen {
		x.by, x.cells = make(map[string][]int64, len(listed)), nil
		for id, r := range s.rows {
			k := s.str(r.status)
			x.by[k] = append(x.by[k], id)
		}
		for _, ids := range x.by {
			slices.Sort(ids)
		}
		x.of, x.gen = s, s.gen
	}
	return x.by[status]
}
