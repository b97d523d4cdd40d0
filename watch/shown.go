package watch

// Shown is the differ of what a dashboard shows and watches: the one owner
// of what it last saw of each strategy, and the only place a change is
// decided. Every accepted read of strategies (a list page, the detail pane,
// the watched strategies and users, a job's strategies) reaches it as an
// Observation; it compares each row with what it holds and reports what
// changed, once.
//
// Its state is O(rows on screen + watched): a strategy is kept while some
// source shows it and forgotten when none does. It never holds a copy of
// every strategy of the integration (the Engine does that).
//
// Order: each observation carries the Span of its read. A row is compared
// only when its read began after the read that last set it had ended, so
// the server certainly answered it later; a read that overlapped or
// preceded it is ambiguous and is not compared (the next poll of either
// source settles it). An older reply therefore never reports a flip-flop,
// whatever order the replies arrive in.
//
// A Shown is not safe for concurrent use: one owner applies observations,
// mutating it in place, so an unchanged row costs one map lookup and no
// allocation.
//
// Its events carry no ID: they are not saved anywhere and are not seen
// again after a restart, so there is nothing to tell apart.

import (
	"strconv"
	"time"

	"github.com/stratop/stratop/api"
)

// shownRow is what a Shown holds of one strategy.
type shownRow struct {
	status api.Status
	user   string
	symbol string
	last   uint64 // Span.Last of the read that set it
	refs   Source // the sources showing it now
	stamp  uint64 // the observation that last showed it
}

// Shown holds what was last seen and decides changes.
type Shown struct {
	known map[int64]shownRow
	stamp uint64 // observations applied

	maxID      int64 // newest strategy id seen; valid once hasMaxID
	hasMaxID   bool
	maxUserID  int64
	hasMaxUser bool
	counts     *Counts
	countsLast uint64
	stats      api.DashboardStats // the header's counts, last seen
	hasStats   bool
	statsLast  uint64
}

// NewShown is an empty Shown: the first sight of anything is its start.
func NewShown() *Shown { return &Shown{known: make(map[int64]shownRow, 256)} }

// Apply compares an observation with what the Shown holds and calls emit
// for every change, oldest first within the observation.
func (d *Shown) Apply(o Observation, now time.Time, emit func(Event)) {
	d.stamp++
	// Gone first: a complete read forgets what it no longer shows.
	for _, id := range o.Gone {
		if s, ok := d.known[id]; ok && o.Span.After(s.last) {
			emit(d.event(now, KindVanished, id, s, string(s.status), ""))
			delete(d.known, id)
		}
	}
	if o.Strategies != nil {
		d.applyStrategies(o, now, emit)
	}
	if o.Counts != nil {
		d.applyCounts(o, now, emit)
	}
	if o.Users != nil {
		d.applyUsers(o.Users, now, emit)
	}
	if o.Stats != nil && o.Span.After(d.statsLast) {
		if d.hasStats && o.Stats.UsersCount != d.stats.UsersCount {
			emit(countEvent(now, "users", d.stats.UsersCount, o.Stats.UsersCount))
		}
		if d.hasStats && o.Stats.StrategiesCount != d.stats.StrategiesCount {
			emit(countEvent(now, "strategies", d.stats.StrategiesCount, o.Stats.StrategiesCount))
		}
		d.stats, d.hasStats, d.statsLast = *o.Stats, true, o.Span.Last
	}
}

func (d *Shown) applyStrategies(o Observation, now time.Time, emit func(Event)) {
	baseline := o.Newest && !d.hasMaxID
	for s := range o.Strategies {
		if s.ID > d.maxID {
			if d.hasMaxID {
				emit(Event{Time: now, Kind: KindAppeared, Strategy: s.ID, User: s.UserID, Pool: s.Pool.Symbol, After: string(s.Status)})
			}
			d.maxID = s.ID
		}
		cur, ok := d.known[s.ID]
		if !ok {
			d.known[s.ID] = shownRow{status: s.Status, user: s.UserID, symbol: s.Pool.Symbol, last: o.Span.Last, refs: o.Source, stamp: d.stamp}
			continue
		}
		cur.refs |= o.Source
		cur.stamp = d.stamp
		d.known[s.ID] = d.compare(o, now, s, cur, emit)
	}
	for i := range o.Confirmed {
		s := &o.Confirmed[i]
		if cur, ok := d.known[s.ID]; ok {
			d.known[s.ID] = d.compare(o, now, s, cur, emit)
		}
	}
	if baseline {
		d.hasMaxID = true
	}
	if !o.Complete {
		return
	}
	// What the source showed before and not now has left it.
	for id, s := range d.known {
		if s.refs&o.Source == 0 || s.stamp == d.stamp {
			continue
		}
		s.refs &^= o.Source
		if s.refs == 0 {
			delete(d.known, id)
			continue
		}
		d.known[id] = s
	}
}

// compare reports a change of s from what cur holds, when the read that
// saw s began after the one that set cur ended, and returns what to hold.
// Archived is reported as vanished, as the engine reports it.
func (d *Shown) compare(o Observation, now time.Time, s *api.Strategy, cur shownRow, emit func(Event)) shownRow {
	if !o.Span.After(cur.last) {
		return cur
	}
	if s.Status != cur.status && s.Status != "" {
		kind := KindStatus
		if s.Status == api.StatusArchived {
			kind = KindVanished
		}
		old := cur.status
		cur.status = s.Status
		emit(d.event(now, kind, s.ID, cur, string(old), string(s.Status)))
	}
	cur.last = o.Span.Last
	if s.UserID != "" {
		cur.user = s.UserID
	}
	if s.Pool.Symbol != "" {
		cur.symbol = s.Pool.Symbol
	}
	return cur
}

func (d *Shown) applyCounts(o Observation, now time.Time, emit func(Event)) {
	if !o.Span.After(d.countsLast) {
		return
	}
	if prev := d.counts; prev != nil {
		for i, c := range o.Counts.Statuses {
			if i < len(prev.Statuses) && prev.Statuses[i].Status == c.Status && prev.Statuses[i].Count != c.Count {
				emit(countEvent(now, string(c.Status), int64(prev.Statuses[i].Count), int64(c.Count)))
			}
		}
		if prev.Listed != o.Counts.Listed {
			emit(countEvent(now, "listed", int64(prev.Listed), int64(o.Counts.Listed)))
		}
	}
	d.counts, d.countsLast = o.Counts, o.Span.Last
}

// applyUsers reports users newer than every one seen before. The list is
// the whole set, so the first one sets the mark.
func (d *Shown) applyUsers(users UserList, now time.Time, emit func(Event)) {
	top := d.maxUserID
	for i := range users.Len() {
		id := users.ID(i)
		if id <= d.maxUserID {
			continue
		}
		if d.hasMaxUser {
			emit(Event{Time: now, Kind: KindUsersAdd, User: users.External(i)})
		}
		top = max(top, id)
	}
	d.maxUserID, d.hasMaxUser = top, true
}

func (d *Shown) event(now time.Time, kind Kind, id int64, s shownRow, before, after string) Event {
	return Event{Time: now, Kind: kind, Strategy: id, User: s.user, Pool: s.symbol, Before: before, After: after}
}

// countEvent is a change of one count: a status's, "listed", "strategies"
// or "users".
func countEvent(now time.Time, what string, before, after int64) Event {
	return Event{Time: now, Kind: KindCounts, Status: what, Before: strconv.FormatInt(before, 10), After: strconv.FormatInt(after, 10)}
}

// Len is the number of strategies held.
func (d *Shown) Len() int { return len(d.known) }
