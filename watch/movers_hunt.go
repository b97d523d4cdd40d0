package watch

// The finder's search by position, spread over the dashboard's polls. It
// is the engine's search (search.go): a status's list and the ids held in
// it are both in creation order, so halving between a position where they
// agree and one where they differ ends where they part. Three things make
// it cheaper. The rows it halves by are kept from one round to the next,
// and each round brings one read of each status for nothing: the total's,
// at the row or page the search asked for (movers_count.go); a search
// waits for those for a round or so before reading rows of its own, and
// not at all once its status has differed for so long that a change would
// be named late. Once fewer than pageProbeRows positions are left, it
// halves by a page of pageSize rows at the middle rather than one row, for
// the same request: the page ends the search when it holds the place where
// they part, and names every change it holds by comparing ids. And it
// never reads a status whole.
//
// Rows kept from earlier rounds may no longer stand where they were read:
// the list moves. That never makes a wrong event: a row listed in a status
// where it is not held is compared with what is held (marks, as for
// Observe), and a held strategy missing from a list is read by id. It
// costs reads: a row that agreed with what was held at its position
// before a change below it was settled, and not after, was read before
// that change, and is dropped; a last page that shows no change but
// stands elsewhere than held says the rows below it moved, and the others
// are dropped; and no row is kept longer than the time allowed for naming.

import (
	"context"
	"slices"
	"time"

	"github.com/stratop/stratop/api"
)

// maxHuntSteps bounds the reads of one status's search in one round.
const maxHuntSteps = 24

// pageProbeRows: a search of fewer positions halves by a page of pageSize
// rows rather than one row, for the same request: the page holds where the
// list and what is held part with a chance of pageSize over the range, and
// then ends the search. At 10,000 strategies (halted statuses of 1,000 to
// 2,000 rows) this took the finder from about 62 to about 45 requests a
// minute, for about 60 KB a read instead of 1.
const pageProbeRows = 1000

// freeRounds is how many rounds' free rows one search may wait for.
const freeRounds = 1

// namingSlack is kept from the time allowed for naming: a poll that comes
// late, and the reads' own time.
const namingSlack = 3 * time.Second

// hunt settles what differs in status s as far as this round must: it
// names what the rows read show, then reads only while the rounds left
// before the deadline could not finish the search with their free rows,
// and asks the next total's read for the row the search needs next.
func (m *Movers) hunt(ctx context.Context, d *differ, s string, totals map[string]int, now time.Time) error {
	e := m.e
	for range maxHuntSteps {
		m.nameListed(d, s)
		held, total := e.heldIDs(s), totals[s]
		lo, hi, ok := m.rangeOf(s, held, total)
		if !ok {
			m.agreed(s)
			return nil
		}
		if m.since[s].IsZero() {
			m.since[s] = now
		}
		if m.first[s].IsZero() {
			m.first[s] = m.lastAt
		}
		last := min(hi, total-1)
		switch {
		case lo > last: // the list ends before what is held does: the next held one left
			if err := m.left(ctx, d, s, held[lo]); err != nil {
				return err
			}
			continue
		case lo == hi && hi < len(held):
			r, _ := m.facts.at(s, hi)
			if r.ID > held[hi] { // the list skips the held one there: it left
				if err := m.left(ctx, d, s, held[hi]); err != nil {
					return err
				}
			} else {
				m.facts.drop(s) // the rows contradict each other: read at different times
			}
			continue
		}
		page, size, fits := pageOf(lo, last)
		steps := 1
		if !fits {
			steps += halvings(lo, last)
			mid := (lo + hi) / 2
			page, size = mid+1, 1
			if last-lo < pageProbeRows && e.affords(1, pageSize) {
				page, size = mid/pageSize+1, pageSize // else a row: the bytes are short, not the requests
			}
		}
		if !m.mustPay(s, steps, abs(total-len(held)), now) || !e.affords(1, size) {
			m.setWant(s, want{page: page, size: size})
			return nil
		}
		f := api.StrategyFilter{Status: api.Status(s), Page: page, PageSize: size, SortBy: "oldest"}
		why := forSearch
		if fits {
			why = forPage
		}
		p, err := e.list(ctx, why, f)
		if err != nil {
			return err
		}
		totals[s] = p.TotalCount
		base := (page - 1) * size
		m.facts.note(s, base, p.Strategies, e.readFirst)
		if size > 1 {
			if err := m.comparePage(ctx, d, s, base, p, fits); err != nil {
				return err
			}
		}
	}
	return nil
}

// rangeOf is where the list of s and the ids held there part, as far as
// the rows kept tell: positions below lo agree, hi differs; false when
// nothing says they differ.
func (m *Movers) rangeOf(s string, held []int64, total int) (lo, hi int, ok bool) {
	hi = min(len(held), total)
	differs := len(held) != total
	if q, _, found := m.facts.firstDiffering(s, held, hi); found {
		hi, differs = q, true
	}
	if !differs {
		return 0, 0, false
	}
	return m.facts.lastAgreeing(s, held, hi) + 1, hi, true
}

// halvings is how many rows of one a search of positions lo to last
// reads before one page holds what is left.
func halvings(lo, last int) int {
	h := 0
	for hi := last; lo < hi; hi = (lo + hi) / 2 {
		if _, _, ok := pageOf(lo, hi); ok {
			break
		}
		h++
	}
	return h
}

