package model

// How the Activity shows a watch.Event, whoever decided it (the dashboard's
// own watch.Shown or a watch.Engine of the whole integration): the line's
// kind, its before and after, and whether it is about a watched item.

import (
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

// entryKinds are the Activity's kinds of the events it shows. Heartbeats
// are not shown, and actions come from the audit log, which the Activity
// reads itself.
var entryKinds = map[watch.Kind]string{
	watch.KindStatus:   ui.KindStatus,
	watch.KindAppeared: ui.KindAppeared,
	watch.KindVanished: ui.KindVanished,
	watch.KindCounts:   ui.KindCount,
	watch.KindUsersAdd: ui.KindUser,
	watch.KindConnLost: ui.KindConnection,
	watch.KindConnBack: ui.KindConnection,
}

// entryNotes are the fixed words of a kind's line.
var entryNotes = map[watch.Kind]string{
	watch.KindUsersAdd: "added",
	watch.KindConnLost: "lost",
	watch.KindConnBack: "restored",
}

// entryOf is the Activity's line of an event; false for one it does not
// show. Texts from the interface are sanitised here: the engine's events
// carry them as read.
func entryOf(ev watch.Event, w watchSet) (ui.ActivityEntry, bool) {
	kind, ok := entryKinds[ev.Kind]
	if !ok {
		return ui.ActivityEntry{}, false
	}
	e := ui.ActivityEntry{At: ev.Time}
	e.Kind, e.Strategy, e.User, e.Symbol = kind, ev.Strategy, clean(ev.User), clean(ev.Pool)
	e.Old, e.New, e.Note = clean(ev.Before), clean(ev.After), entryNotes[ev.Kind]
	switch ev.Kind {
	case watch.KindStatus:
		if ev.After == string(api.StatusCompleted) {
			e.Kind = ui.KindCompleted
		}
	case watch.KindVanished:
		if ev.After == "" {
			e.New = "gone" // a read by id found no such strategy (404)
		}
	case watch.KindCounts:
		e.Note = clean(ev.Status)
	case watch.KindConnLost:
		e.Note = ui.JoinNonEmpty(": ", e.Note, clean(ev.Detail))
	}
	e.Watched = w.strategies[e.Strategy] || (e.User != "" && w.users[e.User])
	return e, true
}
