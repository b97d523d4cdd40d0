// Package alert turns the watch engine's events into messages for the
// operator who is not looking: rules route them by kind, filter and
// severity, bursts are grouped, every event id is handled once across
// restarts, and each sink has an outbox on disk delivered in order by a
// goroutine of its own. A dead-man message says when reads stop
// succeeding, and a daily digest sums up the shift.
package alert

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// Options configure an Engine. Zero values take the defaults named.
type Options struct {
	Rules       []config.AlertRule
	Sinks       map[string]Sink // by name
	Dir         string          // the integration's alert state directory (integration.Dir.Alerts)
	Clock       clockwork.Clock // default: the real clock
	Interval    time.Duration   // the watcher's read interval, for the heartbeat (default 5s)
	Heartbeat   int             // intervals without a good read before the dead-man message (0: off)
	HeartbeatTo []string
	Digest      *config.Daily
	DigestTo    []string
	SendTimeout time.Duration  // one delivery attempt (default 10s)
	Backoff     time.Duration  // first retry delay (default 1s), doubled up to MaxBackoff
	MaxBackoff  time.Duration  // default 5m
	MaxOutbox   int            // default MaxOutbox
	Tick        time.Duration  // how often windows, heartbeat and digest are checked (default 1s)
	Strategies  StrategyReader // for the Alertmanager sinks' explorer links (nil: none)
	Logf        func(format string, args ...any)
}

// Engine is the alerting of one serve process.
type Engine struct {
	o      Options
	rules  []config.AlertRule
	store  *Store
	boxes  map[string]*outbox
	clock  clockwork.Clock
	logf   func(string, ...any)
	stats  *counters
	start  time.Time
	digest *digest

	mu      sync.Mutex
	seen    *seenLog
	pending map[string]*group // rule -> burst being grouped

	beatMu sync.Mutex // the heartbeat and digest: apart from mu, so Sample never waits on a disk write
	beat   heartbeat
}

// group is a rule's burst inside its window, kept on disk so a crash
// inside the window loses nothing.
type group struct {
	Start  time.Time     `json:"start"`
	Events []watch.Event `json:"events"`
}

// attacher is a sink that keeps state beside the engine's (the
// Alertmanager sink): New hands it the directory, rules and board.
type attacher interface{ attach(*Engine) }

// runner is a sink with work of its own while the engine runs (resending).
type runner interface{ Run(ctx context.Context) }

