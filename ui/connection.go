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
	// OutageStart is when the current run of failures began; zero when
	// the latest answer was good.
	OutageStart time.Time
	// Backoff is the interval in effect while polls back off after
	// failures; 0 when they run at Interval.
	Backoff time.Duration
	// Ended are the outages that ended within the last hour, oldest first.
	Ended []Outage
}

// Outage is a run of failed reads that ended with a good answer.
type Outage struct {
	Start, End time.Time
	Failures   int
	LastError  error  // the model's, turned into Reason before it is drawn
	Reason     string // the last error in words
}

// Failing reports whether the latest requests failed.
func (h Health) Failing() bool { return h.ConsecutiveErrors > 0 }

// ConnectionLines draws the Connection panel at now (for the ages).
func ConnectionLines(st Styles, h Health, now time.Time, width int) []string {
	lines := []string{Section(st, "Connection", width), KV(st, "host", h.Host, width),
		KV(st, "polling", pollingText(h), width)}
	goodTone, errTone := ToneDefault, ToneDefault
	if h.Failing() {
		goodTone, errTone = ToneNegative, ToneNegative
	}
	lines = append(lines,
		KVTone(st, "last good", AtAgo(h.LastGood, now), goodTone, width),
		KV(st, "latency", latencyText(h), width),
		KVTone(st, "errors", strconv.Itoa(h.ConsecutiveErrors)+" in a row", errTone, width))
	if h.Failing() && !h.OutageStart.IsZero() {
		lines = append(lines, KVTone(st, "outage", OutageText(h.OutageStart, now), ToneNegative, width))
	}
	if h.LastError != "" {
		lines = append(lines, KVTone(st, "last error", AtAgo(h.LastErrorAt, now)+": "+h.LastError, ToneNegative, width))
	}
	// The profile has a line of its own, last (the header names it too): a
	// narrow panel cuts nothing of the host to make room for it.
	if h.Profile != "" {
		lines = append(lines, KV(st, "profile", h.Profile, width))
	}
	return lines
}

// pollingText is the interval in effect: the configured one, or the
// backed-off one while reads fail.
func pollingText(h Health) string {
	if h.Backoff > h.Interval {
		return "every " + h.Backoff.String() + " while failing (backing off; normally " + h.Interval.String() + ")"
	}
	return "every " + h.Interval.String()
}

// OutageText says an outage going on at now: "since 12:30:45 (3m10s)".
func OutageText(start, now time.Time) string {
	return "since " + Clock(start) + " (" + Age(now.Sub(start)) + ")"
}

// EndedOutageText says an outage that ended: its start, length and end.
func EndedOutageText(o Outage) string {
	s := "outage " + Clock(o.Start) + "–" + Clock(o.End) + " (" + Age(o.End.Sub(o.Start)) + "), ended; " +
		strconv.Itoa(o.Failures) + " failed reads"
	if o.Reason != "" {
		s += ": " + o.Reason
	}
	return s
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
