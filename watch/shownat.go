package watch

import "github.com/stratop/stratop/api"

// listedAt is what the interval's reads showed of each status's list, by
// position: the rows of pages of one row, of the searches' pages and of
// the probes. The list may move while an interval reads it; a row taken
// from here for a position it left costs a search more reads, never a
// wrong event: what a search finds is compared with the row itself, only
// when its read began after the read that last set the held row (marks,
// as for Observe), or read by id. It is emptied at each interval's start.
type listedAt struct {
	rows  map[string]map[int]api.Strategy
	marks map[string]map[int]uint64 // the Mark taken before each row's read
}

func (l *listedAt) reset() { *l = listedAt{} }

// note keeps rows shown from position p on by a read that began at mark
// first.
func (l *listedAt) note(status string, p int, rows []api.Strategy, first uint64) {
	if l.rows == nil {
		l.rows, l.marks = map[string]map[int]api.Strategy{}, map[string]map[int]uint64{}
	}
	m, k := l.rows[status], l.marks[status]
	if m == nil {
		m, k = map[int]api.Strategy{}, map[int]uint64{}
		l.rows[status], l.marks[status] = m, k
	}
	for i := range rows {
		m[p+i], k[p+i] = rows[i], first
	}
}

// newer reports whether the row shown at p was read after the read that
// ended at mark last began: it may settle a held row set then.
func (l *listedAt) newer(status string, p int, last uint64) bool {
	first, ok := l.marks[status][p]
	return ok && first > last
}

// drop forgets what was shown of a status.
func (l *listedAt) drop(status string) {
	delete(l.rows, status)
	delete(l.marks, status)
}

// lists reports whether a read of the interval showed id in the status.
func (l *listedAt) lists(status string, id int64) bool {
	for _, r := range l.rows[status] {
		if r.ID == id {
			return true
		}
	}
	return false
}

// forget drops what was shown at p.
func (l *listedAt) forget(status string, p int) {
	delete(l.rows[status], p)
	delete(l.marks[status], p)
}

// at is the row shown at position p.
func (l *listedAt) at(status string, p int) (*api.Strategy, bool) {
	r, ok := l.rows[status][p]
	return &r, ok
}

// span is the rows shown at positions lo to last, when every one was.
func (l *listedAt) span(status string, lo, last int) []api.Strategy {
	m := l.rows[status]
	if len(m) < last-lo+1 {
		return nil
	}
	rows := make([]api.Strategy, 0, last-lo+1)
	for p := lo; p <= last; p++ {
		r, ok := m[p]
		if !ok {
			return nil
		}
		rows = append(rows, r)
	}
	return rows
}

// firstDiffering is the lowest position below hi whose row shown is not
// the one held there.
func (l *listedAt) firstDiffering(status string, held []int64, hi int) (int, *api.Strategy, bool) {
	q, found := hi, false
	for p, r := range l.rows[status] {
		if p < q && p < len(held) && r.ID != held[p] {
			q, found = p, true
		}
	}
	if !found {
		return 0, nil, false
	}
	r := l.rows[status][q]
	return q, &r, true
}

// lastAgreeing is the highest position below hi whose row shown is the
// one held there, -1 for none.
func (l *listedAt) lastAgreeing(status string, held []int64, hi int) int {
	q := -1
	for p, r := range l.rows[status] {
		if p > q && p < hi && p < len(held) && r.ID == held[p] {
			q = p
		}
	}
	return q
}
