package model

// Keys of the Strategies tab, the selected record, marks, and fresh records
// put into the list.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func (t strategiesTab) updateKey(msg tea.KeyMsg) (strategiesTab, tea.Cmd) {
	k := t.d.keys
	if tbl, moved := t.tbl.navigate(msg, k); moved {
		t.tbl = tbl
		return t.followDetail()
	}
	switch {
	case key.Matches(msg, k.PrevPage):
		if t.page > 1 {
			t.page--
			return t.reload()
		}
		return t, nil
	case key.Matches(msg, k.NextPage):
		if t.data == nil || t.page < t.data.pages {
			t.page++
			return t.reload()
		}
		return t, nil
	case key.Matches(msg, k.Filter):
		t.picker = picker{open: true, draft: t.filter}
		return t, nil
	case key.Matches(msg, k.Enter):
		if _, _, ok := t.tbl.selected(); ok && !t.detail.open {
			t.detail.open = true
			t.detail.id = 0
			t = t.SetSize(t.width, t.height).(strategiesTab)
		}
	case key.Matches(msg, k.Back):
		if t.detail.open {
			t.detail.open = false
			t.detail.feed = t.detail.feed.invalidate()
			return t.SetSize(t.width, t.height).(strategiesTab), nil
		}
		if t.user != "" {
			return t, func() tea.Msg { return chooseUserMsg{} }
		}
		return t, nil
	case key.Matches(msg, k.Mark):
		if id, _, ok := t.tbl.selected(); ok && t.d.actionsEnabled() {
			t.marks = toggled(t.marks, id, !t.marks[id])
			t.tbl = t.tbl.setFlags(t.flags())
		}
		return t, nil
	default:
		if a, ok := t.d.actionForKey(msg); ok {
			return t, t.requestAction(a)
		}
		return t, nil
	}
	return t.followDetail()
}

// selectedStrategy is the record of the selected row: the pane's full read
// when it is for that row, else the list's.
func (t strategiesTab) selectedStrategy() (api.Strategy, bool) {
	id, row, ok := t.tbl.selected()
	if !ok || t.data == nil || row >= len(t.data.items) {
		return api.Strategy{}, false
	}
	if t.detail.open && t.detail.data != nil && t.detail.dataFor == id && t.detail.data.ID == id {
		return *t.detail.data, true
	}
	return t.data.items[row].Strategy, true
}

// requestAction asks the root's action gate to act on the selected strategy.
func (t strategiesTab) requestAction(a Action) tea.Cmd {
	s, ok := t.selectedStrategy()
	marked := make([]int64, 0, len(t.marks))
	for id, on := range t.marks {
		if on {
			marked = append(marked, id)
		}
	}
	if !ok && len(marked) == 0 {
		return nil
	}
	if s.UserID == "" {
		s.UserID = t.user
	}
	req := ActionRequestMsg{Action: a, Strategy: s, Marked: marked}
	return func() tea.Msg { return req }
}

// flags merges marks and pending marks for the table gutter.
func (t strategiesTab) flags() map[int64]ui.RowFlags {
	f := make(map[int64]ui.RowFlags, len(t.marks)+len(t.pending))
	for id, on := range t.marks {
		if on {
			fl := f[id]
			fl.Marked = true
			f[id] = fl
		}
	}
	for id, on := range t.pending {
		if on {
			fl := f[id]
			fl.Pending = true
			f[id] = fl
		}
	}
	return f
}

// toggled returns a copy of m with id set to on (copy-on-write, so older
// copies of the tab keep their own marks).
func toggled(m map[int64]bool, id int64, on bool) map[int64]bool {
	out := make(map[int64]bool, len(m)+1)
	for k, v := range m {
		if v {
			out[k] = v
		}
	}
	if on {
		out[id] = true
	} else {
		delete(out, id)
	}
	return out
}

// applyRecord puts a fresh record into the list (copy-on-write: the
// previous snapshot may still be read by a fetch command) and the pane.
func (t strategiesTab) applyRecord(s api.Strategy) strategiesTab {
	if t.detail.data != nil && t.detail.dataFor == s.ID {
		d := s
		t.detail.data = &d
	}
	if t.data == nil {
		return t
	}
	for i, it := range t.data.items {
		if it.ID != s.ID {
			continue
		}
		nd := *t.data
		nd.items = append([]api.FilteredStrategyItem(nil), t.data.items...)
		nd.cells = append([][]ui.Cell(nil), t.data.cells...)
		// Keep the list-only fields (progress, gains) the single read lacks.
		it.Strategy = s
		nd.items[i] = it
		nd.cells[i] = ui.StrategyCells(it, nd.userView)
		t.data = &nd
		t.tbl = t.tbl.setRows(nd.ids, nd.cells)
		break
	}
	return t
}
