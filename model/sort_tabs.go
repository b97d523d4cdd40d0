package model

// o and O on each list tab: Users and Pools sort their rows by any column
// (table_sort.go); Strategies asks the server for its order (sortBy on the
// integration's list, value on a user's) and marks the header.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// sorter is a tab whose list o (next column or order) and O (reverse)
// sort.
type sorter interface {
	sortNext(reverse bool) (tab, string, tea.Cmd)
	// sortReversible reports whether O would change anything now.
	sortReversible() bool
}

func (t usersTab) sortNext(reverse bool) (tab, string, tea.Cmd) {
	if reverse {
		t.tbl = t.tbl.reverseSort()
	} else {
		t.tbl = t.tbl.cycleSort()
	}
	return t.render(), t.tbl.sortNotice(), nil
}

func (t usersTab) sortReversible() bool { return t.tbl.sort.on }

func (t poolsTab) sortNext(reverse bool) (tab, string, tea.Cmd) {
	if reverse {
		t.pane.tbl = t.pane.tbl.reverseSort()
	} else {
		t.pane.tbl = t.pane.tbl.cycleSort()
	}
	t, cmd := followPane(t)
	return t.render(), t.pane.tbl.sortNotice(), cmd
}

func (t poolsTab) sortReversible() bool { return t.pane.tbl.sort.on }

// serverSortMark is the column a server order sorts by and its direction:
// newest first is the ids descending; a user's value order is marked on
// the balance. "" for the server's default order.
func serverSortMark(sortBy string, userView bool) (title string, desc bool) {
	switch {
	case !userView && sortBy == "oldest":
		return "ID", false
	case !userView:
		return "ID", true
	case sortBy == "highest":
		return "BALANCE", true
	case sortBy == "lowest":
		return "BALANCE", false
	}
	return "", false
}

// reversedSort is the opposite server order ("" when there is none).
func reversedSort(sortBy string, userView bool) string {
	switch sortBy {
	case "":
		if userView {
			return ""
		}
		return "oldest"
	case "oldest":
		return ""
	case "highest":
		return "lowest"
	case "lowest":
		return "highest"
	}
	return sortBy
}

// markSort marks the header with the filter's server order.
func (t strategiesTab) markSort() strategiesTab {
	title, desc := serverSortMark(t.filter[fieldSort], t.userView())
	t.pane.tbl = t.pane.tbl.markSort(title, desc)
	return t
}

func (t strategiesTab) sortNext(reverse bool) (tab, string, tea.Cmd) {
	uv := t.userView()
	f := t.filter
	if reverse {
		f[fieldSort] = reversedSort(f[fieldSort], uv)
	} else {
		f = f.cycle(fieldSort, 1, uv)
	}
	if f == t.filter {
		return t, "", nil
	}
	t.filter, t.page = f, 1
	t = t.markSort()
	var cmd tea.Cmd
	t, cmd = t.reload()
	return t.render(), ui.NoticeServerSorted(fieldLabel(fieldSort, f[fieldSort], uv)), cmd
}

func (t strategiesTab) sortReversible() bool {
	return !t.userView() || t.filter[fieldSort] != ""
}
