package fleettest

import (
	"context"
	"net"
	"testing"

	"github.com/stratop/stratop/api"
)

// StoppedURL is a loopback address nothing listens on any more: an
// integration whose server is down.
func StoppedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return "http://" + addr
}

// NewestActive is the integration's newest active strategy, the one
// HaltNewest halts next.
func NewestActive(t *testing.T, c *api.Client) api.Strategy {
	t.Helper()
	p, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active strategy: %v", err)
	}
	return p.Strategies[0]
}

// HaltNewest halts the integration's newest active strategy through its
// interface and returns its id.
func HaltNewest(t *testing.T, c *api.Client) int64 {
	t.Helper()
	id := NewestActive(t, c).ID
	if _, err := c.HaltStrategy(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	return id
}
