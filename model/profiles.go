package model

// Switching profiles. The switcher lists the profiles the outside world
// knows (profiles.json and the settings file's labels), and choosing one
// resolves its credentials in a command, as at start-up. On success the
// root is rebuilt from scratch with New for the new profile: no data, mark,
// watch, dialog or selection of the old profile survives, because none of
// it is carried over. Replies still in flight for the old profile cannot
// land either: every fetch reply carries the session of the model that
// asked, and the root drops another session's before it even counts it in
// the connection health; generations and poll ticks are unique in the
// process (feed.go), so none matches a feed of the new model; and the old
// profile's requests are cancelled with its context.

import (
	"context"
	"io"
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// ProfileChoice is a profile the switcher offers.
type ProfileChoice struct {
	Name  string
	Label string // the settings file's badge, "" for none
}

// Connection is a profile made ready to show: its client, its integration
// and that integration's state directory (Path "" for none), and the
// options that differ per profile (label, colour, read-only, interval,
// journal).
type Connection struct {
	Profile     string
	Client      API
	Integration integration.ID
	State       integration.Dir
	Options     []Option
}

// Profiles is what the switcher needs from the outside world. Both calls
// run in commands, under the program's context.
type Profiles interface {
	// List names the profiles that can be chosen.
	List(ctx context.Context) ([]ProfileChoice, error)
	// Connect resolves a profile's credentials, with the same resolution
	// and the same errors in words as at start-up.
	Connect(ctx context.Context, name string) (Connection, error)
}

// WithProfiles enables the profile switcher (P).
func WithProfiles(p Profiles) Option { return func(e *env) { e.profiles = p } }

// profilesListedMsg is the switcher's list.
type profilesListedMsg struct {
	seq  uint64
	list []ProfileChoice
	err  error
}

// profileConnectedMsg is the end of connecting to a profile.
type profileConnectedMsg struct {
	seq  uint64
	conn Connection
	err  error
}

// switcher is the open profile switcher. seq tells its replies from those
// of a switcher closed before they arrived.
type switcher struct {
	seq        uint64
	items      []ProfileChoice
	cursor     int
	listed     bool
	connecting string // the profile being connected to, "" when idle
	err        string
}

// openSwitcher opens the switcher and reads the profiles. While an action
// is in flight or a user-wide job is followed, its outcome belongs on the
// screen of the profile it was sent from, so the switch waits.
func (m Model) openSwitcher() (Model, tea.Cmd) {
	if m.env.profiles == nil {
		m = m.say(ui.NoticeNoSwitcher)
		return m, nil
	}
	if n := len(m.acts.inflight) + len(m.acts.jobs.byUser); n > 0 {
		m = m.say(ui.NoticeSwitchInFlight(n))
		return m, nil
	}
	sw := &switcher{seq: nextGen()}
	m.switcher = sw
	profiles, ctx, seq := m.env.profiles, m.env.ctx, sw.seq
	return m, func() tea.Msg {
		list, err := profiles.List(ctx)
		return profilesListedMsg{seq: seq, list: list, err: err}
	}
}

// switcherKey handles a key while the switcher is open.
func (m Model) switcherKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	sw := *m.switcher
	l, d := m.env.keys.List, m.env.keys.Dialog
	switch {
	case key.Matches(msg, d.Cancel):
		m.switcher = nil
		return m, nil
	case sw.connecting != "":
		return m, nil // one connection at a time; esc still leaves
	case key.Matches(msg, l.Up):
		sw.cursor = max(sw.cursor-1, 0)
	case key.Matches(msg, l.Down):
		sw.cursor = min(sw.cursor+1, max(len(sw.items)-1, 0))
	case key.Matches(msg, l.Enter):
		if sw.cursor >= len(sw.items) {
			return m, nil
		}
		name := sw.items[sw.cursor].Name
		if name == m.env.profile {
			m.switcher = nil
			return m, nil
		}
		return m.connectProfile(sw, name)
	}
	m.switcher = &sw
	return m, nil
}

