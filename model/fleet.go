package model

// The dashboard inside a fleet: a program that holds several integrations'
// dashboards (the shell) shows the fleet on F and takes an esc that finds
// nothing to close as "back". The dashboard only says so with a message;
// what is shown next is the holder's to decide.

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// FleetMsg asks the program holding the dashboard for the fleet view: F,
// and the command line's >fleet.
type FleetMsg struct{}

// LeaveMsg is esc at the dashboard's top level: no dialog, help, switcher
// or command line open, no text input focused, and nothing on the visible
// tab that esc would close or clear (a pane, a filter, the chosen user).
type LeaveMsg struct{}

// ThemeMsg tells the program holding the dashboard that the command
// line's >theme chose another theme for the session: the fleet view draws
// in Styles, and the other dashboards take Name (UseTheme), each over its
// own settings' colours.
type ThemeMsg struct {
	Name   string
	Styles ui.Styles
}

// WithFleet says a fleet holds the dashboard: F opens it (and is listed
// in help) and esc at the top level goes back to it.
func WithFleet(on bool) Option { return func(e *env) { e.fleet = on } }

// Identity is the profile and the integration (its canonical id) the
// dashboard shows now: a profile switch changes both.
func (m Model) Identity() (profile, integration string) {
	return m.env.profile, m.env.integration.String()
}

func openFleet() tea.Msg { return FleetMsg{} }
func leave() tea.Msg     { return LeaveMsg{} }

// fleetKey takes F, and esc when the visible tab has no use for it. It
// runs after the overlays and the global keys, only while no text input
// captures keys.
func (m Model) fleetKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if !m.env.fleet {
		return nil, false
	}
	switch {
	case key.Matches(msg, m.env.keys.Global.Fleet):
		return openFleet, true
	case key.Matches(msg, m.env.keys.List.Back) && !backOffered(m.tabs[m.active].Help(), m.env.keys.List.Back):
		return leave, true
	}
	return nil, false
}

// backOffered says the tab's help offers esc now: each tab enables its
// back binding exactly when esc would close or clear something on it.
func backOffered(h ui.HelpMap, back key.Binding) bool {
	same := func(b key.Binding) bool { return b.Enabled() && slices.Equal(b.Keys(), back.Keys()) }
	if slices.ContainsFunc(h.Short, same) {
		return true
	}
	for _, row := range h.Full {
		if slices.ContainsFunc(row, same) {
			return true
		}
	}
	return false
}

// Flush writes what the tabs keep, as quitting does, without quitting: a
// program holding several dashboards quits once, after flushing each.
func (m Model) Flush() tea.Cmd {
	var cmds []tea.Cmd
	for _, t := range m.tabs {
		if f, ok := t.(flusher); ok {
			if c := f.flush(); c != nil {
				cmds = append(cmds, c)
			}
		}
	}
	if len(cmds) == 0 {
		return nil
	}
	return tea.Sequence(cmds...)
}
