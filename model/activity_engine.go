package model

// The Activity of the whole integration: with WithIntegrationActivity the
// dashboard runs a watch.Engine of every strategy in the background, under
// the same budget as `stratop watch`, and the Activity shows its events.
// The dashboard's own reads feed the engine (Observe) instead of the
// dashboard's watch.Shown, so what a tab happens to read is compared once,
// in one place, with what the engine last read.
//
// The engine keeps no cursor. Its state is the dashboard's view from its
// start, as the Activity's feed is; a cursor of its own would only replay,
// at each start, what changed while the dashboard was closed (`stratop
// watch` is the record across restarts), and sharing that watcher's cursor
// would give one file two writers that overwrite each other's progress.
//
// The engine never waits for the screen: its events go into a bounded
// channel, and what does not fit is counted and said in words.

import (
	"github.com/stratop/stratop/internal/text"

	"context"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// engineBacklog bounds the events waiting for the Activity: a burst of
// changes far beyond what a screen can show (a whole sweep's worth).
const engineBacklog = 4096

// engineBatch is the most events one message carries, so that one message
// costs the UI goroutine a bounded time.
const engineBatch = 512

// engineStartDelay is how long after the dashboard starts the engine
// begins: its first cycle's reads and decoding, on the dashboard's one P,
// would otherwise run while the first frame waits for the renderer's tick
// and delay it (by about 1 ms on --demo). What the dashboard reads in the
// meantime waits in the engine's inbox.
const engineStartDelay = 100 * time.Millisecond

// engineTotalsShare is how many cycles' worth of the totals' reads (one per
// status, and now and then the users count) one interval's budget must
// hold at least: with less, the totals read each cycle would leave nothing
// for the reads that find what changed.
const engineTotalsShare = 2 * 6

// engineInterval is the engine's interval on a dashboard polling every iv:
// the same pace, unless so short that the totals would eat the budget.
func engineInterval(iv time.Duration, budget int) time.Duration {
	return max(iv, engineTotalsShare*time.Minute/time.Duration(budget))
}

// WithIntegrationActivity makes the Activity cover the whole integration
// (the settings file's activity = "integration") instead of what the
// dashboard shows and watches.
func WithIntegrationActivity(on bool) Option { return func(e *env) { e.wholeIntegration = on } }

// engineFeed is a running engine and the events it has handed out.
type engineFeed struct {
	engine   *watch.Engine
	runner   func(context.Context) error // the engine's Run, or its movers' (activity_movers.go)
	movers   *watch.Movers               // set when it only names movers
	interval time.Duration               // while the terminal has focus
	ctx      context.Context
	events   chan watch.Event
	samples  chan watch.Sample // the latest cycle's figures only
	dropped  atomic.Int64
	start    sync.Once
	stopped  chan struct{} // closed when Run returned an error
	err      error         // Run's error, set before stopped is closed
}

// engineEventsMsg carries the engine's events to the Activity.
type engineEventsMsg struct {
	session uint64
	movers  bool // from the movers' feed (activity_movers.go)
	events  []watch.Event
	sample  *watch.Sample // the latest cycle's figures, when one ended since
	dropped int64
	err     error // the engine stopped
}

// newEngineFeed builds the engine of the profile's whole integration on
// e's client; nil when the Activity covers what is shown.
func newEngineFeed(e *env) *engineFeed {
	if !e.wholeIntegration || e.api == nil {
		return nil
	}
	f := &engineFeed{ctx: e.ctx, events: make(chan watch.Event, engineBacklog), samples: make(chan watch.Sample, 1),
		stopped: make(chan struct{})}
	budget := watch.DefaultBudget
	if e.engineBudget > 0 {
		budget = e.engineBudget
	}
	f.interval = engineInterval(e.interval, budget)
	f.engine = watch.New(e.api, watch.Options{
		Profile: e.profile, Host: e.api.Host(), Scope: watch.Integration(),
		Interval: f.interval, Budget: budget,
		Emit: f.emit, OnSample: f.sampled,
	})
	f.runner = f.engine.Run
	return f
}

// emit is the engine's Emit: it never blocks the engine.
func (f *engineFeed) emit(ev watch.Event) {
	select {
	case f.events <- ev:
	default:
		f.dropped.Add(1)
	}
}

// sampled is the engine's OnSample: it keeps the latest cycle's figures
// for the Activity's status line and, like emit, never blocks the engine.
// Only the engine's goroutine sends, so after the drain there is room.
func (f *engineFeed) sampled(s watch.Sample) {
	select {
	case <-f.samples:
	default:
	}
	select {
	case f.samples <- s:
	default:
	}
}

// wait is the command that starts the engine once (with the program's
// context, so a profile switch or quitting stops it) and delivers its
// next events.
func (f *engineFeed) wait(session uint64) tea.Cmd {
	return func() tea.Msg {
		f.start.Do(func() { go f.run() })
		msg := engineEventsMsg{session: session, movers: f.movers != nil}
		select {
		case <-f.ctx.Done():
			return nil
		case <-f.stopped:
			msg.err = f.err
			return msg
		case ev := <-f.events:
			msg.events = append(msg.events, ev)
		case s := <-f.samples:
			msg.sample = &s
			return msg
		}
		for len(msg.events) < engineBatch {
			select {
			case ev := <-f.events:
				msg.events = append(msg.events, ev)
			default:
				msg.dropped = f.dropped.Swap(0)
				return msg
			}
		}
		msg.dropped = f.dropped.Swap(0)
		return msg
	}
}

// run runs the engine from engineStartDelay on, until ctx ends or it fails.
// The movers' finder starts at once: it reads nothing before the first
// totals, which come after the first frame.
func (f *engineFeed) run() {
	delay := engineStartDelay
	if f.movers != nil {
		delay = 0
	}
	select {
	case <-time.After(delay):
	case <-f.ctx.Done():
		return
	}
	if err := f.runner(f.ctx); err != nil {
		f.err = err
		close(f.stopped)
	}
}

// pace follows the terminal's focus: without it the engine's cycles slow
// to the pacer's period, as the dashboard's own polls do.
func (f *engineFeed) pace(blurred bool) {
	if f == nil {
		return
	}
	if blurred {
		f.engine.SetInterval(blurredPeriod)
		return
	}
	f.engine.SetInterval(0)
}

// engineEvents adds the engine's events to the feed and waits for more.
func (t activityTab) engineEvents(msg engineEventsMsg) (activityTab, tea.Cmd) {
	if msg.movers {
		return t.moverEvents(msg)
	}
	f := t.env.engine
	if f == nil || msg.session != t.env.session {
		return t, nil
	}
	if msg.err != nil {
		t.notice = ui.ActivityUnwatched(msg.err.Error())
		return t, nil
	}
	if msg.dropped > 0 {
		t.notice = ui.ActivityDropped(msg.dropped)
	}
	t.engineSeen = t.engineSeen.cycled(msg.sample)
	loc := t.env.now().Location()
	var b feedBatch
	for _, ev := range msg.events {
		e, ok := entryOf(ev, t.watches)
		if !ok {
			continue
		}
		e.At = e.At.In(loc)
		t.engineSeen = t.engineSeen.saw(ev, e.At)
		if echoes(t.feed, e) {
			continue // the finder told it first
		}
		b.add(&t, e)
	}
	return t.batchAdded(b, f.wait(t.env.session))
}

// feedBatch is what one batch of events added to the Activity's feed: how
// many entries, and the first watched one's notice.
type feedBatch struct {
	n       int
	watched string
}

func (b *feedBatch) add(t *activityTab, e ui.ActivityEntry) {
	t.feed.add(e)
	b.n++
	if e.Watched && b.watched == "" {
		b.watched = ui.NotifyText(e)
	}
}

// batchAdded settles a batch: the view follows what was added, a watched
// entry is notified, and wait asks for the next batch.
func (t activityTab) batchAdded(b feedBatch, wait tea.Cmd) (activityTab, tea.Cmd) {
	cmds := []tea.Cmd{wait}
	if b.n > 0 {
		t = t.entriesAdded(b.n, false)
	}
	if b.watched != "" {
		cmds = append(cmds, notifyCmd(t.env, b.watched))
	}
	return t, tea.Batch(cmds...)
}

// engineSeen is what the Activity's status line says of the engine: when it
// last read the interface well, whether it fails now and why, and when it
// last reported a change. The interface's health, not the audit log's
// (a local file, read well while the server is down).
type engineSeen struct {
	read     bool // a cycle ended
	lastGood time.Time
	failing  bool
	lost     string // the lost connection's error, in words
	changed  time.Time
}

func (s engineSeen) cycled(sample *watch.Sample) engineSeen {
	if sample == nil {
		return s
	}
	s.read, s.failing = true, sample.Failed
	if !sample.Failed {
		s.lastGood = sample.Time
	}
	return s
}

func (s engineSeen) saw(ev watch.Event, at time.Time) engineSeen {
	switch ev.Kind {
	case watch.KindConnLost:
		s.failing, s.lost = true, ev.Detail
	case watch.KindConnBack:
		s.failing, s.lost = false, ""
	case watch.KindHeartbeat:
	default:
		s.changed = at
	}
	return s
}

// status is the Activity's status line with an engine.
func (s engineSeen) status(host string) ui.Status {
	st := ui.Status{Loading: !s.read || s.lastGood.IsZero(), ReadAt: s.lastGood, ChangedAt: s.changed, Stale: s.failing}
	if s.failing {
		st.StaleReason = text.Clean(s.lost)
		if st.StaleReason == "" {
			st.StaleReason = "reads of " + host + " fail"
		}
	}
	return st
}
