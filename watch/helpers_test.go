package watch

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// world is a sandbox on loopback and a client of it.
type world struct {
	sb  *sandbox.Sandbox
	srv *httptest.Server
	c   *api.Client
	m   *Meter
}

func newWorld(t *testing.T, users, strategies int) *world {
	t.Helper()
	return worldOf(t, sandbox.New(sandbox.WithUsers(users), sandbox.WithStrategies(strategies)))
}

// recorder keeps the events an engine emits.
type recorder struct {
	mu     sync.Mutex
	events []Event
}

func (r *recorder) emit(e Event) {
	r.mu.Lock()
	r.events = append(r.events, e)
	r.mu.Unlock()
}

func (r *recorder) all() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events...)
}

// find is the events of a kind about a strategy.
func (r *recorder) find(kind Kind, id int64) []Event {
	var out []Event
	for _, e := range r.all() {
		if e.Kind == kind && e.Strategy == id {
			out = append(out, e)
		}
	}
	return out
}

// running starts an engine and stops it when the test ends; it returns
// the engine and a function that stops it and waits.
func running(t *testing.T, w *world, opts Options) (*Engine, func()) {
	t.Helper()
	return runningAt(t, w, opts, 1)
}

// runningAt is running on a clock speed times faster than the wall clock
// (Options.Now, unless the test gives one), intervals and waits included.
func runningAt(t testing.TB, w *world, opts Options, speed float64) (*Engine, func()) {
	t.Helper()
	if opts.Now == nil && speed != 1 {
		opts.Now = fastClock(speed)
	}
	if opts.Meter == nil {
		opts.Meter = w.m
	}
	if opts.Host == "" {
		opts.Host = "sandbox.test"
	}
	e := New(w.c, opts)
	e.speed = speed
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return e, stop
}

// fastClock is a clock that starts now and runs speed times faster.
func fastClock(speed float64) func() time.Time {
	t0 := time.Now()
	return func() time.Time { return t0.Add(time.Duration(speed * float64(time.Since(t0)))) }
}

// waitFor polls cond until it holds or a generous deadline passes.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// lockedLog is a sandbox change log read while it is written.
type lockedLog struct {
	mu sync.Mutex
	b  []byte
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b = append(l.b, p...)
	return len(p), nil
}

func (l *lockedLog) lines() []sandbox.Change {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []sandbox.Change
	for _, line := range bytes.Split(bytes.TrimSpace(l.b), []byte("\n")) {
		var c sandbox.Change
		if json.Unmarshal(line, &c) == nil {
			out = append(out, c)
		}
	}
	return out
}

// worldOf is newWorld over a sandbox built by the test.
func worldOf(t testing.TB, sb *sandbox.Sandbox) *world {
	t.Helper()
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	m := NewMeter()
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithRetries(0), api.WithTimeout(10*time.Second), api.WithAttemptObserver(m.Observe))
	if err != nil {
		t.Fatal(err)
	}
	return &world{sb: sb, srv: srv, c: c, m: m}
}
