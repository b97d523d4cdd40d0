package model

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
)

func TestHealthCountsFailuresSinceTheLastGoodAnswer(t *testing.T) {
	down := &api.TransportError{Op: "dial", Host: "h", Err: errors.New("refused")}
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	var h health
	h = h.recordAll([]attempt{{at: at(1), latency: 40 * time.Millisecond}, {at: at(2), err: down}, {at: at(3), err: down}})
	if h.lastGood != at(1) || h.latency != 40*time.Millisecond || h.failures != 2 || h.lastErrAt != at(3) {
		t.Fatalf("after good, 2 failures: %+v", h)
	}
	// A good answer that ended before the latest failure (a slower fetch
	// landing late) moves lastGood but does not end the run.
	h = h.record(attempt{at: at(2).Add(-time.Millisecond), latency: 7 * time.Millisecond})
	if h.failures != 2 || h.lastGood != at(2).Add(-time.Millisecond) {
		t.Fatalf("a late good answer ended the run: %+v", h)
	}
	// A failure older than the last good answer is not part of the run.
	h = h.record(attempt{at: at(0), err: down})
	if h.failures != 2 || h.lastErrAt != at(3) {
		t.Fatalf("an old failure counted: %+v", h)
	}
	// A 404 is the interface answering: the connection is fine.
	h = h.record(attempt{at: at(4), latency: 9 * time.Millisecond, err: &api.Error{StatusCode: 404}})
	if h.failing() || h.lastGood != at(4) || h.latency != 9*time.Millisecond {
		t.Fatalf("a 404 was a connection failure: %+v", h)
	}
	// 401 and 500 and a page that is not JSON are failures.
	for _, err := range []error{&api.Error{StatusCode: 401}, &api.Error{StatusCode: 500}, &api.DecodeError{Err: errors.New("html")}} {
		if answered(err) {
			t.Errorf("%v counted as an answer", err)
		}
	}
}

func TestLocalReadsLeaveHealthAlone(t *testing.T) {
	m, _, c := newTestModel(t)
	before := m.health
	// A fetch that sends no request (the audit log is a file) succeeds...
	msg := fetchCmd(m.env, feedAudit, 1, func(context.Context) (*auditData, error) { return &auditData{}, nil })()
	f := msg.(fetchedMsg)
	if len(f.attempts) != 0 {
		t.Fatalf("a local read carried %d attempts", len(f.attempts))
	}
	c.Add(time.Second)
	m, _ = m.Update(f)
	if !reflect.DeepEqual(m.health, before) {
		t.Fatalf("a local read changed the connection health: %+v -> %+v", before, m.health)
	}
}

// steppingClock moves by step on every reading.
type steppingClock struct {
	mu   sync.Mutex
	now  time.Time
	step time.Duration
}

func (s *steppingClock) Now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = s.now.Add(s.step)
	return s.now
}

func TestFetchReportsEachRequestMeasured(t *testing.T) {
	var mu sync.Mutex
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		code := status
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = w.Write([]byte(`{"usersCount":1,"strategiesCount":2}`))
	}))
	defer srv.Close()
	client, err := api.New(srv.URL, api.WithRetries(1))
	if err != nil {
		t.Fatal(err)
	}
	clk := &steppingClock{now: t0, step: 25 * time.Millisecond}
	m := New(t.Context(), client, WithClock(clk.Now))
	stats := func() fetchedMsg {
		return fetchCmd(m.env, feedStats, m.stats.gen, func(ctx context.Context) (*api.DashboardStats, error) {
			return client.GetDashboardStats(ctx)
		})().(fetchedMsg)
	}
	good := stats()
	if len(good.attempts) != 1 || good.attempts[0].err != nil || good.attempts[0].latency != 25*time.Millisecond {
		t.Fatalf("good read: %+v", good.attempts)
	}
	m, _ = m.Update(good)
	if m.health.latency != 25*time.Millisecond || m.health.lastGood != good.attempts[0].at {
		t.Fatalf("health after a good read: %+v", m.health)
	}
	mu.Lock()
	status = http.StatusServiceUnavailable
	mu.Unlock()
	bad := stats() // retried once: two requests
	if len(bad.attempts) != 2 {
		t.Fatalf("a retried read reported %d attempts, want 2", len(bad.attempts))
	}
	m, _ = m.Update(bad)
	if m.health.failures != 2 || m.health.lastGood != good.attempts[0].at || m.health.latency != 25*time.Millisecond {
		t.Fatalf("health after two failed requests: %+v", m.health)
	}
	if v := m.health.view(m.env); !strings.Contains(v.LastError, "503") {
		t.Fatalf("last error in words: %q", v.LastError)
	}
}
