package model

// The differ: the one owner of what the dashboard last saw of each
// strategy, and the only place a change is decided. Every accepted read of
// strategies (a list page, the detail pane, the watched strategies and
// users, the newest strategies) reaches it as an observation; it compares
// each row with what it holds and reports what changed, once.
//
// Its state is O(rows on screen + watched): a strategy is kept while some
// source shows it and forgotten when none does. It never holds a copy of
// every strategy of the integration.
//
// Order: each observation carries the span of its read (see env.reads). A
// row is compared only when its read began after the read that last set it
// had ended, so the server certainly answered it later; a read that
// overlapped or preceded it is ambiguous and is not compared (the next poll
// of either source settles it). An older reply therefore never reports a
// flip-flop, whatever order the replies arrive in.
//
// The differ is mutated in place by the Activity tab's Update alone; no
// command reads it, so it needs no copy per poll and an unchanged row costs
// one map lookup and no allocation.

import (
	"iter"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// span orders reads: first is taken before the read's requests, last after
// its answer.
type span struct{ first, last uint64 }

// obsSource is a bit naming what showed a strategy.
type obsSource uint8

const (
	srcList         obsSource = 1 << iota // the Strategies tab's page
	srcDetail                             // the Strategies tab's detail pane
	srcWatch                              // the watched strategies, read by id
	srcWatchedUsers                       // the watched users' strategies
	srcJob                                // a user-wide job's strategies, before and after
)

// observation is what one accepted read saw.
type observation struct {
	source obsSource
	span   span
	// strategies are every strategy the read returned.
	strategies iter.Seq[*api.Strategy]
	// complete says the read is the source's whole set now: a strategy the
	// source showed before and not now has left the source. Leaving a page,
	// a filter or a sort is not a change, so it is then only forgotten.
	complete bool
	// gone are strategies a read by id found not to exist (404).
	gone []int64
	// confirmed are strategies that left a complete read of the same
	// source and parameters as the read before, read again by id: a change
	// of theirs (archived, completed) is reported; they are then forgotten
	// like any strategy that left the source.
	confirmed []api.Strategy
	// newest says the read holds the integration's newest strategy (its
	// first page, newest first, unfiltered). Only such a read sets the
	// mark above which a strategy has appeared: any other read may show
	// older ones only, and a mark set from it would take the strategies
	// between it and the newest for new.
	newest bool
	// counts are the integration's strategies per status (the Overview's
	// counts feed); users the users list; stats the header stats.
	counts *countsData
	users  *usersData
	stats  *api.DashboardStats
}

// observable is prepared feed data that tells the differ what it saw. The
// root hands every accepted reply whose data implements it to the Activity.
type observable interface {
	observe(s span) observation
}

// seenStrategy is what the differ holds of one strategy.
type seenStrategy struct {
	status api.Status
	user   string
	symbol string
	last   uint64    // span.last of the read that set it
	refs   obsSource // the sources showing it now
	stamp  uint64    // the observation that last showed it
}

// differ holds what was last seen and decides changes.
type differ struct {
	known map[int64]seenStrategy
	stamp uint64 // observations applied

	maxID       int64 // newest strategy id seen; valid once hasMaxID
	hasMaxID    bool
	maxUserID   int64
	hasMaxUser  bool
	counts      *countsData
	countsLast  uint64
	stats       api.DashboardStats // the header's counts, last seen
	hasStats    bool
	statsLast   uint64
	watchedIDs  map[int64]bool  // read only: the Activity's watches
	watchedUser map[string]bool // read only
}

func newDiffer() *differ { return &differ{known: make(map[int64]seenStrategy, 256)} }

// apply compares an observation with what the differ holds and calls emit
// for every change, oldest first within the observation.
func (d *differ) apply(o observation, now time.Time, emit func(ui.ActivityEntry)) {
	d.stamp++
	// Gone first: a complete read forgets what it no longer shows.
	for _, id := range o.gone {
		if s, ok := d.known[id]; ok && o.span.first > s.last {
			emit(d.entry(now, ui.KindVanished, id, s, string(s.status), "gone"))
			delete(d.known, id)
		}
	}
	if o.strategies != nil {
		d.applyStrategies(o, now, emit)
	}
	if o.counts != nil {
		d.applyCounts(o, now, emit)
	}
	if o.users != nil {
		d.applyUsers(o.users, now, emit)
	}
	if o.stats != nil && o.span.first > d.statsLast {
		if d.hasStats && o.stats.UsersCount != d.stats.UsersCount {
			emit(ui.ActivityEntry{At: now, Kind: ui.KindCount, Note: "users", Old: itoa(d.stats.UsersCount), New: itoa(o.stats.UsersCount)})
		}
		if d.hasStats && o.stats.StrategiesCount != d.stats.StrategiesCount {
			emit(ui.ActivityEntry{At: now, Kind: ui.KindCount, Note: "strategies", Old: itoa(d.stats.StrategiesCount), New: itoa(o.stats.StrategiesCount)})
		}
		d.stats, d.hasStats, d.statsLast = *o.stats, true, o.span.last
	}
}

func (d *differ) applyStrategies(o observation, now time.Time, emit func(ui.ActivityEntry)) {
	baseline := o.newest && !d.hasMaxID
	for s := range o.strategies {
		if s.ID > d.maxID {
			if d.hasMaxID {
				emit(ui.ActivityEntry{At: now, Kind: ui.KindAppeared, Strategy: s.ID, User: s.UserID, Symbol: s.Pool.Symbol,
					New: string(s.Status), Watched: d.watched(s.ID, s.UserID)})
			}
			d.maxID = s.ID
		}
		cur, ok := d.known[s.ID]
		if !ok {
			d.known[s.ID] = seenStrategy{status: s.Status, user: s.UserID, symbol: s.Pool.Symbol, last: o.span.last, refs: o.source, stamp: d.stamp}
			continue
		}
		cur.refs |= o.source
		cur.stamp = d.stamp
		d.known[s.ID] = d.compare(o, now, s, cur, emit)
	}
	for i := range o.confirmed {
		s := &o.confirmed[i]
		if cur, ok := d.known[s.ID]; ok {
			d.known[s.ID] = d.compare(o, now, s, cur, emit)
		}
	}
	if baseline {
		d.hasMaxID = true
	}
	if !o.complete {
		return
	}
	// What the source showed before and not now has left it.
	for id, s := range d.known {
		if s.refs&o.source == 0 || s.stamp == d.stamp {
			continue
		}
		s.refs &^= o.source
		if s.refs == 0 {
			delete(d.known, id)
			continue
		}
		d.known[id] = s
	}
}

// compare reports a change of s from what cur holds, when the read that
// saw s began after the one that set cur ended, and returns what to hold.
func (d *differ) compare(o observation, now time.Time, s *api.Strategy, cur seenStrategy, emit func(ui.ActivityEntry)) seenStrategy {
	if o.span.first <= cur.last {
		return cur
	}
	if s.Status != cur.status && s.Status != "" {
		kind := ui.KindStatus
		switch s.Status {
		case api.StatusCompleted:
			kind = ui.KindCompleted
		case api.StatusArchived:
			kind = ui.KindVanished
		}
		old := cur.status
		cur.status = s.Status
		emit(d.entry(now, kind, s.ID, cur, string(old), string(s.Status)))
	}
	cur.last = o.span.last
	if s.UserID != "" {
		cur.user = s.UserID
	}
	if s.Pool.Symbol != "" {
		cur.symbol = s.Pool.Symbol
	}
	return cur
}

func (d *differ) applyCounts(o observation, now time.Time, emit func(ui.ActivityEntry)) {
	if o.span.first <= d.countsLast {
		return
	}
	if prev := d.counts; prev != nil {
		for i, c := range o.counts.counts {
			if i < len(prev.counts) && prev.counts[i].Status == c.Status && prev.counts[i].Count != c.Count {
				emit(ui.ActivityEntry{At: now, Kind: ui.KindCount, Note: string(c.Status),
					Old: itoa(int64(prev.counts[i].Count)), New: itoa(int64(c.Count))})
			}
		}
		if prev.total != o.counts.total {
			emit(ui.ActivityEntry{At: now, Kind: ui.KindCount, Note: "listed", Old: itoa(int64(prev.total)), New: itoa(int64(o.counts.total))})
		}
	}
	d.counts, d.countsLast = o.counts, o.span.last
}

// applyUsers reports users newer than every one seen before. The list is
// the whole set, so the first one sets the mark.
func (d *differ) applyUsers(users *usersData, now time.Time, emit func(ui.ActivityEntry)) {
	top := d.maxUserID
	for i, id := range users.ids {
		if id <= d.maxUserID {
			continue
		}
		if d.hasMaxUser {
			ext := users.external(i)
			emit(ui.ActivityEntry{At: now, Kind: ui.KindUser, User: ext, Note: "added", Watched: d.watchedUser[ext]})
		}
		top = max(top, id)
	}
	d.maxUserID, d.hasMaxUser = top, true
}

func (d *differ) watched(id int64, user string) bool {
	return d.watchedIDs[id] || (user != "" && d.watchedUser[user])
}

func (d *differ) entry(now time.Time, kind string, id int64, s seenStrategy, old, next string) ui.ActivityEntry {
	return ui.ActivityEntry{At: now, Kind: kind, Strategy: id, User: s.user, Symbol: s.symbol, Old: old, New: next, Watched: d.watched(id, s.user)}
}

// size is the number of strategies held.
func (d *differ) size() int { return len(d.known) }
