package alert

import (
	"testing"
	"time"

	"github.com/stratop/stratop/watch"
)

// The words of an open alert for a screen that shows its rule and
// severity apart say neither again.
func TestOpenWhatSaysNeitherRuleNorSeverityAgain(t *testing.T) {
	now := time.Now()
	one := burst("halted", "urgent", []watch.Event{{Kind: watch.KindStatus, Strategy: 123456, Before: "active", After: "paused"}}, now)
	o := Open{Rule: "halted", Severity: "urgent", Title: one.Title, Count: one.Count}
	if got, want := o.What(), "strategy.status strategy 123456: active -> paused"; got != want {
		t.Errorf("one event: %q, want %q", got, want)
	}
	three := burst("halted", "urgent", []watch.Event{{Kind: watch.KindStatus, Strategy: 1}, {Kind: watch.KindStatus, Strategy: 2},
		{Kind: watch.KindStatus, Strategy: 3}}, now)
	o = Open{Rule: "halted", Severity: "urgent", Title: three.Title, Count: three.Count}
	if got := o.What(); got != "3 events" {
		t.Errorf("three events: %q", got)
	}
	// A title written otherwise (an older version) keeps its words, with
	// the count.
	o = Open{Rule: "halted", Severity: "critical", Title: "strategy 42 halted", Count: 2}
	if got := o.What(); got != "strategy 42 halted · 2 events" {
		t.Errorf("another title: %q", got)
	}
}

// Who snoozed is known from the silence Alertmanager keeps for the rule.
func TestBoardSnoozeNamesWhoSilencedTheRule(t *testing.T) {
	until := time.Now().Add(time.Hour)
	b := Board{Snoozed: map[string]time.Time{"halted": until}, Silences: []SilenceNote{
		{Matchers: "alertname=halted,strategy=7", CreatedBy: "bob", EndsAt: until.Add(time.Hour)},
	}}
	// The note serve keeps of the silence `stratop alerts snooze` sets.
	snooze := Silence{ID: "s1", Matchers: []Matcher{{Name: "alertname", Value: "halted", IsEqual: true},
		{Name: "integration", Value: "h.example:443#k", IsEqual: true}}, CreatedBy: "ana", EndsAt: until,
		Status: &struct {
			State string `json:"state"`
		}{State: "active"}}
	if _, ok := SnoozeOf(snooze, "h.example:443#k"); !ok {
		t.Fatal("the silence is not a snooze")
	}
	b.Silences = append(b.Silences, silenceNotes("am", []Silence{snooze})...)
	u, by := b.Snooze(Open{Rule: "halted"})
	if !u.Equal(until) || by != "ana" {
		t.Errorf("snooze %v by %q", u, by)
	}
	if _, by := b.Snooze(Open{Rule: "lost"}); by != "" {
		t.Errorf("a rule snoozed by no silence: by %q", by)
	}
}
