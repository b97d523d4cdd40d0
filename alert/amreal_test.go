package alert

import (
	"context"
	"testing"
	"time"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/amtest"
)

func waitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", d, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Against a real Alertmanager: a halt is one notification with the rule,
// strategy and integration labels, resent alerts make no more; an ack in
// stratop resolves it there; a snooze silence set on Alertmanager mutes
// the rule here too, and the next halt notifies nobody.
func TestRealAlertmanagerHaltAckSnooze(t *testing.T) {
	rcv := amtest.NewReceiver(t)
	am := amtest.Start(t, amtest.Options{Receiver: rcv})
	halted := rule(t, "halted", "strategy.status", "after = 'paused'", "urgent", 0, "oncall")
	c, err := NewAMClient("oncall", &config.AlertmanagerSink{URLs: []string{am.URL}}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	const integration = "http://127.0.0.1:8787#abcdef012345"
	sink := NewAlertmanager("oncall", AlertmanagerOptions{Client: c, Integration: integration, Profile: "default", Resend: time.Second})
	e, _ := start(t, Options{Dir: t.TempDir(), Rules: []config.AlertRule{halted}, Sinks: map[string]Sink{"oncall": sink}})

	ev := status("h1", 11, "active", "paused")
	ev.Time = time.Now()
	e.Handle(ev)
	waitFor(t, "the notification", 60*time.Second, func() bool {
		if len(rcv.Firing()) > 0 {
			return true
		}
		if time.Since(ev.Time) > 55*time.Second {
			t.Logf("alertmanager's log: %s; engine stats %+v", am.Log(), e.Stats())
		}
		return false
	})
	time.Sleep(4 * time.Second) // several resends and group intervals
	firing := rcv.Firing()
	if len(firing) != 1 {
		t.Fatalf("%d firing notifications for one halt: %+v", len(firing), firing)
	}
	l := firing[0].Labels
	if l["alertname"] != "halted" || l["strategy"] != "11" || l["integration"] != integration {
		t.Fatalf("labels %v", l)
	}

	b, _ := e.Board()
	if len(b.Open) != 1 {
		t.Fatalf("open %+v", b.Open)
	}
	if err := e.store.Ack(b.Open[0].ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the resolved notification", 60*time.Second, func() bool { return len(rcv.Resolved()) > 0 })
	if r := rcv.Resolved()[0]; r.Labels["strategy"] != "11" {
		t.Fatalf("resolved %v", r.Labels)
	}

	until := time.Now().Add(time.Hour)
	if _, _, err := c.CreateSilence(context.Background(), Silence{StartsAt: time.Now(), EndsAt: until,
		CreatedBy: "tester", Comment: "maintenance window",
		Matchers: []Matcher{{Name: "alertname", Value: "halted", IsEqual: true}, {Name: "integration", Value: integration, IsEqual: true}}}); err != nil {
		t.Fatal(err)
	}
	// A dashboard with no serve beside it reads the same silence, and who
	// set it, from Alertmanager.
	notes, err := (&SilenceSource{integration: integration, clients: []*AMClient{c}}).Read(context.Background())
	if err != nil || len(notes) != 1 || notes[0].CreatedBy != "tester" || notes[0].Comment != "maintenance window" {
		t.Fatalf("the silences read from Alertmanager: %+v, %v", notes, err)
	}
	waitFor(t, "the snooze to reach the board", 10*time.Second, func() bool {
		b, _ := e.Board()
		return len(b.SnoozedRules(time.Now())) == 1
	})
	before := len(rcv.Got())
	ev2 := status("h2", 12, "active", "paused")
	ev2.Time = time.Now()
	e.Handle(ev2)
	time.Sleep(5 * time.Second)
	if got := rcv.Got(); len(got) != before {
		t.Fatalf("a snoozed rule notified: %+v", got[before:])
	}
}
