package watch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// arrivals logs when each request reached the server, on the engine's
// clock, and the response bytes it was sent; one request in forty fails
// with 503 when flaky, so that the client retries.
type arrivals struct {
	mu    sync.Mutex
	at    []time.Time
	bytes []int
	n     int
}

func (a *arrivals) wrap(h http.Handler, now func() time.Time, flaky bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.n++
		fail := flaky && a.n%40 == 0
		i := len(a.at)
		a.at, a.bytes = append(a.at, now()), append(a.bytes, 0)
		a.mu.Unlock()
		if fail {
			http.Error(w, `{"message":"busy"}`, http.StatusServiceUnavailable)
			return
		}
		cw := &countingWriter{ResponseWriter: w}
		h.ServeHTTP(cw, r)
		a.mu.Lock()
		a.bytes[i] = cw.n
		a.mu.Unlock()
	})
}

type countingWriter struct {
	http.ResponseWriter
	n int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return c.ResponseWriter.Write(p)
}

// worst is the most requests and the most bytes that arrived within any
// stretch of span, and the requests in all.
func (a *arrivals) worst(span time.Duration) (reqs, bytes, all int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	idx := make([]int, len(a.at))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(x, y int) bool { return a.at[idx[x]].Before(a.at[idx[y]]) })
	lo, sum := 0, 0
	for _, i := range idx {
		sum += a.bytes[i]
		for a.at[i].Sub(a.at[idx[lo]]) >= span {
			sum -= a.bytes[idx[lo]]
			lo++
		}
		// The stretch from the request at lo to this one.
		n := 0
		for _, j := range idx[lo:] {
			if !a.at[j].After(a.at[i]) {
				n++
			}
		}
		reqs, bytes = max(reqs, n), max(bytes, sum)
	}
	return reqs, bytes, len(a.at)
}

// flakyWorld is a world whose server logs arrivals on clock and fails one
// request in forty, and whose client retries.
func flakyWorld(t *testing.T, sb *sandbox.Sandbox, clock func() time.Time, flaky bool) (*world, *arrivals) {
	t.Helper()
	var a arrivals
	srv := httptest.NewServer(a.wrap(sb, clock, flaky))
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	m := NewMeter()
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
		api.WithRetries(2), api.WithTimeout(10*time.Second), api.WithAttemptObserver(m.Observe))
	if err != nil {
		t.Fatal(err)
	}
	return &world{sb: sb, srv: srv, c: c, m: m}, &a
}

// An engine that always has more to read than its budget (a scope of 500
// strategies read by id) sends, over three minutes of its clock, no more
// than its budget in any 60 s, retries of failed reads included, and uses
// most of it. Before the hard limit, the pacing bucket alone let a minute
// hold its 300 and the bucket's 25 more.
func TestNoMinuteHoldsMoreRequestsThanTheBudget(t *testing.T) {
	const speed = 20
	clock := fastClock(speed)
	sb := sandbox.New(sandbox.WithUsers(20), sandbox.WithStrategies(600))
	w, log := flakyWorld(t, sb, clock, true)
	var ids []int64
	for id := int64(1); len(ids) < 500; id++ {
		ids = append(ids, id)
	}
	start := clock()
	_, stop := runningAt(t, w, Options{Scope: Strategies(ids...), Now: clock}, speed)
	waitFor(t, "three minutes of the engine's clock", func() bool { return clock().Sub(start) >= 3*time.Minute })
	stop()
	worst, _, all := log.worst(time.Minute)
	t.Logf("%d requests in 3 minutes, at most %d in any 60 s", all, worst)
	if worst > DefaultBudget {
		t.Errorf("%d requests within 60 s, over the budget of %d", worst, DefaultBudget)
	}
	if worst < DefaultBudget*9/10 {
		t.Errorf("at most %d requests in any 60 s: the engine was not held by its budget, so this shows nothing", worst)
	}
}

// Whole pages of users' strategies, more than the byte budget allows: no
// 60 s holds more response bytes than the budget.
func TestNoMinuteHoldsMoreBytesThanTheByteBudget(t *testing.T) {
	const speed = 30
	clock := fastClock(speed)
	sb := sandbox.New(sandbox.WithUsers(10), sandbox.WithStrategies(2000))
	w, log := flakyWorld(t, sb, clock, false)
	var users []string
	if err := w.c.StreamUsers(context.Background(), func() { users = users[:0] }, func(u api.User) {
		users = append(users, u.ExternalUserID)
	}); err != nil || len(users) != 10 {
		t.Fatalf("users %v: %v", users, err)
	}
	const budget = 1 << 20
	start := clock()
	_, stop := runningAt(t, w, Options{Scope: Scope{Kind: ScopeUsers, Users: users}, ByteBudget: budget, Now: clock}, speed)
	waitFor(t, "three minutes of the engine's clock", func() bool { return clock().Sub(start) >= 3*time.Minute })
	stop()
	_, worst, all := log.worst(time.Minute)
	t.Logf("%d requests in 3 minutes, at most %d bytes in any 60 s", all, worst)
	if worst > budget {
		t.Errorf("%d bytes within 60 s, over the byte budget of %d", worst, budget)
	}
	if worst < budget*7/10 {
		t.Errorf("at most %d bytes in any 60 s: the engine was not held by its byte budget, so this shows nothing", worst)
	}
}
