package model

// Tabs are components behind one small interface, after soft-serve's
// pkg/ui: the root owns the window size and pushes each tab its share,
// routes keys to the visible tab and replies and polls to the tab that
// declared the feed, asks the visible tab for its selection when an action
// key is pressed, and composes the global help rows around the tab's own.

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// tab is one tab of the dashboard. Every method has a value receiver and
// returns the updated tab; View only joins strings cached by Update.
type tab interface {
	// Update handles keys (visible tab only), replies and polls of the
	// tab's feeds, and broadcasts such as a newly chosen user.
	Update(msg tea.Msg) (tab, tea.Cmd)
	// View draws the body: exactly the size given by SetSize.
	View() string
	// SetSize gives the tab its body size.
	SetSize(width, height int) tab
	// Activate shows (true) or hides (false) the tab. A tab shown fetches
	// what is due; a hidden tab's feeds stop polling.
	Activate(on bool) (tab, tea.Cmd)
	// Refresh fetches the tab's data now (ctrl+r).
	Refresh() (tab, tea.Cmd)
	// Help is the tab's own key help in its current state; the root adds
	// the global rows.
	Help() ui.HelpMap
	// Status is the footer status of the tab's main data.
	Status() ui.Status
	// Capturing reports whether the tab takes every key (a text input or
	// picker has focus), so that q or 1-5 type instead of acting globally.
	Capturing() bool
	// Selection is what an action key would act on now.
	Selection() selection
}

// selection is what a tab offers the action workflow: the selected
// strategy's latest record, the rows marked for a bulk action, and the user
// the tab is about.
type selection struct {
	strategy *api.Strategy
	marked   []int64 // sorted
	hidden   int     // marked rows the tab does not show now
	// known are the marked rows' records the tab holds, by id: what a
	// bulk action can tell it will skip before asking.
	known map[int64]api.Strategy
	user  string // the chosen user's external id, "" for none
}

// tabSpec is one row of the registry: a tab's title, the feeds it owns
// and how to build it.
type tabSpec struct {
	title string
	feeds []feedID
	build func(e *env, chosen string) tab
}

// tabs is the registry, in tab-bar order; keys 1, 2, ... follow it.
var tabs = []tabSpec{
	{"Overview", []feedID{feedCounts}, func(e *env, _ string) tab { return newOverviewTab(e) }},
	{"Strategies", []feedID{feedStrategies, feedStrategyDetail}, func(e *env, u string) tab { return newStrategiesTab(e, u) }},
	{"Pools", []feedID{feedPools, feedPoolDetail}, func(e *env, u string) tab { return newPoolsTab(e, u) }},
	{"Users", []feedID{feedUsers, feedUserDetail}, func(e *env, u string) tab { return newUsersTab(e, u) }},
	{"Activity", []feedID{feedWatchStrategies, feedWatchUsers, feedAudit, feedAlerts}, func(e *env, _ string) tab { return newActivityTab(e) }},
}

// Optional parts of a tab, asked for by the root where they exist, so that
// the tab interface does not grow for every tab.
type (
	// starter is a tab with feeds that poll from the start whether or not
	// it is shown; the root calls Start once, at New.
	starter interface {
		Start() (tab, tea.Cmd)
	}
	// observer is the tab that takes every accepted read's observation;
	// changed=false means it kept the tab as it was (and returned none).
	observer interface {
		Observe(o watch.Observation) (_ tab, _ tea.Cmd, changed bool)
	}
	// badged is a tab whose title carries a count (unseen changes).
	badged interface {
		Badge() int
	}
	// standing is a tab with a notice the status line carries whatever
	// tab is shown, such as a snoozed alert rule: the state it speaks of
	// holds everywhere, not only where it is read.
	standing interface {
		Standing() string
	}
)

// tabTitles are the registry's titles.
func tabTitles() []string {
	out := make([]string, len(tabs))
	for i, t := range tabs {
		out[i] = t.title
	}
	return out
}

// feedOwners maps every feed to the index of the tab that owns it; -1 for
// the root's own feeds.
func feedOwners() map[feedID]int {
	out := map[feedID]int{}
	for i, t := range tabs {
		for _, f := range t.feeds {
			out[f] = i
		}
	}
	return out
}

// userChosenMsg is broadcast to every tab when the chosen user changes;
// an empty ExternalID clears it.
type userChosenMsg struct{ ExternalID string }

// chooseUserMsg asks the root to choose a user (from the Users tab).
type chooseUserMsg struct{ ExternalID string }

// base is what every tab holds: the shared env, its size and visibility.
type base struct {
	env    *env
	width  int
	height int
	active bool
}

// paneLayout splits a body for a list and a detail pane.
type paneLayout struct {
	beside     bool
	listWidth  int
	listHeight int
	paneWidth  int
	paneHeight int
}

// wideLayout is the width from which a detail pane sits beside the list.
const wideLayout = 140

// shown reports whether the tab is the visible one.
func (b base) shown() bool { return b.active }

// layout is the split of the tab's body: the list alone, or with a pane
// beside it from wideLayout columns up, else below it.
func (b base) layout(pane bool) paneLayout {
	width, height := b.width, b.height
	switch {
	case !pane:
		return paneLayout{listWidth: width, listHeight: height}
	case width >= wideLayout:
		pw := max(48, width*2/5)
		return paneLayout{beside: true, listWidth: width - pw - ui.VerticalSepWidth, listHeight: height, paneWidth: pw, paneHeight: height}
	}
	lh := max(height/2, min(height, 6))
	return paneLayout{listWidth: width, listHeight: lh, paneWidth: width, paneHeight: max(height-lh-1, 0)}
}

// compose joins list lines and pane lines (nil: no pane) per the layout
// into a body of exactly the tab's height.
func (b base) compose(l paneLayout, list, pane []string) string {
	st := &b.env.styles
	switch {
	case pane == nil:
		return ui.Lines(list, b.height)
	case l.beside:
		return ui.SideBySide(list, l.listWidth, ui.VerticalSep(*st), pane, b.height)
	}
	lines := make([]string, 0, b.height)
	for i := 0; i < l.listHeight; i++ {
		if i < len(list) {
			lines = append(lines, list[i])
		} else {
			lines = append(lines, "")
		}
	}
	lines = append(lines, ui.Rule(*st, l.paneWidth))
	lines = append(lines, pane...)
	return ui.Lines(lines, b.height)
}
