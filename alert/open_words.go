package alert

import (
	"fmt"
	"strings"
	"time"
)

// titlePrefix starts an alert's title: sinks show the title alone, so it
// names the severity and the rule.
func titlePrefix(severity, rule string) string { return fmt.Sprintf("[%s] %s: ", severity, rule) }

// eventsWords is the title of a burst of n events.
func eventsWords(n int) string { return fmt.Sprintf("%d events", n) }

// What is what an open alert is about, for a screen that shows its rule
// and severity apart: the title without the prefix naming them, with the
// count of events when the title does not say it ("strategy 42 halted ·
// 2 events").
func (o Open) What() string {
	w := strings.TrimPrefix(o.Title, titlePrefix(o.Severity, o.Rule))
	if o.Count > 1 && w != eventsWords(o.Count) {
		w += " · " + eventsWords(o.Count)
	}
	return w
}

// Snooze is what the board knows of the snooze an alert was raised under:
// until when its rule is snoozed and who set it, when a silence on
// Alertmanager says so ("" when the snooze was set here, which records no
// one).
func (b Board) Snooze(o Open) (until time.Time, by string) {
	until = b.Snoozed[o.Rule]
	// A snooze's silence matches the rule's alerts of the integration
	// (SnoozeOf); its note leaves the integration out.
	want := Silence{Matchers: []Matcher{{Name: "alertname", Value: o.Rule, IsEqual: true}}}.MatcherText()
	var last time.Time
	for _, s := range b.Silences {
		if s.Matchers == want && s.CreatedBy != "" && s.EndsAt.After(last) {
			by, last = s.CreatedBy, s.EndsAt
		}
	}
	return until, by
}
