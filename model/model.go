package model

import (
	"context"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// Overlay is a modal layer over the body, such as a confirmation dialog
// (issue 5). While one is open it receives every key; it closes itself by
// returning nil.
type Overlay interface {
	Update(msg tea.Msg) (Overlay, tea.Cmd)
	View(width, height int) string
}

// Model is the root of the dashboard: header, tab bar, the four tabs, status
// line and help. Update has a value receiver and returns the new Model; View
// joins strings built by Update and has no side effects.
type Model struct {
	d      *deps
	width  int
	height int
	active int
	tabs   [tabCount]tab

	stats     feed
	statsData *api.DashboardStats
	health    ui.Health
	chosen    string // chosen user's external id, "" for none

	showHelp bool
	notice   string
	overlay  Overlay
	inflight map[int64]bool // strategies with an action in flight (copy-on-write)

	initCmds []tea.Cmd
	chrome   chrome
}

// New builds the dashboard on a client. Nothing is fetched until the
// program runs Init; the first frame is drawn before any answer.
func New(client API, opts ...Option) Model {
	d := newDeps(client, opts)
	m := Model{d: d, stats: feed{owner: ownStats}, chosen: ui.SanitizeLimit(d.user, maxFieldRunes)}
	m.health = ui.Health{Profile: ui.Sanitize(d.profile), Host: d.host, Interval: d.interval}
	m.tabs[tabOverview] = newOverviewTab(d)
	m.tabs[tabStrategies] = newStrategiesTab(d, m.chosen)
	m.tabs[tabPools] = newPoolsTab(d, m.chosen)
	m.tabs[tabUsers] = newUsersTab(d, m.chosen)

	var c1, c2 tea.Cmd
	m.stats, c1 = startFetch(m.stats, m.fetchStats)
	m.tabs[m.active], c2 = m.tabs[m.active].Activate(true)
	m.initCmds = []tea.Cmd{c1, c2}
	return m.layout()
}

// Init starts the first fetches (prepared by New).
func (m Model) Init() tea.Cmd { return tea.Batch(m.initCmds...) }

func (m Model) fetchStats(gen uint64) tea.Cmd {
	client := m.d.api
	return fetchCmd(m.d, ownStats, gen, func(ctx context.Context) (any, error) {
		s, err := client.GetDashboardStats(ctx)
		if err == nil && s == nil {
			err = errEmptyAnswer
		}
		if err != nil {
			return nil, err
		}
		return s, nil
	})
}

// Update handles one message.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m = m.layout()
	case tea.KeyMsg:
		m, cmd = m.handleKey(msg)
	case fetchedMsg:
		m, cmd = m.receive(msg)
	case pollMsg:
		if msg.owner == ownStats {
			m.stats, cmd = pollFeed(m.stats, msg, true, m.fetchStats)
			return m, cmd // a tick changes nothing on screen
		}
		m, cmd = m.route(msg)
	case chooseUserMsg:
		m, cmd = m.choose(msg.ExternalID)
	case ActionRequestMsg:
		m, cmd = m.requestAction(msg)
	case actionReplyMsg, actionRereadMsg, bulkReplyMsg:
		m, cmd = m.actionReply(msg)
	default:
		m, cmd = m.route(msg)
	}
	return m.refreshChrome(), cmd
}

// receive records a reply in the connection health and routes it.
func (m Model) receive(msg fetchedMsg) (Model, tea.Cmd) {
	now := m.d.now()
	h := m.health
	if msg.err == nil {
		h.LastGood, h.Latency, h.ConsecutiveErrors = now, msg.latency, 0
	} else {
		h.ConsecutiveErrors++
		h.LastError, h.LastErrorAt = ui.ErrorText(msg.err, m.d.host), now
	}
	m.health = h
	var cmd tea.Cmd
	if msg.owner == ownStats {
		var ok bool
		m.stats, ok = receive(m.stats, msg, m.d, func(data any) bool {
			nd := data.(*api.DashboardStats)
			changed := m.statsData == nil || *m.statsData != *nd
			if changed {
				m.statsData = nd
			}
			return changed
		})
		m.stats, cmd = next(m.stats, ok, true, m.fetchStats)
	} else {
		m, cmd = m.route(msg)
	}
	// The Overview shows health and stats; it redraws only while visible.
	var c2 tea.Cmd
	m.tabs[tabOverview], c2 = m.tabs[tabOverview].Update(overviewMsg{stats: m.statsData, health: m.health})
	return m, tea.Batch(cmd, c2)
}

// route sends a reply or poll to the tab owning it, other messages to all.
func (m Model) route(msg tea.Msg) (Model, tea.Cmd) {
	var o owner
	switch msg := msg.(type) {
	case fetchedMsg:
		o = msg.owner
	case pollMsg:
		o = msg.owner
	default:
		return m.broadcast(msg)
	}
	i := tabOf(o)
	var cmd tea.Cmd
	m.tabs[i], cmd = m.tabs[i].Update(msg)
	return m, cmd
}

// tabOf is the tab owning a feed.
func tabOf(o owner) int {
	switch o {
	case ownStrategies, ownStrategyDetail:
		return tabStrategies
	case ownPools, ownPoolDetail:
		return tabPools
	case ownUsers, ownUserDetail:
		return tabUsers
	}
	return tabOverview
}

