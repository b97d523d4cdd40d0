// Package sandbox is an in-memory implementation of the whole partner
// interface v1 (spec sections 4.1-4.6) served by net/http: the embedded
// backend of `stratop --demo`, the standalone `stratop sandbox`, and the test
// double of every test. It follows every rule the spec states (auth, 2FA,
// the transition table, limits, idempotency, integration scoping); where the
// spec says "not shown", the choice made is written beside the code.
//
// It shares nothing with the client beyond the request and response types
// of package api.
package sandbox

import (
	"context"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Demo credentials, used unless WithCredentials gives others. They are not
// secrets: they are printed by `stratop sandbox` and written in the README.
const (
	DemoKey    = "demo-key"
	DemoSecret = "demo-secret"
)

// Sandbox serves the partner interface from memory. It is an http.Handler and
// safe for concurrent use; the zero value is not usable, call New.
type Sandbox struct {
	mu           sync.RWMutex
	integrations []integration // fixed after New
	users        []user
	pools        []pool
	poolIndex    map[string]int32 // poolKey -> pool index
	deposits     []deposit
	strategies   []strategy
	nextTxID     int64
	step         int64
	rng          *rand.Rand // simulation randomness; used under mu only
	salt         uint64     // seed-derived salt of generated ids and hashes
	churnRng     *rand.Rand // churn's randomness, apart from the simulation's; under mu
	cause        string     // why the status changes being made are made; under mu

	cfg    config
	now    func() time.Time
	mux    *http.ServeMux
	routes map[string]*routeInfo // pattern -> route; read-only after New
	// literal maps each route path without wildcards to the methods it
	// takes; read-only after New.
	literal map[string][]string
	faults  atomic.Pointer[Faults]
	// served is the description as served, naming the address listened
	// on (openapi.go); nil until ListenAndServe listens.
	served atomic.Pointer[[]byte]

	ctx    context.Context // ends at Close; bounds background jobs
	cancel context.CancelFunc
	jobsMu sync.Mutex // orders jobs.Add before Close's Wait
	closed bool
	jobs   sync.WaitGroup
}

// New builds a sandbox and seeds its data at once, deterministically for the
// seed. Without options: demo credentials, seed 1, 40 users, 300 strategies,
// two-factor enabled, no simulation (tick 0) and no faults.
func New(opts ...Option) *Sandbox {
	cfg := config{
		key:         DemoKey,
		secret:      DemoSecret,
		seed:        1,
		users:       40,
		strategies:  300,
		clock:       time.Now,
		bodyTimeout: DefaultBodyTimeout,
	}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sandbox{cfg: cfg, now: cfg.clock, ctx: ctx, cancel: cancel}
	s.faults.Store(&Faults{Latency: cfg.latency, FailRate: cfg.failRate})
	s.seed()
	s.registerRoutes()
	return s
}

// Close stops the simulation, makes pending background jobs apply at once
// and waits for them. The handler keeps answering requests afterwards; a
// bulk job requested after Close is applied before its answer. Close may be
// called more than once.
func (s *Sandbox) Close() {
	s.jobsMu.Lock()
	s.closed = true
	s.jobsMu.Unlock()
	s.cancel()
	s.jobs.Wait()
}

// Hits is how many requests arrived for a route, whatever the answer
// (including 401s and injected faults), so tests can assert how many times a
// client sent a request. pattern is as registered, e.g.
// "POST /api/v1/strategies/{strategyId}/halt"; unknown patterns count 0.
func (s *Sandbox) Hits(pattern string) int {
	rt, ok := s.routes[pattern]
	if !ok {
		return 0
	}
	return int(rt.hits.Load())
}

// Patterns lists every registered route pattern, for tests that walk all
// routes (for instance to check that each one refuses a missing key).
func (s *Sandbox) Patterns() []string {
	out := make([]string, 0, len(routeTable))
	for _, rt := range routeTable {
		out = append(out, rt.pattern)
	}
	return out
}
