package fleet

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/factory"
)

// Defaults of the fleet's polling.
const (
	// DefaultBudget is each integration's requests a minute: a poll is
	// RequestsPerPoll requests, so 5 s fits in 60 and a budget below it
	// widens the interval instead.
	DefaultBudget = 60
	// minTimeout is the shortest time a poll may take before it is given up.
	minTimeout = 10 * time.Second
)

// Options configure the fleet.
type Options struct {
	// Interval is how often each integration is polled; 0: each profile's
	// own interval, at least the settings' default.
	Interval time.Duration
	// Timeout bounds one poll; 0: twice the interval, at least 10 s.
	Timeout time.Duration
	// Budget is each integration's requests a minute; 0: DefaultBudget.
	Budget int
	// Front is who the contexts are resolved for (the dashboard or the
	// command line): their clients' timeouts and their actions' source.
	Front factory.Front
	// Resolve are given to every profile's resolution, as the start's
	// own: the --interval the operator asked for, which the dashboards
	// opened from the fleet then poll at (their context's settings).
	Resolve []factory.Option
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

func (o Options) now() time.Time {
	if o.Now == nil {
		return time.Now()
	}
	return o.Now()
}

func (o Options) interval() time.Duration {
	if o.Interval > 0 {
		return o.Interval
	}
	return config.DefaultInterval
}

// effectiveInterval is the interval widened to fit the budget.
func (o Options) effectiveInterval() time.Duration {
	budget := o.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	return max(o.interval(), time.Minute*RequestsPerPoll/time.Duration(budget))
}

func (o Options) timeout() time.Duration {
	if o.Timeout > 0 {
		return o.Timeout
	}
	return max(2*o.effectiveInterval(), minTimeout)
}

// Fleet is every configured profile's integration.
type Fleet struct {
	opts    Options
	members []*Member
	shared  *sources
	changed chan struct{}
}

// OpenError is a profile the fleet could not open (no credentials, a bad
// profile): it stays a row, with this error.
type OpenError struct {
	Profile string
	Err     error
}

func (e *OpenError) Error() string { return fmt.Sprintf("profile %s: %v", e.Profile, e.Err) }
func (e *OpenError) Unwrap() error { return e.Err }

// Open resolves one context per configured profile (profiles.json); with
// none, the chosen profile alone (environment credentials). Contexts are
// resolved concurrently: a keyring that hangs for one costs the others
// nothing.
func Open(ctx context.Context, fac *factory.Factory, opts Options) (*Fleet, error) {
	names, saved, err := Profiles(fac)
	if err != nil {
		return nil, err
	}
	f := newFleet(fac, opts)
	f.members = make([]*Member, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.members[i] = f.open(ctx, fac, name, saved)
		}()
	}
	wg.Wait()
	return f, nil
}

// Profiles are the names the fleet opens: every saved profile, or the
// chosen one when none is saved (saved is false: its credentials come
// from the environment).
func Profiles(fac *factory.Factory) (names []string, saved bool, err error) {
	m, err := fac.KeyManager()
	if err != nil {
		return nil, false, err
	}
	ps, err := m.LoadProfiles()
	if err != nil {
		return nil, false, err
	}
	if names := ps.Names(); len(names) > 0 {
		return names, true, nil
	}
	name, err := fac.Profile()
	if err != nil {
		return nil, false, err
	}
	return []string{name}, false, nil
}

func (f *Fleet) open(ctx context.Context, fac *factory.Factory, name string, saved bool) *Member {
	m := &Member{profile: name, opts: f.opts, shared: f.shared, polled: true}
	opt := slices.Clone(f.opts.Resolve)
	if saved {
		opt = append(opt, factory.WithProfile(name))
	}
	c, err := fac.Resolve(ctx, f.front(), opt...)
	if err != nil {
		m.openErr = &OpenError{Profile: name, Err: err}
		return m
	}
	return f.join(m, c)
}

// Of is a fleet of the contexts given, resolved already: the demo's,
// whose integration no profile names.
func Of(fac *factory.Factory, opts Options, cs ...*factory.Context) *Fleet {
	f := newFleet(fac, opts)
	for _, c := range cs {
		f.members = append(f.members, f.join(&Member{profile: c.Profile, opts: f.opts, shared: f.shared, polled: true}, c))
	}
	return f
}

// newFleet is a fleet with no member yet, with the settings' Alertmanager
// sinks to read open alerts from.
func newFleet(fac *factory.Factory, opts Options) *Fleet {
	f := &Fleet{opts: opts, shared: &sources{}, changed: make(chan struct{}, 1)}
	if cfg, err := fac.Settings(); err == nil {
		f.shared.am, f.shared.amErr = newAMSource(cfg, fac.Getenv)
	}
	return f
}

// join gives m its context, client and state directory.
func (f *Fleet) join(m *Member, c *factory.Context) *Member {
	var err error
	m.Context = c
	if f.opts.Interval == 0 {
		m.opts.Interval = max(c.Settings.Interval, config.DefaultInterval)
	}
	if m.Client, err = c.Client(); err != nil {
		m.openErr = &OpenError{Profile: m.profile, Err: err}
		return m
	}
	m.dir = c.OpenState(func(string) {})
	return m
}

func (f *Fleet) front() factory.Front {
	if f.opts.Front == "" {
		return factory.Dashboard
	}
	return f.opts.Front
}

// Members are the fleet's integrations, in profile order.
func (f *Fleet) Members() []*Member { return f.members }

// Member is the named profile's, or nil.
func (f *Fleet) Member(profile string) *Member {
	for _, m := range f.members {
		if m.profile == profile {
			return m
		}
	}
	return nil
}

// Start polls every member in its own goroutine until ctx ends. Changed
// receives (without blocking, coalesced) after each poll.
func (f *Fleet) Start(ctx context.Context) {
	for _, m := range f.members {
		if m.Client != nil {
			go m.run(ctx, f.signal)
		}
	}
}

func (f *Fleet) signal() {
	select {
	case f.changed <- struct{}{}:
	default:
	}
}

// Changed is told after polls: a screen redraws on it.
func (f *Fleet) Changed() <-chan struct{} { return f.changed }

// PollOnce polls every polled member once, all at once, and returns when
// each has answered or timed out.
func (f *Fleet) PollOnce(ctx context.Context) {
	var wg sync.WaitGroup
	for _, m := range f.members {
		if m.Client == nil || !m.Polled() {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Poll(ctx)
		}()
	}
	wg.Wait()
}

// Rows are every member's row at the fleet's now, sorted by what needs
// attention first.
func (f *Fleet) Rows() []Row {
	now := f.opts.now()
	rows := make([]Row, len(f.members))
	for i, m := range f.members {
		rows[i] = m.Row(now)
	}
	Sort(rows)
	return rows
}

// Summary is the header's numbers.
type Summary struct {
	Integrations int
	Failing      int // rejected, failing or stale
	WithHalts    int // with a strategy halted in the last hour
	NotAnswering int // polled and without an answer now
	Polled       int
}

// Summarise counts rows for the header.
func Summarise(rows []Row) Summary {
	s := Summary{Integrations: len(rows)}
	for _, r := range rows {
		if !r.Polled {
			continue
		}
		s.Polled++
		switch r.State {
		case Rejected, Failing, Stale, Unopened:
			s.Failing++
			s.NotAnswering++
		}
		if len(r.Halts()) > 0 {
			s.WithHalts++
		}
	}
	return s
}

// sortedMovers puts movers newest first.
func sortedMovers(ms []Mover) []Mover {
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].At.After(ms[j].At) })
	return ms
}
