package model

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/ui"
)

// Model is the root of the dashboard: header, tab bar, the tabs of the
// registry, status line and help, and the action workflow. It routes; it
// never reaches into a tab's fields. Update has a value receiver and
// returns the new Model; View joins strings built by Update and has no side
// effects.
type Model struct {
	env    *env
	width  int
	height int
	active int
	tabs   []tab
	owners map[feedID]int // feed -> index of the tab that owns it
	// observer is the index of the tab taking observations (-1: none).
	observer int

	stats  source[*api.DashboardStats]
	health health // the connection's, from the requests' own outcomes (health.go)
	chosen string // chosen user's external id, "" for none

	overlays         // help, switcher, command line (overlay.go)
	notes    notices // the status line's notices, queued (notices.go)
	acts     workflow
	pace     pacer

	initCmds []tea.Cmd
	chrome   chrome
	clock    displayClock // the 1 s tick of the ages on screen (clock.go)
	attn     attentionKey // what the Overview's Needs attention was built from
	sil      amSilences   // Alertmanager's silences as last read (overview_silences.go)
	tools    toolbox      // copy, export, sort, mouse (toolbox.go)

	history commandHistory // the command line's, per integration (palette_history.go)
}

// New builds the dashboard on a client. ctx is the program's: quitting (or
// cancelling it) cancels every request in flight. Nothing is fetched until
// the program runs Init; the first frame is drawn before any answer.
func New(ctx context.Context, client API, opts ...Option) Model {
	return newModel(ctx, client, opts, nil)
}

// newModel is New with options in two parts: base, those the program was
// started with (kept for a profile switch), and extra, a profile's own.
func newModel(ctx context.Context, client API, base, extra []Option) Model {
	e := newEnv(ctx, client, base, extra)
	m := Model{env: e, stats: newSource[*api.DashboardStats](feedStats), chosen: text.CleanN(e.user, maxFieldRunes),
		owners: feedOwners(), acts: newWorkflow(e)}
	e.loadWatches()
	m.tabs = make([]tab, len(tabs))
	m.observer = -1
	var c1, c2 tea.Cmd
	m.stats, c1 = m.stats.start(m.fetchStats)
	m.initCmds = []tea.Cmd{c1}
	for i, spec := range tabs {
		m.tabs[i] = spec.build(e, m.chosen)
		if _, ok := m.tabs[i].(observer); ok {
			m.observer = i
		}
		if s, ok := m.tabs[i].(starter); ok {
			var cmd tea.Cmd
			m.tabs[i], cmd = s.Start()
			m.initCmds = append(m.initCmds, cmd)
		}
	}
	m.tabs[m.active], c2 = m.tabs[m.active].Activate(true)
	// The terminal's mouse mode is set either way: a model made by a
	// profile switch takes over a terminal whose mode M may have changed.
	m.tools.mouse = e.tools.mouse
	m.initCmds = append(m.initCmds, c2, m.windowTitle(), mouseCmd(m.tools.mouse), readSilences(e))
	if e.startNotice != "" {
		m = m.say(text.Clean(e.startNotice))
	}
	return m.layout()
}

// Init starts the first fetches (prepared by New).
func (m Model) Init() tea.Cmd { return tea.Batch(m.initCmds...) }

