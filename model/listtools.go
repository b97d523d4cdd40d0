package model

// Copy (y, Y), sort (o, O) and export (ctrl+s) of the list tabs, written
// once over listRows: what a tab shows, as data. Each tab says in its
// listRows what its rows are (their id, record and CSV) and how its order
// is kept; the tools do the rest the same way for every tab.

import (
	"context"
	"io"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
)

// lister is a list tab: copy, sort and export take its listRows.
type lister interface {
	listRows() listRows
}

// listRows is a list tab's rows as the tools take them.
type listRows struct {
	tab  string // in the export file's name: "users"
	what string // the copied id's kind in words: "strategy id"
	tbl  table
	held int // rows held: the table's row indexes below it have a record
	// record is a held row's id and record, as y and Y copy them.
	record func(row int) (id string, record any)
	// count is how many rows an export would write (0: nothing to export).
	count int
	// csv writes rows held (a list sorted and filtered here); nil when
	// the list is read page by page instead (paged).
	csv   func(w io.Writer, rows []int) error
	paged func(ctx context.Context, page int) ([]api.Strategy, int, error)
	// withTable is the tab holding tbl, sorted anew here (its pane
	// following the selection); nil when the server sorts the list.
	withTable func(tbl table) (tab, tea.Cmd)
	// serverSort asks the server for the next order (reverse: the
	// opposite one), serverReversible whether there is one now.
	serverSort       func(reverse bool) (tab, string, tea.Cmd)
	serverReversible bool
}

// clip is the selected row's id and record.
func (l listRows) clip() (clip, bool) {
	_, row, ok := l.tbl.selected()
	if !ok || row >= l.held {
		return clip{}, false
	}
	id, rec := l.record(row)
	return clip{what: l.what, id: id, record: rec}, true
}

// sortNext is o (next column or order) and O (reverse).
func (l listRows) sortNext(reverse bool) (tab, string, tea.Cmd) {
	if l.withTable == nil {
		return l.serverSort(reverse)
	}
	tbl := l.tbl
	if reverse {
		tbl = tbl.reverseSort()
	} else {
		tbl = tbl.cycleSort()
	}
	t, cmd := l.withTable(tbl)
	return t, tbl.sortNotice(), cmd
}

// sortReversible reports whether O would change anything now.
func (l listRows) sortReversible() bool {
	if l.withTable == nil {
		return l.serverReversible
	}
	return l.tbl.sort.on
}

// exportPlan writes the rows the table shows (filter and sort), on screen
// or not; a paged list is read page by page.
func (l listRows) exportPlan() exportPlan {
	if l.csv == nil {
		return exportPlan{tab: l.tab, page: l.paged}
	}
	rows, csv := l.tbl.shownRows(), l.csv
	return exportPlan{tab: l.tab, write: func(w io.Writer) (int, error) {
		return len(rows), csv(w, rows)
	}}
}

// shownRows are the row indexes the table shows (filter and sort), all of
// them, on screen or not.
func (t table) shownRows() []int {
	out := make([]int, t.len())
	for pos := range out {
		out[pos] = t.rowAt(pos)
	}
	return out
}

// recordsAt is the records of rows, in their order.
func recordsAt[T any](rows []int, at func(row int) T) []T {
	out := make([]T, len(rows))
	for i, r := range rows {
		out[i] = at(r)
	}
	return out
}

// What each list tab's rows are.

// listRows of the Users tab: the external id; the record is the single
// read (with the e-mail) when the row is the chosen user, else the list's.
func (t usersTab) listRows() listRows {
	all := t.list.data
	l := listRows{tab: "users", what: "user external id", tbl: t.tbl,
		withTable: func(tbl table) (tab, tea.Cmd) {
			t.tbl = tbl
			return t.render(), nil
		}}
	if all == nil {
		return l
	}
	l.held, l.count = all.Len(), t.tbl.len()
	l.record = func(row int) (string, any) {
		u := all.user(row)
		if d := t.detail.data; d != nil && row == t.chosenRow {
			u = d.user
		}
		return u.ExternalUserID, u
	}
	l.csv = func(w io.Writer, rows []int) error { return cli.UsersCSV(w, recordsAt(rows, all.user)) }
	return l
}

// listRows of the Pools tab: the token address; the record is the pool
// (the pane's read when open on the row) or the chosen user's pool item.
func (t poolsTab) listRows() listRows {
	nd := t.pane.list.data
	l := listRows{tab: "pools", what: "token address", tbl: t.pane.tbl,
		withTable: func(tbl table) (tab, tea.Cmd) {
			t.pane.tbl = tbl
			t, cmd := followPane(t)
			return t.render(), cmd
		}}
	switch {
	case nd == nil:
		return l
	case nd.userView:
		items := nd.items
		l.held = len(items)
		l.record = func(row int) (string, any) { return items[row].TokenAddress, items[row] }
		l.csv = func(w io.Writer, rows []int) error {
			return cli.UserPoolsCSV(w, recordsAt(rows, func(r int) api.UserPoolItem { return items[r] }))
		}
	default:
		pools := nd.pools
		l.held = len(pools)
		l.record = func(row int) (string, any) {
			p := pools[row]
			if full, ok := t.pane.paneData(); ok {
				p = *full
			}
			return p.TokenAddress, p
		}
		l.csv = func(w io.Writer, rows []int) error {
			return cli.PoolsCSV(w, recordsAt(rows, func(r int) api.Pool { return pools[r] }))
		}
	}
	l.count = t.pane.tbl.len()
	return l
}

// listRows of the Strategies tab: the strategy id; the record is the
// detail pane's read when it is open on the row, else the list's item.
// The server sorts and pages the list: an export reads every page of the
// tab's filter.
func (t strategiesTab) listRows() listRows {
	nd := t.pane.list.data
	l := listRows{tab: "strategies", what: "strategy id", tbl: t.pane.tbl,
		paged: t.pageReader(), serverSort: t.serverSort, serverReversible: t.serverReversible()}
	if nd == nil {
		return l
	}
	l.held, l.count = len(nd.items), nd.total
	l.record = func(row int) (string, any) {
		it := nd.items[row]
		var rec any = it.Strategy
		if nd.userView {
			rec = it
		}
		if full, ok := t.pane.paneData(); ok {
			rec = *full
		}
		return itoa(it.ID), rec
	}
	return l
}
