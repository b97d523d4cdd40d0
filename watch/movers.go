package watch

// Movers names the strategies that moved into or out of some statuses when
// their totals move, and reads nothing else: a dashboard that reads the
// totals anyway hands them over (Totals), and only a status whose total
// differs from what is held there is searched, by the engine's own search
// by position and its cost model (drill.go). It reads nothing else, not
// even the totals: what nobody reads, it does not look into. It holds the rows of its
// statuses only: no rolling sweep, no probes, no users, so its cost follows
// the changes, not the size of the integration.
//
// A strategy found in a held status that was held nowhere came from a
// status not held; when exactly one listed status is not held, that is the
// one it came from, so its event says so.

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/stratop/stratop/api"
)

// Movers is an engine that only finds the movers of some statuses.
type Movers struct {
	e        *Engine
	statuses []string
	from     string // the one listed status not held, if one
	totals   chan map[string]int
	read     map[string]bool // statuses read whole once: their starting point
}

// NewMovers builds the finder of the movers of statuses over client;
// opts' Scope, CursorDir and AuditPath are ignored: it keeps no cursor.
func NewMovers(client Client, opts Options, statuses ...api.Status) *Movers {
	opts.Scope, opts.CursorDir, opts.AuditPath, opts.Heartbeat = Integration(), "", "", 0
	m := &Movers{e: New(client, opts), totals: make(chan map[string]int, 1), read: map[string]bool{}}
	for _, st := range statuses {
		m.statuses = append(m.statuses, string(st))
	}
	var rest []string
	for _, st := range listed {
		if !slices.Contains(m.statuses, string(st)) {
			rest = append(rest, string(st))
		}
	}
	if len(rest) == 1 {
		m.from = rest[0]
	}
	return m
}

// Engine is the engine underneath, for its Stats and SetInterval.
func (m *Movers) Engine() *Engine { return m.e }

// Totals hands over the totals of a read of the statuses; it never blocks,
// and only the latest waiting is kept.
func (m *Movers) Totals(totals map[string]int) {
	t := make(map[string]int, len(m.statuses))
	for _, s := range m.statuses {
		if n, ok := totals[s]; ok {
			t[s] = n
		}
	}
	for {
		select {
		case m.totals <- t:
			return
		default:
		}
		select {
		case <-m.totals:
		default:
		}
	}
}

// Run finds movers until ctx ends: a round for each totals handed over.
// It reads nothing of its own accord, so it costs nothing while nobody
// reads the totals (a dashboard whose Overview is not shown).
func (m *Movers) Run(ctx context.Context) error {
	e := m.e
	if e.client == nil {
		return ErrNoClient
	}
	e.st = newState()
	now := e.opts.Now()
	e.budget = newBudget(e.opts, now, func(ctx context.Context, d time.Duration) error {
		return sleepCtx(ctx, e.wall(d))
	})
	e.mu.Lock()
	e.stats.Since, e.held = now, e.st
	e.mu.Unlock()
	for {
		select {
		case <-ctx.Done():
			return nil
		case totals := <-m.totals:
			m.round(ctx, totals)
		}
	}
}

// round settles what the totals say moved, reading them first when none
// were handed over.
func (m *Movers) round(ctx context.Context, given map[string]int) {
	e := m.e
	now := e.opts.Now()
	e.budget.refill(now)
	e.answered, e.cyc = time.Time{}, cycleFigures{}
	e.shown.reset()
	d := &differ{e: e, s: e.st, now: now}
	var err error
	if len(given) == len(m.statuses) {
		err = m.settle(ctx, d, maps.Clone(given))
	}
	e.cyc.failed = e.cyc.failed || err != nil
	e.learnRate(d)
	e.publish(d.events)
	e.updateStats(now)
	if e.opts.OnSample != nil && ctx.Err() == nil {
		e.opts.OnSample(e.sample(now))
	}
}

// settle reads each status whole once, silently (its starting point), then
// searches those whose totals differ from what is held, and names what
// arrived from a status not held.
func (m *Movers) settle(ctx context.Context, d *differ, totals map[string]int) error {
	e := m.e
	if totals == nil {
		return nil // over budget: next round
	}
	for _, s := range m.statuses {
		if m.read[s] {
			continue
		}
		quiet := &differ{e: e, s: e.st, now: d.now, silent: true}
		err := e.readWhole(ctx, quiet, cellKey{status: s}, totals)
		if err != nil {
			return err
		}
		m.read[s] = e.wholeNext[s] == 0
	}
	if !e.st.baselined && len(m.read) == len(m.statuses) && !slices.Contains(slices.Collect(maps.Values(m.read)), false) {
		e.st.baselined = true // Stats says the starting point is read
	}
	var held map[int64]bool
	for _, s := range m.statuses {
		if !m.read[s] || totals[s] == len(e.heldIDs(s)) {
			continue
		}
		if held == nil {
			held = make(map[int64]bool, len(e.st.rows))
			for id := range e.st.rows {
				held[id] = true
			}
		}
		if err := e.drill(ctx, d, cellKey{status: s}, totals); err != nil {
			return err
		}
	}
	err := e.confirmCycle(ctx, d)
	if held != nil {
		m.nameArrivals(d, held)
	}
	m.forgetUnheld()
	return err
}

// nameArrivals reports the rows held now that were held nowhere before the
// searches and that no event named: they moved in from a status not held.
func (m *Movers) nameArrivals(d *differ, held map[int64]bool) {
	named := make(map[int64]bool, len(d.events))
	for _, ev := range d.events {
		named[ev.Strategy] = true
	}
	var ids []int64
	for id := range m.e.st.rows {
		if !held[id] && !named[id] {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		r := m.e.st.rows[id]
		r.seq++
		m.e.st.put(id, r)
		ev := d.event(KindStatus, id, r)
		ev.Before, ev.After = m.from, d.s.str(r.status)
		ev.ID = eventID(m.e.opts, KindStatus, i64(id), i64(int64(r.seq)), ev.After)
		d.events = append(d.events, ev)
		d.move(ev.After)
	}
}

// forgetUnheld lets go of the rows that left for a status not held: what
// they do there is not this finder's to follow.
func (m *Movers) forgetUnheld() {
	s := m.e.st
	for id, r := range s.rows {
		if !slices.Contains(m.statuses, s.str(r.status)) {
			s.drop(id)
		}
	}
}
