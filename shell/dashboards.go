package shell

// The dashboards the shell holds: built on enter from the member's
// context, kept warm, shown and left.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/ui/fleetview"
)

// toFleet shows the fleet; the dashboard left paces its polls as when its
// terminal is in the background.
func (s Model) toFleet() (Model, tea.Cmd) {
	var c1, c2 tea.Cmd
	if d, ok := s.dashes[s.active]; ok {
		d.m, c1 = d.m.Update(tea.BlurMsg{})
		c1 = label(s.active, s.visit, c1)
		s = s.rekey(s.active)
	}
	s.active, s.want = 0, ""
	s.visit++
	if s.fleet == nil && !s.opening {
		s, c2 = s.startFleet()
	}
	return s.refreshRows(), tea.Batch(c1, c2)
}

// show shows a held dashboard, which polls at its pace again at once.
func (s Model) show(session uint64) (Model, tea.Cmd) {
	s.active, s.want = session, ""
	s.visit++
	return s.toActive(tea.FocusMsg{})
}

// open is enter on a row: its warm dashboard, else one built from the
// member's context.
func (s Model) open(profile string) (Model, tea.Cmd) {
	if s.active != 0 {
		return s, nil // the fleet is no longer shown: an enter from before
	}
	if session, ok := s.byProfile[profile]; ok {
		return s.show(session)
	}
	m := s.member(profile)
	if m == nil || m.Context == nil || m.Client == nil {
		return s, nil
	}
	s.want = profile
	ctx, build := s.ctx, s.openDash
	return s, func() tea.Msg {
		d, err := build(ctx, m)
		return dashOpenedMsg{profile: profile, m: d, err: err}
	}
}

// dashOpened keeps a built dashboard and shows it when its row's enter is
// still the last thing asked.
func (s Model) dashOpened(msg dashOpenedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		if s.want == msg.profile {
			s.want = ""
		}
		s.notice = msg.profile + ": " + msg.err.Error()
		return s, nil
	}
	if _, ok := s.byProfile[msg.profile]; ok {
		return s, nil // built twice: the first is kept
	}
	s.sessions++
	session := s.sessions
	d := &dash{m: msg.m, profile: msg.profile}
	if s.theme != "" {
		d.m = d.m.UseTheme(s.theme)
	}
	s.dashes[session], s.byProfile[msg.profile] = d, session
	var c0 tea.Cmd
	if s.width > 0 {
		d.m, c0 = d.m.Update(tea.WindowSizeMsg{Width: s.width, Height: s.height})
	}
	init := tea.Batch(label(session, s.visit, d.m.Init()), label(session, s.visit, c0))
	if s.want != msg.profile || s.active != 0 {
		d.m, c0 = d.m.Update(tea.BlurMsg{})
		return s, tea.Batch(init, label(session, s.visit, c0))
	}
	var cmd tea.Cmd
	s, cmd = s.show(session)
	return s, tea.Batch(init, cmd)
}

// rekey files a dashboard under the fleet row of the integration it shows
// now: the start's dashboard may have switched profile since it was filed
// (the dashboards built from rows have no switcher). One that matches no
// free row is let go, its replies dropped, so that a row never opens
// another integration's dashboard.
func (s Model) rekey(session uint64) Model {
	d := s.dashes[session]
	if s.fleet == nil {
		return s
	}
	profile, integration := d.m.Identity()
	m := s.member(profile)
	matches := m != nil && m.Context != nil && m.Context.Integration.String() == integration
	if matches && d.profile == profile {
		return s
	}
	if d.profile != "" && s.byProfile[d.profile] == session {
		delete(s.byProfile, d.profile)
	}
	d.profile = ""
	if _, taken := s.byProfile[profile]; matches && !taken {
		d.profile, s.byProfile[profile] = profile, session
		return s
	}
	delete(s.dashes, session)
	return s
}

// useTheme is a dashboard's >theme taken by the whole program: the fleet
// view and its help line draw in the theme, and every other dashboard,
// held now or built later, takes its name over its own settings' colours.
func (s Model) useTheme(from uint64, t model.ThemeMsg) Model {
	s.theme = t.Name
	s.view, s.help = s.view.SetStyles(fleetview.StylesFrom(t.Styles)), ui.NewHelp(t.Styles)
	for session, d := range s.dashes {
		if session != from {
			d.m = d.m.UseTheme(t.Name)
		}
	}
	return s
}
