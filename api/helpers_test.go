package api

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Canary credentials: no error, log or formatted value may ever contain them.
const (
	canaryKey    = "key-CANARY-7f3a9c1e55"
	canarySecret = "secret-CANARY-b81d44e2"
)

// waits records the pauses the client asked for instead of sleeping.
type waits struct {
	mu sync.Mutex
	ds []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.ds = append(w.ds, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waits) got() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.ds...)
}

// fixedNow is the clock of tests that use HTTP-date Retry-After values.
var fixedNow = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// newTestServer starts a loopback server closed at the end of the test.
func newTestServer(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// newTestClient starts a server for h and a client of it with the canary
// credentials, instant recorded waits and no jitter.
func newTestClient(t *testing.T, h http.Handler, opts ...Option) (*Client, *httptest.Server, *waits) {
	t.Helper()
	srv := newTestServer(t, h)
	w := &waits{}
	all := append([]Option{
		WithCredentials(Credentials{Key: canaryKey, Secret: canarySecret}),
		withWaiter(w.sleep, func(d time.Duration) time.Duration { return d }, func() time.Time { return fixedNow }),
	}, opts...)
	c, err := New(srv.URL, all...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c, srv, w
}

// counter counts requests, safely across server goroutines.
type counter struct{ n atomic.Int64 }

func (c *counter) inc()       { c.n.Add(1) }
func (c *counter) get() int64 { return c.n.Load() }

// jsonHandler answers every request with status and body, counting hits.
func jsonHandler(hits *counter, status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// hijackClose accepts the request and drops the connection without answering.
func hijackClose(t *testing.T, hits *counter) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		hj, ok := w.(http.Hijacker)
		if !ok {
			t.Error("server does not support hijacking")
			return
		}
		conn, _, err := hj.Hijack()
		if err != nil {
			t.Errorf("hijack: %v", err)
			return
		}
		_ = conn.Close()
	}
}

// roundTripFunc adapts a function to http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// mustJSON marshals v or fails the test.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ptr[T any](v T) *T { return &v }

// httptestTLS starts a TLS loopback server closed at the end of the test.
func httptestTLS(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // handshake errors are expected
	t.Cleanup(srv.Close)
	return srv
}

// jsonDecode reads a request body as JSON.
func jsonDecode(r *http.Request, v any) error { return json.NewDecoder(r.Body).Decode(v) }
