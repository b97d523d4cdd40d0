package model

// table is the state of one list: its rows (a rowSource: ids, and cells
// made on demand), an optional filter order, the cursor and scroll offset,
// and a cache of rendered rows. The selection is an id, never a row index:
// after new data, a filter, a sort or a page change the cursor moves to
// wherever that id now is; when the id is no longer shown the cursor goes
// to the top and the table remembers it lost the selection, for the tab
// to say so until the cursor next moves.
//
// Rendering cost: a row's cells are made and the row rendered once per data
// change, width change or flag change, and only when it first becomes
// visible; the cache keeps the rows seen lately, not one slot per row, so a
// million users cost nothing until scrolled to. The cursor row is rendered
// per cursor move.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

type table struct {
	st    *ui.Styles
	defs  []ui.Column
	cols  []ui.Column
	width int
	rows  int // visible rows below the header

	src   rowSource
	flags map[int64]ui.RowFlags

	order  []int // visible row indexes in display order; nil means all rows
	filter []int // the rows the tab's filter keeps, in data order; nil means all
	sort   tableSort

	cursor int // position in the display order
	offset int // first displayed position
	selID  int64
	hasSel bool
	lost   bool // the selected id left the rows shown: the cursor went to the top
	// lostID is the id that left (while lost): shown again, the loss is
	// no longer said.
	lostID int64

	header   string
	rendered map[int]string // by row index, for rows shown lately
	selRow   string

	// link adds explorer links to a row's cells as it is drawn, for lists
	// too large to store a link per row; nil for none.
	link func([]ui.Cell) []ui.Cell
}

// rowSource is what a table lists: the number of rows, each row's id, and
// its cells, asked for only when the row is drawn or sorted.
type rowSource interface {
	Len() int
	ID(row int) int64
	Cells(row int) []ui.Cell
}

// cellTexter is a rowSource that gives one cell's text without making the
// whole row (sorting a million users by a column).
type cellTexter interface {
	CellText(row, col int) string
}

// cellRows is a rowSource of prepared cells.
type cellRows struct {
	ids   []int64
	cells [][]ui.Cell
}

func (r cellRows) Len() int                { return len(r.ids) }
func (r cellRows) ID(row int) int64        { return r.ids[row] }
func (r cellRows) Cells(row int) []ui.Cell { return r.cells[row] }

// renderCacheMax bounds the rendered rows kept: enough for many screens.
const renderCacheMax = 4096

func newTable(st *ui.Styles, defs []ui.Column) table {
	return table{st: st, defs: defs, src: cellRows{}}
}

// rowCount is the number of rows, shown or not.
func (t table) rowCount() int { return t.src.Len() }

// id is the id of a row.
func (t table) id(row int) int64 { return t.src.ID(row) }

// cellText is the text of column col of a row.
func (t table) cellText(row, col int) string {
	if ct, ok := t.src.(cellTexter); ok {
		return ct.CellText(row, col)
	}
	if cells := t.src.Cells(row); col < len(cells) {
		return cells[col].Text
	}
	return ""
}

// withLinks links the cells of each row as it is drawn.
func (t table) withLinks(link func([]ui.Cell) []ui.Cell) table {
	t.link = link
	return t
}

// drawCells are row r's cells as drawn: linked when the table links.
func (t table) drawCells(r int) []ui.Cell {
	if t.link != nil {
		return t.link(t.src.Cells(r))
	}
	return t.src.Cells(r)
}

// len is the number of displayed rows.
func (t table) len() int {
	if t.order != nil {
		return len(t.order)
	}
	return t.rowCount()
}

// rowAt maps a display position to a row index.
func (t table) rowAt(pos int) int {
	if t.order != nil {
		return t.order[pos]
	}
	return pos
}

// selected returns the selected row's id and index.
func (t table) selected() (id int64, row int, ok bool) {
	if t.len() == 0 {
		return 0, 0, false
	}
	row = t.rowAt(t.cursor)
	return t.id(row), row, true
}

// setColumns replaces the column definitions (e.g. user view vs integration).
func (t table) setColumns(defs []ui.Column) table {
	t.defs = defs
	t.sort = tableSort{} // the columns it named are gone
	t.width = -1         // force a new layout
	return t
}

// setSize lays out the columns for width and shows rows lines of rows.
func (t table) setSize(width, rows int) table {
	rows = max(rows, 1)
	if width != t.width {
		t.width = width
		t.cols = ui.LayoutColumns(t.defs, width)
		t.header = t.renderHeader()
		t.rendered = nil
	}
	t.rows = rows
	return t.settle()
}

// setRows replaces the rows with prepared cells; see setSource.
func (t table) setRows(ids []int64, cells [][]ui.Cell) table {
	return t.setSource(cellRows{ids: ids, cells: cells})
}

// setSource replaces the rows, keeping the selected id when it is still
// there. A rendered row whose cells did not change is kept, so a poll in
// which one value moved renders one row.
func (t table) setSource(src rowSource) table {
	var rendered map[int]string
	if len(t.rendered) > 0 {
		n := src.Len()
		where := make(map[int64]int, len(t.rendered))
		for j := range t.rendered {
			where[t.id(j)] = j
		}
		rendered = make(map[int]string, len(t.rendered))
		for i := 0; i < n && len(where) > 0; i++ {
			id := src.ID(i)
			if j, ok := where[id]; ok {
				delete(where, id)
				if sameCells(t.src.Cells(j), src.Cells(i)) {
					rendered[i] = t.rendered[j]
				}
			}
		}
	}
	t.src = src
	t.filter = nil
	t.sort.perm = t.permute()
	t.order = t.sorted()
	t.rendered = rendered
	return t.follow()
}

