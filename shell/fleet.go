package shell

// The fleet side of the shell: opening the fleet, its rows kept fresh on
// its polls and a clock for the ages, and the keys of the fleet view.

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/model"
)

// member is the fleet row profile's member, nil when there is none.
func (s Model) member(profile string) *fleet.Member {
	if s.fleet == nil {
		return nil
	}
	return s.fleet.Member(profile)
}

// startFleet opens the fleet in a command.
func (s Model) startFleet() (Model, tea.Cmd) {
	s.opening = true
	return s, s.fleetCmd()
}

// fleetCmd opens the fleet and polls it until the program ends.
func (s Model) fleetCmd() tea.Cmd {
	ctx, open := s.ctx, s.openFleet
	return func() tea.Msg {
		f, err := open(ctx)
		return fleetOpenedMsg{f: f, err: err}
	}
}

// fleetOpened keeps the fleet, files the dashboards held under their rows
// and starts keeping the rows fresh.
func (s Model) fleetOpened(msg fleetOpenedMsg) (Model, tea.Cmd) {
	s.opening = false
	if msg.err != nil {
		s.fleetErr = msg.err.Error()
		return s, nil
	}
	s.fleet, s.fleetErr = msg.f, ""
	for session := range s.dashes {
		if session != s.active {
			s = s.rekey(session)
		}
	}
	return s.refreshRows(), tea.Batch(s.waitPolled(), tea.Tick(rowsEvery, func(time.Time) tea.Msg { return rowsTickMsg{} }))
}

// waitPolled waits for the fleet's next poll.
func (s Model) waitPolled() tea.Cmd {
	ctx, ch := s.ctx, s.fleet.Changed()
	return func() tea.Msg {
		select {
		case <-ch:
			return fleetPolledMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

func (s Model) refreshRows() Model {
	if s.fleet != nil && s.active == 0 {
		s.view = s.view.SetRows(s.fleet.Rows())
	}
	return s
}

// fleetKeys takes the keys of a read, in order, on the fleet view.
func (s Model) fleetKeys(msg tea.KeyMsg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, k := range model.SplitKeys(msg) {
		if key.Matches(k, s.keys.ForceQuit) || (!s.view.Filtering() && key.Matches(k, s.keys.Quit)) {
			return s, tea.Batch(append(cmds, s.quit())...)
		}
		var cmd tea.Cmd
		s.view, cmd = s.view.Update(k)
		cmds = append(cmds, cmd)
	}
	return s, tea.Batch(cmds...)
}
