package model

// The Overview tab: what needs attention now, how the integration moved
// (trends from the kept history), the integration's counts and the
// connection's health.
//
// Strategies per status costs five requests per poll, all with pageSize=1
// so each answer is a few hundred bytes: GET /strategies?status=X for the
// four filterable states, plus one without a status for the listed total.
// The interface has no cheaper per-status count; the requests run in
// parallel inside one command, and only while the Overview is visible.
// Which row a read returns costs nothing, so with the movers' finder the
// halted statuses are read at the row (or the page) its search asks for,
// in creation order, and the rows are handed to it with the totals
// (activity_movers.go).

import (
	"context"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// countedStatuses are the states GET /strategies can filter on.
var countedStatuses = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted}

// countsData is the prepared reply of the counts feed.
type countsData struct {
	counts []ui.StatusCount
	total  int
}

// overviewMsg carries the root's stats and health to the Overview after
// every reply; statsRead says the reply was the stats', whose users count
// and latency the history keeps.
type overviewMsg struct {
	stats     *api.DashboardStats
	statsAt   time.Time // when the stats last answered well
	health    ui.Health
	statsRead bool
	failed    bool
	latency   time.Duration
	at        time.Time
	now       time.Time // the display clock's: the ages on screen are at now
}

type overviewTab struct {
	base
	counts source[*countsData]
	stats  *api.DashboardStats
	health ui.Health
	now    time.Time
	hist   overviewHistory
	attn   []ui.AttentionLine
	// moves are the increases of the halted totals seen between two reads
	// of the counts, kept for attentionWindow: a total that moved with no
	// mover named says so rather than "nothing".
	moves []countMove
	sel   int
	body  string
}

// countMove is one status total growing between two reads.
type countMove struct {
	status string
	by     int
	at     time.Time
}

func newOverviewTab(e *env) overviewTab {
	t := overviewTab{base: base{env: e}, counts: newSource[*countsData](feedCounts)}
	t.hist.cache = &trendCache{}
	return t.render()
}

// Start reads the history file; the program runs the command after start,
// so the first frame is drawn without it.
func (t overviewTab) Start() (tab, tea.Cmd) { return t, loadHistory(t.env) }

func (t overviewTab) fetchCounts(gen uint64) tea.Cmd {
	client, prev, finder := t.env.api, t.counts.data, t.env.movers.finder()
	return fetchCmd(t.env, feedCounts, gen, func(ctx context.Context) (*countsData, error) {
		out := &countsData{counts: make([]ui.StatusCount, len(countedStatuses))}
		errs := make([]error, len(countedStatuses)+1)
		reads := make([]watch.CountRead, len(countedStatuses))
		first := watch.Mark()
		var wg sync.WaitGroup
		count := func(i int, f api.StrategyFilter, set func(p *api.StrategiesPage)) {
			defer wg.Done()
			p, err := orEmpty(client.ListStrategies(ctx, f))
			if err == nil {
				set(p)
			}
			errs[i] = err
		}
		for i, st := range countedStatuses {
			f := api.StrategyFilter{Status: st, PageSize: 1}
			if finder != nil {
				f = finder.Want(st) // the row it returns is one the movers' finder looks for
			}
			wg.Add(1)
			go count(i, f, func(p *api.StrategiesPage) {
				out.counts[i] = ui.StatusCount{Status: st, Count: p.TotalCount}
				reads[i] = watch.CountRead{Status: st, Page: f.Page, PageSize: f.PageSize, Total: p.TotalCount, Rows: p.Strategies}
			})
		}
		wg.Add(1)
		go count(len(countedStatuses), api.StrategyFilter{PageSize: 1}, func(p *api.StrategiesPage) { out.total = p.TotalCount })
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		if finder != nil {
			finder.Counted(first, reads)
		}
		if prev != nil && sameCounts(*prev, *out) {
			return prev, nil
		}
		return out, nil
	})
}

func (t overviewTab) Update(msg tea.Msg) (tab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case overviewMsg:
		t.stats, t.health, t.now = msg.stats, msg.health, msg.now
		if msg.statsRead {
			t.hist, cmd = t.hist.add(t.env, t.statsSample(msg))
		}
		if !t.active {
			return t, cmd // drawn when shown
		}
	case fetchedMsg:
		var accepted bool
		prev := t.counts.data
		t.counts, accepted, _ = t.counts.settle(msg, t.env)
		if accepted && prev != nil && t.counts.data != prev {
			t.moves = addMoves(t.moves, prev, t.counts.data, t.env.now())
		}
		t.counts, cmd = t.counts.rearm(accepted, t.active, t.fetchCounts)
		if msg.gen == t.counts.gen || accepted {
			var c2 tea.Cmd
			t.hist, c2 = t.hist.add(t.env, t.countsSample(msg))
			cmd = tea.Batch(cmd, c2)
		}
	case pollMsg:
		t.counts, cmd = t.counts.poll(msg, t.active, t.fetchCounts)
		return t, cmd
	case historyLoadedMsg:
		if msg.session != t.env.session {
			return t, nil
		}
		t.hist = t.hist.loaded(msg)
		t.env.trends.h = t.hist.h
	case historySavedMsg:
		if msg.session != t.env.session {
			return t, nil
		}
		t.hist = t.hist.saved(msg)
	case pricesSeenMsg:
		t.hist, cmd = t.hist.add(t.env, msg.sample)
		return t, cmd // the Overview draws no prices
	case attentionMsg:
		t.attn = msg.lines
		t.sel = max(min(t.sel, len(t.lines())-1), 0)
		if !t.active {
			return t, nil
		}
	case tea.KeyMsg:
		return t.updateKey(msg)
	default:
		return t, nil
	}
	return t.render(), cmd
}

