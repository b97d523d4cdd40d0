package watch

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Run watches until ctx ends, then saves the cursor and returns nil. It
// returns an error only when it cannot start (a scope with nothing in it, a
// cursor that cannot be read); failed reads are connection events, not
// errors, and the watch goes on.
func (e *Engine) Run(ctx context.Context) error {
	if e.client == nil {
		return ErrNoClient
	}
	if err := e.opts.Scope.Validate(); err != nil {
		return err
	}
	release := e.holdCursor()
	defer release()
	st, err := e.loadState()
	if err != nil {
		return err
	}
	e.st = st
	now := e.opts.Now()
	e.budget = newBudget(e.opts, now, func(ctx context.Context, d time.Duration) error {
		return sleepCtx(ctx, e.wall(d))
	})
	e.mu.Lock()
	e.stats.Since = now
	e.held = st
	e.mu.Unlock()
	e.nextBeat = now.Add(e.opts.Heartbeat)
	e.setSaveErr(nil)
	if len(st.outbox) > 0 {
		// The last run stopped while handing these out: the state is
		// already past them, so they go out again before anything newer.
		e.publish(st.outbox)
		st.outbox, st.dirty = nil, true
	}

	t := time.NewTimer(e.pace.interval())
	defer t.Stop()
	for {
		began := e.opts.Now()
		e.cycle(ctx)
		if err := e.save(); ctx.Err() == nil {
			e.setSaveErr(err) // nil: what had to be saved is, again
		}
		if !e.wait(ctx, t, began) {
			_ = e.save()
			return nil
		}
	}
}

// wait waits for the next cycle, due one interval after began, applying
// what others observed meanwhile and following a change of the interval;
// false when ctx ended.
func (e *Engine) wait(ctx context.Context, t *time.Timer, began time.Time) bool {
	due := func() time.Duration { return e.wall(began.Add(e.pace.interval()).Sub(e.opts.Now())) }
	t.Reset(due())
	for {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
			return true
		case <-e.in.wake:
			e.applyObserved(ctx)
		case <-e.pace.changed:
			t.Reset(due())
		}
	}
}

// wall is how long d on the engine's clock lasts on the wall clock.
func (e *Engine) wall(d time.Duration) time.Duration {
	return time.Duration(float64(d) / e.speed)
}

// The smallest bursts: a cycle of the whole integration starts with six
// reads (the totals and the users count), and one list page is about 66 KB.
const (
	minBurst     = 8
	minByteBurst = 128 << 10
)

// SaveError is the last failure to write the cursor, nil when the last
// save worked (or none was due). A watch whose cursor cannot be written
// keeps watching: it reports, it only loses the guarantee across a crash.
func (e *Engine) SaveError() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.saveErr
}

func (e *Engine) setSaveErr(err error) {
	e.mu.Lock()
	e.saveErr = err
	e.mu.Unlock()
}

// loadState reads the cursor, or starts from now.
func (e *Engine) loadState() (*state, error) {
	path := e.cursorPath()
	if path == "" || e.opts.FromNow {
		return newState(), nil
	}
	st, err := loadCursor(path, e.opts.Host)
	if err != nil {
		return nil, fmt.Errorf("watch: %w (start with --from-now to drop it)", err)
	}
	if st == nil {
		return newState(), nil
	}
	return st, nil
}

// save writes the cursor when the state changed since the last save. A
// first read of the integration that is not complete yet is not saved: the
// next start reads it again from the start.
func (e *Engine) save() error {
	path := e.cursorPath()
	if path == "" || e.st == nil || !e.st.dirty {
		return nil
	}
	if e.opts.Scope.Kind == ScopeIntegration && !e.st.baselined {
		return nil
	}
	if err := saveCursor(path, e.st.encode(e.opts.Host, e.opts.Scope.key())); err != nil {
		return err
	}
	e.st.dirty = false
	return nil
}

// cycle is one interval's work: the scope's reads, the events they show,
// the interval's sample and the engine's stats.
func (e *Engine) cycle(ctx context.Context) {
	now := e.opts.Now()
	e.budget.refill(now)
	e.answered = time.Time{}
	e.cyc = cycleFigures{}
	d := &differ{e: e, s: e.st, now: now}
	var err error
	switch e.opts.Scope.Kind {
	case ScopeIntegration:
		err = e.integrationCycle(ctx, d)
	default:
		err = e.membersCycle(ctx, d)
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		err = nil
	}
	e.connection(d, err)
	e.actionsCycle(d)
	if e.opts.Heartbeat > 0 && !now.Before(e.nextBeat) {
		d.events = append(d.events, Event{ID: eventID(e.opts, KindHeartbeat, e.opts.Profile, i64(now.UnixNano())),
			Time: now, Kind: KindHeartbeat, Profile: e.opts.Profile, Host: e.opts.Host})
		e.nextBeat = now.Add(e.opts.Heartbeat)
	}
	e.commit(ctx, d.events)
	e.updateStats(now)
	if e.opts.OnSample != nil && ctx.Err() == nil {
		e.opts.OnSample(e.sample(now))
	}
}

// connection turns the cycle's outcome into lost and restored events.
func (e *Engine) connection(d *differ, err error) {
	s := e.st
	switch {
	case err != nil && !e.lost:
		e.lost = true
		s.connSeq++
		s.dirty = true
		d.events = append(d.events, Event{ID: eventID(e.opts, KindConnLost, e.opts.Profile, e.opts.Scope.key(), i64(int64(s.connSeq))),
			Time: d.now, Kind: KindConnLost, Profile: e.opts.Profile, Host: e.opts.Host, Detail: err.Error()})
	case err == nil && e.lost && e.cyc.reads > 0:
		e.lost = false
		d.events = append(d.events, Event{ID: eventID(e.opts, KindConnBack, e.opts.Profile, e.opts.Scope.key(), i64(int64(s.connSeq))),
			Time: d.now, Kind: KindConnBack, Profile: e.opts.Profile, Host: e.opts.Host})
	}
}

// commit saves the state with the cycle's events as its outbox, then
// hands them to Emit; the save after the cycle empties the outbox. A save
// that fails does not hold the events back: they go out, and only the
// guarantee across a crash is lost (SaveError says so).
func (e *Engine) commit(ctx context.Context, evs []Event) {
	if len(evs) == 0 {
		e.publish(evs)
		return
	}
	e.st.outbox, e.st.dirty = evs, true
	if err := e.save(); err != nil && ctx.Err() == nil {
		e.setSaveErr(err)
	}
	e.publish(evs)
	e.st.outbox, e.st.dirty = nil, true
}

// publish hands the events to Emit in order and counts them.
func (e *Engine) publish(evs []Event) {
	integ := e.opts.Integration.String()
	for _, ev := range evs {
		if ev.Integration == "" {
			ev.Integration = integ
		}
		e.opts.Emit(ev)
	}
	if len(evs) == 0 {
		return
	}
	e.mu.Lock()
	if e.stats.Events == nil {
		e.stats.Events = map[Kind]int64{}
	}
	for _, ev := range evs {
		e.stats.Events[ev.Kind]++
	}
	e.mu.Unlock()
}
