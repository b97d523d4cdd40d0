package ui

// Wording of the alerts `stratop serve` keeps open, as the Activity tab
// shows them.

import (
	"strings"
	"time"

	"github.com/stratop/stratop/internal/text"
)

// AlertWords is what an alert line says of an open alert. Text fields are
// sanitised by the model.
type AlertWords struct {
	Rule, Severity string
	What           string // what it is about, rule and severity left out
	Acked          bool
	// Snoozed says it was raised while its rule was snoozed, so it was not
	// sent; Until and By say the snooze as far as it is known.
	Snoozed bool
	Until   time.Time
	By      string
}

// AlertNote is an alert line's CHANGE text on Activity: "halted (urgent):
// strategy.status strategy 12: active -> paused", marked first when it
// was not sent ("snoozed until 14:05 by ana, not sent · …") or once
// acknowledged, so a narrow column cuts anything but that.
func AlertNote(a AlertWords) string {
	s := alertHead(a.Rule, a.Severity, "") + a.What
	if a.Snoozed {
		s = AlertSnoozed(a.Until, a.By) + " · " + s
	}
	if a.Acked {
		s = "acknowledged · " + s
	}
	return s
}

// alertHead is "rule (severity): ", with more tags after the severity.
func alertHead(rule, severity, more string) string {
	tags := JoinNonEmpty(", ", text.Clean(severity), more)
	if tags != "" {
		return text.Clean(rule) + " (" + tags + "): "
	}
	return text.Clean(rule) + ": "
}

// AlertSnoozed says an alert was raised while its rule was snoozed:
// "snoozed until 14:05 by ana, not sent".
func AlertSnoozed(until time.Time, by string) string {
	s := "snoozed"
	if !until.IsZero() {
		s += " until " + until.Format("15:04")
	}
	if by != "" {
		s += " by " + text.Clean(by)
	}
	return s + ", not sent"
}

// minAlertRule is the narrowest a long rule name is cut to on Needs
// attention, so what the alert is about (its strategy first) stays whole.
const minAlertRule = 12

// alertAttention is an alert's text on Needs attention in width cells:
// the rule, its severity (and "snoozed" when it was not sent) once, then
// what it is about; a long rule name gives way first.
func alertAttention(a AlertWords, width int) string {
	more := ""
	if a.Snoozed {
		more = "snoozed"
	}
	head := alertHead(a.Rule, a.Severity, more)
	if text.Width(head)+text.Width(a.What) > width {
		tail := strings.TrimPrefix(head, text.Clean(a.Rule))
		room := max(width-text.Width(tail)-text.Width(a.What), minAlertRule)
		head = text.Fit(text.Clean(a.Rule), room) + tail
	}
	return text.Fit(head+a.What, width)
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
