// Package fleetview draws the fleet: one row per integration, troubled
// first, a header that sums up and a totals row that says what it sums.
// It holds the rows it is given and performs no I/O: the program polls
// and hands it rows; enter, esc and w come back as messages.
package fleetview

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/ui"
)

// KeyMap are the fleet view's bindings.
type KeyMap struct {
	Up, Down, Open, Back, Filter, Poll key.Binding
}

// DefaultKeyMap is the bindings of the key table.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open its dashboard")),
		Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back / clear filter")),
		Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Poll:   key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "poll / stop polling")),
	}
}

// Styles is the view's one style tree.
type Styles struct {
	Header, ColumnHeader, Selected, Totals, Muted lipgloss.Style
	States                                        map[fleet.State]lipgloss.Style
}

// DefaultStyles are the view's styles; words carry every state, colour
// only repeats them.
func DefaultStyles() Styles {
	return Styles{
		Header:       lipgloss.NewStyle().Bold(true),
		ColumnHeader: lipgloss.NewStyle().Faint(true),
		Selected:     lipgloss.NewStyle().Reverse(true),
		Totals:       lipgloss.NewStyle().Bold(true),
		Muted:        lipgloss.NewStyle().Faint(true),
		States: map[fleet.State]lipgloss.Style{
			fleet.Rejected: lipgloss.NewStyle().Foreground(lipgloss.Color("1")).Bold(true),
			fleet.Unopened: lipgloss.NewStyle().Foreground(lipgloss.Color("1")),
			fleet.Failing:  lipgloss.NewStyle().Foreground(lipgloss.Color("1")).Bold(true),
			fleet.Stale:    lipgloss.NewStyle().Foreground(lipgloss.Color("3")),
			fleet.OK:       lipgloss.NewStyle().Foreground(lipgloss.Color("2")),
		},
	}
}

// StylesFrom are the view's styles in the program's theme, so the fleet
// and the dashboards entered from it draw with one style tree.
func StylesFrom(st ui.Styles) Styles {
	return Styles{
		Header:       st.Section,
		ColumnHeader: st.TableHeader,
		Selected:     st.Selected,
		Totals:       st.Section,
		Muted:        st.Muted,
		States: map[fleet.State]lipgloss.Style{
			fleet.Rejected: st.Negative,
			fleet.Unopened: st.Negative,
			fleet.Failing:  st.Negative,
			fleet.Stale:    st.Stale,
			fleet.OK:       st.Positive,
		},
	}
}

// Messages the view returns to its program.
type (
	// OpenMsg asks for the integration's dashboard.
	OpenMsg struct{ Profile string }
	// BackMsg is esc with nothing to clear.
	BackMsg struct{}
	// PollMsg asks to take the integration into polling, or out of it.
	PollMsg struct {
		Profile string
		On      bool
	}
)

// Model is the fleet view.
type Model struct {
	keys      KeyMap
	styles    Styles
	rows      []fleet.Row
	cursor    int
	filter    string
	filtering bool
	width     int
	height    int
}

// Option configures New.
type Option func(*Model)

// WithKeyMap replaces the bindings.
func WithKeyMap(k KeyMap) Option { return func(m *Model) { m.keys = k } }

// WithStyles replaces the styles.
func WithStyles(s Styles) Option { return func(m *Model) { m.styles = s } }

// WithSize sets the frame's size.
func WithSize(w, h int) Option { return func(m *Model) { m.width, m.height = w, h } }

// New is a fleet view with no rows yet.
func New(opts ...Option) Model {
	m := Model{keys: DefaultKeyMap(), styles: DefaultStyles(), width: 80, height: 24}
	for _, o := range opts {
		o(&m)
	}
	return m
}

// SetRows hands the view the fleet's rows, sorted.
func (m Model) SetRows(rows []fleet.Row) Model {
	m.rows = rows
	m.cursor = min(m.cursor, max(len(m.visible())-1, 0))
	return m
}

// SetSize sets the frame's size.
func (m Model) SetSize(w, h int) Model { m.width, m.height = w, h; return m }

// SetStyles draws with other styles from now on (another theme).
func (m Model) SetStyles(s Styles) Model { m.styles = s; return m }

// Filtering says keys type into the filter.
func (m Model) Filtering() bool { return m.filtering }

// ShortHelp are the keys the view offers now.
func (m Model) ShortHelp() []key.Binding {
	if m.filtering {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		}
	}
	_, ok := m.Selected()
	open, poll := m.keys.Open, m.keys.Poll
	open.SetEnabled(ok)
	poll.SetEnabled(ok)
	back := m.keys.Back
	back.SetEnabled(m.filter != "")
	return []key.Binding{m.keys.Down, open, m.keys.Filter, poll, back}
}

// Filter is the filter typed so far.
func (m Model) Filter() string { return m.filter }

// visible are the rows the filter keeps: label, profile or host holding it.
func (m Model) visible() []fleet.Row {
	if m.filter == "" {
		return m.rows
	}
	f := strings.ToLower(m.filter)
	var out []fleet.Row
	for _, r := range m.rows {
		if strings.Contains(strings.ToLower(r.Label+" "+r.Profile+" "+r.Host), f) {
			out = append(out, r)
		}
	}
	return out
}

// Selected is the row under the cursor; false when there is none.
func (m Model) Selected() (fleet.Row, bool) {
	v := m.visible()
	if m.cursor < 0 || m.cursor >= len(v) {
		return fleet.Row{}, false
	}
	return v[m.cursor], true
}

// Update handles keys and sizes.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m.SetSize(msg.Width, msg.Height), nil
	case tea.KeyMsg:
		if m.filtering {
			return m.typeFilter(msg), nil
		}
		return m.key(msg)
	}
	return m, nil
}

func (m Model) typeFilter(msg tea.KeyMsg) Model {
	switch msg.Type {
	case tea.KeyEnter:
		m.filtering = false
	case tea.KeyEsc:
		m.filtering, m.filter = false, ""
	case tea.KeyBackspace:
		if r := []rune(m.filter); len(r) > 0 {
			m.filter = string(r[:len(r)-1])
		}
	case tea.KeyRunes, tea.KeySpace:
		m.filter += string(msg.Runes)
	}
	m.cursor = min(m.cursor, max(len(m.visible())-1, 0))
	return m
}

func (m Model) key(msg tea.KeyMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Up):
		m.cursor = max(m.cursor-1, 0)
	case key.Matches(msg, m.keys.Down):
		m.cursor = min(m.cursor+1, max(len(m.visible())-1, 0))
	case key.Matches(msg, m.keys.Filter):
		m.filtering = true
	case key.Matches(msg, m.keys.Back):
		if m.filter != "" {
			m.filter = ""
			return m, nil
		}
		return m, emit(BackMsg{})
	case key.Matches(msg, m.keys.Open):
		if r, ok := m.Selected(); ok && r.State != fleet.Unopened {
			return m, emit(OpenMsg{Profile: r.Profile})
		}
	case key.Matches(msg, m.keys.Poll):
		if r, ok := m.Selected(); ok {
			return m, emit(PollMsg{Profile: r.Profile, On: !r.Polled})
		}
	}
	return m, nil
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
