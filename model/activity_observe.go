package model

// What each feed's accepted reply tells the Activity. The root calls
// observationOf after routing a good reply to its owner and hands the result
// to the Activity tab's Observe; it never looks inside either.

import (
	"iter"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/watch"
)

// observe hands what a good reply saw to the observer tab. Replies for
// older parameters are observed too: what the server said is still true of
// its time, and the observer orders reads itself.
func (m Model) observe(msg fetchedMsg) (Model, tea.Cmd) {
	if m.observer < 0 {
		return m, nil
	}
	o, ok := observationOf(msg)
	if !ok {
		return m, nil
	}
	obs, ok := m.observerTab()
	if !ok {
		return m, nil
	}
	next, cmd, changed := obs.Observe(o)
	if changed {
		m.tabs[m.observer] = next
	}
	return m, cmd
}

// observerTab is the tab the observations go to, if any.
func (m Model) observerTab() (observer, bool) {
	if m.observer < 0 {
		return nil, false
	}
	obs, ok := m.tabs[m.observer].(observer)
	return obs, ok
}

// observationOf is the observation of a good reply, if its data tells one.
func observationOf(msg fetchedMsg) (watch.Observation, bool) {
	if msg.err != nil || msg.data == nil {
		return watch.Observation{}, false
	}
	switch d := msg.data.(type) {
	case observable:
		return d.observe(msg.span), true
	case *api.Strategy: // the Strategies tab's detail pane
		if d == nil {
			return watch.Observation{}, false
		}
		return watch.Observation{Source: watch.SourceDetail, Span: msg.span, Strategies: one(d), Complete: true}, true
	case *api.DashboardStats:
		if d == nil {
			return watch.Observation{}, false
		}
		return watch.Observation{Span: msg.span, Stats: d}, true
	}
	return watch.Observation{}, false
}

// observable is prepared feed data that tells the Activity what it saw. The
// root hands every accepted reply whose data implements it to the Activity.
type observable interface {
	observe(s watch.Span) watch.Observation
}

func one(s *api.Strategy) iter.Seq[*api.Strategy] {
	return func(yield func(*api.Strategy) bool) { yield(s) }
}

// observe: a page of the Strategies tab. The page is the list source's
// whole set; a row that left it (another page, filter or sort) is only
// forgotten, never reported, but for one that left the same page, read by
// id: its change (archived, gone) is. The unfiltered first page, newest first,
// holds the newest strategy of the integration (see watch.Observation.Newest).
func (nd *strategiesData) observe(s watch.Span) watch.Observation {
	if nd == nil {
		return watch.Observation{}
	}
	items := nd.items
	return watch.Observation{Source: watch.SourceList, Span: s, Complete: true, Newest: nd.newest, Confirmed: nd.confirmed, Gone: nd.gone,
		Strategies: func(yield func(*api.Strategy) bool) {
			for i := range items {
				if !yield(&items[i].Strategy) {
					return
				}
			}
		}}
}

// observe: the Overview's strategies per status.
func (c *countsData) observe(s watch.Span) watch.Observation {
	if c == nil {
		return watch.Observation{}
	}
	counts := &watch.Counts{Statuses: make([]watch.StatusCount, len(c.counts)), Listed: c.total}
	for i, sc := range c.counts {
		counts.Statuses[i] = watch.StatusCount{Status: sc.Status, Count: sc.Count}
	}
	return watch.Observation{Span: s, Counts: counts}
}

// observe: the users list, for users added.
func (u *usersData) observe(s watch.Span) watch.Observation {
	if u == nil {
		return watch.Observation{}
	}
	return watch.Observation{Span: s, Users: u}
}
