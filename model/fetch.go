package model

// Commands that fetch. Each copies what it needs (the client, parameters,
// the previous snapshot for comparison) into its closure, runs the requests
// under a timeout, prepares the result off the UI goroutine (sanitising,
// building cells and search keys, comparing with the previous snapshot) and
// returns one fetchedMsg naming its owner and generation.

import (
	"context"
	"errors"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// errEmptyAnswer stands for a read that answered without a body: the
// client returns (nil, nil) then, and a tab must not dereference it.
var errEmptyAnswer = errors.New("empty answer from the server")

// fetchCmd runs call under the fetch timeout and reports its latency,
// measured with the injected clock.
func fetchCmd(d *deps, o owner, gen uint64, call func(ctx context.Context) (any, error)) tea.Cmd {
	timeout, now := d.fetchTimeout, d.now
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		start := now()
		data, err := call(ctx)
		if err != nil {
			data = nil
		}
		return fetchedMsg{owner: o, gen: gen, data: data, err: err, latency: now().Sub(start)}
	}
}

// startFetch begins a fetch of f when none is in flight.
func startFetch(f feed, mk func(gen uint64) tea.Cmd) (feed, tea.Cmd) {
	f, gen, ok := f.begin()
	if !ok {
		return f, nil
	}
	return f, mk(gen)
}

// pollFeed handles a pollMsg: it fetches when the tick is the latest one
// and the feed is visible; otherwise the poll chain ends here.
func pollFeed(f feed, msg pollMsg, visible bool, mk func(gen uint64) tea.Cmd) (feed, tea.Cmd) {
	if msg.tick != f.tick || !visible {
		return f, nil
	}
	return startFetch(f, mk)
}

// activateFeed is called when a feed becomes visible: it fetches when the
// data is due (or was never fetched for the current parameters) and
// otherwise schedules the poll for when it is due.
func activateFeed(f feed, now time.Time, mk func(gen uint64) tea.Cmd) (feed, tea.Cmd) {
	if f.inFlight {
		return f, nil
	}
	if f.due(now) {
		return startFetch(f, mk)
	}
	return f.scheduleDue(now)
}

// receive settles a reply of f. A reply for old parameters is dropped
// (accepted=false). Otherwise apply stores the data and reports whether it
// changed, and the feed records success or failure.
func receive(f feed, msg fetchedMsg, d *deps, apply func(data any) bool) (feed, bool) {
	f = f.landed(msg.gen)
	if !f.current(msg.gen) {
		return f, false
	}
	now := d.now()
	if msg.err != nil {
		return f.fail(now, msg.err, d.interval, d.maxBackoff), true
	}
	return f.succeed(now, apply(msg.data), d.interval), true
}

// next decides what follows a reply: nothing for a hidden feed, a fresh
// fetch when the reply was for old parameters, else the next poll.
func next(f feed, accepted, visible bool, mk func(gen uint64) tea.Cmd) (feed, tea.Cmd) {
	switch {
	case !visible:
		return f, nil
	case !accepted:
		return startFetch(f, mk)
	}
	return f.schedule(f.delay)
}

// feedStatus is the footer status of a feed.
func feedStatus(f feed, host string) (loading, stale bool, age time.Duration, reason string) {
	loading = !f.fresh()
	if f.err != nil {
		stale = true
		if f.hasData {
			age = f.errAt.Sub(f.lastOK)
		}
		reason = ui.ErrorText(f.err, host)
	}
	return loading, stale, age, reason
}
