package model

// Notices: what a key did, or why it did nothing, said in the status line.
// A notice is never overwritten unread: one that has been shown for less
// than noticeHold stays beside the newer one (newest first) until it has
// had its time and a key moves on; esc dismisses them at once. A progress
// notice (ending in "…") gives way to the next at once, and so does one
// about the same subject ("halt 296: sending…", "halt 296: done").

import (
	"strings"
	"time"

	"github.com/stratop/stratop/ui"
)

// noticeHold is how long a notice stays before another may replace it.
const noticeHold = 4 * time.Second

// maxNotices bounds how many notices show together.
const maxNotices = 2

// notice is one notice and when it was first shown.
type notice struct {
	text string
	at   time.Time
}

// notices are the notices shown, newest first. The slice is replaced,
// never written in place, so an older Model keeps its own.
type notices struct{ shown []notice }

// read reports whether n may give way at now.
func (n notice) read(now time.Time) bool {
	return strings.HasSuffix(n.text, "…") || now.Sub(n.at) >= noticeHold
}

// push says text first, keeping beside it the notices not yet read (the
// same text once).
func (ns notices) push(text string, now time.Time) notices {
	if text == "" {
		return ns
	}
	out := make([]notice, 0, maxNotices)
	out = append(out, notice{text: text, at: now})
	for _, n := range ns.shown {
		if n.text != text && !n.read(now) && !sameSubject(n.text, text) && len(out) < maxNotices {
			out = append(out, n)
		}
	}
	return notices{shown: out}
}

// sameSubject reports whether two notices speak of the same subject
// ("halt 296: …"): the newer one supersedes the older.
func sameSubject(a, b string) bool {
	sa, _, okA := strings.Cut(a, ": ")
	sb, _, okB := strings.Cut(b, ": ")
	return okA && okB && sa == sb
}

// keyed drops the notices that have had their time, as a key moves on.
func (ns notices) keyed(now time.Time) notices {
	var out []notice
	for _, n := range ns.shown {
		if !n.read(now) {
			out = append(out, n)
		}
	}
	return notices{shown: out}
}

// first is the newest notice, "" for none.
func (ns notices) first() string {
	if len(ns.shown) == 0 {
		return ""
	}
	return ns.shown[0].text
}

// text is what the status line says: every notice shown, newest first.
func (ns notices) text() string {
	parts := make([]string, len(ns.shown))
	for i, n := range ns.shown {
		parts[i] = n.text
	}
	return strings.Join(parts, ui.NoticeSeparator)
}

// say shows a notice.
func (m Model) say(text string) Model {
	m.notes = m.notes.push(text, m.env.now())
	return m
}
