package ui

// Wording of the alerts `stratop serve` keeps open, as the Activity tab
// shows them.

import (
	"strings"
	"time"
)

// AlertNote is an alert line's CHANGE text: "rule halted (critical):
// strategy 12 halted · 3 events", marked once acknowledged.
func AlertNote(rule, severity, title string, count int, acked bool) string {
	s := Sanitize(rule)
	if severity != "" {
		s += " (" + Sanitize(severity) + ")"
	}
	s = JoinNonEmpty(": ", s, Sanitize(title))
	if count > 1 {
		s += " · " + Int(int64(count)) + " events"
	}
	if acked {
		s = "acknowledged · " + s
	}
	return s
}

// Snooze is one rule snoozed until a time.
type Snooze struct {
	Rule  string
	Until time.Time
}

// SnoozedRules says which rules are snoozed: "rule halted snoozed until
// 14:05" (joined by " · " when several).
func SnoozedRules(s []Snooze) string {
	parts := make([]string, 0, len(s))
	for _, r := range s {
		parts = append(parts, "rule "+Sanitize(r.Rule)+" snoozed until "+r.Until.Format("15:04"))
	}
	return strings.Join(parts, NoticeSeparator)
}

// AlertsUnreadable says serve's alert state could not be read.
func AlertsUnreadable(err string) string { return "alerts could not be read: " + Sanitize(err) }

// AlertAckFailed says an acknowledgement was not written.
func AlertAckFailed(id, err string) string {
	return "alert " + Sanitize(id) + " not acknowledged: " + Sanitize(err)
}
