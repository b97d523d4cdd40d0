package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"time"
)

// wantBackoff is the un-jittered wait sequence for DefaultRetries.
var wantBackoff = []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second}

// TestRetryableStatuses: 429, 502, 503 and 504 are retried 3 times with
// exponential backoff; other failures are not retried.
func TestRetryableStatuses(t *testing.T) {
	for _, code := range []int{429, 500, 501, 502, 503, 504, 400, 401, 403, 404, 409, 418} {
		t.Run(strconv.Itoa(code), func(t *testing.T) {
			var hits counter
			c, _, w := newTestClient(t, jsonHandler(&hits, code, `{"message":"no"}`))
			_, err := c.ListUsers(context.Background())
			var ae *Error
			if !errors.As(err, &ae) || ae.StatusCode != code {
				t.Fatalf("err = %v", err)
			}
			retryable := code == 429 || code == 502 || code == 503 || code == 504
			if retryable {
				if hits.get() != 4 || !reflect.DeepEqual(w.got(), wantBackoff) {
					t.Errorf("hits %d waits %v, want 4 and %v", hits.get(), w.got(), wantBackoff)
				}
			} else if hits.get() != 1 || len(w.got()) != 0 {
				t.Errorf("hits %d waits %v, want 1 and none", hits.get(), w.got())
			}
		})
	}
}

// TestRetryOnDroppedConnection: a read whose connection is dropped is
// retried with the same backoff, then reported as a network error.
func TestRetryOnDroppedConnection(t *testing.T) {
	var hits counter
	c, _, w := newTestClient(t, hijackClose(t, &hits))
	_, err := c.GetClientPools(context.Background(), 0) // a read POST
	if !errors.Is(err, ErrNetwork) {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != 4 || !reflect.DeepEqual(w.got(), wantBackoff) {
		t.Errorf("hits %d waits %v", hits.get(), w.got())
	}
}

// TestRetrySucceedsAfterTransientFailures: the answer after two 502s wins.
func TestRetrySucceedsAfterTransientFailures(t *testing.T) {
	var hits counter
	c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		if hits.get() <= 2 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		_, _ = io.WriteString(w, `{"usersCount":5,"strategiesCount":7}`)
	}))
	st, err := c.GetDashboardStats(context.Background())
	if err != nil || st.UsersCount != 5 || st.StrategiesCount != 7 {
		t.Fatalf("stats %+v err %v", st, err)
	}
	if hits.get() != 3 || len(w.got()) != 2 {
		t.Errorf("hits %d waits %v", hits.get(), w.got())
	}
}

// TestWithRetriesZeroDisables and bounds of WithRetries.
func TestWithRetriesZeroDisables(t *testing.T) {
	var hits counter
	c, _, w := newTestClient(t, jsonHandler(&hits, 503, ``), WithRetries(0))
	if _, err := c.ListUsers(context.Background()); !errors.Is(err, ErrServer) {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != 1 || len(w.got()) != 0 {
		t.Errorf("hits %d waits %v", hits.get(), w.got())
	}
	for _, n := range []int{-1, MaxRetries + 1} {
		if _, err := New("https://x.example", WithRetries(n)); err == nil {
			t.Errorf("WithRetries(%d) accepted", n)
		}
	}
}

// TestRetryAfterHonouredAndCapped observes the waits through the injected
// sleeper: seconds and HTTP dates are honoured, capped at 30 s; unusable
// values fall back to the backoff.
func TestRetryAfterHonouredAndCapped(t *testing.T) {
	for _, tc := range []struct {
		name, header string
		want         time.Duration
	}{
		{"seconds", "7", 7 * time.Second},
		{"cap", "120", MaxRetryAfter},
		{"huge", "999999999999999999", MaxRetryAfter},
		{"date", fixedNow.Add(5 * time.Second).Format(http.TimeFormat), 5 * time.Second},
		{"far date", fixedNow.Add(time.Hour).Format(http.TimeFormat), MaxRetryAfter},
		{"past date", fixedNow.Add(-time.Hour).Format(http.TimeFormat), 0},
		{"garbage", "soon", 0},
		{"negative", "-3", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hits counter
			c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.inc()
				w.Header().Set("Retry-After", tc.header)
				w.WriteHeader(http.StatusTooManyRequests)
			}))
			_, err := c.ListStrategies(context.Background(), StrategyFilter{})
			if !errors.Is(err, ErrTooManyRequests) {
				t.Fatalf("err = %v", err)
			}
			want := wantBackoff
			if tc.want > 0 {
				want = []time.Duration{tc.want, tc.want, tc.want}
			}
			if !reflect.DeepEqual(w.got(), want) {
				t.Errorf("waits %v, want %v", w.got(), want)
			}
			var ae *Error
			if errors.As(err, &ae) && tc.want > 0 && ae.RetryAfter < tc.want {
				t.Errorf("Error.RetryAfter = %v", ae.RetryAfter)
			}
		})
	}
}

// TestCancelStopsRetries: a context cancelled while the server fails ends
// the retries at once with context.Canceled.
func TestCancelStopsRetries(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var hits counter
	c, _, w := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		cancel()
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	_, err := c.ListUsers(ctx)
	if !errors.Is(err, context.Canceled) && !errors.Is(err, ErrServer) {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != 1 || len(w.got()) != 0 {
		t.Errorf("hits %d waits %v after cancel", hits.get(), w.got())
	}
}

// TestCancelInterruptsRealWait uses the real sleeper: a cancel during a
// 20 s Retry-After wait returns promptly with context.Canceled.
func TestCancelInterruptsRealWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var hits counter
	srv := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.inc()
		w.Header().Set("Retry-After", "20")
		w.WriteHeader(http.StatusServiceUnavailable)
		time.AfterFunc(20*time.Millisecond, cancel)
	}))
	c, err := New(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.GetUser(ctx, "u1")
	var te *TransportError
	if !errors.Is(err, context.Canceled) || !errors.As(err, &te) || te.Op != "wait" {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != 1 {
		t.Errorf("hits = %d", hits.get())
	}
}

// TestCancelledBeforeSend: a context already done sends nothing.
func TestCancelledBeforeSend(t *testing.T) {
	var hits counter
	c, _, _ := newTestClient(t, jsonHandler(&hits, 200, `[]`))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.ListUsers(ctx); !errors.Is(err, context.Canceled) || !errors.Is(err, ErrNetwork) {
		t.Fatalf("err = %v", err)
	}
	if hits.get() != 0 {
		t.Errorf("hits = %d", hits.get())
	}
}

// TestJitterAndBackoffBounds: jitter stays in [d/2, d); backoff doubles up
// to its cap.
func TestJitterAndBackoffBounds(t *testing.T) {
	for i := 0; i < 1000; i++ {
		d := time.Duration(i+2) * time.Millisecond
		if j := equalJitter(d); j < d/2 || j >= d {
			t.Fatalf("equalJitter(%v) = %v", d, j)
		}
	}
	for i, want := range []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second} {
		if got := backoff(i); got != want {
			t.Errorf("backoff(%d) = %v, want %v", i, got, want)
		}
	}
	if backoff(100) != maxBackoff || backoff(-1) != baseBackoff {
		t.Errorf("backoff out of range inputs")
	}
}
