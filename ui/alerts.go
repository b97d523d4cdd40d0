package ui

// Wording of the alerts `stratop serve` keeps open, as the Activity tab
// shows them.

import (
	"strings"
	"time"

	"github.com/stratop/stratop/internal/text"
)

// AlertNote is an alert line's CHANGE text: "rule halted (critical):
// strategy 12 halted · 3 events", marked once acknowledged.
func AlertNote(rule, severity, title string, count int, acked bool) string {
	s := text.Clean(rule)
	if severity != "" {
		s += " (" + text.Clean(severity) + ")"
	}
	s = JoinNonEmpty(": ", s, text.Clean(title))
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
		parts = append(parts, "rule "+text.Clean(r.Rule)+" snoozed until "+r.Until.Format("15:04"))
	}
	return strings.Join(parts, NoticeSeparator)
}

// AlertsUnreadable says serve's alert state could not be read.
func AlertsUnreadable(err string) string { return "alerts could not be read: " + text.Clean(err) }

// AlertAckFailed says an acknowledgement was not written.
func AlertAckFailed(id, err string) string {
	return "alert " + text.Clean(id) + " not acknowledged: " + text.Clean(err)
}

// SilenceNote says who silenced what until when, and why: "by ana until
// 14:05: alertname=halted · maintenance window".
func SilenceNote(createdBy, matchers, comment string, until time.Time) string {
	s := "by " + text.OrDash(text.Clean(createdBy)) + " until " + until.Format("15:04")
	s = JoinNonEmpty(": ", s, text.Clean(matchers))
	return JoinNonEmpty(" · ", s, text.Clean(comment))
}
