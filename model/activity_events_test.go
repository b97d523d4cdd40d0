package model

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/ui"
	"github.com/stratop/stratop/watch"
)

func TestEntryOfEveryKindShown(t *testing.T) {
	w := watchSetOf(watch.WatchList{Strategies: []int64{7}, Users: []string{"cust_b"}})
	for _, tc := range []struct {
		ev   watch.Event
		want ui.ActivityEntry
	}{
		{watch.Event{Kind: watch.KindStatus, Strategy: 7, User: "cust_a", Pool: "TOK", Before: "active", After: "paused"},
			ui.ActivityEntry{Kind: ui.KindStatus, Strategy: 7, User: "cust_a", Symbol: "TOK", Old: "active", New: "paused", Watched: true}},
		{watch.Event{Kind: watch.KindStatus, Strategy: 8, Before: "active", After: "completed"},
			ui.ActivityEntry{Kind: ui.KindCompleted, Strategy: 8, Old: "active", New: "completed"}},
		{watch.Event{Kind: watch.KindVanished, Strategy: 9, User: "cust_b", Before: "paused"},
			ui.ActivityEntry{Kind: ui.KindVanished, Strategy: 9, User: "cust_b", Old: "paused", New: "gone", Watched: true}},
		{watch.Event{Kind: watch.KindVanished, Strategy: 9, Before: "paused", After: "archived"},
			ui.ActivityEntry{Kind: ui.KindVanished, Strategy: 9, Old: "paused", New: "archived"}},
		{watch.Event{Kind: watch.KindAppeared, Strategy: 10, After: "active"},
			ui.ActivityEntry{Kind: ui.KindAppeared, Strategy: 10, New: "active"}},
		{watch.Event{Kind: watch.KindCounts, Status: "active", Before: "10", After: "9"},
			ui.ActivityEntry{Kind: ui.KindCount, Note: "active", Old: "10", New: "9"}},
		{watch.Event{Kind: watch.KindUsersAdd, User: "cust_b"},
			ui.ActivityEntry{Kind: ui.KindUser, User: "cust_b", Note: "added", Watched: true}},
		{watch.Event{Kind: watch.KindConnLost, Detail: "dial tcp: refused\x1b[31m"},
			ui.ActivityEntry{Kind: ui.KindConnection, Note: "lost: dial tcp: refused"}},
		{watch.Event{Kind: watch.KindConnBack},
			ui.ActivityEntry{Kind: ui.KindConnection, Note: "restored"}},
	} {
		got, ok := entryOf(tc.ev, w)
		if !ok || got != tc.want {
			t.Errorf("%s: got %+v (%v), want %+v", tc.ev.Kind, got, ok, tc.want)
		}
	}
	for _, k := range []watch.Kind{watch.KindHeartbeat, watch.KindAction} {
		if _, ok := entryOf(watch.Event{Kind: k}, w); ok {
			t.Errorf("%s is shown: the Activity reads the audit log itself and shows no heartbeat", k)
		}
	}
}

// The engine never waits for the screen: what does not fit the backlog is
// counted, and the Activity says how many were not shown.
func TestEngineEventsBeyondTheBacklogAreCountedAndSaid(t *testing.T) {
	m, _, _ := newTestModel(t, WithIntegrationActivity(true))
	f := m.env.engine
	f.start.Do(func() {}) // not run: the test is the engine
	for i := range engineBacklog + 5 {
		f.emit(watch.Event{Kind: watch.KindStatus, Strategy: int64(i + 1), Before: "active", After: "paused"})
	}
	msg := f.wait(m.env.session)().(engineEventsMsg)
	if len(msg.events) != engineBatch || msg.dropped != 5 {
		t.Fatalf("%d events and %d dropped, want %d and 5", len(msg.events), msg.dropped, engineBatch)
	}
	m, cmd := m.Update(msg)
	if cmd == nil {
		t.Fatal("the Activity does not wait for more events")
	}
	m, _ = press(m, "5")
	v := m.View()
	if !strings.Contains(v, "5 changes of the integration were not shown") {
		t.Fatalf("the drop is not said:\n%s", v)
	}
	if !strings.Contains(v, itoa(engineBatch)+" entries") {
		t.Fatalf("the batch is not shown:\n%s", v)
	}
	// Another session's events (a profile switched away from) are dropped.
	m2, _ := m.Update(engineEventsMsg{session: m.env.session + 1, events: []watch.Event{{Kind: watch.KindStatus, Strategy: 1}}})
	if !strings.Contains(m2.View(), itoa(engineBatch)+" entries") {
		t.Fatal("an old session's events were shown")
	}
}
