package alert

// The dead-man heartbeat: when no read succeeded for Heartbeat intervals
// one urgent message goes out, and one more when reads succeed again. The
// watcher only records its reads (Sample); the check and the message run
// on the tick, never on the watcher's goroutine.

import (
	"fmt"
	"time"
)

type heartbeat struct {
	lastGood  time.Time
	dead      bool
	deadSince time.Time
}

// Sample records one of the watcher's reads.
func (e *Engine) Sample(at time.Time, failed bool) {
	if failed {
		return
	}
	e.beatMu.Lock()
	if at.After(e.beat.lastGood) {
		e.beat.lastGood = at
	}
	e.beatMu.Unlock()
}

func (e *Engine) checkHeartbeat(now time.Time) {
	if e.o.Heartbeat <= 0 {
		return
	}
	limit := time.Duration(e.o.Heartbeat) * e.o.Interval
	e.beatMu.Lock()
	b := &e.beat
	var m *Message
	switch {
	case !b.dead && now.Sub(b.lastGood) >= limit:
		b.dead, b.deadSince = true, b.lastGood
		m = &Message{ID: fmt.Sprintf("dead-%d", b.lastGood.UnixNano()), Time: now, Severity: "urgent", Kind: MsgHeartbeat,
			Title: fmt.Sprintf("stratop: no good read for %s (%d intervals; last at %s)",
				now.Sub(b.lastGood).Round(time.Second), e.o.Heartbeat, b.lastGood.Format(time.RFC3339))}
	case b.dead && now.Sub(b.lastGood) < limit:
		b.dead = false
		m = &Message{ID: fmt.Sprintf("alive-%d", b.lastGood.UnixNano()), Time: now, Severity: "info", Kind: MsgHeartbeat,
			Title: fmt.Sprintf("stratop: reads succeed again after %s without one",
				b.lastGood.Sub(b.deadSince).Round(time.Second))}
		e.digest.outage(b.deadSince, b.lastGood)
	}
	e.beatMu.Unlock()
	if m != nil {
		e.queue(*m, e.o.HeartbeatTo)
	}
}