// updateKey moves in Needs attention, opens a line, and switches the
// trends' window.
func (t overviewTab) updateKey(msg tea.KeyMsg) (tab, tea.Cmd) {
	k := t.env.keys.List
	switch {
	case key.Matches(msg, k.Up):
		t.sel = max(t.sel-1, 0)
	case key.Matches(msg, k.Down):
		t.sel = max(min(t.sel+1, len(t.lines())-1), 0)
	case key.Matches(msg, k.Longer):
		t.hist = t.hist.shift(1)
		t.env.trends.window = t.hist.window
	case key.Matches(msg, k.Shorter):
		t.hist = t.hist.shift(-1)
		t.env.trends.window = t.hist.window
	case key.Matches(msg, k.Enter):
		lines := t.lines()
		if t.sel >= len(lines) {
			return t, nil
		}
		l := lines[t.sel]
		if l.Strategy == 0 && l.User == "" && l.Alert == "" {
			return t, nil
		}
		j := jumpMsg{strategy: l.Strategy, user: l.User, alert: l.Alert}
		return t, func() tea.Msg { return j }
	default:
		return t, nil
	}
	return t.render(), nil
}

// countsSample is what a read of the counts tells the history.
func (t overviewTab) countsSample(msg fetchedMsg) history.Sample {
	s := history.Sample{Time: t.env.now(), Users: -1, Latency: msg.latency, Failed: msg.err != nil}
	if d, ok := msg.data.(*countsData); ok && d != nil && msg.err == nil {
		s.Counts = make(map[string]int, len(d.counts))
		for _, c := range d.counts {
			s.Counts[string(c.Status)] = c.Count
		}
	}
	return s
}

// statsSample is what a read of the stats tells the history.
func (t overviewTab) statsSample(msg overviewMsg) history.Sample {
	s := history.Sample{Time: msg.at, Users: -1, Latency: msg.latency, Failed: msg.failed}
	if msg.stats != nil && !msg.failed {
		s.Users = int(msg.stats.UsersCount)
	}
	return s
}

func sameCounts(a, b countsData) bool {
	if a.total != b.total || len(a.counts) != len(b.counts) {
		return false
	}
	for i := range a.counts {
		if a.counts[i] != b.counts[i] {
			return false
		}
	}
	return true
}

func (t overviewTab) render() overviewTab {
	now := t.now
	if now.IsZero() {
		now = t.env.now()
	}
	d := ui.OverviewData{Health: t.health, Now: now, Selected: t.sel}
	if t.stats != nil {
		d.HasStats, d.Users, d.Strategies = true, t.stats.UsersCount, t.stats.StrategiesCount
	}
	if t.counts.data != nil {
		d.CountsLoaded, d.Counts, d.ListedTotal = true, t.counts.data.counts, t.counts.data.total
	} else {
		d.CountsError = t.counts.errText(t.env.host)
	}
	d.Attention = t.lines()
	d.Trends, d.TrendLines = t.hist.cached(t.env.styles, now, t.env.charts, ui.OverviewChartWidth(t.width))
	t.body = ui.Overview(t.env.styles, d, t.width, t.height)
	return t
}

// lines are Needs attention's lines: a failing connection first, then
// what the root handed over.
func (t overviewTab) lines() []ui.AttentionLine {
	h := t.health
	var lines []ui.AttentionLine
	if h.ConsecutiveErrors > 0 {
		start := h.OutageStart
		if start.IsZero() {
			start = h.LastErrorAt
		}
		lines = append(lines, ui.AttentionLine{At: start, Kind: ui.AttentionConnection,
			Note: h.LastError + " · " + itoa(int64(h.ConsecutiveErrors)) + " failed reads in a row, outage " + ui.OutageText(start, t.now)})
	}
	lines = append(lines, t.unnamed()...)
	// An outage that ended stays listed for the hour after, newest first.
	for i := len(h.Ended) - 1; i >= 0; i-- {
		o := h.Ended[i]
		if t.now.Sub(o.End) > time.Hour {
			continue
		}
		lines = append(lines, ui.AttentionLine{At: o.End, Kind: ui.AttentionConnection, Note: ui.EndedOutageText(o)})
	}
	if len(lines) == 0 {
		return t.attn
	}
	return append(lines, t.attn...)
}

func (t overviewTab) View() string { return t.body }

func (t overviewTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	return t.render()
}

func (t overviewTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	if !on {
		return t, nil
	}
	var cmd tea.Cmd
	t.counts, cmd = t.counts.activate(t.env.now(), t.fetchCounts)
	return t.render(), cmd
}

func (t overviewTab) Refresh() (tab, tea.Cmd) {
	var cmd tea.Cmd
	t.counts, cmd = t.counts.start(t.fetchCounts)
	return t, cmd
}

// Help lists the Overview's keys: move in Needs attention, open a line,
// switch the trends' window.
func (t overviewTab) Help() ui.HelpMap {
	k := t.env.keys.List
	keys := []key.Binding{k.Up, k.Down, ui.Enabled(k.Enter, len(t.lines()) > 0), k.Longer, k.Shorter}
	return ui.HelpMap{Short: keys, Full: [][]key.Binding{keys}}
}

func (t overviewTab) Status() ui.Status { return t.counts.status(t.env.host) }

func (t overviewTab) Capturing() bool { return false }

func (t overviewTab) Selection() selection { return selection{} }
