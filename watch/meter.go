package watch

import (
	"sync"
	"time"

	"github.com/stratop/stratop/api"
)

// Meter counts the requests a client sends, their bytes and latency. Build
// the client with api.WithAttemptObserver(m.Observe) and give the engine
// the same Meter (Options.Meter): then Stats and the budget count every
// attempt, retries included, and the bytes really read. Without one the
// engine counts each read it makes as one request of unknown size.
type Meter struct {
	mu       sync.Mutex
	reads    int64
	errors   int64
	bytes    int64
	total    time.Duration
	last     time.Duration
	lastGood time.Time
	good     bool
	minute   []time.Time // when each request of the last minute was sent
	now      func() time.Time
}

// NewMeter returns an empty meter.
func NewMeter() *Meter { return &Meter{now: time.Now} }

// Observe records one attempt; it is an api.WithAttemptObserver callback.
func (m *Meter) Observe(a api.Attempt) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.reads++
	m.bytes += a.Bytes
	m.total += a.Duration
	m.last = a.Duration
	if a.Err != nil {
		m.errors++
		m.good = false
	} else {
		m.lastGood, m.good = now, true
	}
	m.minute = append(m.trim(now), now)
}

// trim drops what is older than a minute.
func (m *Meter) trim(now time.Time) []time.Time {
	i := 0
	for i < len(m.minute) && now.Sub(m.minute[i]) >= time.Minute {
		i++
	}
	if i > 0 {
		m.minute = append(m.minute[:0], m.minute[i:]...)
	}
	return m.minute
}

// snapshot is the meter's figures.
type snapshot struct {
	reads, errors, bytes int64
	total, last          time.Duration
	lastGood             time.Time
	good                 bool
	lastMinute           int
}

func (m *Meter) snapshot() snapshot {
	m.mu.Lock()
	defer m.mu.Unlock()
	return snapshot{reads: m.reads, errors: m.errors, bytes: m.bytes, total: m.total, last: m.last,
		lastGood: m.lastGood, good: m.good, lastMinute: len(m.trim(m.now()))}
}
