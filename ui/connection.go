package ui

// The Connection panel: the health of the connection to the interface,
// drawn from one Health value so that any screen can host it.

import (
	"strconv"
	"time"

	"github.com/stratop/stratop/internal/text"
)

// Health describes the connection: made only of the interface's own
// answers to the requests sent (a local file read never counts).
type Health struct {
	Profile           string
	Host              string
	Interval          time.Duration
	LastGood          time.Time     // when the latest good answer arrived; zero: none yet
	Latency           time.Duration // that answer's measured latency
	ConsecutiveErrors int           // failed requests since LastGood
	LastError         string        // sanitised; "" when none was seen
	LastErrorAt       time.Time
}

// Failing reports whether the latest requests failed.
func (h Health) Failing() bool { return h.ConsecutiveErrors > 0 }

// ConnectionLines draws the Connection panel at now (for the ages).
func ConnectionLines(st Styles, h Health, now time.Time, width int) []string {
	host := h.Host
	if h.Profile != "" {
		host += " (profile " + h.Profile + ")"
	}
	lines := []string{Section(st, "Connection", width),
		KV(st, "host", host, width),
		KV(st, "polling", "every "+h.Interval.String(), width)}
	goodTone, errTone := ToneDefault, ToneDefault
	if h.Failing() {
		goodTone, errTone = ToneNegative, ToneNegative
	}
	lines = append(lines,
		KVTone(st, "last good", AtAgo(h.LastGood, now), goodTone, width),
		KV(st, "latency", latencyText(h), width),
		KVTone(st, "errors", strconv.Itoa(h.ConsecutiveErrors)+" in a row", errTone, width))
	if h.LastError != "" {
		lines = append(lines, KVTone(st, "last error", AtAgo(h.LastErrorAt, now)+": "+h.LastError, ToneNegative, width))
	}
	return lines
}

// latencyText is the measured latency of the latest good answer.
func latencyText(h Health) string {
	if h.LastGood.IsZero() {
		return text.Dash
	}
	if h.Failing() {
		return Millis(h.Latency) + " (of the last good answer)"
	}
	return Millis(h.Latency)
}

// AtAgo is a time with its age at now: "12:30:45, 3s ago"; a dash for none.
func AtAgo(t, now time.Time) string {
	if t.IsZero() {
		return text.Dash
	}
	return Clock(t) + ", " + Ago(now.Sub(t))
}

// Ago is an age in words: "just now" under a second, else "3s ago".
func Ago(d time.Duration) string {
	if d < time.Second {
		return "just now"
	}
	return Age(d) + " ago"
}
