package alert

import (
	"fmt"
	"strings"
	"time"

	"github.com/stratop/stratop/internal/text"
	"github.com/stratop/stratop/watch"
)

// Message is what a sink delivers: one rule's burst of events, a
// heartbeat, a digest or a test. It is stored in the outbox as JSON.
type Message struct {
	ID       string        `json:"id"` // stable: a retried or re-queued message keeps it
	Time     time.Time     `json:"time"`
	Rule     string        `json:"rule,omitempty"`
	Severity string        `json:"severity"`
	Kind     string        `json:"kind"` // alert | heartbeat | digest | test | dropped
	Title    string        `json:"title"`
	Body     string        `json:"body"`
	Count    int           `json:"count,omitempty"` // events in the burst
	Events   []watch.Event `json:"events,omitempty"`
}

// Message kinds.
const (
	MsgAlert     = "alert"
	MsgHeartbeat = "heartbeat"
	MsgDigest    = "digest"
	MsgTest      = "test"
	MsgDropped   = "dropped"
)

// maxListed bounds the lines of a burst's message; the count stays exact.
const maxListed = 20

// Text is the message as plain text for a chat: its title and body lines,
// cleaned (see ForPeople).
func (m Message) Text() string {
	m = m.ForPeople()
	if m.Body == "" {
		return m.Title
	}
	return m.Title + "\n" + m.Body
}

// ForPeople is m with its title and each line of its body cleaned by
// text.Clean, as every sink sends them: whatever a server put in a pool
// name, a user id or a status, no chat or terminal receives it as a
// control, an escape sequence or a bidi trick. Events stay as they came:
// they are data, which the JSON encoder escapes.
func (m Message) ForPeople() Message {
	m.Title = text.Clean(m.Title)
	if m.Body != "" {
		lines := strings.Split(m.Body, "\n")
		for i, l := range lines {
			lines[i] = text.Clean(l)
		}
		m.Body = strings.Join(lines, "\n")
	}
	return m
}

// burst words a rule's group of events: a title that counts them and one
// line per event, at most maxListed.
func burst(rule, severity string, evs []watch.Event, now time.Time) Message {
	title := titlePrefix(severity, rule) + eventLine(evs[0])
	if len(evs) > 1 {
		title = titlePrefix(severity, rule) + eventsWords(len(evs))
	}
	var b strings.Builder
	if len(evs) > 1 {
		for i, e := range evs {
			if i == maxListed {
				fmt.Fprintf(&b, "… and %d more\n", len(evs)-maxListed)
				break
			}
			b.WriteString(eventLine(e) + "\n")
		}
	}
	return Message{ID: "a-" + rule + "-" + evs[0].ID, Time: now, Rule: rule, Severity: severity, Kind: MsgAlert,
		Title: title, Body: strings.TrimRight(b.String(), "\n"), Count: len(evs), Events: evs}
}

// eventLine is one event in words, on one line: the server's strings in it
// are cleaned, so a line break inside one cannot start a line of its own.
func eventLine(e watch.Event) string {
	return text.Clean(eventWords(e))
}

// eventWords is eventLine before cleaning.
func eventWords(e watch.Event) string {
	var who []string
	if e.Strategy != 0 {
		who = append(who, fmt.Sprintf("strategy %d", e.Strategy))
	}
	if e.Pool != "" {
		who = append(who, e.Pool)
	}
	if e.User != "" {
		who = append(who, "user "+e.User)
	}
	s := string(e.Kind)
	if len(who) > 0 {
		s += " " + strings.Join(who, ", ")
	}
	if e.Status != "" {
		s += " [" + e.Status + "]"
	}
	switch {
	case e.Before != "" || e.After != "":
		s += ": " + orDash(e.Before) + " -> " + orDash(e.After)
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
