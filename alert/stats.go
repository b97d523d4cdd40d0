package alert

import (
	"sync"
	"time"
)

// Stats is a snapshot of the alerting for the metrics: reading it never
// touches the disk or a sink.
type Stats struct {
	Events     map[string]int  // by event kind
	Alerts     map[RuleKey]int // raised, by rule and severity
	Snoozed    map[string]int  // raised while snoozed, by rule
	Deliveries map[string]int  // by sink
	Failures   map[string]int  // by sink
	Dropped    map[string]int  // by sink: past the outbox's bound
	Outbox     map[string]int  // queued, by sink
	Dead       bool            // the dead-man message is out: no good read for too long
	LastGood   time.Time       // the last good read the heartbeat saw
	Digests    int             // digests sent
}

// RuleKey names a rule and its severity.
type RuleKey struct{ Rule, Severity string }

type counters struct {
	mu sync.Mutex
	s  Stats
}

func newCounters() *counters {
	return &counters{s: Stats{Events: map[string]int{}, Alerts: map[RuleKey]int{}, Snoozed: map[string]int{},
		Deliveries: map[string]int{}, Failures: map[string]int{}, Dropped: map[string]int{}, Outbox: map[string]int{}}}
}

func (c *counters) with(fn func(*Stats)) {
	c.mu.Lock()
	fn(&c.s)
	c.mu.Unlock()
}

func (c *counters) event(kind string) { c.with(func(s *Stats) { s.Events[kind]++ }) }
func (c *counters) alert(rule, sev string, snoozed bool) {
	c.with(func(s *Stats) {
		s.Alerts[RuleKey{rule, sev}]++
		if snoozed {
			s.Snoozed[rule]++
		}
	})
}
func (c *counters) delivered(sink string) { c.with(func(s *Stats) { s.Deliveries[sink]++ }) }
func (c *counters) failure(sink string)   { c.with(func(s *Stats) { s.Failures[sink]++ }) }
func (c *counters) drop(sink string)      { c.with(func(s *Stats) { s.Dropped[sink]++ }) }
func (c *counters) depth(sink string, n int) {
	c.with(func(s *Stats) { s.Outbox[sink] = n })
}

func copyMap[K comparable](m map[K]int) map[K]int {
	out := make(map[K]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Stats returns a snapshot.
func (e *Engine) Stats() Stats {
	e.stats.mu.Lock()
	s := e.stats.s
	out := Stats{Events: copyMap(s.Events), Alerts: copyMap(s.Alerts), Snoozed: copyMap(s.Snoozed),
		Deliveries: copyMap(s.Deliveries), Failures: copyMap(s.Failures), Dropped: copyMap(s.Dropped),
		Outbox: copyMap(s.Outbox), Digests: s.Digests}
	e.stats.mu.Unlock()
	for name, ob := range e.boxes {
		out.Outbox[name] = ob.depth()
	}
	e.beatMu.Lock()
	out.Dead, out.LastGood = e.beat.dead, e.beat.lastGood
	e.beatMu.Unlock()
	return out
}
