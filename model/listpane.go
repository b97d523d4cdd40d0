package model

// listPane is a list and a detail pane that, once opened with enter,
// follows the selected row: the shape the Strategies and Pools tabs share.
// L is the list's prepared data, D the detail's single read. The pane's
// data is always for the row it follows: moving to another row resets it,
// and a reply made for the previous row is dropped by its generation.

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// rows is what a list's prepared data gives its table.
type rows interface {
	comparable
	rowIDs() []int64
	rowCells() [][]ui.Cell
}

// detailFetcher builds the pane's read of row id for one generation. It
// takes the id rather than reading it from the tab, since the tab value a
// method value was taken from may predate the move.
type detailFetcher func(id int64, gen uint64) tea.Cmd

type listPane[L rows, D comparable] struct {
	list source[L]
	tbl  table
	open bool
	id   int64 // the row the pane follows; 0 until the pane first follows
	// pinned says the pane shows id whether or not the list holds it (an
	// item opened by its id): it does not follow the selection.
	pinned bool
	detail source[D]
}

func newListPane[L rows, D comparable](list, detail feedID, tbl table) listPane[L, D] {
	return listPane[L, D]{list: newSource[L](list), detail: newSource[D](detail), tbl: tbl}
}

// follow points an open pane at the selected row and fetches it.
func (p listPane[L, D]) follow(visible bool, mk detailFetcher) (listPane[L, D], tea.Cmd) {
	id, _, ok := p.tbl.selected()
	if !p.open || p.pinned || !ok || id == p.id {
		return p, nil
	}
	p.id = id
	return p.reread(visible, mk)
}

// reread drops the pane's read, which was for another row, and reads
// p.id anew when the pane is shown.
func (p listPane[L, D]) reread(visible bool, mk detailFetcher) (listPane[L, D], tea.Cmd) {
	p.detail = p.detail.reset()
	if !visible {
		return p, nil
	}
	var cmd tea.Cmd
	p.detail, cmd = p.detail.start(p.bind(mk))
	return p, cmd
}

// bind fixes the pane's current row into a detail fetcher.
func (p listPane[L, D]) bind(mk detailFetcher) fetcher {
	id := p.id
	return func(gen uint64) tea.Cmd { return mk(id, gen) }
}

// openPane opens the pane on the selected row (the caller follows).
func (p listPane[L, D]) openPane() listPane[L, D] {
	if _, _, ok := p.tbl.selected(); ok && !p.open {
		p.open, p.id = true, 0
	}
	return p
}

// pin opens the pane on id, read by its id, whether or not the list
// holds it; it stays there until closed or unpinned.
func (p listPane[L, D]) pin(id int64, visible bool, mk detailFetcher) (listPane[L, D], tea.Cmd) {
	p.open, p.pinned, p.id = true, true, id
	return p.reread(visible, mk)
}

// closePane closes the pane; a read in flight for it is dropped.
func (p listPane[L, D]) closePane() listPane[L, D] {
	p.open, p.pinned, p.id = false, false, 0
	p.detail = p.detail.reset()
	return p
}

// activate fetches what is due when the tab is shown.
func (p listPane[L, D]) activate(now time.Time, list fetcher, detail detailFetcher) (listPane[L, D], tea.Cmd) {
	var c1, c2 tea.Cmd
	p.list, c1 = p.list.activate(now, list)
	if p.open && p.id != 0 {
		p.detail, c2 = p.detail.activate(now, p.bind(detail))
	}
	return p, tea.Batch(c1, c2)
}

// refresh fetches the list and the pane now.
func (p listPane[L, D]) refresh(list fetcher, detail detailFetcher) (listPane[L, D], tea.Cmd) {
	var c1, c2 tea.Cmd
	p.list, c1 = p.list.start(list)
	if p.open && p.id != 0 {
		p.detail, c2 = p.detail.start(p.bind(detail))
	}
	return p, tea.Batch(c1, c2)
}

// poll routes a tick to the list or the pane.
func (p listPane[L, D]) poll(msg pollMsg, visible bool, list fetcher, detail detailFetcher) (listPane[L, D], tea.Cmd) {
	var cmd tea.Cmd
	switch msg.feed {
	case p.list.id:
		p.list, cmd = p.list.poll(msg, visible, list)
	case p.detail.id:
		p.detail, cmd = p.detail.poll(msg, visible && p.open, p.bind(detail))
	}
	return p, cmd
}

// settle takes a reply of the list or the pane: new rows go to the table
// and an open pane follows the selection. accepted reports whether a list
// reply was for the current parameters.
func (p listPane[L, D]) settle(msg fetchedMsg, e *env, visible bool, list fetcher, detail detailFetcher) (_ listPane[L, D], accepted bool, _ tea.Cmd) {
	if msg.feed == p.detail.id {
		var cmd tea.Cmd
		p, cmd = p.settleDetail(msg, e, visible, detail)
		return p, false, cmd
	}
	var changed bool
	p.list, accepted, changed = p.list.settle(msg, e)
	if changed {
		p.tbl = p.tbl.setRows(p.list.data.rowIDs(), p.list.data.rowCells())
	}
	var c1, c2 tea.Cmd
	p.list, c1 = p.list.rearm(accepted, visible, list)
	p, c2 = p.follow(visible, detail)
	return p, accepted, tea.Batch(c1, c2)
}

// key handles the keys every list with a pane shares: movement, enter
// (open the pane) and back (close it). The pane then follows the
// selection; resized says the layout changed. handled is false for other
// keys, and for back on a closed pane, which the tab may use.
func (p listPane[L, D]) key(msg tea.KeyMsg, k ui.ListKeys, visible bool, detail detailFetcher) (_ listPane[L, D], handled, resized bool, _ tea.Cmd) {
	if p.pinned {
		// The item opened by id is not a row: a list key goes back to
		// the list as it was.
		if key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Enter, k.Back) {
			return p.closePane(), true, true, nil
		}
		return p, false, false, nil
	}
	var moved bool
	switch p.tbl, moved = p.tbl.navigate(msg, k); {
	case moved:
	case key.Matches(msg, k.Enter) && !p.open:
		p, resized = p.openPane(), true
	case key.Matches(msg, k.Back) && p.open:
		p, resized = p.closePane(), true
	default:
		return p, false, false, nil
	}
	var cmd tea.Cmd
	p, cmd = p.follow(visible, detail)
	return p, true, resized, cmd
}

// settleDetail takes a reply of the pane's read.
func (p listPane[L, D]) settleDetail(msg fetchedMsg, e *env, visible bool, mk detailFetcher) (listPane[L, D], tea.Cmd) {
	var accepted bool
	var cmd tea.Cmd
	p.detail, accepted, _ = p.detail.settle(msg, e)
	p.detail, cmd = p.detail.rearm(accepted, visible && p.open, p.bind(mk))
	return p, cmd
}

// paneData is the pane's read when it is for the selected row.
func (p listPane[L, D]) paneData() (D, bool) {
	id, _, ok := p.tbl.selected()
	var zero D
	if p.pinned {
		return p.detail.data, p.detail.data != zero
	}
	if !ok || !p.open || id != p.id || p.detail.data == zero {
		return zero, false
	}
	return p.detail.data, true
}