// New opens the state directory and the sinks' outboxes.
func New(o Options) (*Engine, error) {
	if o.Clock == nil {
		o.Clock = clockwork.NewRealClock()
	}
	if o.Interval <= 0 {
		o.Interval = 5 * time.Second
	}
	if o.SendTimeout <= 0 {
		o.SendTimeout = 10 * time.Second
	}
	if o.Backoff <= 0 {
		o.Backoff = time.Second
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 5 * time.Minute
	}
	if o.MaxOutbox <= 0 {
		o.MaxOutbox = MaxOutbox
	}
	if o.Tick <= 0 {
		o.Tick = time.Second
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	e := &Engine{o: o, rules: o.Rules, store: &Store{Dir: o.Dir}, boxes: map[string]*outbox{},
		clock: o.Clock, logf: o.Logf, stats: newCounters(), pending: map[string]*group{}}
	// Every rule's series exist from the start, at 0.
	e.stats.with(func(s *Stats) {
		for _, r := range o.Rules {
			s.Alerts[RuleKey{r.Name, r.Severity}] = 0
			s.Snoozed[r.Name] = 0
		}
	})
	e.start = e.clock.Now()
	e.beat.lastGood = e.start
	e.digest = newDigest(e.start)
	for name, s := range o.Sinks {
		if at, ok := s.(attacher); ok {
			at.attach(e)
		}
		ob, err := openOutbox(filepath.Join(o.Dir, "outbox", name), o.MaxOutbox)
		if err != nil {
			return nil, fmt.Errorf("outbox of sink %s: %w", name, err)
		}
		e.boxes[name] = ob
		// Every sink's series exist from the start, so a rate is defined.
		e.stats.with(func(s *Stats) { s.Deliveries[name], s.Failures[name], s.Dropped[name] = 0, 0, 0 })
	}
	var err error
	if e.seen, err = openSeen(filepath.Join(o.Dir, "seen.log"), MaxSeen); err != nil {
		return nil, err
	}
	if err := readJSON(e.pendingPath(), &e.pending); err != nil {
		return nil, err
	}
	if e.pending == nil {
		e.pending = map[string]*group{}
	}
	return e, nil
}

func (e *Engine) pendingPath() string { return filepath.Join(e.o.Dir, "pending.json") }

// Handle takes one event from the watcher. It never waits for a sink: a
// message goes to the outboxes on disk and their goroutines deliver it.
func (e *Engine) Handle(ev watch.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ev.ID != "" && e.seen.has(ev.ID) {
		return
	}
	e.stats.event(string(ev.Kind))
	e.digest.add(ev)
	now := e.clock.Now()
	grouped := false
	for _, r := range e.rules {
		if r.When != string(ev.Kind) || !r.Where.Match(getter(ev)) {
			continue
		}
		if r.Group <= 0 {
			e.raise(r, []watch.Event{ev}, now)
			continue
		}
		g := e.pending[r.Name]
		if g == nil {
			g = &group{Start: now}
			e.pending[r.Name] = g
		}
		g.Events = append(g.Events, ev)
		grouped = true
	}
	if grouped {
		e.savePending()
	}
	if ev.ID != "" {
		if err := e.seen.add(ev.ID); err != nil {
			e.logf("alerts: cannot record event %s as seen: %v", ev.ID, err)
		}
	}
}

func (e *Engine) savePending() {
	if err := writeJSON(e.pendingPath(), e.pending); err != nil {
		e.logf("alerts: cannot save the bursts being grouped: %v", err)
	}
}

// raise opens an alert for a burst and queues its message, unless the
// rule is snoozed (then it is open, marked snoozed, and not sent).
func (e *Engine) raise(r config.AlertRule, evs []watch.Event, now time.Time) {
	m := burst(r.Name, r.Severity, evs, now)
	id := shortID(m.ID)
	snoozed := false
	err := e.store.Update(func(b *Board) error {
		snoozed = now.Before(b.Snoozed[r.Name])
		for _, o := range b.Open {
			if o.ID == id {
				return nil
			}
		}
		b.Open = append(b.Open, Open{ID: id, Rule: r.Name, Severity: r.Severity, Time: now,
			Title: m.Title, Count: len(evs), Snoozed: snoozed})
		return nil
	})
	if err != nil {
		e.logf("alerts: cannot record the open alert: %v", err)
	}
	e.stats.alert(r.Name, r.Severity, snoozed)
	if snoozed {
		e.logf("alerts: rule %s is snoozed: alert %s (%d events) recorded, not sent", r.Name, id, len(evs))
		return
	}
	e.queue(m, r.To)
}

// shortID is the id an operator types in `stratop alerts ack`: eight hex
// digits of the message id's hash.
func shortID(messageID string) string {
	sum := sha256.Sum256([]byte(messageID))
	return hex.EncodeToString(sum[:4])
}

// queue puts m in the outboxes of the sinks named.
func (e *Engine) queue(m Message, to []string) {
	for _, name := range to {
		ob := e.boxes[name]
		if ob == nil {
			continue
		}
		ok, err := ob.put(m)
		switch {
		case err != nil:
			e.logf("alerts: outbox of sink %s: %v", name, err)
		case !ok:
			e.stats.drop(name)
		}
	}
}

// Tick closes the bursts whose window ended and runs the heartbeat and
// digest checks. Run calls it; tests may call it with a fake clock.
func (e *Engine) Tick(now time.Time) {
	e.mu.Lock()
	closed := false
	for _, r := range e.rules {
		if g := e.pending[r.Name]; g != nil && !now.Before(g.Start.Add(r.Group)) {
			e.raise(r, g.Events, now)
			delete(e.pending, r.Name)
			closed = true
		}
	}
	if closed {
		e.savePending()
	}
	e.mu.Unlock()
	e.checkHeartbeat(now)
	e.checkDigest(now)
}

// Run delivers the outboxes, one goroutine per sink, and ticks until ctx
// ends.
func (e *Engine) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, s := range e.o.Sinks {
		if r, ok := s.(runner); ok {
			wg.Add(1)
			go func() { defer wg.Done(); r.Run(ctx) }()
		}
	}
	for name, ob := range e.boxes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.deliver(ctx, name, e.o.Sinks[name], ob)
		}()
	}
	t := e.clock.NewTicker(e.o.Tick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			e.mu.Lock()
			e.seen.close()
			e.mu.Unlock()
			return nil
		case now := <-t.Chan():
			e.Tick(now)
		}
	}
}

// shutdownGrace is how long a send under way may still take once the
// engine is stopping.
const shutdownGrace = 2 * time.Second

// deliver sends one sink's outbox in order, retrying with backoff.
func (e *Engine) deliver(ctx context.Context, name string, s Sink, ob *outbox) {
	wait := e.o.Backoff
	for ctx.Err() == nil {
		e.stats.depth(name, ob.depth())
		m, seq, ok, err := ob.head()
		if err != nil {
			e.logf("alerts: outbox of sink %s: %v", name, err)
			ok = false
		}
		if !ok {
			if n, _ := ob.takeDropped(); n > 0 {
				ob.put(droppedMessage(n, e.o.MaxOutbox, e.clock.Now()))
				continue
			}
			select {
			case <-ctx.Done():
			case <-ob.wake:
			}
			continue
		}
		// A send under way when the engine stops gets shutdownGrace to end
		// and be recorded rather than being abandoned at once: a sink that
		// already received it would otherwise get it again after the
		// restart. A hanging sink still delays the stop by the grace only.
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.o.SendTimeout)
		stopGrace := context.AfterFunc(ctx, func() { time.AfterFunc(shutdownGrace, cancel) })
		err = s.Send(sctx, m)
		stopGrace()
		cancel()
		if err != nil {
			e.stats.failure(name)
			e.logf("alerts: %v (retry in %s)", err, wait)
			select {
			case <-ctx.Done():
			case <-e.clock.After(wait):
			}
			wait = min(2*wait, e.o.MaxBackoff)
			continue
		}
		wait = e.o.Backoff
		e.stats.delivered(name)
		if err := ob.done(seq, m.ID); err != nil {
			e.logf("alerts: outbox of sink %s: %v", name, err)
		}
	}
}

func droppedMessage(n, bound int, now time.Time) Message {
	return Message{ID: fmt.Sprintf("dropped-%d", now.UnixNano()), Time: now, Severity: "urgent", Kind: MsgDropped,
		Title: fmt.Sprintf("stratop: %d messages were dropped while this sink was down (the outbox holds %d)", n, bound)}
}

// Board returns the open alerts and snoozes.
func (e *Engine) Board() (Board, error) { return e.store.Board() }
