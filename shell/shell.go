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
	"github.com/stratop/stratop/ui"
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
	theme    string // the theme a dashboard's >theme chose for the session ("" for none)
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

// WithStyles draws the fleet view and the shell's help line in st (the
// settings' theme), as the dashboards draw theirs.
func WithStyles(st ui.Styles) Option {
	return func(s *Model) {
		s.view, s.help = s.view.SetStyles(fleetview.StylesFrom(st)), ui.NewHelp(st)
	}
}

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
	case quitMsg:
		return s, s.quitAfter(msg.session)
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
	case model.ThemeMsg:
		return s.useTheme(r.session, r.msg.(model.ThemeMsg)), nil
	}
	var cmd tea.Cmd
	d.m, cmd = d.m.Update(r.msg)
	return s, label(r.session, s.visit, cmd)
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

// quit writes what every dashboard keeps, then quits.
func (s Model) quit() tea.Cmd { return s.quitAfter(0) }

// quitAfter writes what every dashboard but the one that asked (which
// did its own) keeps, then quits: q in one dashboard ends the program.
func (s Model) quitAfter(asked uint64) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(s.dashes)+1)
	for session, d := range s.dashes {
		if session != asked {
			cmds = append(cmds, label(session, s.visit, d.m.Flush()))
		}
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
