package model

// The key pipeline. Bubble Tea v1 delivers printable keys that arrive in one
// read (type-ahead over a slow link) as one KeyMsg with several runes, and
// an escape followed in the same read by another key as that key with Alt
// set: "\x1b\x1b" is alt+esc, "\x1by" alt+y, "\x1b[A" after an escape
// alt+up. Every key counts, in order: a multi-rune message is split into
// one key per rune, and any key with Alt becomes esc then the key without
// it (nothing is bound to alt), so a run of escapes closes what is open
// however the reads grouped it. A bracketed paste stays whole: a text input
// takes it as text, and no binding matches it anywhere else.
//
// Then each key goes, in order, to: the quit key while the frame is hidden
// (nothing else acts unseen), the open overlay (overlay.go: a dialog, the
// switcher, the command line, the full help), a tab that
// captures keys (text input, picker), the global keys, the action keys, and
// the visible tab.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/ui"
)

// SplitKeys turns one KeyMsg into the keys it stands for, in order: a
// read may hold several keys, and each counts where it lands (the dashboard
// and the shell holding it split alike).
func SplitKeys(msg tea.KeyMsg) []tea.KeyMsg {
	if msg.Paste {
		return []tea.KeyMsg{msg}
	}
	out := make([]tea.KeyMsg, 0, len(msg.Runes)+1)
	if msg.Alt {
		out = append(out, tea.KeyMsg{Type: tea.KeyEsc})
		msg.Alt = false
	}
	if msg.Type != tea.KeyRunes {
		return append(out, msg)
	}
	for _, r := range msg.Runes {
		out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return out
}

// handleKeys runs every key of msg through handleKey.
func (m Model) handleKeys(msg tea.KeyMsg) (Model, tea.Cmd) {
	keys := SplitKeys(msg)
	cmds := make([]tea.Cmd, 0, len(keys))
	for _, k := range keys {
		var cmd tea.Cmd
		before := m.shownNow()
		m, cmd = m.handleKey(k)
		m.traced(&k, before)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// handleKey routes one key.
func (m Model) handleKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	g := m.env.keys.Global
	if key.Matches(msg, g.ForceQuit) {
		return m, m.quit()
	}
	if m.hidden() {
		if key.Matches(msg, g.Quit) {
			return m, m.quit()
		}
		return m, nil
	}
	now := m.env.now()
	if key.Matches(msg, m.env.keys.List.Back) {
		m.notes = notices{} // esc: read, go away (and esc does its own work)
	}
	m.notes = m.notes.keyed(now)
	if m, cmd, ok := m.overlayKey(msg); ok {
		return m, cmd
	}
	cur := m.tabs[m.active]
	if !cur.Capturing() {
		if m, cmd, ok := m.globalKey(msg); ok {
			return m, cmd
		}
		if cmd, ok := m.fleetKey(msg); ok {
			return m, cmd
		}
		if m, cmd, ok := m.toolKey(msg); ok {
			return m, cmd
		}
		if name, ok := m.env.keys.Actions.Match(msg); ok {
			return m.ask(name)
		}
		if key.Matches(msg, g.CopyCommand) {
			if line := m.listCommandLine(); line != "" {
				return m.copyLine(line)
			}
			return m.say(ui.NoticeNothingToCopy), nil
		}
		if key.Matches(msg, g.Palette) {
			return m.openPalette()
		}
		if key.Matches(msg, g.Undo) {
			var ef effect
			m.acts, ef = m.acts.askUndo()
			return m.apply(ef)
		}
		if key.Matches(msg, m.env.keys.Menu.Open) {
			return m.openMenu()
		}
	}
	var cmd tea.Cmd
	m.tabs[m.active], cmd = cur.Update(msg)
	return m, cmd
}

// globalKey handles the keys that work on every tab.
func (m Model) globalKey(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	g := m.env.keys.Global
	n := len(m.tabs)
	switch {
	case key.Matches(msg, g.Quit):
		return m, m.quit(), true
	case key.Matches(msg, g.Help):
		m.showHelp = true
		return m, nil, true
	case key.Matches(msg, g.Redraw):
		return m, tea.ClearScreen, true
	case key.Matches(msg, g.Refresh):
		m, cmd := m.refresh()
		return m, cmd, true
	case key.Matches(msg, g.Profile):
		m, cmd := m.openSwitcher()
		return m, cmd, true
	case key.Matches(msg, g.NextTab):
		m, cmd := m.switchTab((m.active + 1) % n)
		return m, cmd, true
	case key.Matches(msg, g.PrevTab):
		m, cmd := m.switchTab((m.active + n - 1) % n)
		return m, cmd, true
	}
	for i, b := range g.Tabs {
		if key.Matches(msg, b) {
			m, cmd := m.switchTab(i)
			return m, cmd, true
		}
	}
	return m, nil, false
}

// ask hands an action key to the workflow with the visible tab's selection.
func (m Model) ask(name string) (Model, tea.Cmd) {
	spec, ok := action.Lookup(name)
	if !ok {
		return m, nil
	}
	var ef effect
	m.acts, ef = m.acts.ask(spec, m.tabs[m.active].Selection())
	return m.apply(ef)
}
