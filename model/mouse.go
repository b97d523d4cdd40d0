package model

// The mouse, off by default so that the terminal's own text selection
// works; M turns it on and off at run time. When on, the wheel scrolls the
// visible list, a click on a tab shows it and a click on a row selects it.
// Nothing acts on a click: actions stay on their keys and dialogs.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// wheelRows is how far one wheel step moves the selection.
const wheelRows = 3

// scrollMsg moves the visible list's selection by delta rows.
type scrollMsg struct{ delta int }

// clickMsg is a click at (x, y) of the visible tab's body.
type clickMsg struct{ x, y int }

// mouseCmd turns the terminal's mouse reporting on or off.
func mouseCmd(on bool) tea.Cmd {
	if on {
		return tea.EnableMouseCellMotion
	}
	return tea.DisableMouse
}

// toggleMouse is M.
func (m Model) toggleMouse() (Model, tea.Cmd) {
	m.tools.mouse = !m.tools.mouse
	if m.tools.mouse {
		m = m.say(ui.NoticeMouseOn)
	} else {
		m = m.say(ui.NoticeMouseOff)
	}
	return m, mouseCmd(m.tools.mouse)
}

// handleMouse routes a mouse event: only while the mouse is on and the
// frame shows a tab (no dialog, no help, not too small).
func (m Model) handleMouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	if !m.tools.mouse || m.hidden() || m.acts.overlay != nil || m.showHelp || msg.Action != tea.MouseActionPress {
		return m, nil
	}
	var routed tea.Msg
	switch {
	case msg.Button == tea.MouseButtonWheelUp:
		routed = scrollMsg{delta: -wheelRows}
	case msg.Button == tea.MouseButtonWheelDown:
		routed = scrollMsg{delta: wheelRows}
	case msg.Button != tea.MouseButtonLeft:
		return m, nil
	case msg.Y == ui.HeaderHeight-1:
		if m.tabs[m.active].Capturing() {
			return m, nil // as 1-5 type into a focused input
		}
		return m.switchTab(ui.TabAt(m.env.styles, m.barTitles(), m.active, msg.X))
	default:
		_, h := m.bodySize()
		y := msg.Y - ui.HeaderHeight
		if y < 0 || y >= h {
			return m, nil
		}
		routed = clickMsg{x: msg.X, y: y}
	}
	var cmd tea.Cmd
	m.tabs[m.active], cmd = m.tabs[m.active].Update(routed)
	return m, cmd
}

// mouse moves a list for a wheel step or a click at body line y (the
// table's first row is drawn at line top), within the list's part of the
// layout; ok is false when the event is not on the list.
func (t table) mouse(msg tea.Msg, l paneLayout, top int) (_ table, ok bool) {
	switch msg := msg.(type) {
	case scrollMsg:
		return t.move(msg.delta), true
	case clickMsg:
		if msg.x >= l.listWidth || msg.y < top || msg.y >= l.listHeight {
			return t, false
		}
		pos := t.offset + msg.y - top
		if pos >= t.len() {
			return t, false
		}
		return t.moveTo(pos), true
	}
	return t, false
}

// mouse of the Strategies tab: the table starts below the page (and gains)
// line and its header; the pane follows.
func (t strategiesTab) mouse(msg tea.Msg) (strategiesTab, tea.Cmd) {
	tbl, ok := t.pane.tbl.mouse(msg, t.layout(t.pane.open), t.extraLines()+1)
	if !ok || t.picker.open {
		return t, nil
	}
	t.pane.tbl = tbl
	return followPane(t)
}

// mouse of the Pools tab: below the roll-ups line (a chosen user's) and
// the header.
func (t poolsTab) mouse(msg tea.Msg) (poolsTab, tea.Cmd) {
	top := 1
	if t.user != "" {
		top = 2
	}
	tbl, ok := t.pane.tbl.mouse(msg, t.layout(t.pane.open), top)
	if !ok {
		return t, nil
	}
	t.pane.tbl = tbl
	return followPane(t)
}

// mouse of the Users tab: below the filter line and the header.
func (t usersTab) mouse(msg tea.Msg) (usersTab, tea.Cmd) {
	t.tbl, _ = t.tbl.mouse(msg, t.layout(t.chosen != ""), 2)
	return t, nil
}