// mustPay reports whether a search of s that needs steps more reads must
// read now rather than wait for the free rows of the rounds to come: a
// search waits for at most freeRounds of them, shared by the changes of s
// pending (a difference of k between its total and what is held waits for
// freeRounds/k), and none once s has differed for so long that its oldest
// change would be named late; with totals handed over without rows, there
// are none to wait for. Under churn every round's free row finds a search
// to serve, so reading the rest at once costs no more than waiting, and
// names sooner.
func (m *Movers) mustPay(s string, steps, pending int, now time.Time) bool {
	if !m.free[s] {
		return true
	}
	if source(s) {
		// Most of what active's search finds is an archive, to be named
		// at no particular time; the few that matter must be named within
		// the time allowed. So it waits for free rows while the rounds
		// left before then are more than the reads it needs.
		left := m.within - namingSlack - now.Sub(m.first[s])
		return time.Duration(steps)*m.per >= left
	}
	if now.Sub(m.first[s]) >= m.within-namingSlack-2*m.per {
		return true
	}
	waited := int(now.Sub(m.since[s]) / m.per)
	return steps > freeRounds/max(pending, 1)-waited
}

// nameListed settles the rows read in s that are not held there: they
// moved in. A row held elsewhere by a read that began after this one is
// let go: it may be the older.
func (m *Movers) nameListed(d *differ, s string) {
	e := m.e
	for p, r := range m.facts.rows[s] {
		held, ok := e.st.rows[r.ID]
		if ok && e.st.str(held.status) == s {
			continue
		}
		if ok && !m.facts.newer(s, p, held.last) {
			m.facts.forget(s, p)
			continue
		}
		m.settling(func() { d.seen(&r) })
	}
}

// comparePage compares a page read at base with the ids held in s: a held
// id within the page's range of ids (or beyond it, at either end of the
// list) that it does not list left (read by id); a listed one not held
// moved in (nameListed). A page showing neither that stands elsewhere
// than held says the rows below it moved: the other rows kept are let go.
func (m *Movers) comparePage(ctx context.Context, d *differ, s string, base int, p *api.StrategiesPage, last bool) error {
	held, rows := m.e.heldIDs(s), p.Strategies
	if len(rows) == 0 {
		m.facts.drop(s)
		return nil
	}
	low, high := rows[0].ID, rows[len(rows)-1].ID
	if base == 0 {
		low = 0
	}
	if base+len(rows) >= p.TotalCount {
		high = 1<<63 - 1
	}
	listed := make(map[int64]bool, len(rows))
	moved := false
	for _, r := range rows {
		listed[r.ID] = true
		if _, ok := slices.BinarySearch(held, r.ID); !ok {
			moved = true
		}
	}
	i, _ := slices.BinarySearch(held, low)
	for ; i < len(held) && held[i] <= high; i++ {
		if !listed[held[i]] {
			m.e.queueConfirm(held[i])
			moved = true
		}
	}
	if len(m.e.confirm) > 0 {
		var err error
		m.settling(func() { err = m.e.confirmCycle(ctx, d) })
		return err
	}
	if at, _ := slices.BinarySearch(held, rows[0].ID); last && !moved && at != base {
		m.facts.drop(s)
		m.facts.note(s, base, rows, m.e.readFirst)
	}
	return nil
}

// left reads by id a strategy held in s that its list no longer shows,
// unless a row read shows it there: then the rows disagree, and go.
func (m *Movers) left(ctx context.Context, d *differ, s string, id int64) error {
	if m.facts.lists(s, id) {
		m.facts.drop(s)
		return nil
	}
	m.e.queueConfirm(id)
	var err error
	m.settling(func() { err = m.e.confirmCycle(ctx, d) })
	if r, ok := m.e.st.rows[id]; ok && m.e.st.str(r.status) == s {
		m.facts.drop(s) // still there: the rows that said otherwise were read before the list moved
	}
	return err
}

// settling runs settle, which settles changes, then lets go of the rows
// it showed to have been read before them (they agreed with what was held
// at their positions before, and not after), and counts the changes
// settled against each status's pending ones.
func (m *Movers) settling(settle func()) {
	e := m.e
	type kept struct {
		s string
		p int
	}
	var agreed []kept
	heldBefore := map[string]int{}
	for _, s := range m.statuses {
		held := e.heldIDs(s)
		heldBefore[s] = len(held)
		for p, r := range m.facts.rows[s] {
			if p < len(held) && r.ID == held[p] {
				agreed = append(agreed, kept{s, p})
			}
		}
	}
	settle()
	for _, k := range agreed {
		held := e.heldIDs(k.s)
		if r, ok := m.facts.at(k.s, k.p); ok && (k.p >= len(held) || r.ID != held[k.p]) {
			m.facts.forget(k.s, k.p)
		}
	}
	for _, s := range m.statuses {
		n := abs(len(e.heldIDs(s)) - heldBefore[s])
		if n == 0 {
			continue
		}
		if _, ok := m.since[s]; ok {
			m.since[s] = m.e.opts.Now() // the search goes on for the next change, on its own clock
		}
	}
}

// agreed forgets the search of s: its list and what is held agree.
func (m *Movers) agreed(s string) {
	m.facts.drop(s)
	delete(m.since, s)
	delete(m.first, s)
}

// age lets go of the rows read before the round that began the time
// allowed for naming ago: the list has moved since.
func (m *Movers) age() {
	keep := max(int(m.within/m.per), 1)
	m.marks = append(m.marks, Mark())
	if len(m.marks) <= keep {
		return
	}
	m.marks = m.marks[len(m.marks)-keep:]
	cut := m.marks[0]
	for s, ps := range m.facts.marks {
		for p, first := range ps {
			if first < cut {
				m.facts.forget(s, p)
			}
		}
	}
}
