package model

// The display clock. Ages on screen ("read 3s ago", "STALE 1m15s", the
// Connection panel's "3s ago") move every second without a request: the
// root owns one tick that only redraws. It runs while the frame is drawn,
// the terminal has focus and something on screen ages; otherwise the tick
// in flight lapses and none follows, so a hidden or unfocused dashboard
// wakes for nothing.

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// clockPeriod is how often ages on screen move.
const clockPeriod = time.Second

// clockMsg redraws the ages; gen must match the root's tick in flight.
type clockMsg struct{ gen uint64 }

// displayClock is the root's tick.
type displayClock struct {
	gen uint64 // the tick in flight; 0: none
}

// tick takes a clockMsg: it reports whether it is the tick in flight, and
// clears it so that rearmClock may schedule the next.
func (c displayClock) tick(msg clockMsg) (displayClock, bool) {
	if msg.gen != c.gen || c.gen == 0 {
		return c, false
	}
	c.gen = 0
	return c, true
}

// showsAges reports whether anything on screen ages with the clock.
func (m Model) showsAges() bool {
	if m.hidden() || m.pace.blurred {
		return false
	}
	if m.chrome.in.status.Ages() || m.health.failing() {
		return true
	}
	return m.active == m.owners[feedCounts] && !(m.health.lastGood.IsZero() && m.health.lastErrAt.IsZero())
}

// rearmClock is the one place the tick is scheduled: when none is in
// flight and something on screen ages.
func (m Model) rearmClock() (Model, tea.Cmd) {
	if m.clock.gen != 0 || !m.showsAges() {
		return m, nil
	}
	m.clock.gen = nextGen()
	return m, m.env.wake(clockPeriod, clockMsg{gen: m.clock.gen})
}

// displayNow is the time the frame's ages are drawn at, to the second, so
// that the status line is rebuilt once a second rather than on every
// message.
func (m Model) displayNow() time.Time { return m.env.now().Truncate(time.Second) }