func (m Model) fetchStats(gen uint64) tea.Cmd {
	client, prev := m.env.api, m.stats.data
	return fetchCmd(m.env, feedStats, gen, func(ctx context.Context) (*api.DashboardStats, error) {
		s, err := orEmpty(client.GetDashboardStats(ctx))
		if err != nil {
			return nil, err
		}
		if prev != nil && *prev == *s {
			return prev, nil
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
		if m.hidden() {
			m = m.hideOverlays()
		}
		m.traced(nil, shownDialog{})
	case tea.KeyMsg:
		var c1 tea.Cmd
		if m.pace.blurred {
			// A key proves someone is looking, whatever the focus reports.
			m, c1 = m.focus()
		}
		m, cmd = m.handleKeys(msg)
		cmd = tea.Batch(c1, cmd)
	case fetchedMsg:
		if msg.session != m.env.session {
			return m, nil // a reply for the profile switched away from
		}
		m, cmd = m.settle(msg)
	case tea.BlurMsg:
		m.pace = m.pace.blur(m.env.now())
		m.env.engine.pace(true)
		return m, nil
	case tea.FocusMsg:
		m, cmd = m.focus()
	case paceWakeMsg:
		var polls []pollMsg
		var wake tea.Cmd
		m.pace, polls, wake = m.pace.wake(msg, m.env)
		m, cmd = m.polls(polls)
		cmd = tea.Batch(wake, cmd)
	case pollMsg:
		var ok bool
		m.pace, ok, cmd = m.pace.admit(msg, m.env)
		if !ok {
			return m, cmd
		}
		m, cmd = m.poll(msg)
		if msg.feed == feedStats {
			return m, cmd // a tick changes nothing on screen
		}
	case profilesListedMsg, profileConnectedMsg:
		m, cmd = m.settleProfiles(msg)
	case chooseUserMsg:
		m, cmd = m.choose(msg.ExternalID)
	case tea.MouseMsg:
		m, cmd = m.handleMouse(msg)
	case toolMsg:
		m, cmd = m.settleTool(msg)
	case paletteTurnMsg, paletteFoundMsg, historyReadMsg, historyWrittenMsg:
		m, cmd = m.settlePalette(msg)
	case jumpMsg:
		m, cmd = m.jump(msg)
	case jobSeenMsg:
		m, cmd = m.observeJob(msg)
	case silencesReadMsg, silencesPollMsg:
		m, cmd = m.settleSilences(msg)
	case actionDoneMsg, bulkDoneMsg, jobSentMsg, jobTickMsg, jobPolledMsg:
		var ef effect
		m.acts, ef = m.acts.settle(msg)
		m, cmd = m.apply(ef)
	case watchSavedMsg:
		// Said where the operator is, not only on the Activity tab: a
		// watch that was not saved is lost at the next start.
		if msg.err != nil {
			m = m.say(ui.WatchesUnsaved(msg.err.Error()))
		}
		m, cmd = m.broadcast(msg)
	case jobCountMsg:
		var ef effect
		m.acts, ef = m.acts.counted(msg)
		m, cmd = m.apply(ef)
	case clockMsg:
		var ok bool
		if m.clock, ok = m.clock.tick(msg); ok {
			// Only the Overview draws ages from it.
			m, cmd = m.route(feedCounts, m.overviewNews())
		}
	default:
		m, cmd = m.broadcast(msg)
	}
	if _, key := msg.(tea.KeyMsg); !key && !m.hidden() {
		m.acts = m.acts.nextReport()
	}
	m = m.refreshAttention().refreshChrome()
	var tick tea.Cmd
	m, tick = m.rearmClock()
	return m, tea.Batch(cmd, tick)
}

// focus ends pacing and runs every poll it held back.
func (m Model) focus() (Model, tea.Cmd) {
	var polls []pollMsg
	m.pace, polls = m.pace.focus(m.env.now())
	m.env.engine.pace(false)
	return m.polls(polls)
}

// polls runs polls released by the pacer.
func (m Model) polls(polls []pollMsg) (Model, tea.Cmd) {
	cmds := make([]tea.Cmd, 0, len(polls))
	for _, p := range polls {
		var cmd tea.Cmd
		m, cmd = m.poll(p)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// poll hands a poll to the feed's owner: the root's stats or a tab.
func (m Model) poll(msg pollMsg) (Model, tea.Cmd) {
	if msg.feed == feedStats {
		var cmd tea.Cmd
		m.stats, cmd = m.stats.poll(msg, true, m.fetchStats)
		return m, cmd
	}
	return m.route(msg.feed, msg)
}

// settle records a reply in the connection health and routes it.
func (m Model) settle(msg fetchedMsg) (Model, tea.Cmd) {
	m.health = m.health.recordAll(msg.attempts)
	if m.notes.first() == ui.NoticeRefreshing && len(msg.attempts) > 0 {
		m.notes = notices{shown: m.notes.shown[1:]} // it was: an answer is in
	}
	m, c0 := m.recordPrices(msg)
	var cmd tea.Cmd
	if msg.feed == feedStats {
		var accepted bool
		m.stats, accepted, _ = m.stats.settle(msg, m.env)
		m.stats, cmd = m.stats.rearm(accepted, true, m.fetchStats)
	} else {
		m, cmd = m.route(msg.feed, msg)
	}
	// The stats and health go to every tab that follows them (the Overview,
	// the Users tab's count); the Overview redraws only while visible.
	var c2, c3 tea.Cmd
	news := m.overviewNews()
	news.statsRead, news.failed, news.latency, news.at = msg.feed == feedStats, msg.err != nil, msg.latency, m.env.now()
	m, c2 = m.broadcast(news)
	m, c3 = m.observe(msg)
	return m, tea.Batch(c0, cmd, c2, c3)
}

// overviewNews is the stats and the health at the display clock's time.
func (m Model) overviewNews() overviewMsg {
	h := m.health.view(m.env)
	if m.stats.failures > 0 {
		h.Backoff = m.stats.delay // the stats poll on every tab: their pace is the one in effect
	}
	return overviewMsg{stats: m.stats.data, statsAt: m.stats.lastOK, health: h, now: m.displayNow()}
}

// route sends a reply or poll to the tab owning its feed.
func (m Model) route(id feedID, msg tea.Msg) (Model, tea.Cmd) {
	i, ok := m.owners[id]
	if !ok {
		return m, nil
	}
	var cmd tea.Cmd
	m.tabs[i], cmd = m.tabs[i].Update(msg)
	return m, cmd
}

// broadcast sends msg to every tab.
func (m Model) broadcast(msg tea.Msg) (Model, tea.Cmd) {
	cmds := make([]tea.Cmd, 0, len(m.tabs))
	for i := range m.tabs {
		var cmd tea.Cmd
		m.tabs[i], cmd = m.tabs[i].Update(msg)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// apply carries out what a workflow step asks: a notice, its command, and
// news for the tabs.
func (m Model) apply(ef effect) (Model, tea.Cmd) {
	if ef.notice != "" {
		m = m.say(ef.notice)
	}
	if ef.copy != "" {
		var cmd tea.Cmd
		m, cmd = m.copyLine(ef.copy)
		ef.cmd = tea.Batch(ef.cmd, cmd)
	}
	if !ef.news {
		return m, ef.cmd
	}
	var cmd tea.Cmd
	m, cmd = m.broadcast(workflowMsg{pending: m.acts.inflight, records: ef.records, unmark: ef.unmark})
	return m, tea.Batch(ef.cmd, cmd)
}

// choose makes a user the chosen one ("" clears) for every tab.
func (m Model) choose(externalID string) (Model, tea.Cmd) {
	if externalID == m.chosen {
		return m, nil
	}
	m.chosen = externalID
	return m.broadcast(userChosenMsg{ExternalID: externalID})
}

// switchTab hides the visible tab and shows tab i, which fetches what is due.
func (m Model) switchTab(i int) (Model, tea.Cmd) {
	if i == m.active || i < 0 || i >= len(m.tabs) {
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
	m.stats, c1 = m.stats.start(m.fetchStats)
	m.tabs[m.active], c2 = m.tabs[m.active].Refresh()
	return m.say(ui.NoticeRefreshing), tea.Batch(c1, c2)
}

// bodySize is the size left for a tab between header and footer.
func (m Model) bodySize() (int, int) {
	return m.width, max(m.height-ui.HeaderHeight-ui.FooterHeight, 1)
}

// hidden reports whether the frame is not drawn: before the first size, or
// while the terminal is too small. Nothing acts then.
func (m Model) hidden() bool {
	return m.width < ui.MinWidth || m.height < ui.MinHeight
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
		return m.chrome.header + "\n" + m.chrome.tabs + "\n" + ui.Loading
	case m.hidden():
		return m.chrome.tooSmall
	}
	body := m.overlayBody(m.tabs[m.active].View())
	return m.chrome.header + "\n" + m.chrome.tabs + "\n" + body + "\n" + m.chrome.status + "\n" + m.chrome.help
}
