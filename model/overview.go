package model

// The Overview tab: headline counts (from the root's stats feed), the
// integration's strategies per status, and the connection's health.
//
// Strategies per status costs five requests per poll, all with pageSize=1
// so each answer is a few hundred bytes: GET /strategies?status=X for the
// four filterable states, plus one without a status for the listed total.
// The interface has no cheaper per-status count; the requests run in
// parallel inside one command, and only while the Overview is visible.

import (
	"context"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// countedStatuses are the states GET /strategies can filter on.
var countedStatuses = []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted}

// countsData is the prepared reply of the counts feed.
type countsData struct {
	counts []ui.StatusCount
	total  int
}

// overviewMsg carries the root's stats and health to the Overview.
type overviewMsg struct {
	stats   *api.DashboardStats
	statsAt time.Time // when the stats last answered well
	health  ui.Health
	now     time.Time // the display clock's: the panel's ages are at now
}

type overviewTab struct {
	base
	counts source[*countsData]
	stats  *api.DashboardStats
	health ui.Health
	now    time.Time
	body   string
}

func newOverviewTab(e *env) overviewTab {
	t := overviewTab{base: base{env: e}, counts: newSource[*countsData](feedCounts)}
	return t.render()
}

func (t overviewTab) fetchCounts(gen uint64) tea.Cmd {
	client, prev := t.env.api, t.counts.data
	return fetchCmd(t.env, feedCounts, gen, func(ctx context.Context) (*countsData, error) {
		out := &countsData{counts: make([]ui.StatusCount, len(countedStatuses))}
		errs := make([]error, len(countedStatuses)+1)
		var wg sync.WaitGroup
		count := func(i int, f api.StrategyFilter, set func(n int)) {
			defer wg.Done()
			p, err := orEmpty(client.ListStrategies(ctx, f))
			if err == nil {
				set(p.TotalCount)
			}
			errs[i] = err
		}
		for i, st := range countedStatuses {
			wg.Add(1)
			go count(i, api.StrategyFilter{Status: st, PageSize: 1}, func(n int) { out.counts[i] = ui.StatusCount{Status: st, Count: n} })
		}
		wg.Add(1)
		go count(len(countedStatuses), api.StrategyFilter{PageSize: 1}, func(n int) { out.total = n })
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
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
		if !t.active {
			return t, nil // drawn when shown
		}
	case fetchedMsg:
		var accepted bool
		t.counts, accepted, _ = t.counts.settle(msg, t.env)
		t.counts, cmd = t.counts.rearm(accepted, t.active, t.fetchCounts)
	case pollMsg:
		t.counts, cmd = t.counts.poll(msg, t.active, t.fetchCounts)
		return t, cmd
	default:
		return t, nil
	}
	return t.render(), cmd
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
	d := ui.OverviewData{Health: t.health, Now: t.now}
	if t.stats != nil {
		d.HasStats, d.Users, d.Strategies = true, t.stats.UsersCount, t.stats.StrategiesCount
	}
	if t.counts.data != nil {
		d.CountsLoaded, d.Counts, d.ListedTotal = true, t.counts.data.counts, t.counts.data.total
	} else {
		d.CountsError = t.counts.errText(t.env.host)
	}
	t.body = ui.Lines(ui.OverviewLines(t.env.styles, d, t.width), t.height)
	return t
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

// Help is empty: the Overview has no keys of its own.
func (t overviewTab) Help() ui.HelpMap { return ui.HelpMap{} }

func (t overviewTab) Status() ui.Status { return t.counts.status(t.env.host) }

func (t overviewTab) Capturing() bool { return false }

func (t overviewTab) Selection() selection { return selection{} }