func sameCells(a, b []ui.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// setOrder shows only the rows in order (nil: all), sorted when the
// table sorts, keeping the selection.
func (t table) setOrder(order []int) table {
	t.filter = order
	t.order = t.sorted()
	return t.follow()
}

// setFlags replaces the gutter marks; only rows whose marks changed are
// rendered again.
func (t table) setFlags(flags map[int64]ui.RowFlags) table {
	old := t.flags
	t.flags = flags
	if len(t.rendered) > 0 {
		rendered := make(map[int]string, len(t.rendered))
		for row, r := range t.rendered {
			if id := t.id(row); old[id] == flags[id] {
				rendered[row] = r
			}
		}
		t.rendered = rendered
	}
	return t.settle()
}

// follow puts the cursor on the selected id; when the id is no longer
// shown, on the top row, noting the loss until the cursor moves or the id
// is shown again. The cursor stays where it went: the operator may have
// filtered to find that row. Before any selection (keys typed
// ahead of the first rows) the position is kept.
func (t table) follow() table {
	n := t.len()
	if t.hasSel {
		if pos, ok := t.find(t.selID); ok {
			t.cursor = pos
			if t.lost {
				_, shown := t.find(t.lostID)
				t.lost = !shown
			}
			return t.settle()
		}
		if n > 0 {
			if !t.lost {
				t.lostID = t.selID
			}
			t.cursor, t.lost = 0, true
			return t.settle()
		}
	}
	t.cursor = min(max(t.cursor, 0), max(n-1, 0))
	return t.settle()
}

// find is the display position of the row with id.
func (t table) find(id int64) (int, bool) {
	for pos, n := 0, t.len(); pos < n; pos++ {
		if t.id(t.rowAt(pos)) == id {
			return pos, true
		}
	}
	return 0, false
}

// position is where the cursor is: its 1-based row, of n shown, and
// whether the selection was lost since the cursor last moved.
func (t table) position() (row, n int, lost bool) {
	n = t.len()
	if n == 0 {
		return 0, 0, t.lost
	}
	return t.cursor + 1, n, t.lost
}

// moveTo puts the cursor on a display position (clamped) and selects it.
// Before the first rows arrive the position is kept as asked, so keys typed
// ahead of a slow answer still count once it lands.
func (t table) moveTo(pos int) table {
	t.lost = false
	if t.len() == 0 && !t.hasSel {
		t.cursor = max(pos, 0)
		return t
	}
	t.cursor = min(max(pos, 0), max(t.len()-1, 0))
	return t.settle()
}

// scroll moves the view by delta rows, keeping the cursor in it: rows
// added above the cursor then leave what is on screen where it was.
func (t table) scroll(delta int) table {
	t.offset += delta
	return t.settle()
}

// move moves the cursor by delta rows.
func (t table) move(delta int) table { return t.moveTo(t.cursor + delta) }

// navigate applies the movement keys every list shares (up, down, a page up
// or down, top, bottom), so each tab handles only its own keys; handled is
// false when msg is not a movement key.
func (t table) navigate(msg tea.KeyMsg, k ui.ListKeys) (_ table, handled bool) {
	switch {
	case key.Matches(msg, k.Up):
		return t.move(-1), true
	case key.Matches(msg, k.Down):
		return t.move(1), true
	case key.Matches(msg, k.PageUp):
		return t.move(-t.rows), true
	case key.Matches(msg, k.PageDown):
		return t.move(t.rows), true
	case key.Matches(msg, k.Top):
		return t.moveTo(0), true
	case key.Matches(msg, k.Bottom):
		return t.moveTo(t.len() - 1), true
	}
	return t, false
}

// settle adopts the row under the cursor as the selection, scrolls it into
// view and renders what became visible.
func (t table) settle() table {
	n := t.len()
	if n == 0 {
		t.offset = 0
		t.selRow = ""
		if t.hasSel {
			t.cursor = 0
		}
		return t
	}
	t.cursor = min(max(t.cursor, 0), n-1)
	row := t.rowAt(t.cursor)
	t.selID, t.hasSel = t.id(row), true
	if t.rows > 0 {
		if t.cursor < t.offset {
			t.offset = t.cursor
		}
		if t.cursor >= t.offset+t.rows {
			t.offset = t.cursor - t.rows + 1
		}
		t.offset = min(max(t.offset, 0), max(n-t.rows, 0))
	}
	if t.cols == nil {
		return t
	}
	end := min(t.offset+t.rows, n)
	if t.rendered == nil || len(t.rendered)+t.rows > renderCacheMax {
		t.rendered = make(map[int]string, 2*t.rows)
	}
	for pos := t.offset; pos < end; pos++ {
		if r := t.rowAt(pos); t.rendered[r] == "" {
			// Filling an empty entry is idempotent, so sharing the map with
			// an older copy of the table is harmless.
			t.rendered[r] = ui.RenderRow(*t.st, t.cols, t.drawCells(r), t.flags[t.id(r)], t.width)
		}
	}
	t.selRow = ui.RenderSelectedRow(*t.st, t.cols, t.drawCells(row), t.flags[t.id(row)], t.width)
	return t
}

// lines returns the header and the visible rows.
func (t table) lines() []string {
	n := t.len()
	end := min(t.offset+t.rows, n)
	out := make([]string, 0, end-t.offset+1)
	out = append(out, t.header)
	for pos := t.offset; pos < end; pos++ {
		if pos == t.cursor {
			out = append(out, t.selRow)
			continue
		}
		out = append(out, t.rendered[t.rowAt(pos)])
	}
	return out
}
