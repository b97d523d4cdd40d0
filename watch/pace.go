package watch

import (
	"sync"
	"time"
)

// pace is the time between cycles, which a dashboard stretches while its
// terminal has no focus and shortens again when it has.
type pace struct {
	mu      sync.Mutex
	every   time.Duration
	changed chan struct{} // one token: every changed
}

func newPace(every time.Duration) *pace {
	return &pace{every: every, changed: make(chan struct{}, 1)}
}

func (p *pace) interval() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.every
}

// SetInterval changes the time between cycles; safe from any goroutine.
// The next cycle is due one new interval after the last one began, so a
// shorter interval may start it at once. The budget is untouched: it is
// per minute, whatever the interval. A value <= 0 restores Options.Interval.
func (e *Engine) SetInterval(d time.Duration) {
	if d <= 0 {
		d = e.opts.Interval
	}
	p := e.pace
	p.mu.Lock()
	same := p.every == d
	p.every = d
	p.mu.Unlock()
	if same {
		return
	}
	select {
	case p.changed <- struct{}{}:
	default:
	}
}

// Interval is the time between cycles now.
func (e *Engine) Interval() time.Duration { return e.pace.interval() }
