package mcp

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// watch_events is the served integration's: two keys on one host write
// one audit log, and the agent hears of its own key's action only, in
// events that name its integration.
func TestWatchEventsAreTheServedIntegrations(t *testing.T) {
	e := start(t)
	var out eventsOut
	e.ok(t, "watch_events", nil, &out)
	cursor := out.Cursor
	deadline := time.Now().Add(20 * time.Second)
	for !e.srv.events.eng.Stats().Baselined && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	mine, err := integration.Parse(e.integ)
	if err != nil {
		t.Fatal(err)
	}
	other, err := integration.New(e.sb.URL, "another-partner-key")
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		id  integration.ID
		seq string
		sid int64
	}{{other, "o1", 58}, {mine, "m1", 59}} {
		l, err := audit.Open(filepath.Join(e.dir, "audit.jsonl"), "test", e.sb.Client.Host(), audit.ForIntegration(x.id))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Write(audit.Entry{Seq: x.seq, Action: "suspend", StrategyIDs: []int64{x.sid}, Outcome: audit.OutcomeDone}); err != nil {
			t.Fatal(err)
		}
		_ = l.Close()
	}
	action := func(sid int64) func(watch.Event) bool {
		return func(ev watch.Event) bool { return ev.Kind == watch.KindAction && ev.Strategy == sid }
	}
	var seen []watch.Event
	for time.Now().Before(deadline) && !slices.ContainsFunc(seen, action(59)) {
		time.Sleep(100 * time.Millisecond)
		e.ok(t, "watch_events", map[string]any{"cursor": cursor}, &out)
		seen, cursor = append(seen, out.Events...), out.Cursor
	}
	if !slices.ContainsFunc(seen, action(59)) {
		t.Fatalf("no event of this key's action in %+v", seen)
	}
	time.Sleep(500 * time.Millisecond) // a few more cycles of the 100 ms watcher
	e.ok(t, "watch_events", map[string]any{"cursor": cursor}, &out)
	seen = append(seen, out.Events...)
	if i := slices.IndexFunc(seen, action(58)); i >= 0 {
		t.Fatalf("another key's action on the same host reported to this one's agent: %+v", seen[i])
	}
	for _, ev := range seen {
		if ev.Integration != e.integ {
			t.Fatalf("event %+v names integration %q, want %q", ev, ev.Integration, e.integ)
		}
	}
}
