package watch

import (
	"sync"
	"time"

	"github.com/stratop/stratop/api"
)

// row is what the engine holds of one strategy: a few words, its texts
// interned, so 100,000 strategies stay within a few megabytes.
type row struct {
	status   uint32 // interned
	category uint32
	typ      uint32
	user     uint32
	pool     uint32
	chain    int64
	seq      uint32 // status changes reported so far: part of the event id
	// last is the mark (Mark) of the read that last set the row: a read
	// from outside (Observe) is compared with it only when it began later.
	// Marks are of this process only, so the cursor does not keep it.
	last uint64
}

// saved is the row as the cursor keeps it.
func (r row) saved() row { r.last = 0; return r }

// cellKey is a filter cell of the list routes: status, chain, category
// and method. A zero field is "any".
type cellKey struct {
	status   string
	chain    int64
	category string
	method   string
}

// match reports whether a held row falls in the cell.
func (s *state) match(c cellKey, r row) bool {
	return (c.status == "" || s.str(r.status) == c.status) &&
		(c.chain == 0 || r.chain == c.chain) &&
		(c.category == "" || s.str(r.category) == c.category) &&
		(c.method == "" || s.str(r.typ) == c.method)
}

// countSeen is a per-status total as last read, and how many times it has
// changed (part of a counts event's id).
type countSeen struct {
	Total int    `json:"total"`
	Seq   uint32 `json:"seq"`
}

// state is the last-known state of the scope: what the cursor saves.
type state struct {
	mu     sync.RWMutex // guards rows and strs against readers off the engine's goroutine (Held)
	rows   map[int64]row
	strs   []string
	strIdx map[string]uint32
	cells  map[cellKey]int // rows per finest cell

	maxID       int64 // newest strategy id seen: above it a strategy has appeared
	hasMaxID    bool
	maxUserID   int64
	hasUsers    bool
	users       int
	counts      map[string]countSeen
	connSeq     uint32
	baselined   bool  // the scope has been read in full once
	sweepPage   int   // the rolling sweep's next page (1-based)
	sweepLast   int64 // the last id of the sweep's previous page
	userDone    map[string]bool
	auditOffset int64 // bytes of the audit log already read
	auditSet    bool
	// outbox is the events of the cycle being handed to Emit: saved with
	// the state they lead to before the first is emitted, emptied once all
	// were, and emitted again on a start that finds them.
	outbox []Event
	dirty  bool   // changed since the last save
	gen    uint64 // bumped when a row comes, goes or changes status: what was derived from the statuses is stale
}

func newState() *state {
	s := &state{rows: map[int64]row{}, strIdx: map[string]uint32{}, cells: map[cellKey]int{},
		counts: map[string]countSeen{}, sweepPage: 1, userDone: map[string]bool{}}
	s.intern("") // index 0 is the empty text
	return s
}

func (s *state) intern(v string) uint32 {
	if i, ok := s.strIdx[v]; ok {
		return i
	}
	i := uint32(len(s.strs))
	s.mu.Lock()
	s.strs = append(s.strs, v)
	s.mu.Unlock()
	s.strIdx[v] = i
	return i
}

func (s *state) str(i uint32) string {
	if int(i) < len(s.strs) {
		return s.strs[i]
	}
	return ""
}

func (s *state) cellOf(r row) cellKey {
	return cellKey{status: s.str(r.status), chain: r.chain, category: s.str(r.category), method: s.str(r.typ)}
}

// put stores a row and keeps the cell counts. Only a change the cursor
// keeps makes the state dirty: a new mark alone is not worth a save.
func (s *state) put(id int64, r row) {
	old, ok := s.rows[id]
	if ok {
		s.cells[s.cellOf(old)]--
	}
	s.mu.Lock()
	s.rows[id] = r
	s.mu.Unlock()
	s.cells[s.cellOf(r)]++
	if !ok || old.saved() != r.saved() {
		s.dirty = true
	}
	if !ok || old.status != r.status {
		s.gen++
	}
}