// connectProfile connects the switcher to profile name (enter, and the
// command line's >profile).
func (m Model) connectProfile(sw switcher, name string) (Model, tea.Cmd) {
	sw.connecting, sw.err = name, ""
	m.switcher = &sw
	profiles, ctx, seq := m.env.profiles, m.env.ctx, sw.seq
	return m, func() tea.Msg {
		conn, err := profiles.Connect(ctx, name)
		if err == nil {
			// Whatever the program started with, the state is the new
			// integration's, or none, and a notice of the start is not
			// said again (the connection may bring its own).
			conn.Options = append(append([]Option{WithNotice("")}, conn.Options...), WithIntegration(conn.Integration), WithState(conn.State))
		}
		if err == nil && conn.State.Path != "" {
			// Read here, off the UI goroutine, rather than by New.
			conn.Options = append(conn.Options, withWatchesRead(watch.NewWatchListStore(conn.State.Watched()).Load()))
		}
		return profileConnectedMsg{seq: seq, conn: conn, err: err}
	}
}

// settleProfiles takes the switcher's list or the end of a connection.
func (m Model) settleProfiles(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case profilesListedMsg:
		if m.switcher == nil || m.switcher.seq != msg.seq {
			return m, nil
		}
		sw := *m.switcher
		sw.listed = true
		if msg.err != nil {
			sw.err = text.Clean(msg.err.Error())
		}
		sw.items = msg.list
		if i := slices.IndexFunc(sw.items, func(p ProfileChoice) bool { return p.Name == m.env.profile }); i >= 0 {
			sw.cursor = i
		}
		m.switcher = &sw
	case profileConnectedMsg:
		if m.switcher == nil || m.switcher.seq != msg.seq {
			return m, nil
		}
		if msg.err != nil {
			sw := *m.switcher
			sw.connecting, sw.err = "", text.Clean(msg.err.Error())
			m.switcher = &sw
			return m, nil
		}
		return m.switchProfile(msg.conn)
	}
	return m, nil
}

// switchProfile replaces the model with a new one for conn, keeping only
// what belongs to the terminal (its size) and the options the program was
// started with. The old profile's requests are cancelled.
func (m Model) switchProfile(conn Connection) (Model, tea.Cmd) {
	old := m.env
	extra := append(slices.Clone(conn.Options), WithProfile(conn.Profile), WithUser(""))
	n := newModel(old.parent, conn.Client, old.base, extra)
	n.width, n.height = m.width, m.height
	n = n.layout()
	n = n.say(ui.NoticeSwitched(text.Clean(conn.Profile), n.env.host))
	cancel := old.cancel
	return n.refreshChrome(), tea.Batch(func() tea.Msg { cancel(); return nil }, n.Init())
}

// switcherView draws the switcher in the body's size.
func (m Model) switcherView(width, height int) string {
	sw := m.switcher
	items := make([]ui.ProfileItem, len(sw.items))
	for i, p := range sw.items {
		items[i] = ui.ProfileItem{Name: text.Clean(p.Name), Label: text.Clean(p.Label), Current: p.Name == m.env.profile}
	}
	d := ui.ProfileSwitcherData{Items: items, Cursor: sw.cursor, Err: sw.err}
	switch {
	case !sw.listed:
		d.Busy = ui.ReadingProfiles
	case sw.connecting != "":
		d.Busy = ui.Connecting(text.Clean(sw.connecting))
	}
	return ui.RenderDialog(m.env.styles, ui.ProfileSwitcher(m.env.styles, d, ui.Hint(m.switcherHelp().Short...)), width, height)
}

// switcherHelp is the switcher's keys.
func (m Model) switcherHelp() ui.HelpMap {
	l, d := m.env.keys.List, m.env.keys.Dialog
	short := []key.Binding{ui.WithDesc(l.Up, "up"), ui.WithDesc(l.Down, "down"), ui.WithDesc(l.Enter, "switch"), ui.WithDesc(d.Cancel, "close")}
	return ui.HelpMap{Short: short, Full: [][]key.Binding{short}}
}

// windowTitle sets the terminal's title to where the dashboard is. It goes
// through the shared terminal writer rather than tea.SetWindowTitle, which
// in Bubble Tea v1 writes outside the renderer's lock and can land inside
// a frame being written; without that writer there is no title.
func (m Model) windowTitle() tea.Cmd {
	term := m.env.tools.term
	if term == nil {
		return nil
	}
	seq := ansi.SetWindowTitle(ui.WindowTitle(text.Clean(m.env.profile), m.env.host))
	return func() tea.Msg {
		_, _ = io.WriteString(term, seq)
		return nil
	}
}
