package watch

// Movers names the strategies that moved into or out of some statuses,
// reading as little as it can: a dashboard that reads the totals anyway
// hands them over (Counted, or Totals), each read at the row the finder
// asked for (Want), and only a status whose total, or a row read, differs
// from what is held there is searched, by position (movers_hunt.go). The
// totals' rows are the search's probes, for nothing; it reads rows of its
// own only as needed to name each mover within the time allowed (Within),
// and never reads a status whole but once, for its starting point. It
// reads nothing else, not even the totals: what nobody reads, it does not
// look into. It holds the rows of its statuses only: no rolling sweep, no
// users, so its cost follows the changes, not the size of the integration.
//
// A strategy found in a held status that was held nowhere came from a
// status not held; when exactly one listed status is not held, that is the
// one it came from, so its event says so.

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/stratop/stratop/api"
)

// Movers is an engine that only finds the movers of some statuses.
type Movers struct {
	e        *Engine
	statuses []string
	from     string // the one listed status not held, if one
	totals   chan handover
	read     map[string]bool // statuses read whole once: their starting point
	within   time.Duration   // the time allowed to name a mover

	mu    sync.Mutex
	wants map[string]want // where the next read of each total looks

	// Of the Run goroutine only:
	facts  listedAt             // rows read at positions, kept across rounds
	free   map[string]bool      // statuses whose totals come with a row read where asked
	since  map[string]time.Time // when the search of each status for its next change began
	first  map[string]time.Time // since when each status has differed from what is held
	lastAt time.Time            // when the round before began
	per    time.Duration        // the time between rounds
	rounds int
	marks  []uint64 // the Mark at each kept round's start
}

// NewMovers builds the finder of the movers of statuses over client;
// opts' Scope, CursorDir and AuditPath are ignored: it keeps no cursor.
func NewMovers(client Client, opts Options, statuses ...api.Status) *Movers {
	opts.Scope, opts.CursorDir, opts.AuditPath, opts.Heartbeat = Integration(), "", "", 0
	m := &Movers{e: New(client, opts), totals: make(chan handover, 1), read: map[string]bool{}, within: DefaultNamingTime,
		wants: map[string]want{}, free: map[string]bool{}, since: map[string]time.Time{}, first: map[string]time.Time{}}
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

// HaltedStatuses are the statuses a strategy is halted into.
var HaltedStatuses = []api.Status{api.StatusSuspended, api.StatusPaused, api.StatusCompleted}

// NewHaltedMovers builds the finder of the movers into and out of the
// halted statuses. It holds active too, where they come from: when active
// shrank by more than the halted statuses grew, a strategy left it either
// for archived or for a halted status that another left for archived at
// about the same time, leaving that total as it was; only active's search
// (order) tells the second, which no halting of the halted statuses finds.
func NewHaltedMovers(client Client, opts Options) *Movers {
	return NewMovers(client, opts, append([]api.Status{api.StatusActive}, HaltedStatuses...)...)
}

// Engine is the engine underneath, for its Stats and SetInterval.
func (m *Movers) Engine() *Engine { return m.e }

// Within sets the time allowed to name a mover (DefaultNamingTime): the
// searches read rows of their own only as needed to name each within it.
func (m *Movers) Within(d time.Duration) { m.within = d }

// DefaultNamingTime is the time allowed to name a mover.
const DefaultNamingTime = 30 * time.Second

// Totals hands over the totals of a read of the statuses that brought no
// rows; it never blocks, and only the latest waiting is kept.
func (m *Movers) Totals(totals map[string]int) {
	m.handOver(handover{totals: totals})
}

// handOver keeps h as the latest waiting handover.
func (m *Movers) handOver(h handover) {
	t := make(map[string]int, len(m.statuses))
	for _, s := range m.statuses {
		if n, ok := h.totals[s]; ok {
			t[s] = n
		}
	}
	h.totals = t
	for {
		select {
		case m.totals <- h:
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
		case h := <-m.totals:
			m.round(ctx, h)
		}
	}
}

// round settles what the totals and the rows handed over say moved.
func (m *Movers) round(ctx context.Context, h handover) {
	e := m.e
	now := e.opts.Now()
	e.budget.refill(now)
	e.answered, e.cyc = time.Time{}, cycleFigures{}
	e.shown.reset()
	if m.lastAt.IsZero() {
		m.lastAt = now
	}
	m.per = m.period(now)
	d := &differ{e: e, s: e.st, now: now}
	var err error
	if len(h.totals) == len(m.statuses) {
		err = m.settle(ctx, d, h, now)
	}
	m.rounds++
	m.lastAt = now
	e.cyc.failed = e.cyc.failed || err != nil
	e.learnRate(d)
	e.publish(d.events)
	e.updateStats(now)
	if e.opts.OnSample != nil && ctx.Err() == nil {
		e.opts.OnSample(e.sample(now))
	}
}

// settle reads each status whole once, silently (its starting point), then
// searches those whose totals or rows read differ from what is held, and
// names what arrived from a status not held.
func (m *Movers) settle(ctx context.Context, d *differ, h handover, now time.Time) error {
	e := m.e
	totals := maps.Clone(h.totals)
	started := maps.Clone(m.read) // the rows handed over were read before this round's whole reads
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
	m.age()
	m.noteReads(h, started)
	held := make(map[int64]bool, len(e.st.rows))
	for id := range e.st.rows {
		held[id] = true
	}
	var err error
	for _, s := range m.order(totals) {
		if err = m.hunt(ctx, d, s, totals, now); err != nil {
			break
		}
	}
	if err == nil {
		err = e.confirmCycle(ctx, d)
	}
	m.nameArrivals(d, held)
	m.forgetUnheld()
	for i, s := range m.statuses {
		if _, hunting := m.since[s]; !hunting || !m.read[s] {
			m.setWant(s, m.spread(i, len(e.heldIDs(s))))
		}
	}
	return err
}

// order is the order the statuses read whole are searched in: those that
// grew first, so a strategy that moved between two of them is found where
// it arrived, with no read by id, settling both; then the smaller first.
// Active, when held, comes last whatever its total did: it is where halted
// strategies come from and go back to, and such a move is settled by the
// search of the smaller halted status, so active is searched only for what
// the others did not settle. That is a strategy that left it for a status
// not held (archived), or one that arrived in a halted status while another
// left that status for one not held, so that the halted total did not move:
// the totals alone cannot tell the two apart, and the search of active,
// whose row read by id says where it went, names the second.
func (m *Movers) order(totals map[string]int) []string {
	var out []string
	for _, s := range m.statuses {
		if m.read[s] {
			out = append(out, s)
		}
	}
	grew := func(s string) bool { return totals[s] > len(m.e.heldIDs(s)) }
	slices.SortStableFunc(out, func(a, b string) int {
		switch sa, sb := source(a), source(b); {
		case sa && !sb:
			return 1
		case sb && !sa:
			return -1
		}
		switch ga, gb := grew(a), grew(b); {
		case ga && !gb:
			return -1
		case gb && !ga:
			return 1
		}
		return totals[a] - totals[b]
	})
	return out
}

// source reports whether s is where the halted statuses' strategies come
// from: active.
func source(s string) bool { return s == string(api.StatusActive) }

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
