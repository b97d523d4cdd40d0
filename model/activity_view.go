package model

// Keys, layout, cached body and help of the Activity tab.

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// jumpMsg asks the root to show a strategy (the Strategies tab, selecting
// it) or a user (choosing the user, on the Users tab).
type jumpMsg struct {
	strategy  int64
	user      string
	alert     string // an open alert's id: its line on the Activity tab
	elsewhere string // the line is another integration's (its label): nothing here to open
}

func (t activityTab) updateKey(msg tea.KeyMsg) (activityTab, tea.Cmd) {
	if t.input.focused {
		return t.updateInput(msg), nil
	}
	if t, ok := t.pageKey(msg); ok {
		return t, nil
	}
	k := t.env.keys.List
	if tbl, moved := t.tbl.navigate(msg, k); moved {
		t.tbl = tbl
		t.away = t.tbl.cursor != 0
		return t.pin(), nil
	}
	switch {
	case key.Matches(msg, k.Search):
		t.input = t.input.focus()
	case key.Matches(msg, k.Ack):
		return t.ackSelected()
	case key.Matches(msg, k.Enter):
		if e, ok := t.selectedEntry(); ok && (e.Strategy != 0 || e.User != "") {
			j := jumpMsg{strategy: e.Strategy, user: e.User, elsewhere: e.Elsewhere}
			return t, func() tea.Msg { return j }
		}
	case key.Matches(msg, k.Back) && t.input.Value() != "":
		t.input = newLineInput(maxFilterRunes, nil)
		return t.refilter(), nil
	}
	return t, nil
}

// updateInput handles a key while the filter has focus.
func (t activityTab) updateInput(msg tea.KeyMsg) activityTab {
	var changed bool
	if t.input, t.tbl, changed = filterKey(msg, t.env.keys.Input, t.input, t.tbl); changed {
		return t.refilter()
	}
	return t
}

// selectedEntry is the entry under the cursor.
func (t activityTab) selectedEntry() (ui.ActivityEntry, bool) {
	_, row, ok := t.tbl.selected()
	if !ok || row >= t.feed.len() {
		return ui.ActivityEntry{}, false
	}
	return t.feed.at(row).entry, true
}

// refilter shows the entries matching the typed text: a kind ("vanished",
// "action", "watched") or any text of the line.
func (t activityTab) refilter() activityTab {
	t.query = strings.ToLower(strings.TrimSpace(t.input.Value()))
	if t.query == "" {
		t.tbl = t.tbl.setOrder(nil)
		return t.pin()
	}
	out := make([]int, 0, 64)
	for i := 0; i < t.feed.len(); i++ {
		if strings.Contains(t.feed.at(i).key, t.query) {
			out = append(out, i)
		}
	}
	t.tbl = t.tbl.setOrder(out)
	return t.pin()
}

// pin keeps the newest line selected unless the operator moved away, and
// notes it as seen.
func (t activityTab) pin() activityTab {
	if t.away && !t.tbl.lost {
		return t
	}
	// At the newest line now, or sent there because the selected line is
	// no longer shown (the table says so until the cursor moves).
	t.away = false
	if t.tbl.cursor != 0 {
		t.tbl = t.tbl.moveTo(0)
	}
	if t.tbl.len() > 0 {
		t.seenTop = t.tbl.id(t.tbl.rowAt(0))
	}
	return t
}

// newAbove counts the lines that arrived while the operator was away and
// are above the view: newest first, so they are the first rows.
func (t activityTab) newAbove() int {
	if !t.away {
		return 0
	}
	n := 0
	for n < t.tbl.offset && t.tbl.id(t.tbl.rowAt(n)) > t.seenTop {
		n++
	}
	return n
}

// flags marks the lines about watched items.
func (t activityTab) flags() map[int64]ui.RowFlags {
	f := map[int64]ui.RowFlags{}
	for i := 0; i < t.feed.len(); i++ {
		if it := t.feed.at(i); it.entry.Watched {
			f[it.id] = ui.RowFlags{Watched: true}
		}
	}
	return f
}

func (t activityTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	return t.render()
}

func (t activityTab) render() activityTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	if t.page == pageCommandLog {
		t.body = t.commandLogView()
		return t
	}
	st := &t.env.styles
	above := 2 // the filter line and the header
	if t.notice != "" {
		above++
	}
	t.tbl = t.tbl.setSize(t.width, t.height-above)
	lines := make([]string, 0, t.height)
	lines = append(lines, t.filterLine())
	if t.notice != "" {
		lines = append(lines, ui.ErrorLine(*st, t.notice, t.width))
	}
	lines = append(lines, t.tbl.lines()...)
	if t.tbl.len() == 0 {
		lines = append(lines, ui.Muted(*st, ui.EmptyActivity(t.query != ""), t.width))
	}
	t.body = ui.Lines(lines, t.height)
	return t
}

// filterLine is the input while filtering, else the count, the watches,
// a notice and a hint.
func (t activityTab) filterLine() string {
	st := t.env.styles
	row, n, lost := t.tbl.position()
	count := ui.JoinNonEmpty(" · ", ui.ActivityCount(t.tbl.len(), t.feed.len(), t.query != ""), ui.RowOf(row, n, lost, "line"))
	if t.input.focused || len(t.input.value) > 0 {
		return ui.FilterInput(st, t.input.Value(), t.input.focused, t.input.selected, count, t.width)
	}
	k := t.env.keys.List
	if n := t.newAbove(); n > 0 {
		return ui.NewAbove(st, n, ui.WithDesc(k.Top, "newest"), count, t.width)
	}
	watching := ui.WatchingCount(len(t.watches.strategies), len(t.watches.users))
	line := ui.JoinNonEmpty(" · ", count, watching, ui.Hint(ui.WithDesc(k.Search, "filter"), ui.WithDesc(k.Enter, "go to")))
	return ui.Muted(st, line, t.width)
}

func (t activityTab) View() string { return t.body }

func (t activityTab) Help() ui.HelpMap {
	if t.input.focused {
		return filterHelp(t.env.keys.Input)
	}
	if t.page == pageCommandLog {
		return t.commandLogHelp()
	}
	k := t.env.keys.List
	e, ok := t.selectedEntry()
	enter := ui.WithDesc(ui.Enabled(k.Enter, ok && (e.Strategy != 0 || e.User != "")), "go to")
	back := ui.WithDesc(ui.Enabled(k.Back, t.input.Value() != ""), "clear filter")
	search := ui.WithDesc(k.Search, "filter")
	_, alertSelected := t.selectedAlert()
	ack := ui.Enabled(k.Ack, alertSelected)
	log := ui.WithDesc(k.NextPage, "command log")
	return ui.HelpMap{
		Short: []key.Binding{k.Down, search, enter, ack, back, log},
		Full:  [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {search, enter, ui.Enabled(k.Ack, t.polls(feedAlerts)), back, log}},
	}
}
