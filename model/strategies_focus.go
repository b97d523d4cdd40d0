package model

// Moving the Strategies list to a strategy that does not exist yet on the
// screen (a duplicate's new id): the tab remembers the id and puts the
// cursor on it once a page holding it arrives.

import tea "github.com/charmbracelet/bubbletea"

// focusMsg asks the Strategies tab to select a strategy once it is listed.
type focusMsg struct{ id int64 }

func focusCmd(id int64) tea.Cmd { return func() tea.Msg { return focusMsg{id: id} } }

// seek puts the cursor on the wanted strategy when the list holds it.
func (t strategiesTab) seek() (strategiesTab, tea.Cmd) {
	if t.want == 0 {
		return t, nil
	}
	for pos := 0; pos < t.pane.tbl.len(); pos++ {
		if t.pane.tbl.id(t.pane.tbl.rowAt(pos)) == t.want {
			t.want = 0
			t.pane.tbl = t.pane.tbl.moveTo(pos)
			var cmd tea.Cmd
			t.pane, cmd = t.pane.follow(t.active, t.fetchDetail)
			return t, cmd
		}
	}
	return t, nil
}
