package model

// Commands that fetch, and the typed sources they feed. Each command copies
// what it needs (the client, parameters, the previous snapshot for
// comparison) into its closure, runs the requests under a timeout and the
// program's context, prepares the result off the UI goroutine (sanitising,
// building cells and search keys, comparing with the previous snapshot) and
// returns one fetchedMsg naming its feed and generation. A source is the
// only place that reply's data is turned back into its type.

import (
	"context"
	"errors"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// errEmptyAnswer stands for a read that answered without a body: the
// client returns (nil, nil) then, and a tab must not dereference it.
var errEmptyAnswer = errors.New("empty answer from the server")

// fetcher builds the fetch command of a feed for one generation.
type fetcher func(gen uint64) tea.Cmd

// fetchCmd runs call under the fetch timeout and reports its latency and
// its requests' attempts, measured with the injected clock.
func fetchCmd[T any](e *env, id feedID, gen uint64, call func(ctx context.Context) (T, error)) tea.Cmd {
	return fetchCmdWithin(e, id, gen, e.fetchTimeout, call)
}

// fetchCmdWithin is fetchCmd under another timeout, for a read that is
// known to take longer.
func fetchCmdWithin[T any](e *env, id feedID, gen uint64, timeout time.Duration, call func(ctx context.Context) (T, error)) tea.Cmd {
	parent, now, session := e.ctx, e.now, e.session
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, timeout)
		defer cancel()
		var log attemptLog
		ctx = log.observe(ctx, now)
		start := now()
		first := watch.Mark()
		data, err := call(ctx)
		msg := fetchedMsg{session: session, feed: id, gen: gen, err: err, latency: now().Sub(start), span: watch.Span{First: first, Last: watch.Mark()},
			attempts: log.attempts()}
		if err == nil {
			msg.data = data
		}
		return msg
	}
}

// orEmpty turns a (nil, nil) answer into errEmptyAnswer.
func orEmpty[T any](v *T, err error) (*T, error) {
	if err == nil && v == nil {
		return nil, errEmptyAnswer
	}
	return v, err
}

// source is a feed and the data of its latest good reply.
type source[T comparable] struct {
	feed
	data T
}

func newSource[T comparable](id feedID) source[T] { return source[T]{feed: newFeed(id)} }

// settle takes a reply of the source. A reply for old parameters is dropped
// (accepted=false). Otherwise a good reply's data is stored (a reply equal
// to the data shown changes nothing) and the feed records success or
// failure.
func (s source[T]) settle(msg fetchedMsg, e *env) (_ source[T], accepted, changed bool) {
	s.feed = s.feed.landed(msg.gen)
	if !s.current(msg.gen) {
		return s, false, false
	}
	now := e.now()
	if msg.err != nil {
		s.feed = s.fail(now, msg.err, e.interval, e.maxBackoff)
		return s, true, false
	}
	data, _ := msg.data.(T)
	changed = data != s.data || !s.fresh()
	s.data = data
	iv := e.interval
	if s.period > 0 {
		iv = s.period
	}
	s.feed = s.succeed(now, changed, iv)
	return s, true, changed
}

// start begins a fetch when none is in flight.
func (s source[T]) start(mk fetcher) (source[T], tea.Cmd) {
	f, gen, ok := s.begin()
	s.feed = f
	if !ok {
		return s, nil
	}
	return s, mk(gen)
}

// poll handles a pollMsg: it fetches when the tick is the latest one and the
// feed is visible; otherwise the poll chain ends here.
func (s source[T]) poll(msg pollMsg, visible bool, mk fetcher) (source[T], tea.Cmd) {
	if msg.tick != s.tick || !visible {
		return s, nil
	}
	return s.start(mk)
}

// activate is called when the feed becomes visible: it fetches when the data
// is due (or was never fetched for the current parameters) and otherwise
// schedules the poll for when it is due.
func (s source[T]) activate(now time.Time, mk fetcher) (source[T], tea.Cmd) {
	if s.inFlight {
		return s, nil
	}
	if s.due(now) {
		return s.start(mk)
	}
	var cmd tea.Cmd
	s.feed, cmd = s.scheduleDue(now)
	return s, cmd
}

// rearm is the one place a feed's next step is decided after a reply:
// nothing for a hidden feed, a fresh fetch when the reply was for old
// parameters, else the next poll.
func (s source[T]) rearm(accepted, visible bool, mk fetcher) (source[T], tea.Cmd) {
	switch {
	case !visible:
		return s, nil
	case !accepted:
		return s.start(mk)
	}
	var cmd tea.Cmd
	s.feed, cmd = s.schedule(s.delay)
	return s, cmd
}

// reset drops the data and voids replies in flight (new parameters).
func (s source[T]) reset() source[T] {
	var zero T
	s.data = zero
	s.feed = s.invalidate()
	return s
}

// status is the footer status of the source.
func (s source[T]) status(host string) ui.Status {
	var zero T
	st := ui.Status{ChangedAt: s.changedAt, Loading: !s.fresh() && s.data == zero}
	if s.hasData {
		st.ReadAt = s.lastOK
	}
	if s.err != nil {
		st.Stale = true
		st.StaleReason = api.Explain(s.err, host)
	}
	if w := s.waiting(); w > 0 && s.hasData {
		// A read that hangs says so before the client gives up on it.
		st.Stale = true
		st.StaleReason = ui.WaitingForAnswer(w)
	}
	return st
}

// errText is the source's last error in words, or "" after a good reply.
func (s source[T]) errText(host string) string {
	if s.err == nil {
		return ""
	}
	return api.Explain(s.err, host)
}
