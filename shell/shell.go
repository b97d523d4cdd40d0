// Package shell is the program that holds the fleet view and the
// dashboards of the integrations opened from it, one warm dashboard per
// integration, each built from its own context (its client, policy,
// read-only and credentials). It routes: keys to what is shown, each
// dashboard's replies back to that dashboard alone, the window size to
// all. F (or the command line's >fleet) in a dashboard shows the fleet;
// enter on a row shows that integration's dashboard, built once and kept;
// esc at a dashboard's top level comes back.
package shell

import (
	"context"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/model"
	"github.com/stratop/stratop/ui/fleetview"
)

// FleetOpener opens the fleet (every profile's context) and starts its
// polling until ctx ends.
type FleetOpener func(ctx context.Context) (*fleet.Fleet, error)

// Opener builds the dashboard of a fleet member from the member's own
// context: nothing is resolved again.
type Opener func(ctx context.Context, m *fleet.Member) (model.Model, error)

// rowsEvery is how often the fleet view's ages are redrawn.
const rowsEvery = time.Second

// KeyMap are the shell's own keys (the fleet view's and each dashboard's
// are theirs).
type KeyMap struct {
	Quit, ForceQuit key.Binding
}

// DefaultKeyMap binds q and ctrl+c, as the dashboard does.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Quit:      key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// dash is one dashboard the shell holds.
type dash struct {
	m       model.Model
	profile string // the fleet row it was opened from ("" until the fleet knows it)
}

// Model is the shell. The dashboards live in maps shared by the copies
// Update returns: one program owns the shell, as it owns the terminal.
type Model struct {
	ctx       context.Context
	keys      KeyMap
	help      help.Model
	openFleet FleetOpener
	openDash  Opener

	fleet    *fleet.Fleet
	fleetErr string // why the fleet could not be opened
	notice   string // why a dashboard could not be built
	opening  bool
	view     fleetview.Model

	dashes    map[uint64]*dash  // by session
	byProfile map[string]uint64 // the warm dashboard of each fleet row
	sessions  uint64            // the last session given
	active    uint64            // the dashboard shown; 0: the fleet
	visit     uint64            // counts what was shown: a leave asked on an earlier show is stale
	want      string            // the row whose dashboard is being built, to show when ready
	width     int
	height    int
}

// Option configures New.
type Option func(*Model)

// WithDashboard starts the shell on a dashboard (the `stratop` start); F
// opens the fleet from it.
func WithDashboard(m model.Model) Option {
	return func(s *Model) {
		s.sessions++
		s.dashes[s.sessions] = &dash{m: m}
		s.active = s.sessions
	}
}

// WithFleetView sets the fleet view (its keys, styles).
func WithFleetView(v fleetview.Model) Option { return func(s *Model) { s.view = v } }

// WithKeyMap replaces the shell's keys.
func WithKeyMap(k KeyMap) Option { return func(s *Model) { s.keys = k } }

// New is a shell that opens the fleet with openFleet and builds dashboards
// with openDash; without WithDashboard it starts on the fleet.
func New(ctx context.Context, openFleet FleetOpener, openDash Opener, opts ...Option) Model {
	s := Model{ctx: ctx, keys: DefaultKeyMap(), help: help.New(), openFleet: openFleet, openDash: openDash,
		view: fleetview.New(), dashes: map[uint64]*dash{}, byProfile: map[string]uint64{}}
	for _, o := range opts {
		o(&s)
	}
	s.opening = s.active == 0 // Init opens it
	return s
}

// Messages of the shell's own commands.
type (
	fleetOpenedMsg struct {
		f   *fleet.Fleet
		err error
	}
	dashOpenedMsg struct {
		profile string
		m       model.Model
		err     error
	}
	rowsTickMsg    struct{}
	fleetPolledMsg struct{}
)

// Init starts the dashboard shown, or opens the fleet.
func (s Model) Init() tea.Cmd {
	if d, ok := s.dashes[s.active]; ok {
		return label(s.active, s.visit, d.m.Init())
	}
	return s.fleetCmd()
}

// Update routes one message.
func (s Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return s.resize(msg)
	case tea.KeyMsg:
		if s.active != 0 {
			return s.toActive(msg)
		}
		return s.fleetKeys(msg)
	case tea.MouseMsg, tea.FocusMsg, tea.BlurMsg:
		if s.active != 0 {
			return s.toActive(msg)
		}
		return s, nil
	case routed:
		return s.settle(msg)
	case fleetOpenedMsg:
		return s.fleetOpened(msg)
	case dashOpenedMsg:
		return s.dashOpened(msg)
	case rowsTickMsg:
		s = s.refreshRows()
		return s, tea.Tick(rowsEvery, func(time.Time) tea.Msg { return rowsTickMsg{} })
	case fleetPolledMsg:
		return s.refreshRows(), s.waitPolled()
	case fleetview.OpenMsg:
		return s.open(msg.Profile)
	case fleetview.PollMsg:
		if m := s.member(msg.Profile); m != nil {
			m.SetPolled(msg.On)
		}
		return s.refreshRows(), nil
	}
	return s, nil
}

