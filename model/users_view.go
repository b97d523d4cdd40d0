package model

// Layout, cached body and help of the Users tab.

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func (t usersTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	return t.resize()
}

func (t usersTab) resize() usersTab {
	l := t.layout(t.chosen != "")
	t.tbl = t.tbl.setSize(l.listWidth, l.listHeight-2) // filter line and header
	return t.render()
}

func (t usersTab) render() usersTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	st := &t.env.styles
	l := t.layout(t.chosen != "")
	list := make([]string, 0, l.listHeight)
	list = append(list, t.filterLine(l.listWidth))
	list = append(list, t.tbl.lines()...)
	if t.tbl.len() == 0 {
		list = append(list, ui.EmptyList(*st, t.list.errText(t.env.host), t.list.data != nil, ui.EmptyUsers(t.query != ""), l.listWidth))
	}
	var pane []string
	if t.chosen != "" {
		pane = t.paneLines(l.paneWidth)
	}
	t.body = t.compose(l, list, pane)
	return t
}

// filterLine is the input while filtering, else the count and a hint.
func (t usersTab) filterLine(width int) string {
	st := t.env.styles
	total := t.shown().Len()
	row, n, lost := t.tbl.position()
	count := ui.JoinNonEmpty(" · ", ui.UsersCount(t.tbl.len(), total, t.query != ""), ui.RowOf(row, n, lost, "user"))
	if t.list.data == nil && t.firstRows != nil {
		count = ui.JoinNonEmpty(" · ", count, "first rows, loading…")
	}
	if t.input.focused || len(t.input.value) > 0 {
		return ui.FilterInput(st, t.input.Value(), t.input.focused, t.input.selected, count, width)
	}
	k := t.env.keys.List
	return ui.Muted(st, ui.JoinNonEmpty(" · ", count, ui.Hint(k.Search, ui.WithDesc(k.Enter, "choose"))), width)
}

func (t usersTab) paneLines(width int) []string {
	var u api.User
	if t.chosenRow >= 0 {
		u = t.list.data.user(t.chosenRow)
	} else {
		u = api.User{ExternalUserID: t.chosen}
	}
	var detail *api.User
	var balances []api.NativeBalance
	loaded := false
	// Replies for an earlier choice are dropped (generations) and a new
	// choice resets the detail, so it is the chosen user's even if the
	// record names another external id.
	if info := t.detail.data; info != nil {
		detail, balances, loaded = &info.user, info.balances, true
	}
	lines := ui.UserDetail(t.env.styles, t.env.tools.explorers, u, detail, balances, loaded, width)
	if e := t.detail.errText(t.env.host); !loaded && e != "" {
		lines = append(lines, ui.ErrorLine(t.env.styles, e, width))
	}
	return lines
}

func (t usersTab) View() string { return t.body }

func (t usersTab) Help() ui.HelpMap {
	if t.input.focused {
		return filterHelp(t.env.keys.Input)
	}
	k := t.env.keys.List
	_, _, ok := t.tbl.selected()
	enter := ui.WithDesc(ui.Enabled(k.Enter, ok), "choose user")
	back := ui.Enabled(k.Back, t.input.Value() != "" || t.chosen != "")
	if t.input.Value() != "" {
		back = ui.WithDesc(back, "clear filter")
	} else {
		back = ui.WithDesc(back, "clear user")
	}
	watch := ui.Enabled(k.Watch, ok)
	return ui.HelpMap{
		Short: []key.Binding{k.Down, k.Search, enter, back, watch},
		Full:  [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Search, enter, back, watch}},
	}
}
