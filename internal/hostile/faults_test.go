package hostile_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/hostile"
)

// TestFaultModesGiveTypedErrors checks that each fault mode reaches the
// client as the error family the dashboard branches on, on every read route,
// and that healing the server makes the next read succeed.
func TestFaultModesGiveTypedErrors(t *testing.T) {
	h := hostile.New(hostile.WithRows(4))
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := newClient(t, srv.URL, api.WithTimeout(2*time.Second))
	want := map[hostile.FaultMode]error{
		hostile.Status500:     api.ErrServer,
		hostile.Status502:     api.ErrServer,
		hostile.Status503:     api.ErrServer,
		hostile.RateLimited:   api.ErrTooManyRequests,
		hostile.Truncated:     api.ErrNetwork,
		hostile.TruncatedJSON: api.ErrDecode,
		hostile.Reset:         api.ErrNetwork,
		hostile.HTMLError:     api.ErrServer,
		hostile.HTML200:       api.ErrDecode,
		hostile.WrongTypes:    api.ErrDecode,
		hostile.Down:          api.ErrNetwork,
		hostile.Status403:     api.ErrForbidden,
		hostile.Status404:     api.ErrNotFound,
	}
	for _, mode := range hostile.Modes {
		if mode == hostile.Trickle {
			continue // a slow success, tested below
		}
		h.SetFault(hostile.Fault{Mode: mode, RetryAfter: 2 * time.Second})
		for name, call := range reads(c) {
			_, err := call(context.Background())
			if !errors.Is(err, want[mode]) {
				t.Errorf("fault %s, %s: got %v, want errors.Is %v", mode, name, err, want[mode])
				continue
			}
			var ae *api.Error
			if mode == hostile.RateLimited && errors.As(err, &ae) && ae.RetryAfter != 2*time.Second {
				t.Errorf("fault 429, %s: RetryAfter = %v, want 2s", name, ae.RetryAfter)
			}
			var te *api.TransportError
			if errors.As(err, &te) && !te.MaybeDelivered {
				t.Errorf("fault %s, %s: MaybeDelivered = false, but the request reached the server", mode, name)
			}
		}
		h.SetFault(hostile.Fault{})
		if _, err := c.ListUsers(context.Background()); err != nil {
			t.Errorf("after healing from %s: ListUsers: %v", mode, err)
		}
	}
}

func TestTrickleAndLatency(t *testing.T) {
	h := hostile.New(hostile.WithRows(2))
	srv := httptest.NewServer(h)
	defer srv.Close()

	// A body that trickles fast enough arrives whole.
	h.SetFault(hostile.Fault{Mode: hostile.Trickle, TrickleEvery: time.Millisecond, TrickleBytes: 1024})
	c := newClient(t, srv.URL)
	before := h.Served()
	if _, err := c.ListStrategies(context.Background(), api.StrategyFilter{}); err != nil {
		t.Fatalf("trickled answer: %v", err)
	}
	// The handler counts after its last write, which the client may have
	// read already: give it a moment.
	for deadline := time.Now().Add(2 * time.Second); h.Served() == before && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if h.Served() != before+1 {
		t.Errorf("Served() = %d, want %d after one trickled success", h.Served(), before+1)
	}

	// One that trickles past the client's timeout is a timeout, outcome unknown.
	h.SetFault(hostile.Fault{Mode: hostile.Trickle, TrickleEvery: 50 * time.Millisecond, TrickleBytes: 8})
	slow := newClient(t, srv.URL, api.WithTimeout(150*time.Millisecond))
	_, err := slow.ListStrategies(context.Background(), api.StrategyFilter{})
	var te *api.TransportError
	if !errors.As(err, &te) || !te.Timeout || !te.MaybeDelivered {
		t.Errorf("trickle past the timeout: got %#v, want a timeout TransportError with MaybeDelivered", err)
	}

	// Latency beyond the timeout is a timeout too.
	h.SetFault(hostile.Fault{Latency: time.Second})
	_, err = slow.GetDashboardStats(context.Background())
	if !errors.As(err, &te) || !te.Timeout {
		t.Errorf("latency past the timeout: got %v, want a timeout TransportError", err)
	}
}

// TestLiveDownThenUp takes the listener away (a refused dial, which provably
// never delivered the request) and brings it back on the same address.
func TestLiveDownThenUp(t *testing.T) {
	live, err := hostile.Listen(hostile.New(hostile.WithRows(2)))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = live.Close() }()
	c := newClient(t, live.URL())
	ctx := context.Background()
	if _, err := c.GetDashboardStats(ctx); err != nil {
		t.Fatalf("up: %v", err)
	}
	if err := live.Down(); err != nil {
		t.Fatal(err)
	}
	// The first request may still pick the pooled connection the server
	// just closed (an EOF, maybe delivered); a dial must be refused by the
	// second at the latest.
	var te *api.TransportError
	for attempt := 1; ; attempt++ {
		_, err = c.GetDashboardStats(ctx)
		if !errors.As(err, &te) {
			t.Fatalf("down, attempt %d: got %v, want a TransportError", attempt, err)
		}
		if !te.MaybeDelivered {
			break
		}
		if attempt == 2 {
			t.Fatalf("down: got %v twice, want a refused dial that was never delivered", err)
		}
	}
	if err := live.Up(); err != nil {
		t.Fatalf("up again on %s: %v", live.Addr(), err)
	}
	if _, err := c.GetDashboardStats(ctx); err != nil {
		t.Fatalf("after coming back: %v", err)
	}
}

// TestFaultSwitchingIsConcurrencySafe flips faults while requests run; the
// race detector and the absence of panics are the assertion.
func TestFaultSwitchingIsConcurrencySafe(t *testing.T) {
	h := hostile.New(hostile.WithRows(2))
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := newClient(t, srv.URL, api.WithTimeout(time.Second))
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					_, _ = c.GetDashboardStats(context.Background())
				}
			}
		})
	}
	for i := range 60 {
		h.SetFault(hostile.Fault{Mode: hostile.Modes[i%len(hostile.Modes)], TrickleEvery: time.Millisecond})
		h.SetActionStatus(400 + i%10)
		time.Sleep(time.Millisecond)
	}
	close(stop)
	wg.Wait()
	h.SetFault(hostile.Fault{})
	if _, err := c.GetDashboardStats(context.Background()); err != nil {
		t.Fatalf("after the storm: %v", err)
	}
	if h.Hits() < 10 {
		t.Errorf("only %d requests arrived during the storm", h.Hits())
	}
}