// toActive hands msg to the dashboard shown, labelling what it asks.
func (s Model) toActive(msg tea.Msg) (Model, tea.Cmd) {
	d := s.dashes[s.active]
	var cmd tea.Cmd
	d.m, cmd = d.m.Update(msg)
	return s, label(s.active, s.visit, cmd)
}

// settle takes a dashboard's message back to it; its asking for the fleet
// counts only from the dashboard shown, on the show it was asked on.
func (s Model) settle(r routed) (Model, tea.Cmd) {
	d, ok := s.dashes[r.session]
	if !ok {
		return s, nil
	}
	switch r.msg.(type) {
	case model.FleetMsg:
		if r.session != s.active || r.visit != s.visit {
			return s, nil
		}
		return s.toFleet()
	case model.LeaveMsg:
		if r.session != s.active || r.visit != s.visit || (s.fleet == nil && !s.opening) {
			return s, nil // alone, esc at the top does nothing
		}
		return s.toFleet()
	}
	var cmd tea.Cmd
	d.m, cmd = d.m.Update(r.msg)
	return s, label(r.session, s.visit, cmd)
}

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
// now (the start's dashboard may have switched profile); one that matches
// no row is let go.
func (s Model) rekey(session uint64) Model {
	d := s.dashes[session]
	if d.profile != "" || s.fleet == nil {
		return s
	}
	profile, integration := d.m.Identity()
	if m := s.member(profile); m != nil && m.Context != nil && m.Context.Integration.String() == integration {
		if _, taken := s.byProfile[profile]; !taken {
			d.profile, s.byProfile[profile] = profile, session
			return s
		}
	}
	if session != s.active {
		delete(s.dashes, session)
	}
	return s
}

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

func (s Model) fleetCmd() tea.Cmd {
	ctx, open := s.ctx, s.openFleet
	return func() tea.Msg {
		f, err := open(ctx)
		return fleetOpenedMsg{f: f, err: err}
	}
}

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

func (s Model) resize(msg tea.WindowSizeMsg) (Model, tea.Cmd) {
	s.width, s.height = msg.Width, msg.Height
	s.view = s.view.SetSize(msg.Width, max(msg.Height-1, 1))
	cmds := make([]tea.Cmd, 0, len(s.dashes))
	for session, d := range s.dashes {
		var cmd tea.Cmd
		d.m, cmd = d.m.Update(msg)
		cmds = append(cmds, label(session, s.visit, cmd))
	}
	return s, tea.Batch(cmds...)
}

// fleetKeys takes the keys of a read, in order, on the fleet view.
func (s Model) fleetKeys(msg tea.KeyMsg) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, k := range splitKeys(msg) {
		if key.Matches(k, s.keys.ForceQuit) || (!s.view.Filtering() && key.Matches(k, s.keys.Quit)) {
			return s, tea.Batch(append(cmds, s.quit())...)
		}
		var cmd tea.Cmd
		s.view, cmd = s.view.Update(k)
		cmds = append(cmds, cmd)
	}
	return s, tea.Batch(cmds...)
}

// quit writes what every dashboard keeps, then quits.
func (s Model) quit() tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(s.dashes)+1)
	for session, d := range s.dashes {
		cmds = append(cmds, label(session, s.visit, d.m.Flush()))
	}
	return tea.Sequence(append(cmds, tea.Quit)...)
}

// View is the dashboard shown, or the fleet with its keys.
func (s Model) View() string {
	if d, ok := s.dashes[s.active]; ok {
		return d.m.View()
	}
	var body string
	switch {
	case s.fleet == nil && s.fleetErr != "":
		body = text.CleanN("fleet: "+s.fleetErr, max(s.width, 20))
	case s.fleet == nil:
		body = "opening every profile's integration…"
	default:
		body = s.view.View()
		if s.notice != "" {
			body += "\n" + text.CleanN(s.notice, max(s.width, 20))
		}
	}
	if n := strings.Count(body, "\n") + 1; n < s.height-1 {
		body += strings.Repeat("\n", s.height-1-n)
	}
	s.help.Width = s.width
	return body + "\n" + s.help.ShortHelpView(append(s.view.ShortHelp(), s.keys.Quit))
}

// Tea adapts the shell to tea.Model.
func (s Model) Tea() tea.Model { return program{s} }

type program struct{ s Model }

func (p program) Init() tea.Cmd { return p.s.Init() }

func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	s, cmd := p.s.Update(msg)
	return program{s}, cmd
}

func (p program) View() string { return p.s.View() }