// broadcast sends msg to every tab.
func (m Model) broadcast(msg tea.Msg) (Model, tea.Cmd) {
	cmds := make([]tea.Cmd, 0, tabCount)
	for i := range m.tabs {
		var cmd tea.Cmd
		m.tabs[i], cmd = m.tabs[i].Update(msg)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// choose makes a user the chosen one ("" clears) for every tab.
func (m Model) choose(externalID string) (Model, tea.Cmd) {
	if externalID == m.chosen {
		return m, nil
	}
	m.chosen = externalID
	return m.broadcast(userChosenMsg{ExternalID: externalID})
}

// handleKey routes a key: overlay first, then a capturing tab, then the
// global keys, then the visible tab.
func (m Model) handleKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.d.keys
	m.notice = ""
	if msg.Type == tea.KeyCtrlC {
		return m, tea.Quit
	}
	if m.overlay != nil {
		if key.Matches(msg, k.Refresh) {
			// Data may refresh under a dialog; its target is captured.
			return m.refresh()
		}
		var cmd tea.Cmd
		m.overlay, cmd = m.overlay.Update(msg)
		m, c2 := m.afterOverlay()
		return m, tea.Batch(cmd, c2)
	}
	if m.showHelp {
		switch {
		case key.Matches(msg, k.Quit):
			return m, tea.Quit
		case key.Matches(msg, k.Help), key.Matches(msg, k.Back):
			m.showHelp = false
		}
		return m, nil
	}
	cur := m.tabs[m.active]
	if !cur.Capturing() {
		switch {
		case key.Matches(msg, k.Quit):
			return m, tea.Quit
		case key.Matches(msg, k.Help):
			m.showHelp = true
			return m, nil
		case key.Matches(msg, k.Redraw):
			return m, tea.ClearScreen
		case key.Matches(msg, k.Refresh):
			return m.refresh()
		case key.Matches(msg, k.Tab1):
			return m.switchTab(tabOverview)
		case key.Matches(msg, k.Tab2):
			return m.switchTab(tabStrategies)
		case key.Matches(msg, k.Tab3):
			return m.switchTab(tabPools)
		case key.Matches(msg, k.Tab4):
			return m.switchTab(tabUsers)
		case key.Matches(msg, k.NextTab):
			return m.switchTab((m.active + 1) % tabCount)
		case key.Matches(msg, k.PrevTab):
			return m.switchTab((m.active + tabCount - 1) % tabCount)
		}
	}
	var cmd tea.Cmd
	m.tabs[m.active], cmd = cur.Update(msg)
	return m, cmd
}

// switchTab hides the visible tab and shows tab i, which fetches what is due.
func (m Model) switchTab(i int) (Model, tea.Cmd) {
	if i == m.active {
		return m, nil
	}
	var cmd tea.Cmd
	m.tabs[m.active], _ = m.tabs[m.active].Activate(false)
	m.active = i
	m.tabs[i], cmd = m.tabs[i].Activate(true)
	return m, cmd
}

// refresh fetches the stats and the visible tab now (ctrl+r).
func (m Model) refresh() (Model, tea.Cmd) {
	var c1, c2 tea.Cmd
	m.stats, c1 = startFetch(m.stats, m.fetchStats)
	m.tabs[m.active], c2 = m.tabs[m.active].Refresh()
	return m, tea.Batch(c1, c2)
}

// bodySize is the size left for a tab between header and footer.
func (m Model) bodySize() (int, int) {
	return m.width, max(m.height-ui.HeaderHeight-ui.FooterHeight, 1)
}

// layout pushes the body size to every tab.
func (m Model) layout() Model {
	if m.width <= 0 || m.height <= 0 {
		return m.refreshChrome()
	}
	w, h := m.bodySize()
	for i := range m.tabs {
		m.tabs[i] = m.tabs[i].SetSize(w, h)
	}
	return m.refreshChrome()
}

// View draws the frame.
func (m Model) View() string {
	switch {
	case m.width <= 0 || m.height <= 0:
		// Before the first WindowSizeMsg: a one-line skeleton, at once.
		return m.chrome.header + "\n" + m.chrome.tabs + "\nloading…"
	case m.width < ui.MinWidth || m.height < ui.MinHeight:
		return m.chrome.tooSmall
	}
	body := m.tabs[m.active].View()
	switch {
	case m.overlay != nil:
		w, h := m.bodySize()
		body = m.overlay.View(w, h)
	case m.showHelp:
		body = m.chrome.fullHelp
	}
	return m.chrome.header + "\n" + m.chrome.tabs + "\n" + body + "\n" + m.chrome.status + "\n" + m.chrome.help
}

// Tea adapts the Model to tea.Model for tea.NewProgram (Model.Update
// returns the concrete type, as bubbles components do).
func (m Model) Tea() tea.Model { return program{m: m} }

// FromTea returns the Model inside a tea.Model made by Tea, e.g. the final
// model of a finished program.
func FromTea(tm tea.Model) (Model, bool) {
	p, ok := tm.(program)
	return p.m, ok
}

// program is the tea.Model adapter of Tea.
type program struct{ m Model }

func (p program) Init() tea.Cmd { return p.m.Init() }

func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := p.m.Update(msg)
	return program{m: m}, cmd
}

func (p program) View() string { return p.m.View() }
