package alert

import (
	"context"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/watch"
)

// pairSink is one serve of a pair: its own state directory and engine,
// the same Alertmanager.
func pairSink(t *testing.T, am *fakeAM, clock clockwork.Clock, rules ...config.AlertRule) (*Alertmanager, *Engine, string) {
	t.Helper()
	sink := amSink(t, []string{am.URL}, nil, config.AlertmanagerSink{})
	dir := t.TempDir()
	e, err := New(Options{Dir: dir, Clock: clock, Rules: rules, Sinks: map[string]Sink{"oncall": sink}})
	if err != nil {
		t.Fatal(err)
	}
	return sink, e, dir
}

func startOf(t *testing.T, dir string, strategy string) time.Time {
	t.Helper()
	_, firing, err := ReadAMState(dir, "oncall")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range firing {
		if f.Labels["strategy"] == strategy {
			return f.Alert.StartsAt
		}
	}
	t.Fatalf("no firing alert of strategy %s in %s", strategy, dir)
	return time.Time{}
}

// Two serve processes see one change at two moments: the one that posts
// second takes the start Alertmanager holds, and when both post before
// either sees the other, the later one moves to the earlier start on its
// next resend. Both then send identical alerts.
func TestAlertmanagerPairAgreesOnOneStart(t *testing.T) {
	am := newFakeAM(t)
	clock := clockwork.NewFakeClockAt(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC))
	am.now = clock.Now
	halted := rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "oncall")
	a, ea, dirA := pairSink(t, am, clock, halted)
	b, eb, dirB := pairSink(t, am, clock, halted)
	engines := map[*Alertmanager]*Engine{a: ea, b: eb}
	ctx := context.Background()
	send := func(s *Alertmanager, id string, strategy int64, seen time.Time) AMAlert {
		t.Helper()
		ev := status(id, strategy, "active", "paused")
		ev.Time = seen
		engines[s].Handle(ev)
		if err := s.Send(ctx, burst("halted", "urgent", []watch.Event{ev}, clock.Now())); err != nil {
			t.Fatal(err)
		}
		return am.lastPost()[0]
	}
	early, late := clock.Now().Add(-3*time.Second), clock.Now().Add(-time.Second)

	// A first, B a poll later: B posts A's start.
	send(a, "a1", 1, early)
	if got := send(b, "b1", 1, late); !got.StartsAt.Equal(early) {
		t.Fatalf("the second serve posted start %v, Alertmanager holds %v", got.StartsAt, early)
	}

	// B posts first with its later sight, then A with its earlier one:
	// A keeps its own; B's resend moves to it.
	send(b, "b2", 2, late)
	if got := send(a, "a2", 2, early); !got.StartsAt.Equal(early) {
		t.Fatalf("the earlier sight posted %v, want its own %v", got.StartsAt, early)
	}
	clock.Advance(time.Minute)
	b.Resend(ctx)
	a.Resend(ctx)
	for _, id := range []string{"1", "2"} {
		if sa, sb := startOf(t, dirA, id), startOf(t, dirB, id); !sa.Equal(sb) || !sa.Equal(early) {
			t.Fatalf("strategy %s: serve A holds start %v, serve B %v; want both %v", id, sa, sb, early)
		}
	}
	for _, al := range am.lastPost() {
		if !al.StartsAt.Equal(early) {
			t.Fatalf("resent %v with start %v", al.Labels, al.StartsAt)
		}
	}
}

// An ack ends the alert at Alertmanager at once (the command's own post),
// and every serve resends it resolved with the ack's time (its silence's
// start) for KeepResolved, then no more. An ack silence older than the
// alert never ends it before it began.
func TestAlertmanagerAckResolvesAtTheAckTime(t *testing.T) {
	am := newFakeAM(t)
	clock := clockwork.NewFakeClockAt(time.Date(2026, 1, 2, 3, 0, 0, 0, time.UTC))
	am.now = clock.Now
	halted := rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "oncall")
	sink, e, dir := pairSink(t, am, clock, halted)
	ctx := context.Background()
	ev := status("h1", 5, "active", "paused")
	ev.Time = clock.Now()
	e.Handle(ev)
	if err := sink.Send(ctx, burst("halted", "urgent", []watch.Event{ev}, clock.Now())); err != nil {
		t.Fatal(err)
	}
	_, firing, err := ReadAMState(dir, "oncall")
	if err != nil || len(firing) != 1 {
		t.Fatalf("firing %+v %v", firing, err)
	}
	clock.Advance(20 * time.Second)
	ackAt := clock.Now()
	if err := ResolveAcked(ctx, sink.o.Client, firing[0], ackAt); err != nil {
		t.Fatal(err)
	}
	if got := am.lastPost(); len(got) != 1 || !got[0].EndsAt.Equal(ackAt) || !got[0].StartsAt.Equal(ev.Time) ||
		got[0].Labels["strategy"] != "5" {
		t.Fatalf("the ack posted %+v, want the alert ended at %v", got, ackAt)
	}
	if held := am.held(); len(held) != 0 {
		t.Fatalf("Alertmanager still holds %+v after the ack", held)
	}
	am.mu.Lock()
	am.silences = []Silence{{ID: "ack", StartsAt: ackAt, EndsAt: ackAt.Add(time.Hour), Comment: AckPrefix + firing[0].Open + ": mine",
		Matchers: []Matcher{{Name: "alertname", Value: "halted", IsEqual: true}, {Name: "strategy", Value: "5", IsEqual: true}},
		Status: &struct {
			State string `json:"state"`
		}{"active"}}}
	am.mu.Unlock()
	for _, after := range []time.Duration{40 * time.Second, 5 * time.Minute, 9 * time.Minute} {
		clock.Advance(after)
		sink.Resend(ctx)
		got := am.lastPost()
		if len(got) != 1 || !got[0].EndsAt.Equal(ackAt) {
			t.Fatalf("%v after the ack serve resent %+v, want it resolved at %v", clock.Now().Sub(ackAt), got, ackAt)
		}
	}
	posts := len(am.posts)
	clock.Advance(KeepResolved)
	sink.Resend(ctx)
	if len(am.posts) != posts {
		t.Fatalf("resent past %s: %+v", KeepResolved, am.lastPost())
	}

	// A second halt of the strategy while the old ack silence lasts: it
	// resolves, but at its own start, which Alertmanager accepts.
	ev2 := status("h2", 5, "paused", "paused")
	ev2.Time = clock.Now()
	e.Handle(ev2)
	if err := sink.Send(ctx, burst("halted", "urgent", []watch.Event{ev2}, clock.Now())); err != nil {
		t.Fatal(err)
	}
	posts = len(am.posts)
	clock.Advance(time.Minute)
	sink.Resend(ctx)
	if len(am.posts) == posts {
		t.Fatal("no resend")
	}
	if got := am.lastPost(); len(got) != 1 || got[0].EndsAt.Before(got[0].StartsAt) || !got[0].EndsAt.Equal(ev2.Time) {
		t.Fatalf("an alert newer than its ack silence posted %+v", got)
	}
}