// drop forgets a row.
func (s *state) drop(id int64) {
	if old, ok := s.rows[id]; ok {
		s.cells[s.cellOf(old)]--
		s.mu.Lock()
		delete(s.rows, id)
		s.mu.Unlock()
		s.dirty = true
		s.gen++
	}
}

// rowOf is a strategy as the engine holds it.
func (s *state) rowOf(st *api.Strategy) row {
	return row{status: s.intern(string(st.Status)), category: s.intern(st.Category), typ: s.intern(st.Type),
		user: s.intern(st.UserID), pool: s.intern(st.Pool.Symbol), chain: st.ChainID}
}

// differ turns reads into events. silent is set while a scope is read for
// the first time: what it finds is the starting point, not a change.
type differ struct {
	e      *Engine
	s      *state
	now    time.Time
	silent bool
	events []Event
	moved  map[string]int // changes reported per status, before and after
}

// move counts a change of a status.
func (d *differ) move(statuses ...string) {
	if d.moved == nil {
		d.moved = map[string]int{}
	}
	for _, s := range statuses {
		d.moved[s]++
	}
}

// at is the time of an event the last read showed: when its answer
// arrived. The change it shows was made before the server answered, so
// this is never before it, whereas the cycle's start may be (the reads of
// a cycle take seconds). The server's Date is not used: it is whole
// seconds, up to one before the answer.
func (d *differ) at() time.Time {
	if t := d.e.answered; t.After(d.now) {
		return t
	}
	return d.now
}

// event fills the common fields of an event about a strategy.
func (d *differ) event(kind Kind, id int64, r row) Event {
	return Event{Time: d.at(), Kind: kind, Profile: d.e.opts.Profile, Host: d.e.opts.Host, Strategy: id,
		User: d.s.str(r.user), Pool: d.s.str(r.pool), Chain: int(r.chain), Type: d.s.str(r.typ), Category: d.s.str(r.category)}
}

// seen compares one strategy read from the interface with what is held.
func (d *differ) seen(st *api.Strategy) {
	if st == nil || st.ID <= 0 {
		return
	}
	d.e.notePrice(st.Pool.ID, st.Pool.TokenPrice)
	if st.Status == api.StatusArchived {
		d.gone(st.ID, string(api.StatusArchived))
		return
	}
	next := d.s.rowOf(st)
	// Taken after the read answered: a safe upper bound of its end.
	next.last = Mark()
	old, ok := d.s.rows[st.ID]
	if !ok {
		appeared := d.s.hasMaxID && st.ID > d.s.maxID
		d.s.put(st.ID, next)
		if st.ID > d.s.maxID {
			d.s.maxID = st.ID
		}
		if appeared {
			ev := d.event(KindAppeared, st.ID, next)
			ev.After = string(st.Status)
			ev.ID = eventID(d.e.opts, KindAppeared, i64(st.ID))
			d.events = append(d.events, ev)
		}
		return
	}
	next.seq = old.seq
	if next.status != old.status && st.Status != "" {
		if !d.silent {
			next.seq++
			ev := d.event(KindStatus, st.ID, next)
			ev.Before, ev.After = d.s.str(old.status), string(st.Status)
			ev.ID = eventID(d.e.opts, KindStatus, i64(st.ID), i64(int64(next.seq)), ev.After)
			d.events = append(d.events, ev)
			d.move(ev.Before, ev.After)
		}
		d.s.put(st.ID, next)
		return
	}
	if st.Status == "" {
		next.status = old.status
	}
	d.s.put(st.ID, next)
}

// gone reports a held strategy that a read by id found archived or absent.
func (d *differ) gone(id int64, after string) {
	old, ok := d.s.rows[id]
	if !ok {
		return
	}
	if !d.silent {
		ev := d.event(KindVanished, id, old)
		ev.Before, ev.After = d.s.str(old.status), after
		ev.ID = eventID(d.e.opts, KindVanished, i64(id))
		d.events = append(d.events, ev)
		d.move(ev.Before)
	}
	d.s.drop(id)
}
