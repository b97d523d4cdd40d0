package model

// The overlays: what covers the tab body and takes the keys while open. The
// confirmation dialogs belong to the workflow (workflow.go), the profile
// switcher to profiles.go, the command line to palette.go and the full
// help to help.go; this file only routes a key to the one that is open and
// draws the one on top.

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// overlays is what is open over the tab body besides a dialog. The Model
// embeds it, so each overlay's file names its own field.
type overlays struct {
	showHelp bool
	switcher *switcher // the open profile switcher, nil when closed
	palette  *palette  // the open command line, nil when closed
}

// overlayKey hands a key to the open overlay, which takes it whole (ok).
// Ctrl+r still refreshes under a dialog: its target is captured.
func (m Model) overlayKey(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	if m.acts.overlay != nil {
		if key.Matches(msg, m.env.keys.Global.Refresh) {
			m, cmd := m.refresh()
			return m, cmd, true
		}
		var ef effect
		m.acts, ef = m.acts.key(msg)
		m, cmd := m.apply(ef)
		return m, cmd, true
	}
	if m.switcher != nil {
		m, cmd := m.switcherKey(msg)
		return m, cmd, true
	}
	if m.palette != nil {
		m, cmd := m.paletteKey(msg)
		return m, cmd, true
	}
	if m.showHelp {
		m, cmd := m.helpKey(msg)
		return m, cmd, true
	}
	return m, nil, false
}

// overlayBody is the body as drawn: the open overlay's, or the tab's.
func (m Model) overlayBody(body string) string {
	switch {
	case m.acts.overlay != nil:
		w, h := m.bodySize()
		return m.acts.overlay.View(w, h)
	case m.switcher != nil:
		return m.switcherView(m.bodySize())
	case m.showHelp:
		return m.chrome.fullHelp
	case m.palette != nil:
		return m.paletteView(body, m.width)
	}
	return body
}

// hideOverlays closes what cannot be drawn while the frame is hidden: an
// open dialog is cancelled (saying so), the full help closed.
func (m Model) hideOverlays() Model {
	m.showHelp = false
	m.switcher = nil
	m.palette = nil
	if m.acts.overlay != nil {
		m.acts.overlay = nil
		m = m.say(ui.NoticeTooSmall)
	}
	return m
}
