package model

import (
	"testing"
	"time"

	"github.com/stratop/stratop/ui"
)

// One change seen by two sources (the finder, then the dashboard's own
// reads, or the other way round) is told once; a strategy that moved back
// and forth since is told again, as are other strategies and other kinds.
func TestAChangeSeenTwiceIsToldOnce(t *testing.T) {
	at := time.Date(2026, 11, 27, 3, 0, 0, 0, time.UTC)
	paused := ui.ActivityEntry{At: at, Kind: ui.KindStatus, Strategy: 59, Old: "active", New: "paused"}
	feed := newRing(maxActivity)
	feed.add(paused)

	later := paused
	later.At = at.Add(3 * time.Second)
	if !echoes(feed, later) {
		t.Fatal("the second source's report of the same halt is told again")
	}
	other := later
	other.Strategy = 60
	if echoes(feed, other) {
		t.Fatal("another strategy's halt was taken for an echo")
	}
	count := later
	count.Kind, count.Strategy = ui.KindCount, 0
	if echoes(feed, count) {
		t.Fatal("a count line was taken for an echo")
	}
	feed.add(ui.ActivityEntry{At: at.Add(5 * time.Second), Kind: ui.KindStatus, Strategy: 59, Old: "paused", New: "active"})
	again := paused
	again.At = at.Add(8 * time.Second)
	if echoes(feed, again) {
		t.Fatal("a halt after a resume was taken for the first halt's echo")
	}
	old := paused
	old.At = at.Add(moverEcho + time.Minute)
	if echoes(newRingWith(paused), old) {
		t.Fatal("a report long after the first was taken for its echo")
	}
}

func newRingWith(es ...ui.ActivityEntry) *ring {
	r := newRing(maxActivity)
	for _, e := range es {
		r.add(e)
	}
	return r
}
