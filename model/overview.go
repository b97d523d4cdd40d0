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

	"github.com/charmbracelet/bubbles/key"
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
	stats  *api.DashboardStats
	health ui.Health
}

type overviewTab struct {
	base
	counts     feed
	countsData *countsData
	stats      *api.DashboardStats
	health     ui.Health
	body       string
}

func newOverviewTab(d *deps) overviewTab {
	t := overviewTab{base: base{d: d}, counts: feed{owner: ownCounts}}
	return t.render()
}

func (t overviewTab) fetchCounts(gen uint64) tea.Cmd {
	client := t.d.api
	return fetchCmd(t.d, ownCounts, gen, func(ctx context.Context) (any, error) {
		out := &countsData{counts: make([]ui.StatusCount, len(countedStatuses))}
		errs := make([]error, len(countedStatuses)+1)
		var wg sync.WaitGroup
		for i, st := range countedStatuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := client.ListStrategies(ctx, api.StrategyFilter{Status: st, PageSize: 1})
				if err == nil && p == nil {
					err = errEmptyAnswer
				}
				if err == nil {
					out.counts[i] = ui.StatusCount{Status: st, Count: p.TotalCount}
				}
				errs[i] = err
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := client.ListStrategies(ctx, api.StrategyFilter{PageSize: 1})
			if err == nil && p == nil {
				err = errEmptyAnswer
			}
			if err == nil {
				out.total = p.TotalCount
			}
			errs[len(countedStatuses)] = err
		}()
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		return out, nil
	})
}

func (t overviewTab) Update(msg tea.Msg) (tab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case overviewMsg:
		t.stats, t.health = msg.stats, msg.health
		if !t.active {
			return t, nil // drawn when shown
		}
	case fetchedMsg:
		if msg.owner != ownCounts {
			return t, nil
		}
		var ok bool
		t.counts, ok = receive(t.counts, msg, t.d, func(data any) bool {
			nd := data.(*countsData)
			changed := t.countsData == nil || !sameCounts(*t.countsData, *nd)
			if changed {
				t.countsData = nd
			}
			return changed
		})
		t.counts, cmd = next(t.counts, ok, t.active, t.fetchCounts)
	case pollMsg:
		if msg.owner == ownCounts {
			t.counts, cmd = pollFeed(t.counts, msg, t.active, t.fetchCounts)
		}
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
	d := ui.OverviewData{Health: t.health}
	if t.stats != nil {
		d.HasStats, d.Users, d.Strategies = true, t.stats.UsersCount, t.stats.StrategiesCount
	}
	if t.countsData != nil {
		d.CountsLoaded, d.Counts, d.ListedTotal = true, t.countsData.counts, t.countsData.total
	} else if t.counts.err != nil {
		d.CountsError = ui.ErrorText(t.counts.err, t.d.host)
	}
	t.body = ui.Lines(ui.OverviewLines(t.d.styles, d, t.width), t.height)
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
	t.counts, cmd = activateFeed(t.counts, t.d.now(), t.fetchCounts)
	return t.render(), cmd
}

func (t overviewTab) Refresh() (tab, tea.Cmd) {
	var cmd tea.Cmd
	t.counts, cmd = startFetch(t.counts, t.fetchCounts)
	return t, cmd
}

func (t overviewTab) Help() ui.HelpMap {
	k := t.d.keys
	return ui.HelpMap{
		Short: []key.Binding{k.NextTab, k.Refresh, k.Help, k.Quit},
		Full:  [][]key.Binding{{k.Tab1, k.Tab2, k.Tab3, k.Tab4, k.NextTab, k.PrevTab}, {k.Refresh, k.Redraw, k.Help, k.Quit}},
	}
}

func (t overviewTab) Status() ui.Status {
	loading, stale, age, reason := feedStatus(t.counts, t.d.host)
	return ui.Status{ChangedAt: t.counts.changedAt, Loading: loading, Stale: stale, StaleAge: age, StaleReason: reason}
}

func (t overviewTab) Capturing() bool { return false }
