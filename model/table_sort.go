package model

// Sorting of a table. A client-side list (Users, Pools) sorts its rows by
// any column here, in the table component, so a tab only forwards o and O.
// A number column (Column.Right) sorts by the exact decimal value of its
// cells, never through float64; values equal as shown keep the server's
// order. A server-sorted list (Strategies) only marks the header. The
// display order is the tab's filter sorted stably by the column, and the
// selection stays on its id.

import (
	"slices"

	"github.com/stratop/stratop/ui"
)

// tableSort is how a table is sorted.
type tableSort struct {
	on     bool
	col    int // index into the column definitions (cells)
	desc   bool
	server bool  // the rows come sorted: mark the header only
	perm   []int // every row in sorted order, for the rows held now
}

// renderHeader draws the header with the sort mark.
func (t table) renderHeader() string {
	cols := t.cols
	if t.sort.on {
		cols = slices.Clone(t.cols)
		for i := range cols {
			if cols[i].Index == t.sort.col {
				cols[i].Sorted = 1
				if t.sort.desc {
					cols[i].Sorted = -1
				}
			}
		}
	}
	return ui.RenderHeader(*t.st, cols, t.width)
}

// sorted is the display order: the filter, sorted when sorting here. The
// sorted order of all rows is kept (perm), so that a filter keystroke on a
// sorted list costs one pass over it rather than a sort.
func (t table) sorted() []int {
	if !t.sort.on || t.sort.server || t.sort.col < 0 || t.sort.col >= len(t.defs) {
		return t.filter
	}
	perm := t.sort.perm
	if t.filter == nil {
		return perm
	}
	keep := make([]bool, t.rowCount())
	for _, r := range t.filter {
		keep[r] = true
	}
	out := make([]int, 0, len(t.filter))
	for _, r := range perm {
		if keep[r] {
			out = append(out, r)
		}
	}
	return out
}

// permute sorts all rows by the sort column (stable: rows equal there keep
// the data's order).
func (t table) permute() []int {
	if !t.sort.on || t.sort.server || t.sort.col < 0 || t.sort.col >= len(t.defs) {
		return nil
	}
	col, numeric := t.sort.col, t.defs[t.sort.col].Right
	type keyed struct {
		row int
		key ui.SortKey
	}
	ks := make([]keyed, t.rowCount())
	for r := range ks {
		ks[r] = keyed{r, ui.NewSortKey(t.cellText(r, col), numeric)}
	}
	desc := t.sort.desc
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if a.key.Missing() || b.key.Missing() {
			return a.key.Compare(b.key) // last either way
		}
		if desc {
			return b.key.Compare(a.key)
		}
		return a.key.Compare(b.key)
	})
	out := make([]int, len(ks))
	for i, k := range ks {
		out[i] = k.row
	}
	return out
}

// setSort sorts by column definition col (on false: the data's order).
func (t table) setSort(on bool, col int, desc bool) table {
	t.sort.on, t.sort.col, t.sort.desc, t.sort.server = on, col, desc, false
	t.sort.perm = t.permute()
	t.order = t.sorted()
	if t.cols != nil {
		t.header = t.renderHeader()
	}
	return t.follow()
}

// markSort marks the column titled title as the server's order (""
// marks none); the rows are not moved.
func (t table) markSort(title string, desc bool) table {
	t.sort.on, t.sort.server, t.sort.desc, t.sort.col = false, true, desc, -1
	for i, d := range t.defs {
		if title != "" && d.Title == title {
			t.sort.on, t.sort.col = true, i
		}
	}
	if t.cols != nil {
		t.header = t.renderHeader()
	}
	return t
}

// cycleSort sorts by the next shown column, ascending; after the last,
// back to the data's order.
func (t table) cycleSort() table {
	next := 0
	if t.sort.on && !t.sort.server {
		next = -1
		for i, c := range t.cols {
			if c.Index == t.sort.col {
				next = i + 1
			}
		}
	}
	if next < 0 || next >= len(t.cols) {
		return t.setSort(false, 0, false)
	}
	return t.setSort(true, t.cols[next].Index, false)
}

// reverseSort flips the direction of a client-side sort.
func (t table) reverseSort() table {
	if !t.sort.on || t.sort.server {
		return t
	}
	return t.setSort(true, t.sort.col, !t.sort.desc)
}

// sortNotice words the sort for the status line.
func (t table) sortNotice() string {
	if !t.sort.on || t.sort.col < 0 || t.sort.col >= len(t.defs) {
		return ui.NoticeSorted("", false)
	}
	return ui.NoticeSorted(t.defs[t.sort.col].Title, t.sort.desc)
}
