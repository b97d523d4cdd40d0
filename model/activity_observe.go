package model

// What each feed's accepted reply tells the Activity. The root calls
// observationOf after routing a good reply to its owner and hands the result
// to the Activity tab's Observe; it never looks inside either.

import (
	"iter"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
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
func observationOf(msg fetchedMsg) (observation, bool) {
	if msg.err != nil || msg.data == nil {
		return observation{}, false
	}
	switch d := msg.data.(type) {
	case observable:
		return d.observe(msg.span), true
	case *api.Strategy: // the Strategies tab's detail pane
		if d == nil {
			return observation{}, false
		}
		return observation{source: srcDetail, span: msg.span, strategies: one(d), complete: true}, true
	case *api.DashboardStats:
		if d == nil {
			return observation{}, false
		}
		return observation{span: msg.span, stats: d}, true
	}
	return observation{}, false
}

func one(s *api.Strategy) iter.Seq[*api.Strategy] {
	return func(yield func(*api.Strategy) bool) { yield(s) }
}

// strategiesOf yields the strategies of a slice without copying them.
func strategiesOf(list []api.Strategy) iter.Seq[*api.Strategy] {
	return func(yield func(*api.Strategy) bool) {
		for i := range list {
			if !yield(&list[i]) {
				return
			}
		}
	}
}

// observe: a page of the Strategies tab. The page is the list source's
// whole set; a row that left it (another page, filter or sort) is only
// forgotten, never reported, but for one that left the same page, read by
// id: its change (archived, gone) is. The unfiltered first page, newest first,
// holds the newest strategy of the integration (see observation.newest).
func (nd *strategiesData) observe(s span) observation {
	if nd == nil {
		return observation{}
	}
	items := nd.items
	return observation{source: srcList, span: s, complete: true, newest: nd.newest, confirmed: nd.confirmed, gone: nd.gone, strategies: func(yield func(*api.Strategy) bool) {
		for i := range items {
			if !yield(&items[i].Strategy) {
				return
			}
		}
	}}
}

// observe: the Overview's strategies per status.
func (c *countsData) observe(s span) observation {
	if c == nil {
		return observation{}
	}
	return observation{span: s, counts: c}
}

// observe: the users list, for users added.
func (u *usersData) observe(s span) observation {
	if u == nil {
		return observation{}
	}
	return observation{span: s, users: u}
}
