package model

// Layout, cached body and help of the Users tab.

import (
	"strconv"

	"github.com/charmbracelet/bubbles/key"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func (t usersTab) layout() paneLayout {
	if t.chosen != "" {
		return splitPane(t.width, t.height)
	}
	return paneLayout{listWidth: t.width, listHeight: t.height}
}

func (t usersTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	l := t.layout()
	t.tbl = t.tbl.setSize(l.listWidth, l.listHeight-2) // filter line and header
	return t.render()
}

func (t usersTab) render() usersTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	st := &t.d.styles
	l := t.layout()
	list := make([]string, 0, l.listHeight)
	list = append(list, t.filterLine(l.listWidth))
	list = append(list, t.tbl.lines()...)
	if t.tbl.len() == 0 {
		none := "no users"
		if t.query != "" {
			none = "no user matches"
		}
		list = append(list, ui.EmptyList(*st, t.d.listError(t.list), t.data != nil, none, l.listWidth))
	}
	if t.chosen == "" {
		t.body = ui.Lines(list, t.height)
		return t
	}
	t.body = composeWithPane(st, l, list, t.paneLines(l.paneWidth), t.height)
	return t
}

// filterLine is the input while filtering, else the count and a hint.
func (t usersTab) filterLine(width int) string {
	st := t.d.styles
	total := 0
	if t.data != nil {
		total = len(t.data.users)
	}
	count := strconv.Itoa(total) + " users"
	if t.query != "" {
		count = strconv.Itoa(t.tbl.len()) + " of " + count
	}
	if t.input.focused || len(t.input.value) > 0 {
		return ui.FilterInput(st, t.input.Value(), t.input.focused, count, width)
	}
	return ui.Muted(st, count+" · / filter · enter choose", width)
}

func (t usersTab) paneLines(width int) []string {
	var u api.User
	if t.chosenRow >= 0 {
		u = t.data.users[t.chosenRow]
	} else {
		u = api.User{ExternalUserID: t.chosen}
	}
	var detail *api.User
	var balances []api.NativeBalance
	loaded := false
	// Replies for an earlier choice are dropped (generations) and a new
	// choice clears info, so info is the chosen user's even if the record
	// names another external id.
	if t.info != nil {
		detail, balances, loaded = &t.info.user, t.info.balances, true
	}
	lines := ui.UserDetail(t.d.styles, u, detail, balances, loaded, width)
	if !loaded && t.detail.err != nil {
		lines = append(lines, ui.ErrorLine(t.d.styles, ui.ErrorText(t.detail.err, t.d.host), width))
	}
	return lines
}

func (t usersTab) View() string { return t.body }

func (t usersTab) Help() ui.HelpMap {
	k := t.d.keys
	if t.input.focused {
		return ui.HelpMap{
			Short: []key.Binding{ui.WithDesc(k.Enter, "keep filter"), ui.WithDesc(k.Back, "clear filter"), k.Up, k.Down},
			Full:  [][]key.Binding{{ui.WithDesc(k.Enter, "keep filter"), ui.WithDesc(k.Back, "clear filter")}, {k.Up, k.Down, k.PageUp, k.PageDown}},
		}
	}
	_, _, ok := t.tbl.selected()
	enter := ui.WithDesc(ui.Enabled(k.Enter, ok), "choose user")
	back := ui.Enabled(k.Back, t.input.Value() != "" || t.chosen != "")
	if t.input.Value() != "" {
		back = ui.WithDesc(back, "clear filter")
	} else {
		back = ui.WithDesc(back, "clear user")
	}
	return ui.HelpMap{
		Short: []key.Binding{k.Down, k.Search, enter, back, k.NextTab, k.Help, k.Quit},
		Full: [][]key.Binding{
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
			{k.Search, enter, back},
			{k.Tab1, k.Tab2, k.Tab3, k.Tab4, k.NextTab, k.PrevTab},
			{k.Refresh, k.Redraw, k.Help, k.Quit},
		},
	}
}
