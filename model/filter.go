package model

// The filter-as-you-type of a list (Users, Activity): a lineInput over a
// table. While it has focus the arrows and page keys still move the table,
// printable keys type, esc clears and leaves it, enter keeps the text.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// filterKey handles a key while a list's filter has focus. changed says the
// filter text changed, so the list must be filtered again.
func filterKey(msg tea.KeyMsg, k ui.InputKeys, in lineInput, tbl table) (_ lineInput, _ table, changed bool) {
	switch {
	case key.Matches(msg, k.Up):
		tbl = tbl.move(-1)
	case key.Matches(msg, k.Down):
		tbl = tbl.move(1)
	case key.Matches(msg, k.PageUp):
		tbl = tbl.move(-tbl.rows)
	case key.Matches(msg, k.PageDown):
		tbl = tbl.move(tbl.rows)
	case key.Matches(msg, k.Clear):
		return newLineInput(maxFilterRunes, nil), tbl, in.Value() != ""
	case key.Matches(msg, k.Accept):
		in.focused, in.selected = false, false
	default:
		in, changed = in.update(msg, k)
	}
	return in, tbl, changed
}

// filterHelp is the help while a list's filter has focus.
func filterHelp(k ui.InputKeys) ui.HelpMap {
	return ui.HelpMap{
		Short: []key.Binding{k.Accept, k.Clear, k.Up, k.Down},
		Full:  [][]key.Binding{{k.Accept, k.Clear, k.DeleteChar, k.DeleteWord, k.Empty}, {k.Up, k.Down, k.PageUp, k.PageDown}},
	}
}
