package fleet

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/factory"
)

// Member is one integration of the fleet: its context, its client and what
// its polls have seen. Its poll loop is the only writer; rows are read
// under its lock from any goroutine.
type Member struct {
	Context *factory.Context // nil when the profile could not be resolved
	Client  *api.Client
	profile string
	dir     integration.Dir
	opts    Options
	shared  *sources
	openErr error // why the profile could not be opened

	mu       sync.Mutex
	polled   bool
	reading  time.Time // when the read in flight started; zero when none
	readAt   time.Time
	last     reading
	lastErr  error
	failFrom time.Time
	first    *observation // the first counts this process saw, for the change
	seen     map[int64]Mover
	local    localState
	amAlerts *int  // the Alertmanagers' open alerts of the integration; nil: none configured or not read
	amErr    error // why they were not read
}

// reading is what one good poll answered.
type reading struct {
	users  int64
	counts map[string]int
	listed map[string][]api.Strategy // the newest strategies of each mover status
	whole  map[string]bool           // the listing held every strategy of the status
}

type observation struct {
	at     time.Time
	counts map[string]int
}

// Profile is the profile the member was opened from.
func (m *Member) Profile() string { return m.profile }

// Polled says the fleet polls it.
func (m *Member) Polled() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.polled
}

// SetPolled takes the member into the fleet's polling or out of it.
func (m *Member) SetPolled(on bool) {
	m.mu.Lock()
	m.polled = on
	m.mu.Unlock()
}

// run polls at the member's interval until ctx ends; a poll that outlasts
// the interval delays only this member's next one.
func (m *Member) run(ctx context.Context, changed func()) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		start := time.Now()
		if m.Polled() {
			m.Poll(ctx)
			changed()
		}
		t.Reset(max(m.opts.effectiveInterval()-time.Since(start), 0))
	}
}

// Poll reads the integration once, within the member's timeout.
func (m *Member) Poll(ctx context.Context) {
	if m.Client == nil {
		return
	}
	now := m.opts.now()
	m.mu.Lock()
	m.reading = now
	m.mu.Unlock()
	rctx, cancel := context.WithTimeout(ctx, m.opts.timeout())
	am := make(chan amRead, 1)
	go func() { am <- m.readAM(rctx) }()
	r, err := read(rctx, m.Client)
	ar := <-am
	cancel()
	if ctx.Err() != nil {
		m.mu.Lock()
		m.reading = time.Time{}
		m.mu.Unlock()
		return
	}
	local := m.readLocal(m.opts.now())
	done := m.opts.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reading, m.local = time.Time{}, local
	m.amAlerts, m.amErr = ar.n, ar.err
	if err != nil {
		if m.lastErr == nil {
			m.failFrom = now
		}
		m.lastErr = err
		return
	}
	m.lastErr, m.readAt, m.last = nil, done, r
	if m.first == nil {
		m.first = &observation{at: done, counts: r.counts}
	}
	m.noteMovers(r, done)
}

// amRead is what the Alertmanagers said of the integration.
type amRead struct {
	n   *int
	err error
}

// readAM counts the integration's alerts on the Alertmanagers, beside
// the poll's reads and within its timeout.
func (m *Member) readAM(ctx context.Context) amRead {
	switch {
	case m.shared.amErr != nil:
		return amRead{err: m.shared.amErr}
	case m.shared.am == nil || m.Context == nil:
		return amRead{}
	}
	n, err := m.shared.am.count(ctx, m.Context.Integration.String())
	if err != nil {
		return amRead{err: err}
	}
	return amRead{n: &n}
}

// noteMovers keeps the listed strategies whose last update falls in the
// last hour: in a mover status, that update is (as far as a listing can
// tell) the move.
func (m *Member) noteMovers(r reading, now time.Time) {
	if m.seen == nil {
		m.seen = map[int64]Mover{}
	}
	for status, list := range r.listed {
		for _, s := range list {
			at, err := time.Parse(time.RFC3339, s.UpdatedAt)
			if err != nil || now.Sub(at) > time.Hour {
				continue
			}
			m.seen[s.ID] = Mover{ID: s.ID, Status: status, At: at, By: "listing"}
		}
	}
	for id, mv := range m.seen {
		if now.Sub(mv.At) > time.Hour {
			delete(m.seen, id)
		}
	}
}

// rejected says err is the interface refusing the credentials.
func rejected(err error) bool {
	return errors.Is(err, api.ErrUnauthorized) || errors.Is(err, api.ErrForbidden)
}
