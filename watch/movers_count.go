package watch

// The totals' reads as the finder's probes. A dashboard reads each status's
// total anyway, as a page of one row; which row that is costs nothing, so
// the finder chooses it (Want): the position its search of that status
// halves by next, the page it ends with, or, with no search under way, a
// position that turns over the list from one read to the next (the
// golden-ratio offsets of probe.go), which finds the moves in and out of
// a status that leave its total as it was. The rows come back with the
// totals (Counted) and are compared like the finder's own reads.

import (
	"math"
	"time"

	"github.com/stratop/stratop/api"
)

// CountRead is one read of a status's total, made with the filter Want
// gave for it: its total and the rows it returned.
type CountRead struct {
	Status   api.Status
	Page     int
	PageSize int
	Total    int
	Rows     []api.Strategy
}

// handover is what a dashboard handed over from one read of the totals.
type handover struct {
	totals map[string]int
	reads  map[string]CountRead
	first  uint64 // the Mark taken before the reads were sent
}

// Want is the filter a read of status's total should use: a page in
// creation order, of one row, or of the rows a search ends with. A status
// the finder does not hold is read as before, a page of one row.
func (m *Movers) Want(status api.Status) api.StrategyFilter {
	f := api.StrategyFilter{Status: status, PageSize: 1}
	m.mu.Lock()
	w, ok := m.wants[string(status)]
	m.mu.Unlock()
	if !ok {
		return f
	}
	f.Page, f.PageSize, f.SortBy = w.page, w.size, "oldest"
	return f
}

// Counted hands over a read of the totals made with the filters Want gave,
// first being the Mark taken before it was sent; like Totals, it never
// blocks and only the latest waiting is kept.
func (m *Movers) Counted(first uint64, reads []CountRead) {
	h := handover{totals: map[string]int{}, reads: map[string]CountRead{}, first: first}
	for _, r := range reads {
		h.totals[string(r.Status)] = r.Total
		if r.Page > 0 && r.PageSize > 0 {
			h.reads[string(r.Status)] = r
		}
	}
	m.handOver(h)
}

// want is where the next read of a status's total looks.
type want struct{ page, size int }

// setWant publishes where the next read of status's total looks.
func (m *Movers) setWant(status string, w want) {
	m.mu.Lock()
	m.wants[status] = w
	m.mu.Unlock()
}

// spread is the position the total's read of the i-th status looks at
// when no search needs it: spread over the n rows held, turning by the
// golden ratio each round.
func (m *Movers) spread(i, n int) want {
	if n <= 0 {
		return want{page: 1, size: 1}
	}
	u := math.Mod(float64(m.rounds)*golden+float64(i)/float64(len(m.statuses)), 1)
	return want{page: min(n-1, int(u*float64(n))) + 1, size: 1}
}

// noteReads keeps the rows the totals' reads returned as what the list
// showed at their positions, in the statuses whose starting point was read
// before them.
func (m *Movers) noteReads(h handover, started map[string]bool) {
	for _, s := range m.statuses {
		_, m.free[s] = h.reads[s]
	}
	for s, r := range h.reads {
		if !started[s] || len(r.Rows) == 0 {
			continue
		}
		m.facts.note(s, (r.Page-1)*r.PageSize, r.Rows, h.first)
	}
}

// period is the time between two handovers: the interval, or longer when
// the dashboard's reads take time.
func (m *Movers) period(now time.Time) time.Duration {
	p := m.e.opts.Interval
	if !m.lastAt.IsZero() {
		p = max(p, now.Sub(m.lastAt))
	}
	return max(p, time.Millisecond)
}
