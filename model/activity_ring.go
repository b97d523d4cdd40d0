package model

// The Activity feed's memory: a ring of the last maxActivity entries, in
// time order (an entry that arrives late, like the audit log read at start,
// takes its place among the others). When it is full the oldest entry is
// overwritten, so the feed never grows past the cap however long the
// dashboard runs.

import "github.com/stratop/stratop/ui"

// maxActivity is how many entries the feed keeps.
const maxActivity = 10_000

// activityItem is one entry with what its row needs, built once.
type activityItem struct {
	id    int64 // unique and increasing: the table's row id
	entry ui.ActivityEntry
	cells []ui.Cell
	key   string // lower-cased search text
}

// ring holds the newest entries; it is mutated in place by its owner.
type ring struct {
	items []activityItem
	head  int // index of the oldest item once full
	next  int64
	// version changes with every entry added or replaced.
	version int64
	limit   int
}

func newRing(limit int) *ring { return &ring{limit: limit} }

// add puts an entry in its place by time, overwriting the oldest when
// full, and returns its id (0 when it is older than every entry of a full
// ring: it is the one dropped). Entries at the same time keep their
// arrival order.
func (r *ring) add(e ui.ActivityEntry) int64 {
	if n := len(r.items); n == r.limit && n > 0 && r.at(n-1).entry.At.After(e.At) {
		return 0
	}
	r.next++
	r.version++
	cells := ui.ActivityCells(e)
	it := activityItem{id: r.next, entry: e, cells: cells, key: ui.ActivitySearchKey(e, cells)}
	if len(r.items) < r.limit {
		r.items = append(r.items, it)
	} else {
		r.items[r.head] = it
		r.head = (r.head + 1) % r.limit
	}
	// Move it past the newer entries it arrived after: usually none.
	for i := 0; i+1 < len(r.items) && r.at(i+1).entry.At.After(e.At); i++ {
		a, b := r.at(i), r.at(i+1)
		*a, *b = *b, *a
	}
	return it.id
}

func (r *ring) len() int { return len(r.items) }

// at is the i-th newest item (0 is the newest).
func (r *ring) at(i int) *activityItem {
	n := len(r.items)
	return &r.items[(r.head+n-1-i+n)%n]
}

// rows lists ids and cells newest first, for the table.
func (r *ring) rows() ([]int64, [][]ui.Cell) {
	n := len(r.items)
	ids := make([]int64, n)
	cells := make([][]ui.Cell, n)
	for i := 0; i < n; i++ {
		it := r.at(i)
		ids[i], cells[i] = it.id, it.cells
	}
	return ids, cells
}

// replace puts e in place of the i-th newest item's entry, keeping its id
// and its place.
func (r *ring) replace(i int, e ui.ActivityEntry) {
	r.version++
	it := r.at(i)
	it.entry = e
	it.cells = ui.ActivityCells(e)
	it.key = ui.ActivitySearchKey(e, it.cells)
}

// replaceID replaces the entry of the item with that id, where it is;
// false when the ring no longer holds it.
func (r *ring) replaceID(id int64, e ui.ActivityEntry) bool {
	for i := range r.items {
		if r.at(i).id == id {
			r.replace(i, e)
			return true
		}
	}
	return false
}
