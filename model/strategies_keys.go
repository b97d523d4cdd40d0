package model

// Keys of the Strategies tab, its selection and marks, and what the action
// workflow tells it (pending marks, fresh records, marks to clear).

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func (t strategiesTab) updateKey(msg tea.KeyMsg) (strategiesTab, tea.Cmd) {
	if t.picker.open {
		return t.updatePicker(msg)
	}
	k := t.env.keys.List
	if t, cmd, handled := keyPane(t, msg, k); handled {
		return t, cmd
	}
	if t.pane.pinned && key.Matches(msg, k.PrevPage, k.NextPage, k.Filter) {
		t.pane = t.pane.closePane()
		t = t.resize()
	}
	switch {
	case key.Matches(msg, k.PrevPage):
		if t.page > 1 {
			t.page--
			return t.reload()
		}
	case key.Matches(msg, k.NextPage):
		if nd := t.pane.list.data; nd == nil || t.page < nd.pages {
			t.page++
			return t.reload()
		}
	case key.Matches(msg, k.Filter):
		t.picker = picker{open: true, draft: t.filter}
	case key.Matches(msg, k.Back) && t.user != "":
		return t, func() tea.Msg { return chooseUserMsg{} }
	case key.Matches(msg, k.Watch):
		if id, _, ok := t.pane.tbl.selected(); ok {
			return t, watchToggleCmd(id, "")
		}
	case key.Matches(msg, k.Mark):
		if id, _, ok := t.pane.tbl.selected(); ok && t.env.actionsEnabled() {
			t.marks = toggled(t.marks, id, !t.marks[id])
			t.pane.tbl = t.pane.tbl.setFlags(t.flags())
		}
	}
	return t, nil
}

// selectedStrategy is the record of the selected row: the pane's full read
// when it is for that row, else the list's.
func (t strategiesTab) selectedStrategy() (api.Strategy, bool) {
	if t.pane.pinned {
		// The strategy opened by its id, once read: nothing else.
		full, ok := t.pane.paneData()
		if !ok {
			return api.Strategy{}, false
		}
		return *full, true
	}
	_, row, ok := t.pane.tbl.selected()
	nd := t.pane.list.data
	if !ok || nd == nil || row >= len(nd.items) {
		return api.Strategy{}, false
	}
	if full, ok := t.pane.paneData(); ok {
		return mergeStrategy(nd.items[row].Strategy, *full), true
	}
	return nd.items[row].Strategy, true
}

func (t strategiesTab) Selection() selection {
	sel := selection{user: t.user}
	if s, ok := t.selectedStrategy(); ok {
		if s.UserID == "" {
			s.UserID = t.user
		}
		sel.strategy = &s
	}
	for id, on := range t.marks {
		if !on {
			continue
		}
		sel.marked = append(sel.marked, id)
		nd := t.pane.list.data
		i := -1
		if nd != nil {
			i = slices.Index(nd.ids, id)
		}
		if i < 0 {
			sel.hidden++
			continue
		}
		if sel.known == nil {
			sel.known = map[int64]api.Strategy{}
		}
		sel.known[id] = nd.items[i].Strategy
	}
	slices.Sort(sel.marked)
	return sel
}

// flags merges marks and pending marks for the table gutter.
func (t strategiesTab) flags() map[int64]ui.RowFlags {
	f := make(map[int64]ui.RowFlags, len(t.marks)+len(t.pending)+len(t.watched))
	for id := range t.watched {
		f[id] = ui.RowFlags{Watched: true}
	}
	for id := range t.marks {
		fl := f[id]
		fl.Marked = true
		f[id] = fl
	}
	for id := range t.pending {
		fl := f[id]
		fl.Pending = true
		f[id] = fl
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

// applyWorkflow takes the workflow's news: the in-flight set, fresh records
// and marks the workflow acted on.
func (t strategiesTab) applyWorkflow(msg workflowMsg) strategiesTab {
	t.pending = msg.pending
	for _, id := range msg.unmark {
		t.marks = toggled(t.marks, id, false)
	}
	for _, s := range msg.records {
		t = t.applyRecord(cleanStrategy(s))
	}
	t.pane.tbl = t.pane.tbl.setFlags(t.flags())
	return t
}

// applyRecord puts a fresh record into the list (copy-on-write: the
// previous snapshot may still be read by a fetch command) and the pane.
func (t strategiesTab) applyRecord(s api.Strategy) strategiesTab {
	if d := t.pane.detail.data; d != nil && t.pane.id == s.ID {
		merged := mergeStrategy(*d, s)
		t.pane.detail.data = &merged
	}
	nd := t.pane.list.data
	if nd == nil {
		return t
	}
	i := slices.Index(nd.ids, s.ID)
	if i < 0 {
		return t
	}
	next := *nd
	next.items = slices.Clone(nd.items)
	next.cells = slices.Clone(nd.cells)
	it := next.items[i]
	// Keep the list-only fields (progress, gains) the single read lacks.
	it.Strategy = mergeStrategy(it.Strategy, s)
	next.items[i] = it
	next.cells[i] = ui.StrategyCells(it, next.userView)
	t.pane.list.data = &next
	t.pane.tbl = t.pane.tbl.setRows(next.ids, next.cells)
	return t
}

// mergeStrategy is fresh with what it lacks taken from known: a single read
// or an action's answer may leave out fields the list carried (the pool's
// price, the owner), and a field left out is not a field that became empty.
func mergeStrategy(known, fresh api.Strategy) api.Strategy {
	keep := func(dst *string, old string) {
		if *dst == "" {
			*dst = old
		}
	}
	keep(&fresh.Pool.TokenPrice, known.Pool.TokenPrice)
	keep(&fresh.Pool.Symbol, known.Pool.Symbol)
	keep(&fresh.Pool.Name, known.Pool.Name)
	keep(&fresh.Pool.TokenAddress, known.Pool.TokenAddress)
	keep(&fresh.UserID, known.UserID)
	keep(&fresh.Category, known.Category)
	keep(&fresh.Type, known.Type)
	if fresh.Pool.Decimals == 0 {
		fresh.Pool.Decimals = known.Pool.Decimals
	}
	if fresh.ChainID == 0 {
		fresh.ChainID = known.ChainID
	}
	return fresh
}
