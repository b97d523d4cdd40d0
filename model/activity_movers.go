package model

// Naming the movers while the Activity covers what is shown: the pages the
// dashboard reads show few of an integration's strategies, so a strategy
// halted elsewhere would only move a total. A watch.Movers holds the
// halted statuses' rows and active's and, fed the totals the Overview reads anyway with
// the rows those reads return where it asked, searches by position only
// the statuses that moved, on those rows as far as the time allowed for
// naming lets it; what it names joins the Activity, and from there Needs
// attention, like any change the dashboard saw itself.

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// moversBudget is the most requests a minute the movers' finder may send,
// a hard cap whatever the change rate: at 10,000 strategies a search costs
// two to five requests of its own, so this names thirty changes a minute
// and more once the halted statuses have been read whole. It spends only when totals
// move, and less the more the Overview's own reads of the totals do the
// searching (PERFORMANCE.md, "Naming the movers").
const moversBudget = 150

// moverEcho is how long after the dashboard reported a change itself a
// mover found the same is not added again.
const moverEcho = 2 * time.Minute

// moverEchoScan bounds the feed lines looked at for an echo.
const moverEchoScan = 500

// newMoversFeed builds the movers' finder on e's client; nil when the
// Activity covers the whole integration (its engine names every mover).
func newMoversFeed(e *env) *engineFeed {
	if e.wholeIntegration || e.api == nil {
		return nil
	}
	f := &engineFeed{ctx: e.ctx, events: make(chan watch.Event, engineBacklog), samples: make(chan watch.Sample, 1),
		stopped: make(chan struct{})}
	budget := moversBudget
	if e.engineBudget > 0 {
		budget = e.engineBudget
	}
	f.interval = e.interval
	f.movers = watch.NewHaltedMovers(e.api, watch.Options{
		Profile: e.profile, Host: e.api.Host(), Interval: f.interval, Budget: budget,
		Emit: f.emit,
	})
	f.engine, f.runner = f.movers.Engine(), f.movers.Run
	return f
}

// finder is the movers' finder the Overview's reads of the totals feed,
// nil when there is none.
func (f *engineFeed) finder() *watch.Movers {
	if f == nil {
		return nil
	}
	return f.movers
}

// listenMovers is the command that waits for the movers' first names.
func (t activityTab) listenMovers() tea.Cmd {
	if f := t.env.movers; f != nil {
		return f.wait(t.env.session)
	}
	return nil
}

// moverEvents adds the strategies the finder named to the feed, but for
// those the dashboard's own reads already reported, and waits for more.
// Its connection's health is the dashboard's to tell: the finder reads
// through the same client.
func (t activityTab) moverEvents(msg engineEventsMsg) (activityTab, tea.Cmd) {
	f := t.env.movers
	if f == nil || msg.session != t.env.session {
		return t, nil
	}
	if msg.err != nil {
		return t, nil // it could not start: the totals' lines stay as they are
	}
	loc := t.env.now().Location()
	var b feedBatch
	for _, ev := range msg.events {
		switch ev.Kind {
		case watch.KindStatus, watch.KindVanished, watch.KindAppeared:
		default:
			continue
		}
		e, ok := entryOf(ev, t.watches)
		if !ok || echoes(t.feed, e) {
			continue
		}
		e.At = e.At.In(loc)
		b.add(&t, e)
	}
	return t.batchAdded(b, f.wait(t.env.session))
}

// stateKinds are the Activity's kinds of line that tell a strategy's state.
var stateKinds = map[string]bool{ui.KindStatus: true, ui.KindCompleted: true, ui.KindAppeared: true, ui.KindVanished: true}

// echoes reports whether e, a strategy's state, is what the feed's latest
// line of that strategy within moverEcho already tells. The dashboard's
// own reads (its engine or the differ of what it shows) and the finder
// may both see one change, in either order: the second is its echo, told
// once. A later move back and forth is not, since the latest line then
// tells the state between.
func echoes(feed *ring, e ui.ActivityEntry) bool {
	if e.Strategy == 0 || !stateKinds[e.Kind] {
		return false
	}
	for i := 0; i < feed.len() && i < moverEchoScan; i++ {
		told := feed.at(i).entry
		if e.At.Sub(told.At) > moverEcho {
			return false
		}
		if told.Strategy == e.Strategy && stateKinds[told.Kind] {
			return told.New == e.New
		}
	}
	return false
}
