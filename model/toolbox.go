package model

// The operator's toolbox: copy (y, Y), export (ctrl+s), sort (o, O) and the
// mouse (M). The root owns it: it asks the visible tab, through small
// optional interfaces, for what to copy, export or sort, and runs the I/O in
// commands whose results carry a generation, so that a late result of an
// earlier copy or export never overwrites a newer notice.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// toolbox is the root's state of the toolbox.
type toolbox struct {
	gen    uint64 // of the latest copy or export started
	mouse  bool
	export exportJob
}

// toolMsg is a result of a toolbox command, for the root.
type toolMsg interface{ toolGen() uint64 }

// toolKey handles the toolbox's keys; ok is false for other keys.
func (m Model) toolKey(msg tea.KeyMsg) (_ Model, _ tea.Cmd, ok bool) {
	g, l := m.env.keys.Global, m.env.keys.List
	switch {
	case key.Matches(msg, g.Copy):
		m, cmd := m.copySelection(false)
		return m, cmd, true
	case key.Matches(msg, g.CopyRecord):
		m, cmd := m.copySelection(true)
		return m, cmd, true
	case key.Matches(msg, g.Export):
		m, cmd := m.startExport()
		return m, cmd, true
	case key.Matches(msg, g.Mouse):
		m, cmd := m.toggleMouse()
		return m, cmd, true
	case key.Matches(msg, l.Sort), key.Matches(msg, l.SortReverse):
		s, ok := m.tabs[m.active].(lister)
		if !ok {
			return m, nil, false
		}
		var cmd tea.Cmd
		var notice string
		m.tabs[m.active], notice, cmd = s.listRows().sortNext(key.Matches(msg, l.SortReverse))
		m = m.say(notice)
		return m, cmd, true
	}
	return m, nil, false
}

// settleTool takes a toolbox command's result.
func (m Model) settleTool(msg toolMsg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case copiedMsg:
		if msg.gen == m.tools.gen {
			m = m.say(msg.notice)
		}
	case exportPageMsg:
		return m.exportPage(msg)
	case exportedMsg:
		return m.exported(msg)
	}
	return m, nil
}

// toolHelp is the help rows of the toolbox keys that work on the visible
// tab now.
func (m Model) toolHelp(cur tab) []key.Binding {
	g, l := m.env.keys.Global, m.env.keys.List
	var canCopy, canExport, sortRev bool
	lst, canSort := cur.(lister)
	if canSort {
		rows := lst.listRows()
		_, canCopy = rows.clip()
		canExport, sortRev = rows.count > 0, rows.sortReversible()
	}
	mouse := ui.WithDesc(g.Mouse, "mouse on")
	if m.tools.mouse {
		mouse = ui.WithDesc(g.Mouse, "mouse off")
	}
	return []key.Binding{
		ui.Enabled(g.Copy, canCopy && m.env.tools.term != nil),
		ui.Enabled(g.CopyRecord, canCopy && m.env.tools.term != nil),
		ui.Enabled(g.Export, canExport),
		ui.Enabled(l.Sort, canSort),
		ui.Enabled(l.SortReverse, sortRev),
		mouse,
		g.Palette,
		ui.Enabled(g.CopyCommand, m.listCommandLine() != ""),
		ui.Enabled(g.Undo, m.acts.undo != nil && m.env.now().Before(m.acts.undo.until)),
	}
}
