package model

// The full help (?): it covers the body with every binding enabled now
// (built with the frame, chrome.go) and takes every key while open.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// helpKey takes a key while the full help is open: quit quits, its key or
// esc close it, and nothing else acts unseen under it.
func (m Model) helpKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	g := m.env.keys.Global
	switch {
	case key.Matches(msg, g.Quit):
		return m, m.quit()
	case key.Matches(msg, g.Help), key.Matches(msg, m.env.keys.List.Back):
		m.showHelp = false
	}
	return m, nil
}
